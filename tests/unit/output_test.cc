// What the user and scripts see of a run: the progress line fitted to the terminal, its JSON, the ETA's
// clock, the summary's timestamps and the failure's codes.
#include <gtest/gtest.h>

#include <chrono>

#include "base/base.h"
#include "report/report.h"

namespace fastload::report {
namespace {

ProgressSample loading() {
  ProgressSample s;
  s.total = 1000000;
  s.position = 421000;
  s.percent = 42.1;
  s.eta_seconds = 3723;
  s.committed_rows = 123456;
  s.rows_per_second = 9876;
  s.sent_per_second = 45.2e6;
  return s;
}

TEST(Progress, ClockText) {
  EXPECT_EQ(clock_text(0), "0:00:00");
  EXPECT_EQ(clock_text(59.6), "0:01:00");
  EXPECT_EQ(clock_text(3723), "1:02:03");
  EXPECT_EQ(clock_text(-5), "0:00:00");
  EXPECT_EQ(clock_text(100 * 3600), "100:00:00");
}

TEST(Progress, LineWithEverything) {
  EXPECT_EQ(progress_text(loading(), 0), " 42.1%  123456 rows  9876 rows/s  45.2 MB/s  ETA 1:02:03");
}

TEST(Progress, FitsTheWidthLeavingOutTheLeastNeededFirst) {
  ProgressSample s = loading();
  for (std::size_t width = 1; width <= 80; ++width) EXPECT_LE(progress_text(s, width).size(), width) << width;
  EXPECT_EQ(progress_text(s, 45), " 42.1%  123456 rows  9876 rows/s  ETA 1:02:03");  // MB/s left out
  EXPECT_EQ(progress_text(s, 32), " 42.1%  123456 rows  ETA 1:02:03");
  EXPECT_EQ(progress_text(s, 20), " 42.1%  ETA 1:02:03");
}

TEST(Progress, StoppingSaysWhatItWaitsFor) {
  ProgressSample s = loading();
  s.state = ProgressState::stopping;
  s.in_flight = 3;
  EXPECT_TRUE(progress_text(s, 0).ends_with("stopping: finishing 3 chunks in flight")) << progress_text(s, 0);
  s.in_flight = 1;
  EXPECT_TRUE(progress_text(s, 0).ends_with("finishing 1 chunk in flight"));
}

TEST(Progress, UnknownSizeHasNoPercentNorEta) {
  ProgressSample s = loading();
  s.total = 0;
  s.percent.reset();
  s.eta_seconds.reset();
  EXPECT_EQ(progress_text(s, 0), "123456 rows  9876 rows/s  45.2 MB/s");
  std::string json = progress_json(s);
  EXPECT_NE(json.find("\"percent\":null"), std::string::npos) << json;
  EXPECT_NE(json.find("\"eta_seconds\":null"), std::string::npos) << json;
  EXPECT_NE(json.find("\"bytes_total\":null"), std::string::npos) << json;
}

TEST(Progress, Json) {
  ProgressSample s = loading();
  s.read = 500000;
  s.sent = 430000;
  s.committed_bytes = 400000;
  EXPECT_EQ(progress_json(s),
            "{\"type\":\"progress\",\"state\":\"loading\",\"seconds\":0.000,\"bytes_total\":1000000,"
            "\"bytes_read\":500000,\"bytes_sent\":430000,\"bytes_committed\":400000,\"rows_committed\":123456,"
            "\"rows_per_second\":9876,\"mb_per_second\":45.20,\"percent\":42.1,\"eta_seconds\":3723,"
            "\"chunks_in_flight\":0,\"paused\":false,\"why\":null}");
}

TEST(Summary, UtcTimestamp) {
  using namespace std::chrono;
  system_clock::time_point at = sys_days{year{2026} / 11 / 27} + hours{3} + minutes{50} + seconds{1} +
                                milliseconds{23};
  EXPECT_EQ(utc_timestamp(at), "2026-11-27T03:50:01.023Z");
}

// JSON is UTF-8: a file name in another charset (bytes that are no UTF-8) must not make the summary invalid.
TEST(Summary, JsonStringIsValidUtf8WhateverTheBytes) {
  EXPECT_EQ(json_string("a\"b\\c\n\t\x01"), "\"a\\\"b\\\\c\\n\\t\\u0001\"");
  EXPECT_EQ(json_string("ñu 日本 \xf0\x9f\x98\x80"), "\"ñu 日本 \xf0\x9f\x98\x80\"");  // UTF-8 as it is
  EXPECT_EQ(json_string("t.\xff.txt"), "\"t.\\u00ff.txt\"");                        // a byte that is none
  EXPECT_EQ(json_string("caf\xe9"), "\"caf\\u00e9\"");                               // latin1
  EXPECT_EQ(json_string("\xc3"), "\"\\u00c3\"");                                     // cut short
  EXPECT_EQ(json_string("\xc0\xaf"), "\"\\u00c0\\u00af\"");                         // overlong '/'
  EXPECT_EQ(json_string("\xed\xa0\x80"), "\"\\u00ed\\u00a0\\u0080\"");              // a surrogate
  EXPECT_EQ(json_string("\xf4\x90\x80\x80"), "\"\\u00f4\\u0090\\u0080\\u0080\"");  // past U+10FFFF
  EXPECT_EQ(json_string("\x80ok"), "\"\\u0080ok\"");                                  // a stray continuation
}

TEST(Failure, KeepsTheServerCodeWhenSaidOtherwise) {
  Failure f(ExitCode::load_failed, "lost", 2013u);
  Failure more = f.with_message("lost\nand more");
  EXPECT_EQ(more.code(), ExitCode::load_failed);
  EXPECT_EQ(more.server_code(), 2013u);
  EXPECT_STREQ(more.what(), "lost\nand more");
  EXPECT_FALSE(usage_error("x").server_code());
  EXPECT_STREQ(exit_code_name(ExitCode::rejected), "rejected");
  EXPECT_STREQ(exit_code_name(ExitCode::cannot_resume), "cannot_resume");
}

}  // namespace
}  // namespace fastload::report
