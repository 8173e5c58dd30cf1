// Where a chunk's rows go: the one interface that differs between load modes.
// A sink runs inside the transaction the worker opened and reports what the
// server says it did; the worker decides whether to commit.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "fastload/chunk.h"

namespace fastload {

struct SinkResult {
  std::uint64_t records = 0;   // rows the server read
  std::uint64_t affected = 0;  // rows the server stored
  std::uint64_t deleted = 0;   // rows replaced
  std::uint64_t skipped = 0;   // rows dropped (duplicate keys under LOCAL)
  std::uint64_t warnings = 0;  // warnings the statement raised
  bool read_failed = false;    // the input could not be read completely
  std::string read_error;      // why, when read_failed
};

class Sink {
 public:
  virtual ~Sink() = default;
  // Sends `bytes` (the whole rows of `chunk`) to the server. Throws
  // load::ServerError when the server refuses the statement.
  virtual SinkResult send(const Chunk& chunk, std::string_view bytes) = 0;
};

}  // namespace fastload
