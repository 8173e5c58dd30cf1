// StreamChunks: chunks cut from a stream tile its content exactly, end at row
// ends, and count rows and lines as the splitter does for a mapped file.
#include "input/stream_chunks.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <fstream>
#include <set>
#include <thread>
#include <vector>

namespace fastload::input {
namespace {

// The default text format's rule: an LF ends a row after an even run of backslashes.
RowEnds tsv_row_ends() {
  auto ends_row = [](std::string_view bytes, std::size_t lf) {
    std::size_t run = 0;
    while (run < lf && bytes[lf - 1 - run] == '\\') ++run;
    return run % 2 == 0;
  };
  RowEnds r;
  r.last_row_end = [ends_row](std::string_view bytes) -> std::size_t {
    for (std::size_t i = bytes.size(); i-- > 0;)
      if (bytes[i] == '\n' && ends_row(bytes, i)) return i + 1;
    return 0;
  };
  r.count = [ends_row](std::string_view bytes, bool at_end) {
    std::uint64_t rows = 0, lines = 0;
    for (std::size_t i = 0; i < bytes.size(); ++i)
      if (bytes[i] == '\n') ++lines, rows += ends_row(bytes, i);
    if (at_end && !bytes.empty() && (bytes.back() != '\n' || !ends_row(bytes, bytes.size() - 1))) ++rows;
    return std::make_pair(rows, lines);
  };
  return r;
}

std::string temp_file(const std::string& content) {
  std::string path = ::testing::TempDir() + "stream_chunks_test.tsv";
  std::ofstream(path, std::ios::binary) << content;
  return path;
}

const std::string kContent = "1\ta\n2\tb\\\nstill 2\n3\tc\\\\\n4\t" + std::string(100, 'x') + "\n5\te";

TEST(StreamChunks, TileTheContentAtRowEnds) {
  for (std::uint64_t size : {1, 2, 3, 7, 16, 64, 1000}) {
    auto stream = open_stream(temp_file(kContent));
    StreamChunks chunks(*stream, size, tsv_row_ends());
    std::string joined;
    std::uint64_t rows = 0, lines = 0, index = 0;
    while (auto c = chunks.next()) {
      EXPECT_EQ(c->chunk.index, index++);
      EXPECT_EQ(c->chunk.begin, joined.size()) << size;
      EXPECT_EQ(c->chunk.first_row, rows + 1);
      EXPECT_EQ(c->chunk.first_line, lines + 1);
      EXPECT_EQ(c->chunk.size(), c->bytes.size());
      joined += c->bytes;
      rows += c->chunk.rows;
      lines += c->chunk.lines;
      EXPECT_TRUE(joined.size() == kContent.size() || joined.back() == '\n') << size;
    }
    EXPECT_EQ(joined, kContent) << size;
    EXPECT_EQ(rows, 5u) << size;
    EXPECT_EQ(lines, 5u) << size;
  }
}

TEST(StreamChunks, AnEmptyStreamHasNoChunks) {
  auto stream = open_stream(temp_file(""));
  StreamChunks chunks(*stream, 8, tsv_row_ends());
  EXPECT_FALSE(chunks.next().has_value());
}

TEST(StreamChunks, WorkersTakingChunksGetEachOnce) {
  std::string content;
  for (int i = 0; i < 20000; ++i) content += std::to_string(i) + "\tvalue " + std::to_string(i) + "\n";
  auto stream = open_stream(temp_file(content));
  StreamChunks chunks(*stream, 4096, tsv_row_ends());
  std::mutex mutex;
  std::vector<StreamChunk> got;
  std::vector<std::thread> workers;
  for (int w = 0; w < 4; ++w)
    workers.emplace_back([&] {
      while (auto c = chunks.next()) {
        std::lock_guard<std::mutex> lock(mutex);
        got.push_back(std::move(*c));
      }
    });
  for (auto& t : workers) t.join();
  std::sort(got.begin(), got.end(), [](const auto& a, const auto& b) { return a.chunk.index < b.chunk.index; });
  std::string joined;
  std::uint64_t rows = 0;
  for (const auto& c : got) {
    joined += c.bytes;
    rows += c.chunk.rows;
  }
  EXPECT_EQ(joined, content);
  EXPECT_EQ(rows, 20000u);
}

}  // namespace
}  // namespace fastload::input
