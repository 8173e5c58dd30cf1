// Data problems are values: a problem names where in the input it is, what the
// server said, and what to do about it.
#pragma once

#include <cstdint>
#include <string>

#include "fastload/location.h"

namespace fastload::report {

struct Problem {
  Location where;                 // line 0: the server did not say which row
  std::size_t chunk_index = 0;
  std::uint64_t row_in_chunk = 0;  // 1-based; 0 unknown
  unsigned code = 0;              // server warning/error code; 0 for fastload's own checks
  std::string message;
};

// One line: "fastload: FILE:LINE (byte N): MESSAGE (server code C); HINT".
std::string format_problem(const Problem& problem);

}  // namespace fastload::report
