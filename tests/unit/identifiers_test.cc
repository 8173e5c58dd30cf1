#include <gtest/gtest.h>

#include "text/text.h"

namespace fastload::load {
namespace {

TEST(QuoteIdentifier, BackticksAroundAndDoubledInside) {
  EXPECT_EQ(text::quote_identifier("t"), "`t`");
  EXPECT_EQ(text::quote_identifier("a`b"), "`a``b`");
  EXPECT_EQ(text::quote_identifier("`"), "````");
  EXPECT_EQ(text::quote_identifier(""), "``");
  EXPECT_EQ(text::quote_identifier("my.db"), "`my.db`");
}

TEST(QuoteIdentifier, ReadNameReadsBackWhatItQuotes) {
  for (std::string name : {"t", "a`b", "`", "``x``", "my.db", "a,b", " spaced ", "caf\xc3\xa9", "line\nbreak"}) {
    const std::string quoted = text::quote_identifier(name);
    const std::optional<text::NameRead> read = text::read_name(quoted, 0);
    ASSERT_TRUE(read) << quoted;
    EXPECT_EQ(read->name, name);
    EXPECT_EQ(read->end, quoted.size());
    std::string parsed;
    EXPECT_TRUE(text::parse_name(quoted, parsed)) << quoted;
    EXPECT_EQ(parsed, name);
  }
}

// text::read_name(text, pos, stops) reads `name`, ending at `end`.
void expect_read(std::string_view text, std::size_t pos, std::string_view stops, std::string_view name,
                 std::size_t end) {
  const std::optional<text::NameRead> read = text::read_name(text, pos, stops);
  ASSERT_TRUE(read) << text;
  EXPECT_EQ(read->name, name) << text;
  EXPECT_EQ(read->end, end) << text;
}

TEST(ReadName, QuotedEndsAfterItsClosingBacktick) {
  expect_read("x `a``b`.`c`", 2, "", "a`b", 8);
  expect_read("``,`b`", 0, ",", "", 2);
  expect_read("`a.b`.c", 0, ".", "a.b", 5);  // a dot inside quotes is the name's
  expect_read("`a`b", 0, "", "a", 3);         // what follows is the caller's
}

TEST(ReadName, PlainRunsToAStopOrTheEnd) {
  expect_read("db.t.x", 0, ".", "db", 2);
  expect_read("db.t.x", 3, "", "t.x", 6);
  expect_read("we`ird x", 0, ".", "we`ird x", 8);  // a backtick after the start is plain text
  expect_read("db.", 3, ".", "", 3);
  expect_read(" a ", 0, "", " a ", 3);  // spaces are the caller's to drop
}

TEST(ReadName, UnclosedQuoteIsNothing) {
  for (std::string_view text : {"`", "`a", "`a``", "`a````", "x`a", "`a`` b"})
    EXPECT_FALSE(text::read_name(text, text.front() == '`' ? 0 : 1)) << text;
}

TEST(ParseName, PlainOrWhollyQuotedWithSpacesAroundDropped) {
  std::string name;
  EXPECT_TRUE(text::parse_name("  col \t", name));
  EXPECT_EQ(name, "col");
  EXPECT_TRUE(text::parse_name("a b`c", name));  // plain: taken as it is
  EXPECT_EQ(name, "a b`c");
  EXPECT_TRUE(text::parse_name(" ` a,b ` ", name));  // quoted: its spaces are the name's
  EXPECT_EQ(name, " a,b ");
  EXPECT_TRUE(text::parse_name("`a``b`", name));
  EXPECT_EQ(name, "a`b");
}

TEST(ParseName, RefusesEmptyUnclosedOrTrailingText) {
  for (std::string_view text : {"", "  ", "``", " `` ", "`a", "`a``", "`a`b", "`a` `b`", "`a`,"}) {
    std::string name = "unchanged";
    EXPECT_FALSE(text::parse_name(text, name)) << text;
  }
}

TEST(SplitNames, SplitsAtCommasOutsideBackticks) {
  using V = std::vector<std::string>;
  EXPECT_EQ(text::split_names("a,b"), (V{"a", "b"}));
  EXPECT_EQ(text::split_names("a, `b,c`,@x"), (V{"a", " `b,c`", "@x"}));
  EXPECT_EQ(text::split_names("`a``,b`,c"), (V{"`a``,b`", "c"}));  // a doubled backtick toggles twice
  EXPECT_EQ(text::split_names(""), (V{""}));
  EXPECT_EQ(text::split_names("a,,b"), (V{"a", "", "b"}));
  EXPECT_EQ(text::split_names("`a,b"), (V{"`a,b"}));  // unclosed: one entry, refused by parse_name
}

TEST(SameName, CaseInsensitiveInAsciiOnly) {
  EXPECT_TRUE(text::same_name("Col_1", "cOL_1"));
  EXPECT_TRUE(text::same_name("", ""));
  EXPECT_TRUE(text::same_name("GB18030", "gb18030"));
  EXPECT_FALSE(text::same_name("a", "ab"));
  EXPECT_FALSE(text::same_name("a", "b"));
  EXPECT_FALSE(text::same_name("[", "{"));           // '[' + 32 is '{': only letters fold
  EXPECT_FALSE(text::same_name("\xc3\x89", "\xc3\xa9"));  // É and é: bytes beyond ASCII compare exactly
  EXPECT_FALSE(text::same_name(std::string_view("a\0b", 3), std::string_view("a\0c", 3)));  // all bytes count
}

}  // namespace
}  // namespace fastload::load
