#include "text/text.h"

#include <gtest/gtest.h>

namespace fastload {
namespace {

const text::ClockReading kClock{"2026-11-28 21:02:03.456789", "2026-11-28 20:02:03.456789", "1795896123.456789"};

std::string rewritten(std::string_view sql) { return text::with_clock(sql, kClock).text; }

TEST(ClockCalls, EachCallBecomesALiteralOfItsTypeAndPrecision) {
  EXPECT_EQ(rewritten("NOW()"), "TIMESTAMP'2026-11-28 21:02:03'");
  EXPECT_EQ(rewritten("now(3)"), "TIMESTAMP'2026-11-28 21:02:03.456'");
  EXPECT_EQ(rewritten("current_timestamp(6)"), "TIMESTAMP'2026-11-28 21:02:03.456789'");
  EXPECT_EQ(rewritten("CURRENT_TIMESTAMP"), "TIMESTAMP'2026-11-28 21:02:03'");
  EXPECT_EQ(rewritten("LOCALTIME + 0"), "TIMESTAMP'2026-11-28 21:02:03' + 0");
  EXPECT_EQ(rewritten("localtimestamp ( 2 )"), "TIMESTAMP'2026-11-28 21:02:03.45'");
  EXPECT_EQ(rewritten("CURDATE()"), "DATE'2026-11-28'");
  EXPECT_EQ(rewritten("current_date"), "DATE'2026-11-28'");
  EXPECT_EQ(rewritten("CURTIME(1)"), "TIME'21:02:03.4'");
  EXPECT_EQ(rewritten("CURRENT_TIME"), "TIME'21:02:03'");
  EXPECT_EQ(rewritten("UTC_TIMESTAMP(6)"), "TIMESTAMP'2026-11-28 20:02:03.456789'");
  EXPECT_EQ(rewritten("UTC_DATE"), "DATE'2026-11-28'");
  EXPECT_EQ(rewritten("utc_time()"), "TIME'20:02:03'");
  EXPECT_EQ(rewritten("UNIX_TIMESTAMP()"), "1795896123");
}

TEST(ClockCalls, OnlyCallsOutsideLiteralsNamesAndComments) {
  EXPECT_EQ(rewritten("CONCAT('NOW()', `now`, now, @now, t.now(), NOW()) -- NOW()"),
            "CONCAT('NOW()', `now`, now, @now, t.now(), TIMESTAMP'2026-11-28 21:02:03') -- NOW()");
  EXPECT_EQ(rewritten("\"CURDATE()\" /* CURDATE() */"), "\"CURDATE()\" /* CURDATE() */");
  EXPECT_EQ(rewritten("SYSDATE()"), "SYSDATE()");
  EXPECT_FALSE(text::with_clock("UPPER(@x)", kClock).changed);
  EXPECT_FALSE(text::reads_clock("'now()'"));
  EXPECT_TRUE(text::reads_clock("current_timestamp() + interval 1 day"));
}

TEST(ClockCalls, ArgumentsOfOtherFunctionsAreRewrittenOnTheirOwn) {
  EXPECT_EQ(rewritten("UNIX_TIMESTAMP(NOW(6))"), "UNIX_TIMESTAMP(TIMESTAMP'2026-11-28 21:02:03.456789')");
  EXPECT_EQ(rewritten("UNIX_TIMESTAMP('2024-01-01')"), "UNIX_TIMESTAMP('2024-01-01')");
  EXPECT_EQ(rewritten("DATE_ADD(NOW(), INTERVAL 1 DAY)"), "DATE_ADD(TIMESTAMP'2026-11-28 21:02:03', INTERVAL 1 DAY)");
}

TEST(ClockCalls, CallsItCannotReadAreKeptAndSaid) {
  const text::ClockRewrite r = text::with_clock("NOW(@p) + NOW(7) + CURDATE(1) + NOW()", kClock);
  EXPECT_EQ(r.text, "NOW(@p) + NOW(7) + CURDATE(1) + TIMESTAMP'2026-11-28 21:02:03'");
  EXPECT_EQ(r.kept, (std::vector<std::string>{"NOW", "NOW", "CURDATE"}));
  EXPECT_TRUE(r.changed);
}

}  // namespace
}  // namespace fastload
