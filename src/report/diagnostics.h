// How a problem is told to the user.
#pragma once

#include <cstdint>
#include <string>

#include "fastload/problem.h"

namespace fastload::report {

// One line: "fastload: FILE:LINE (byte N): MESSAGE (server code C); HINT".
std::string format_problem(const Problem& problem);

}  // namespace fastload::report
