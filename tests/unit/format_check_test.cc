// The format check (text/format_check.h): what it refuses before the load, and what it lets through.
#include <gtest/gtest.h>

#include <string>

#include "messages.h"
#include "text/text.h"

namespace fastload::load {
namespace {

text::FormatExpectation three_columns() {
  text::FormatExpectation e;
  e.width = {3, 3, false};
  e.names = {"id", "name", "v"};
  return e;
}

std::optional<text::FormatMismatch> check(const std::string& bytes, const text::FormatExpectation& e = three_columns(),
                                    const text::Dialect& dialect = text::Dialect{}) {
  return text::check_format(dialect, {bytes, "f.tsv", 0, 1, true}, e);
}

std::string rows(const char* format, int count, int from = 1) {
  std::string out;
  for (int i = from; i < from + count; ++i) {
    char row[128];
    std::snprintf(row, sizeof row, format, i, i, i);
    out += row;
  }
  return out;
}

TEST(FormatCheck, RowsOfTheRightWidthPass) {
  EXPECT_FALSE(check(rows("%d\tn%d\t%d.5\n", 50)));
  EXPECT_FALSE(check(""));
  EXPECT_FALSE(check("1\ta\t2"));  // the last row without a line end
  text::FormatExpectation unknown;        // a server that lists no column: nothing to compare with
  EXPECT_FALSE(check(rows("%d,n%d,%d.5\n", 50), unknown));
}

TEST(FormatCheck, ACsvFileReadAsTsvIsRefusedWithTheCsvHint) {
  auto m = check(rows("%d,n%d,%d.5\n", 50));
  ASSERT_TRUE(m);
  EXPECT_TRUE(without_program_prefix(m->message));
  EXPECT_EQ(m->where.line, 1u);
  EXPECT_NE(m->message.find("the row has 1 fields but the table has 3 columns"), std::string::npos) << m->message;
  EXPECT_NE(m->message.find("50 of the first 50 rows"), std::string::npos) << m->message;
  EXPECT_NE(m->message.find("load the file with --csv"), std::string::npos) << m->message;
}

TEST(FormatCheck, ATsvFileReadAsCsvGetsTheDefaultFormatHint) {
  auto m = check(rows("%d\tn%d\t%d.5\n", 20), three_columns(), text::csv_dialect());
  ASSERT_TRUE(m);
  EXPECT_NE(m->message.find("the default format"), std::string::npos) << m->message;
}

TEST(FormatCheck, SemicolonsGetTheirOwnHint) {
  auto m = check(rows("%d;n%d;%d.5\n", 20));
  ASSERT_TRUE(m);
  EXPECT_NE(m->message.find("--csv --fields-terminated-by ';'"), std::string::npos) << m->message;
}

TEST(FormatCheck, WrongWidthWithoutAnotherFormatHintsColumns) {
  auto m = check(rows("%d\tn%d\t%d.5\textra\n", 20));
  ASSERT_TRUE(m);
  EXPECT_NE(m->message.find("4 fields"), std::string::npos) << m->message;
  EXPECT_NE(m->message.find("@skip"), std::string::npos) << m->message;
  m = check(rows("%d\tn%d\n", 20));
  ASSERT_TRUE(m);
  EXPECT_NE(m->message.find("name the columns the fields fill with --columns"), std::string::npos) << m->message;
}

TEST(FormatCheck, BadRowsWithinMaxErrorsAreTheLoadsToLeaveOut) {
  text::FormatExpectation e = three_columns();
  e.max_errors = 2;
  std::string bytes = rows("%d\tn%d\t%d.5\n", 10) + "bad\n" + rows("%d\tn%d\t%d.5\n", 10, 11) + "bad\n";
  EXPECT_FALSE(check(bytes, e));
  e.max_errors = 1;
  EXPECT_FALSE(check(bytes, e));  // 2 of 22 rows: not the format; the load names each bad row
  bytes = rows("%d\tn%d\t%d.5\n", 2) + "bad\nbad\nbad\n";
  auto m = check(bytes, e);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->where.line, 3u);
  EXPECT_EQ(m->where.byte_offset, bytes.find("bad"));
}

TEST(FormatCheck, AHeaderOfAnotherWidthHintsSkipRows) {
  auto m = check("id\tname\n" + rows("%d\tn%d\t%d.5\n", 10));
  ASSERT_TRUE(m);
  EXPECT_EQ(m->where.line, 1u);
  EXPECT_NE(m->message.find("--skip-rows 1"), std::string::npos) << m->message;
}

TEST(FormatCheck, AHeaderOfColumnNamesIsRefusedUnlessSkipRowsWasGiven) {
  std::string bytes = "ID\tName\t v \n" + rows("%d\tn%d\t%d.5\n", 10);
  auto m = check(bytes);
  ASSERT_TRUE(m);
  EXPECT_NE(m->message.find("names of the columns"), std::string::npos) << m->message;
  EXPECT_NE(m->message.find("--skip-rows 1"), std::string::npos) << m->message;
  text::FormatExpectation given = three_columns();
  given.header_given = true;
  EXPECT_FALSE(check(bytes, given));
  EXPECT_FALSE(check("id\tname\tother\n" + rows("%d\tn%d\t%d.5\n", 10)));  // not every name
  EXPECT_FALSE(text::check_format(text::Dialect{}, {bytes, "f.tsv", 0, 1, false}, three_columns()));  // not the input's start
  text::FormatExpectation variables = three_columns();
  variables.names = {"", "", ""};  // @variables only: nothing to compare
  EXPECT_FALSE(check(bytes, variables));
}

TEST(FormatCheck, CrLfLineEndsAreRefusedUnlessMeant) {
  std::string bytes = rows("%d\tn%d\t%d.5\r\n", 10);
  auto m = check(bytes);
  ASSERT_TRUE(m);
  EXPECT_NE(m->message.find("--lines-terminated-by '\\r\\n'"), std::string::npos) << m->message;
  text::FormatExpectation meant = three_columns();
  meant.cr_meant = true;
  EXPECT_FALSE(check(bytes, meant));
  text::Dialect crlf;
  crlf.line_terminator = "\r\n";
  EXPECT_FALSE(check(bytes, three_columns(), crlf));
  EXPECT_FALSE(check(bytes.substr(0, bytes.size() - 2) + "\n"));  // one row without: not a CRLF file
}

}  // namespace
}  // namespace fastload::load
