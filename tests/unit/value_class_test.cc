// The values the server converts without a word: each expectation is what
// MariaDB 10.11's LOAD DATA INFILE stored (strict sql_mode, sql_notes = 1,
// SHOW WARNINGS empty) for that text, or a text it warns or notes about
// anyway, which is not judged (docs/design.md#what-fastload-does-not-trust).
#include "text/text.h"

#include <gtest/gtest.h>

namespace fastload::load {
namespace {

TEST(ValueClass, IntegerFractionRoundedIsLost) {
  for (const char* text : {"1.5", "2.5", "-0.5", "-1.5", "15e-1", "25e-1", "1.05e1", "1.5e0", ".5", " 1.5",
                           "\t1.5", "+1.5", "1.50", "1e-1", "1.4999999999999999999999", "0.000001"})
    EXPECT_TRUE(text::integer_loses_fraction(text)) << text;
}

TEST(ValueClass, IntegerWithoutFractionLosesNothing) {
  for (const char* text : {"1", "1.0", "1e3", "1E3", "5.", "1.", "-0", "007", "+3", " 7", "0.0e5", "0.5e1", "10e-1",
                           "120e-1", "0", "-0.0", "1.000", "123456789012345678901234567890"})
    EXPECT_FALSE(text::integer_loses_fraction(text)) << text;
}

TEST(ValueClass, IntegerTextTheServerWarnsAboutIsNotJudged) {
  // 0x10, 1e and abc are refused (1265, 1366), '1.5 ' raises a note: fastload refuses them already.
  for (const char* text : {"0x10", "1e", "1e+", "abc", "", "1.5 ", "1.5abc", "-", ".", "e5", "1..5"})
    EXPECT_FALSE(text::integer_loses_fraction(text)) << text;
}

TEST(ValueClass, HugeExponentsAreClamped) {
  EXPECT_TRUE(text::integer_loses_fraction("1e-99999999999999999999"));
  EXPECT_FALSE(text::integer_loses_fraction("1.5e99999999999999999999"));
}

TEST(ValueClass, TimeFractionBeyondPrecision) {
  EXPECT_TRUE(text::fraction_beyond("10:00:00.5", 0, true));
  EXPECT_FALSE(text::fraction_beyond("10:00:00.0", 0, true));
  EXPECT_FALSE(text::fraction_beyond("10:00:00.", 0, true));
  EXPECT_TRUE(text::fraction_beyond("10.5", 0, true));         // 00:00:10
  EXPECT_TRUE(text::fraction_beyond("10:00.5", 0, true));      // 10:00:00
  EXPECT_TRUE(text::fraction_beyond("1 10:00:00.5", 0, true)); // 34:00:00
  EXPECT_TRUE(text::fraction_beyond("-10:00:00.5", 0, true));
  EXPECT_TRUE(text::fraction_beyond("100000.5", 0, true));
  EXPECT_FALSE(text::fraction_beyond("10:00:00.123456", 6, true));
  EXPECT_TRUE(text::fraction_beyond("10:00:00.1234567", 6, true));
  EXPECT_FALSE(text::fraction_beyond("10:00:00.1200", 2, true));
  EXPECT_TRUE(text::fraction_beyond("10:00:00.1201", 2, true));
}

TEST(ValueClass, DatetimeFractionFollowsTheSeconds) {
  EXPECT_TRUE(text::fraction_beyond("2020-01-01 10:00:00.5", 0, false));
  EXPECT_TRUE(text::fraction_beyond("2020-01-01T10:00:00.5", 0, false));
  EXPECT_TRUE(text::fraction_beyond(" 2020-01-01 10:00:00.5 ", 0, false));
  EXPECT_TRUE(text::fraction_beyond("2020.01.01 10.00.00.5", 0, false));
  EXPECT_TRUE(text::fraction_beyond("20200101100000.5", 0, false));
  EXPECT_TRUE(text::fraction_beyond("200101100000.5", 0, false));
  EXPECT_TRUE(text::fraction_beyond("2020-01-01 10:00:00.55", 1, false));  // DATETIME(1) keeps .5
  EXPECT_FALSE(text::fraction_beyond("2020-01-01 10:00:00.50", 1, false));
  EXPECT_TRUE(text::fraction_beyond("2020-01-01 00:00:00.5", 0, false));   // into DATE: 2020-01-01
  EXPECT_FALSE(text::fraction_beyond("2020.01.01", 0, false));             // dots separating the date
  EXPECT_FALSE(text::fraction_beyond("2020-01-01 10:00.5", 0, false));     // .5 is the seconds: 10:00:05
  EXPECT_FALSE(text::fraction_beyond("20200101.5", 0, false));             // refused by the server (1292)
  EXPECT_FALSE(text::fraction_beyond("2020-01-01 10:00:00", 0, false));
}

TEST(ValueClass, BitDigits) {
  EXPECT_TRUE(text::only_digits("1"));
  EXPECT_TRUE(text::only_digits("0123"));
  EXPECT_FALSE(text::only_digits(""));
  EXPECT_FALSE(text::only_digits("a"));
  EXPECT_FALSE(text::only_digits(" 1"));
  EXPECT_FALSE(text::only_digits("0x10"));
}

TEST(ValueClass, EnumNumberNotAMember) {
  const std::vector<std::string> abc{"a", "b", "c"};
  for (const char* text : {"2", " 2", "02", "2 ", "+2", "0", "4", "-1"})
    EXPECT_TRUE(text::number_not_member(text, abc)) << text;
  for (const char* text : {"a", "2.0", "1e0", "", "b ", "x2"}) EXPECT_FALSE(text::number_not_member(text, abc)) << text;
  const std::vector<std::string> digits{"1", "2 ", "x"};
  EXPECT_FALSE(text::number_not_member("1", digits));
  EXPECT_FALSE(text::number_not_member("2", digits));   // trailing spaces compare equal
  EXPECT_TRUE(text::number_not_member("3", digits));    // the 3rd member, x
  EXPECT_TRUE(text::number_not_member("01", digits));   // not the member '1': index 1
  EXPECT_TRUE(text::number_not_member("2", {" 2", "b"}));  // leading spaces count: 'b'
}

TEST(ValueClass, TypeMembers) {
  EXPECT_EQ(text::type_members("enum('a','b','c')"), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(text::type_members("set('it''s','','x,y')"), (std::vector<std::string>{"it's", "", "x,y"}));
  EXPECT_EQ(text::type_members("enum('1')"), (std::vector<std::string>{"1"}));
  EXPECT_TRUE(text::type_members("int(11)").empty());
}

}  // namespace
}  // namespace fastload::load
