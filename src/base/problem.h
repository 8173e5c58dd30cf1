// A row the server or the parser refused: a value, not an exception. It
// names where in the input it is, what was said, and (through
// report::format_problem) what to do about it.
#pragma once

#include <cstdint>
#include <string>

#include "base/location.h"

namespace fastload {

struct Problem {
  Location where;                  // line 0: not tied to one row
  std::size_t chunk_index = 0;
  std::uint64_t row_in_chunk = 0;  // 1-based; 0 unknown
  unsigned code = 0;               // server warning/error code; 0 for fastload's own checks
  std::string message;
  // Not one problem but a count: the server counted this many more in a statement and did not list them
  // (beyond max_error_count). The report adds them to the totals instead of printing a line.
  std::uint64_t unlisted = 0;
};

}  // namespace fastload
