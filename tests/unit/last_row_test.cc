// The input's last row without a line terminator: found from the end in
// local dialects and by a scan with an enclosure, and its fields counted as a
// terminated row's. Each expectation is what MariaDB 10.11's LOAD DATA does
// with that last line (silent when it drops fields) and with it terminated
// (warning 1262), seen with SHOW WARNINGS (docs/design.md#what-fastload-does-not-trust).
#include "text/text.h"

#include <gtest/gtest.h>

#include <string>


namespace fastload::load {
namespace {

const text::RowWidth kTwoColumns{2, 2, false};

std::optional<std::string> last_row(std::string_view bytes, const text::Dialect& dialect = text::Dialect{}) {
  auto last = text::RowScanner(dialect).unterminated_last_row(bytes);
  if (!last) return std::nullopt;
  EXPECT_EQ(bytes.substr(last->second), last->first);
  return std::string(last->first);
}

TEST(UnterminatedLastRow, FoundOnlyWithoutTerminator) {
  EXPECT_EQ(last_row("1\tx\n2\ty\n"), std::nullopt);
  EXPECT_EQ(last_row("1\tx\n2\ty"), "2\ty");
  EXPECT_EQ(last_row("2\ty"), "2\ty");
  EXPECT_EQ(last_row(""), std::nullopt);
  // An escaped line end at the end of the input ends no row: the row runs to the end.
  EXPECT_EQ(last_row("1\tx\n2\ty\tz\\\n"), "2\ty\tz\\\n");
  EXPECT_EQ(last_row("1\tx\\\\\n"), std::nullopt);  // an escaped backslash, then a real line end
  text::Dialect crlf;
  crlf.line_terminator = "\r\n";
  EXPECT_EQ(last_row("1,x\r\n2,y,z\r", crlf), "2,y,z\r");
  EXPECT_EQ(last_row("1,x\r\n2,y,z\r\n", crlf), std::nullopt);
}

TEST(UnterminatedLastRow, EnclosureDecides) {
  const text::Dialect csv = text::csv_dialect();
  EXPECT_EQ(last_row("1,x\n2,\"y\",z\n", csv), std::nullopt);
  EXPECT_EQ(last_row("1,x\n2,\"y\",z", csv), "2,\"y\",z");
  // A quote that never closes takes the last line end into its field.
  EXPECT_EQ(last_row("1,x\n2,y,\"z\n", csv), "2,y,\"z\n");
}

bool refused(std::string_view bytes, const text::Dialect& dialect = text::Dialect{}, const text::RowWidth& width = kTwoColumns) {
  auto p = text::unterminated_extra_fields(bytes, 2, width, dialect);
  if (p) {
    EXPECT_EQ(p->row_in_chunk, 2u);
    EXPECT_NE(p->message.find("without a line terminator"), std::string::npos);
  }
  return p.has_value();
}

TEST(UnterminatedExtraFields, CountedAsATerminatedRow) {
  EXPECT_TRUE(refused("1\tx\n2\ty\textra"));
  EXPECT_TRUE(refused("1\tx\n2\ty\t\t"));      // two empty fields: terminated, 1262
  EXPECT_FALSE(refused("1\tx\n2\ty\t"));       // one empty field: ignored, terminated too
  EXPECT_FALSE(refused("1\tx\n2\ty"));
  EXPECT_FALSE(refused("1\tx\n2"));            // too few: the server warns 1261 itself
  EXPECT_FALSE(refused("1\tx\n2\ty\textra\n"));  // terminated: the server warns 1262 itself
  EXPECT_TRUE(refused("1\tx\n2\ty\tz\\\n"));   // the escaped line end is the third field's
  EXPECT_TRUE(refused("1,x\n2,\"y\",\"extra, quoted\"", text::csv_dialect()));
  EXPECT_TRUE(refused("1,x\n2,y,\"\"", text::csv_dialect()));  // "" is a value, not an absent field
  text::Dialect colons;
  colons.field_terminator = "::";
  EXPECT_TRUE(refused("1::x\n2::y::z", colons));
  EXPECT_FALSE(refused("1::x\n2::y:", colons));
}

TEST(UnterminatedExtraFields, AgainstTheColumnList) {
  const text::RowWidth listed{3, 1, true};  // --columns id,@a,@b
  EXPECT_FALSE(refused("1\tx\n2\ty\tz", text::Dialect{}, listed));
  auto p = text::unterminated_extra_fields("1\tx\n2\ty\tz\tw", 2, listed, text::Dialect{});
  ASSERT_TRUE(p);
  EXPECT_NE(p->message.find("4 fields but --columns lists 3"), std::string::npos);
}

}  // namespace
}  // namespace fastload::load
