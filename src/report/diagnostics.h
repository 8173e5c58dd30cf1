// How a problem is told to the user.
#pragma once

#include <cstdint>
#include <string>

#include "base/base.h"

namespace fastload::report {

// One line, without the program prefix report::tell adds: "LABELFILE:LINE (byte N): MESSAGE (server code C); HINT".
std::string format_problem(const Problem& problem, const char* label = "");

}  // namespace fastload::report
