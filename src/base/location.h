// Where something happened in the input, for messages a user can act on.
#pragma once

#include <cstdint>
#include <string>

namespace fastload {

struct Location {
  std::string file;
  std::uint64_t line = 0;         // 1-based; 0 = unknown
  std::uint64_t byte_offset = 0;  // from the start of the file
};

}  // namespace fastload
