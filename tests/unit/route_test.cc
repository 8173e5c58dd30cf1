// route_rows(): the chunk sent again after rows were rejected holds exactly
// the other rows, byte for byte, and maps each back to its original row; a
// shard-direct load's rows go where the router says, refused ones nowhere.
#include "sink/sink.h"

#include <gtest/gtest.h>

#include <string>

#include "chunks/chunks.h"

namespace fastload::load {
namespace {

// The rows of `chunk` but `excluded`, to one destination.
sink::RoutedRows without_rows(std::string_view file, const Chunk& chunk, const std::set<std::uint64_t>& excluded,
                        const text::Dialect& dialect) {
  std::vector<sink::RoutedRows> out;
  std::vector<Problem> refused;
  sink::route_rows(file, chunk, excluded, dialect, nullptr, out, refused);
  EXPECT_TRUE(refused.empty());
  EXPECT_EQ(out.size(), 1u);
  return out.at(0);
}

Chunk whole(std::string_view file) {
  auto chunks = chunks::split(file, file.size() + 1, 1, text::Dialect{});
  EXPECT_EQ(chunks.size(), 1u);
  return chunks.at(0);
}

TEST(RouteRows, LeavesOutExactlyTheRowsNamed) {
  std::string file = "1\ta\n2\tb\\\nstill 2\n3\tc\n4\td\n";
  sink::RoutedRows w = without_rows(file, whole(file), {2, 4}, text::Dialect{});
  EXPECT_EQ(w.bytes(), "1\ta\n3\tc\n");
  EXPECT_EQ(w.chunk.begin, 0u);
  EXPECT_EQ(w.chunk.end, w.bytes().size());
  EXPECT_EQ(w.chunk.rows, 2u);
  EXPECT_EQ(w.original_row, (std::vector<std::uint64_t>{1, 3}));
}

TEST(RouteRows, KeepsALastRowWithoutLineFeedAsItIs) {
  std::string file = "1\ta\n2\tb\n3\tc";
  sink::RoutedRows w = without_rows(file, whole(file), {2}, text::Dialect{});
  EXPECT_EQ(w.bytes(), "1\ta\n3\tc");
  EXPECT_EQ(w.original_row, (std::vector<std::uint64_t>{1, 3}));
  sink::RoutedRows last = without_rows(file, whole(file), {3}, text::Dialect{});
  EXPECT_EQ(last.bytes(), "1\ta\n2\tb\n");
  EXPECT_EQ(last.chunk.rows, 2u);
}

TEST(RouteRows, WorksOnAChunkInTheMiddleOfTheFile) {
  std::string file = "1\ta\n2\tb\n3\tc\n4\td\n5\te\n";
  auto chunks = chunks::split(file, 8, 1, text::Dialect{});
  ASSERT_GE(chunks.size(), 2u);
  const Chunk& second = chunks[1];
  sink::RoutedRows w = without_rows(file, second, {1}, text::Dialect{});
  std::string expected = file.substr(second.begin, second.size());
  expected.erase(0, expected.find('\n') + 1);
  EXPECT_EQ(w.bytes(), expected);
  EXPECT_EQ(w.chunk.rows, second.rows - 1);
  EXPECT_EQ(w.original_row.front(), 2u);
}

TEST(RouteRows, KeepsQuotedLineEndsInsideTheirRow) {
  const text::Dialect csv = text::csv_dialect();
  std::string file = "1,\"a\nb\"\n2,\"c\n\"\n3,d";
  auto chunks = chunks::split(file, file.size() + 1, 1, csv);
  ASSERT_EQ(chunks.size(), 1u);
  sink::RoutedRows w = without_rows(file, chunks[0], {2}, csv);
  EXPECT_EQ(w.bytes(), "1,\"a\nb\"\n3,d");
  EXPECT_EQ(w.original_row, (std::vector<std::uint64_t>{1, 3}));
}

TEST(RouteRows, KeepsMultiByteLineTerminators) {
  text::Dialect crlf;
  crlf.line_terminator = "\r\n";
  std::string file = "1\ta\r\n2\tb\r\n3\tc\r\n";
  auto chunks = chunks::split(file, file.size() + 1, 1, crlf);
  sink::RoutedRows w = without_rows(file, chunks.at(0), {1}, crlf);
  EXPECT_EQ(w.bytes(), "2\tb\r\n3\tc\r\n");
}

TEST(RouteRows, AllRowsToOneDestinationAreTheChunkItself) {
  std::string file = "1\ta\n2\tb\n";
  sink::RoutedRows w = without_rows(file, whole(file), {}, text::Dialect{});
  EXPECT_FALSE(w.copied);
  EXPECT_EQ(w.bytes().data(), file.data());
  EXPECT_EQ(w.chunk.rows, 2u);
  EXPECT_EQ(w.chunk_row(2), 2u);
}

TEST(RouteRows, SplitsRowsAmongDestinationsAndRefusesWhatTheRouterRefuses) {
  std::string file = "1\ta\n2\tb\\\nstill 2\n3\tc\nx\td\n5\te";
  const sink::RouteRow by_parity = [](std::string_view text, text::RowEnd) {
    if (text[0] == 'x') return sink::RowDestination{0, 1526, "Table has no partition for value x"};
    return sink::RowDestination{static_cast<std::size_t>((text[0] - '0') % 2), 0, {}};
  };
  std::vector<sink::RoutedRows> out(2);
  std::vector<Problem> refused;
  sink::route_rows(file, whole(file), {3}, text::Dialect{}, &by_parity, out, refused);
  EXPECT_EQ(out[0].bytes(), "2\tb\\\nstill 2\n");
  EXPECT_EQ(out[0].original_row, (std::vector<std::uint64_t>{2}));
  EXPECT_EQ(out[1].bytes(), "1\ta\n5\te");
  EXPECT_EQ(out[1].original_row, (std::vector<std::uint64_t>{1, 5}));
  EXPECT_EQ(out[1].chunk.rows, 2u);
  EXPECT_EQ(out[1].chunk_row(2), 5u);
  ASSERT_EQ(refused.size(), 1u);
  EXPECT_EQ(refused[0].row_in_chunk, 4u);
  EXPECT_EQ(refused[0].code, 1526u);
  // Reused for the next chunk: nothing of this one is left in the buffers.
  sink::route_rows(file, whole(file), {1, 2, 4, 5}, text::Dialect{}, &by_parity, out, refused);
  EXPECT_EQ(out[0].bytes(), "");
  EXPECT_EQ(out[1].bytes(), "3\tc\n");
}

}  // namespace
}  // namespace fastload::load
