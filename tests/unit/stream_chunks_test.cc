// StreamChunks: chunks cut from a stream tile its content after the header
// exactly, end at row ends, and count rows and lines as the splitter does for
// a mapped file, in every dialect.
#include "chunks/chunks.h"

#include "base/base.h"
#include "text/text.h"
#include "temp_dir.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <thread>
#include <vector>

namespace fastload::input {
namespace {

const std::string kContent = "1\ta\n2\tb\\\nstill 2\n3\tc\\\\\n4\t" + std::string(100, 'x') + "\n5\te";

TEST(StreamChunks, TileTheContentAtRowEnds) {
  TempDir dir;
  for (std::uint64_t size : {1, 2, 3, 7, 16, 64, 1000}) {
    auto stream = open_stream(dir.write(kContent));
    chunks::StreamChunks chunks(*stream, size, text::Dialect{});
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
  TempDir dir;
  auto stream = open_stream(dir.write(""));
  chunks::StreamChunks chunks(*stream, 8, text::Dialect{});
  EXPECT_FALSE(chunks.next().has_value());
}

// peek() cuts the first chunk and next() hands out that same chunk; drain() gives the whole content back,
// header lines included, whether a chunk was peeked or not.
TEST(StreamChunks, PeekKeepsTheFirstChunkAndDrainGivesEverything) {
  TempDir dir;
  text::Dialect dialect;
  dialect.skip_rows = 1;
  const std::string content = "head\n" + kContent;
  for (std::uint64_t size : {1, 7, 1000}) {
    auto stream = open_stream(dir.write(content));
    chunks::StreamChunks chunks(*stream, size, dialect);
    const chunks::StreamChunk* first = chunks.peek();
    ASSERT_NE(first, nullptr);
    const std::string peeked = first->bytes;
    EXPECT_EQ(first->chunk.begin, 5u);
    EXPECT_EQ(first->chunk.first_line, 2u);
    EXPECT_EQ(chunks.peek(), first);  // a second peek is the same chunk
    int inspected = 0;
    chunks.inspect_first([&](const chunks::StreamChunk& c) { inspected += c.bytes == peeked; });
    EXPECT_EQ(inspected, 1) << "the peeked chunk is inspected at once";
    auto taken = chunks.next();
    ASSERT_TRUE(taken.has_value());
    EXPECT_EQ(taken->bytes, peeked);
    EXPECT_EQ(taken->chunk.index, 0u);

    auto again = open_stream(dir.write(content));
    chunks::StreamChunks drained(*again, size, dialect);
    if (size != 7) drained.peek();
    std::string all;
    drained.drain([&](std::string_view bytes) { all += bytes; });
    EXPECT_EQ(all, content) << size;
    EXPECT_FALSE(drained.next().has_value());
    EXPECT_FALSE(drained.unread().has_value());
  }
}

TEST(StreamChunks, WorkersTakingChunksGetEachOnce) {
  TempDir dir;
  std::string content;
  for (int i = 0; i < 20000; ++i) content += std::to_string(i) + "\tvalue " + std::to_string(i) + "\n";
  auto stream = open_stream(dir.write(content));
  chunks::StreamChunks chunks(*stream, 4096, text::Dialect{});
  std::mutex mutex;
  std::vector<chunks::StreamChunk> got;
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

// Every chunk boundary is a row start of the splitter's exact scan (chunk
// size 1: a chunk a row), and the counts add up to the splitter's.
void expect_like_splitter(const std::string& content, const text::Dialect& dialect) {
  std::vector<Chunk> rows = chunks::split(content, 1, 1, dialect);
  std::set<std::uint64_t> row_starts;
  std::uint64_t total_rows = 0;
  TempDir dir;
  for (const Chunk& r : rows) row_starts.insert(r.begin), total_rows += r.rows;
  for (std::uint64_t size : {1, 2, 3, 5, 8, 13, 40, 1000}) {
    auto stream = open_stream(dir.write(content));
    chunks::StreamChunks chunks(*stream, size, dialect);
    std::uint64_t begin = rows.empty() ? content.size() : rows.front().begin, line = rows.empty() ? 0 : rows.front().first_line;
    std::uint64_t rows_seen = 0;
    while (auto c = chunks.next()) {
      EXPECT_EQ(c->chunk.begin, begin) << describe(dialect) << " size " << size;
      EXPECT_EQ(c->chunk.first_line, line) << describe(dialect) << " size " << size;
      EXPECT_EQ(c->chunk.first_row, rows_seen + 1);
      EXPECT_TRUE(row_starts.count(c->chunk.begin)) << describe(dialect) << " size " << size;
      EXPECT_EQ(c->bytes, content.substr(c->chunk.begin, c->chunk.size()));
      EXPECT_EQ(c->chunk.rows, text::RowScanner(dialect).count_rows(content, c->chunk.begin, c->chunk.end).rows);
      begin = c->chunk.end;
      line += c->chunk.lines;
      rows_seen += c->chunk.rows;
    }
    EXPECT_EQ(begin, content.size()) << describe(dialect) << " size " << size;
    EXPECT_EQ(rows_seen, total_rows) << describe(dialect) << " size " << size;
    EXPECT_EQ(chunks.content_bytes(), content.size());
  }
}

TEST(StreamChunks, CutWhereTheSplitterDoesInEveryDialect) {
  text::Dialect csv = text::csv_dialect();
  csv.skip_rows = 1;
  expect_like_splitter("id,name\n1,\"a,b\"\n2,\"x\ny\"\"\n\"\n3,\"\",4\r\n5,\"\r\n\"\n6,last", csv);
  text::Dialect crlf = csv;
  crlf.line_terminator = "\r\n";
  crlf.skip_rows = 2;
  expect_like_splitter("h1\r\nh2\r\n1,\"a\r\nb\"\r\n2,\"\"\"\r\n\"\r\n3,x\r\n", crlf);
  text::Dialect tsv;
  tsv.skip_rows = 3;  // more header than file
  expect_like_splitter("a\nb\n", tsv);
  tsv.skip_rows = 1;
  expect_like_splitter("head\\\nstill head\n1\ta\\\n2\n3\t\\\\\n4", tsv);
}

TEST(StreamChunks, ProgressCountsTheCompressedBytes) {
  TempDir dir;
  std::string content;
  for (int i = 0; i < 5000; ++i) content += std::to_string(i) + "\tvalue\n";
  std::string path = dir.path("data.tsv.gz");
  ASSERT_EQ(std::system(("gzip -c " + dir.write(content) + " > " + path).c_str()), 0);
  auto stream = open_stream(path);
  chunks::StreamChunks chunks(*stream, 1000, text::Dialect{});
  std::uint64_t raw = 0;
  while (auto c = chunks.next()) raw += c->raw_bytes;
  EXPECT_EQ(raw, *stream->compressed_size());
  EXPECT_EQ(chunks.content_bytes(), content.size());
}

// A row longer than the limit is refused with where it starts, instead of growing the chunk without bound;
// a row of the limit is cut as any other. After the refusal no chunk is cut from the middle of the row.
TEST(StreamChunks, ARowLongerThanTheLimitIsRefused) {
  TempDir dir;
  const std::string row(1000, 'x');
  for (std::uint64_t size : {1, 7, 100, 5000}) {
    auto fits = open_stream(dir.write("1\ta\n" + row + "\n2\tb\n"));
    chunks::StreamChunks limit(*fits, size, text::Dialect{}, 0, 1000);
    std::string joined;
    while (auto c = limit.next()) joined += c->bytes;
    EXPECT_EQ(joined, "1\ta\n" + row + "\n2\tb\n") << size;

    auto longer = open_stream(dir.write("1\ta\n" + row + "x\n2\tb\n"));
    chunks::StreamChunks chunks(*longer, size, text::Dialect{}, 0, 1000);
    try {
      while (chunks.next()) {
      }
      ADD_FAILURE() << "a row over the limit was cut, chunk size " << size;
    } catch (const Failure& f) {
      EXPECT_EQ(f.code(), ExitCode::input);
      EXPECT_NE(std::string(f.what()).find(":2 (byte 4): this row runs on for more than 1000 bytes"),
                std::string::npos) << f.what();
    }
    EXPECT_FALSE(chunks.next().has_value()) << size;  // not "x\n2\tb\n" from the middle of the row
    ASSERT_TRUE(chunks.unread().has_value());  // the row's start; or the file's, all of it read in one chunk
    EXPECT_EQ(chunks.unread()->begin, size == 5000 ? 0u : 4u) << size;
  }
}

// The same row in a mapped file: found in a chunk longer than the limit, with its line.
TEST(FindLongRow, FindsTheFirstRowOverTheLimit) {
  const std::string file = "1\ta\n" + std::string(10, 'x') + "\n" + std::string(11, 'y') + "\nz";
  Chunk chunk{0, 0, file.size()};
  chunk.first_line = 1;
  auto at = text::find_long_row(file, chunk, text::Dialect{}, 10);
  ASSERT_TRUE(at.has_value());
  EXPECT_EQ(at->byte_offset, 15u);
  EXPECT_EQ(at->line, 3u);
  EXPECT_FALSE(text::find_long_row(file, chunk, text::Dialect{}, 11).has_value());
}

}  // namespace
}  // namespace fastload::input
