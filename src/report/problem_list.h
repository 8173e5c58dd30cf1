// The rows refused or left out, as the user reads them: one line per input
// line however many problems the server raised on it, the first few lines
// only, then the true totals and the advice that fits the most common cause.
#pragma once

#include <string>
#include <vector>

#include "base/base.h"

namespace fastload::report {

// At most this many input lines are listed; --json lists every problem.
inline constexpr std::size_t kLinesShown = 10;

// The lines to print (without the program prefix), for problems in file order; `label` starts each listed
// line ("rejected " for rows left out); `advise`: end with what to do about the most common cause.
std::vector<std::string> problem_lines(const std::vector<Problem>& problems, const char* label, bool advise);

}  // namespace fastload::report
