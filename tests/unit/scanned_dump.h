// A dump's text scanned as fastload scans a dump file (dump::scan_sql_dump, named dump.sql), for the tests of
// what a scan finds and what it refuses.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "base/base.h"
#include "dump/dump.h"
#include "input/input.h"
#include "temp_dir.h"

namespace fastload {

inline dump::SqlDump scan(const std::string& text, dump::ScanLimits limits = {}) {
  TempDir dir;
  const auto stream = input::open_stream(dir.write(text, "dump.sql"));
  return dump::scan_sql_dump(*stream, "dump.sql", limits);
}

// The message of the Failure scanning `text` throws, its exit code checked (or "" when it throws none).
inline std::string refusal(const std::string& text, dump::ScanLimits limits = {}) {
  try {
    scan(text, limits);
  } catch (const Failure& f) {
    EXPECT_EQ(f.code(), ExitCode::input);
    return f.what();
  }
  return "";
}

}  // namespace fastload
