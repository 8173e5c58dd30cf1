// What the unit tests check of a message a Failure carries.
#pragma once

#include <functional>
#include <string_view>

#include "base/base.h"
#include "report/report.h"

namespace fastload {

// Said (not empty), and kept without the program's name: report::tell adds "fastload: " where it is printed,
// so a message that carried it would print it twice.
inline bool without_program_prefix(std::string_view message) {
  return !message.empty() && !message.starts_with(report::kProgramPrefix) && !message.starts_with(' ');
}

// The exit code of the Failure `f` throws; ok when it throws none.
inline ExitCode code_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Failure& e) {
    return e.code();
  }
  return ExitCode::ok;
}

}  // namespace fastload
