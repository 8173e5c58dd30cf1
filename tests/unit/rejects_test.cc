// without_rows(): the chunk sent again after rows were rejected holds exactly
// the other rows, byte for byte, and maps each back to its original row.
#include "load/rejects.h"

#include <gtest/gtest.h>

#include <string>

#include "split/splitter.h"

namespace fastload::load {
namespace {

Chunk whole(std::string_view file) {
  auto chunks = split::split(file, file.size() + 1, 1, Dialect{});
  EXPECT_EQ(chunks.size(), 1u);
  return chunks.at(0);
}

TEST(WithoutRows, LeavesOutExactlyTheRowsNamed) {
  std::string file = "1\ta\n2\tb\\\nstill 2\n3\tc\n4\td\n";
  ChunkWithout w = without_rows(file, whole(file), {2, 4}, Dialect{});
  EXPECT_EQ(w.bytes, "1\ta\n3\tc\n");
  EXPECT_EQ(w.chunk.begin, 0u);
  EXPECT_EQ(w.chunk.end, w.bytes.size());
  EXPECT_EQ(w.chunk.rows, 2u);
  EXPECT_EQ(w.original_row, (std::vector<std::uint64_t>{1, 3}));
}

TEST(WithoutRows, KeepsALastRowWithoutLineFeedAsItIs) {
  std::string file = "1\ta\n2\tb\n3\tc";
  ChunkWithout w = without_rows(file, whole(file), {2}, Dialect{});
  EXPECT_EQ(w.bytes, "1\ta\n3\tc");
  EXPECT_EQ(w.original_row, (std::vector<std::uint64_t>{1, 3}));
  ChunkWithout last = without_rows(file, whole(file), {3}, Dialect{});
  EXPECT_EQ(last.bytes, "1\ta\n2\tb\n");
  EXPECT_EQ(last.chunk.rows, 2u);
}

TEST(WithoutRows, WorksOnAChunkInTheMiddleOfTheFile) {
  std::string file = "1\ta\n2\tb\n3\tc\n4\td\n5\te\n";
  auto chunks = split::split(file, 8, 1, Dialect{});
  ASSERT_GE(chunks.size(), 2u);
  const Chunk& second = chunks[1];
  ChunkWithout w = without_rows(file, second, {1}, Dialect{});
  std::string expected = file.substr(second.begin, second.size());
  expected.erase(0, expected.find('\n') + 1);
  EXPECT_EQ(w.bytes, expected);
  EXPECT_EQ(w.chunk.rows, second.rows - 1);
  EXPECT_EQ(w.original_row.front(), 2u);
}

TEST(WithoutRows, KeepsQuotedLineEndsInsideTheirRow) {
  const Dialect csv = csv_dialect();
  std::string file = "1,\"a\nb\"\n2,\"c\n\"\n3,d";
  auto chunks = split::split(file, file.size() + 1, 1, csv);
  ASSERT_EQ(chunks.size(), 1u);
  ChunkWithout w = without_rows(file, chunks[0], {2}, csv);
  EXPECT_EQ(w.bytes, "1,\"a\nb\"\n3,d");
  EXPECT_EQ(w.original_row, (std::vector<std::uint64_t>{1, 3}));
}

TEST(WithoutRows, KeepsMultiByteLineTerminators) {
  Dialect crlf;
  crlf.line_terminator = "\r\n";
  std::string file = "1\ta\r\n2\tb\r\n3\tc\r\n";
  auto chunks = split::split(file, file.size() + 1, 1, crlf);
  ChunkWithout w = without_rows(file, chunks.at(0), {1}, crlf);
  EXPECT_EQ(w.bytes, "2\tb\r\n3\tc\r\n");
}

}  // namespace
}  // namespace fastload::load
