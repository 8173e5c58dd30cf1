// --disable-checks, --no-binlog, --compress, --max-rate, --analyze: parsing and
// the combinations refused; ANALYZE TABLE's error rows.
#include <gtest/gtest.h>

#include "cli/cli.h"
#include "base/base.h"
#include "table/table.h"

namespace fastload::cli {
namespace {

request::Request parse(std::vector<std::string> args) {
  args.push_back("f.tsv");
  args.push_back("d.t");
  return parse_args(args).options;
}

// The message of the usage error parsing `args` throws, or "" when it parses.
std::string refusal(std::vector<std::string> args) {
  try {
    parse(std::move(args));
  } catch (const Failure& e) {
    EXPECT_EQ(e.code(), ExitCode::usage);
    return e.what();
  }
  return "";
}

TEST(SessionOptions, OffByDefault) {
  request::Request o = parse({});
  EXPECT_FALSE(o.sessions.disable_checks);
  EXPECT_FALSE(o.sessions.no_binlog);
  EXPECT_FALSE(o.sessions.compress);
  EXPECT_EQ(o.load.max_rate, 0u);
  EXPECT_FALSE(o.load.analyze);
}

TEST(SessionOptions, Parsed) {
  request::Request o = parse({"--disable-checks", "--no-binlog", "--compress", "--max-rate", "10M", "--analyze"});
  EXPECT_TRUE(o.sessions.disable_checks);
  EXPECT_TRUE(o.sessions.no_binlog);
  EXPECT_TRUE(o.sessions.compress);
  EXPECT_EQ(o.load.max_rate, 10u << 20);
  EXPECT_TRUE(o.load.analyze);
  EXPECT_EQ(parse({"--max-rate", "512K"}).load.max_rate, 512u << 10);
  EXPECT_EQ(parse({"--max-rate", "1000"}).load.max_rate, 1000u);
}

TEST(SessionOptions, DisableChecksRefusesOnDuplicateIgnoreAndReplace) {
  for (const char* policy : {"ignore", "replace"}) {
    std::string why = refusal({"--disable-checks", "--on-duplicate", policy});
    EXPECT_NE(why.find(std::string("--disable-checks and --on-duplicate ") + policy), std::string::npos)
        << why;
  }
  EXPECT_EQ(refusal({"--disable-checks", "--on-duplicate", "error"}), "");
  EXPECT_EQ(refusal({"--on-duplicate", "ignore"}), "");
}

TEST(SessionOptions, NothingToThrottleOrCompressInModeServer) {
  EXPECT_NE(refusal({"--mode", "server", "--max-rate", "1M"}).find("--max-rate: --mode server"), std::string::npos);
  EXPECT_NE(refusal({"--mode", "server", "--compress"}).find("--compress: --mode server"), std::string::npos);
  EXPECT_EQ(refusal({"--mode", "server", "--no-binlog", "--disable-checks", "--analyze"}), "");
  for (const char* mode : {"load", "insert", "multirow", "row"})
    EXPECT_EQ(refusal({"--mode", mode, "--max-rate", "1M", "--compress"}), "") << mode;
}

TEST(SessionOptions, MaxRateMustBeASizeOfAtLeastOneByte) {
  EXPECT_NE(refusal({"--max-rate", "0"}).find("at least 1 byte"), std::string::npos);
  for (const char* bad : {"fast", "1.5M", "-1", "10Q"}) EXPECT_NE(refusal({"--max-rate", bad}), "") << bad;
}

TEST(AnalyzeErrors, OnlyErrorRowsWhateverTheirCase) {
  using db::Row;
  const std::vector<db::Row> ok = {{"d.t", "analyze", "status", "OK"}};
  EXPECT_TRUE(table::analyze_errors(ok).empty());
  const std::vector<db::Row> failed = {{"d.v", "analyze", "Error", "'d.v' is not of type 'BASE TABLE'"},
                                   {"d.v", "analyze", "status", "Operation failed"},
                                   {"d.m", "analyze", "note", "The storage engine for the table doesn't support analyze"},
                                   {"d.m", "analyze", "error", "Corrupt"},
                                   {"d.m", "analyze", std::nullopt, std::nullopt},
                                   {"short"}};
  EXPECT_EQ(table::analyze_errors(failed),
            (std::vector<std::string>{"'d.v' is not of type 'BASE TABLE'", "Corrupt"}));
}

}  // namespace
}  // namespace fastload::cli
