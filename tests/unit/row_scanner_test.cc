// Hand-made cases for the row scanner; split_test.cc and dialect_test.cc
// compare it with a model of the server's reading on generated inputs.
#include "text/text.h"

#include <gtest/gtest.h>

#include <string>

namespace fastload::text {
namespace {

const RowScanner& tsv() {
  static const RowScanner scanner{text::Dialect{}};
  return scanner;
}
std::uint64_t next_row_start(std::string_view file, std::uint64_t from) { return tsv().next_row_start(file, from); }
RangeCounts count_rows(std::string_view file, std::uint64_t begin, std::uint64_t end) {
  return tsv().count_rows(file, begin, end);
}
RowPosition locate_row(std::string_view file, const Chunk& chunk, std::uint64_t row) {
  return tsv().locate_row(file, chunk, row);
}
// True when the line terminator at `pos` ends a row.
bool ends_row(std::string_view file, std::uint64_t pos, const RowScanner& scanner = tsv()) {
  bool ends = false;
  scanner.for_each_row(file.substr(0, pos + 1), [&](std::string_view text, std::uint64_t offset, RowEnd end) {
    ends = end == RowEnd::kNewline && offset + text.size() == pos;
    return true;
  });
  return ends;
}

TEST(EndsRow, DependsOnTheParityOfTheBackslashRunBefore) {
  for (std::size_t run = 0; run <= 9; ++run) {
    const std::string file = "a" + std::string(run, '\\') + "\n";
    EXPECT_EQ(ends_row(file, file.size() - 1), run % 2 == 0) << "run of " << run;
  }
}

TEST(EndsRow, AtTheFileStartAndAfterAnEscapedNewline) {
  EXPECT_TRUE(ends_row("\n", 0));
  EXPECT_FALSE(ends_row("\\\n", 1));
  EXPECT_TRUE(ends_row("\\\n\n", 2));   // the first LF is escaped, the backslash is spent
  EXPECT_FALSE(ends_row("\\\n\\\n", 3));
}

TEST(NextRowStart, FromRowStartsAndFromInsideRows) {
  const std::string file = "ab\ncd\n";
  EXPECT_EQ(next_row_start(file, 0), 0u);
  EXPECT_EQ(next_row_start(file, 1), 3u);
  EXPECT_EQ(next_row_start(file, 3), 3u);
  EXPECT_EQ(next_row_start(file, 4), 6u);
  EXPECT_EQ(next_row_start(file, 6), 6u);
  EXPECT_EQ(next_row_start(file, 100), 6u);
}

TEST(NextRowStart, SkipsEscapedNewlines) {
  const std::string file = "a\\\nb\nc";
  EXPECT_EQ(next_row_start(file, 1), 5u);
  EXPECT_EQ(next_row_start(file, 3), 5u);  // right after the escaped LF
  EXPECT_EQ(next_row_start("a\\\nb", 1), 4u);  // no row end: the file size
}

TEST(NextRowStart, FromInsideABackslashRun) {
  const std::string file = "a\\\\\\\nb\\\\\nc";  // odd run, then even run
  for (std::uint64_t from = 1; from <= 8; ++from) EXPECT_EQ(next_row_start(file, from), 9u);
}

TEST(CountRows, WholeFiles) {
  struct Case {
    std::string file;
    std::uint64_t rows, lines;
  };
  const Case cases[] = {
      {"", 0, 0},          {"\n", 1, 1},           {"\n\n", 2, 2},
      {"a", 1, 0},         {"a\nb", 2, 1},         {"a\nb\n", 2, 2},
      {"a\\\nb\n", 1, 2},  {"a\\", 1, 0},          {"a\\\n", 1, 1},
      {"a\\\\\n", 1, 1},   {"a\r\nb\r\n", 2, 2},   {"\\N\t\xC3\xA9\n", 1, 1},
  };
  for (const Case& c : cases) {
    const RangeCounts counts = count_rows(c.file, 0, c.file.size());
    EXPECT_EQ(counts.rows, c.rows) << testing::PrintToString(c.file);
    EXPECT_EQ(counts.lines, c.lines) << testing::PrintToString(c.file);
  }
}

TEST(CountRows, RangesInsideTheFile) {
  const std::string file = "a\nb\\\nc\n\nd";
  EXPECT_EQ(count_rows(file, 0, 2).rows, 1u);
  EXPECT_EQ(count_rows(file, 2, 7).rows, 1u);
  EXPECT_EQ(count_rows(file, 2, 7).lines, 2u);
  EXPECT_EQ(count_rows(file, 7, 8).rows, 1u);  // an empty line is a row
  EXPECT_EQ(count_rows(file, 8, 9).rows, 1u);  // the last row has no LF
  EXPECT_EQ(count_rows(file, 8, 9).lines, 0u);
  EXPECT_EQ(count_rows(file, 9, 9).rows, 0u);
}

TEST(LocateRow, FindsRowStartsAndLines) {
  const std::string file = "x\na\\\nb\n\nc\nd";
  const Chunk chunk{.index = 1, .begin = 2, .end = 11, .rows = 4, .lines = 4,
                    .first_line = 2, .first_row = 2};
  const std::uint64_t offsets[] = {2, 7, 8, 10};
  const std::uint64_t lines[] = {2, 4, 5, 6};
  for (std::uint64_t row = 1; row <= 4; ++row) {
    const RowPosition position = locate_row(file, chunk, row);
    EXPECT_EQ(position.byte_offset, offsets[row - 1]) << "row " << row;
    EXPECT_EQ(position.line, lines[row - 1]) << "row " << row;
  }
}

TEST(LocateRow, RowsPastTheChunkGiveItsEnd) {
  const std::string file = "a\nb\\\n";
  const Chunk chunk{.index = 0, .begin = 0, .end = 5, .rows = 2, .lines = 2};
  for (std::uint64_t row : {3u, 4u, 1000u}) {
    const RowPosition position = locate_row(file, chunk, row);
    EXPECT_EQ(position.byte_offset, 5u);
    EXPECT_EQ(position.line, 3u);
  }
  EXPECT_EQ(locate_row(file, chunk, 0).byte_offset, 0u);
}

TEST(NextRowStart, ATwoByteTerminatorStraddlingTheOffset) {
  text::Dialect crlf;
  crlf.line_terminator = "\r\n";
  const RowScanner scanner(crlf);
  ASSERT_TRUE(scanner.local());
  const std::string file = "ab\r\ncd\\\r\nef\r\r\ng";
  const std::uint64_t expected[] = {0, 4, 4, 4, 4, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 15};
  for (std::uint64_t from = 0; from < std::size(expected); ++from)
    EXPECT_EQ(scanner.next_row_start(file, from), expected[from]) << "from " << from;
}

TEST(RowScanner, WhichDialectsAreLocal) {
  text::Dialect d;
  EXPECT_TRUE(RowScanner(d).local());
  d.line_terminator = "\r\n";
  EXPECT_TRUE(RowScanner(d).local());
  d.field_terminator = "\r";  // a field terminator can take the line terminator's bytes
  EXPECT_FALSE(RowScanner(d).local());
  d = text::Dialect{};
  d.line_terminator = "aa";  // "aaa" holds one line end, not two
  EXPECT_FALSE(RowScanner(d).local());
  EXPECT_FALSE(RowScanner(text::csv_dialect()).local());
}

TEST(RowScanner, EnclosedLineEndsDependOnQuotes) {
  const RowScanner csv(text::csv_dialect());
  const std::string file = "a,\"b\nc\"\n\"\"\"\n\"\nx\"y\nz";
  EXPECT_FALSE(ends_row(file, 4, csv));  // inside quotes
  EXPECT_TRUE(ends_row(file, 7, csv));
  EXPECT_FALSE(ends_row(file, 11, csv));  // """ opened and holds a quote
  EXPECT_TRUE(ends_row(file, 13, csv));
  EXPECT_TRUE(ends_row(file, 17, csv));   // a quote inside a field opens nothing
  EXPECT_EQ(csv.count_rows(file, 0, file.size()).rows, 4u);
  EXPECT_EQ(csv.count_rows(file, 0, file.size()).lines, 5u);
  const Chunk chunk{.index = 0, .begin = 0, .end = file.size(), .rows = 4, .lines = 5};
  EXPECT_EQ(csv.locate_row(file, chunk, 2).byte_offset, 8u);
  EXPECT_EQ(csv.locate_row(file, chunk, 2).line, 3u);
  EXPECT_EQ(csv.locate_row(file, chunk, 4).byte_offset, 18u);
  EXPECT_EQ(csv.locate_row(file, chunk, 4).line, 6u);
}

TEST(RowScanner, FirstRowStartSkipsHeaderLines) {
  text::Dialect d = text::csv_dialect();
  d.skip_rows = 2;
  EXPECT_EQ(RowScanner(d).first_row_start("a\nb\nc\n"), 4u);
  EXPECT_EQ(RowScanner(d).first_row_start("\"a\nb\"\nc\n"), 6u);  // quotes are not looked at
  EXPECT_EQ(RowScanner(d).first_row_start("a\nb"), 3u);  // the file ends in the header
  d.skip_rows = 0;
  EXPECT_EQ(RowScanner(d).first_row_start("a\nb"), 0u);
  text::Dialect tsv;
  tsv.skip_rows = 1;
  EXPECT_EQ(RowScanner(tsv).first_row_start("a\\\nb\nc"), 5u);  // an escaped LF does not end the line
  tsv.escape = '"';
  tsv.enclosure = '"';
  EXPECT_EQ(RowScanner(tsv).first_row_start("\"\n\nc"), 3u);  // nor one after an escape that is the quote
}

}  // namespace
}  // namespace fastload::text
