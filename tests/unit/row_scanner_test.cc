// Hand-made cases for the row scanner; split_test.cc compares it with a serial
// reference on generated inputs.
#include "split/row_scanner.h"

#include <gtest/gtest.h>

#include <string>

namespace fastload::split {
namespace {

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

}  // namespace
}  // namespace fastload::split
