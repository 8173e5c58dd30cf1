// The chunk sources (chunks/chunk_source.h) the workers pull from, and the
// book (load/chunk_book.h) their outcomes go into: every chunk handed out
// once, with its bytes, whatever the input and however many workers pull.
#include "chunks/chunks.h"

#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "base/base.h"
#include "compressed_samples.h"
#include "input/input.h"
#include "load/chunk_book.h"
#include "temp_dir.h"

namespace fastload::chunks {
namespace {

std::string rows(int n, int from = 1) {
  std::string text;
  for (int i = from; i < from + n; ++i) text += std::to_string(i) + "\tvalue " + std::to_string(i) + "\n";
  return text;
}

std::vector<Chunk> split(std::string_view bytes, std::uint64_t size, std::size_t file = 0) {
  std::vector<Chunk> chunks = chunks::split(bytes, size, 1, text::Dialect{});
  for (Chunk& c : chunks) c.file = file;
  return chunks;
}

// Everything `source` gives, in the order it gives it.
std::vector<ChunkText> drain(ChunkSource& source) {
  std::vector<ChunkText> all;
  while (std::optional<ChunkText> text = source.next()) all.push_back(std::move(*text));
  return all;
}

TEST(MappedChunks, GivesEachChunkWithItsBytesInOrder) {
  TempDir dir;
  const std::string content = rows(100);
  input::MappedFile file(dir.write(content));
  std::vector<Chunk> chunks = split(file.bytes(), 128);
  ASSERT_GT(chunks.size(), 3u);
  MappedChunks source(file, chunks);
  EXPECT_EQ(source.count(), chunks.size());
  std::vector<ChunkText> given = drain(source);
  ASSERT_EQ(given.size(), chunks.size());
  for (std::size_t i = 0; i < given.size(); ++i) {
    EXPECT_EQ(given[i].chunk.index, chunks[i].index);
    EXPECT_EQ(given[i].bytes, content.substr(chunks[i].begin, chunks[i].size()));
    EXPECT_EQ(given[i].input_bytes, chunks[i].size());
    EXPECT_EQ(given[i].from, &source);
    EXPECT_EQ(given[i].last, i + 1 == given.size());
    EXPECT_TRUE(given[i].verified);
  }
  EXPECT_EQ(source.count(), 0u);
  EXPECT_FALSE(source.next());
}

TEST(MappedChunks, GivesOnlyTheChunksListed) {
  TempDir dir;
  input::MappedFile file(dir.write(rows(50)));
  std::vector<Chunk> chunks = split(file.bytes(), 64);
  std::vector<Chunk> todo = {chunks[1], chunks[3]};
  MappedChunks source(file, todo);
  std::vector<ChunkText> given = drain(source);
  ASSERT_EQ(given.size(), 2u);
  EXPECT_EQ(given[0].chunk.index, 1u);
  EXPECT_EQ(given[1].chunk.index, 3u);
}

TEST(MappedChunks, SaysWhenTheFileChangedUnderIt) {
  TempDir dir;
  const std::string path = dir.write(rows(20));
  input::MappedFile file(path);
  MappedChunks source(file, split(file.bytes(), 64));
  std::optional<ChunkText> first = source.next();
  ASSERT_TRUE(first);
  EXPECT_EQ(source.changed(first->chunk), "");
  std::filesystem::resize_file(path, 10);
  EXPECT_NE(source.changed(first->chunk), "");
}

TEST(MappedChunks, ACopyOfAFileCutShortUnderItIsAReadError) {
  TempDir dir;
  const std::string content = rows(3000);  // several pages
  ASSERT_GT(content.size(), 3 * 4096u);
  const std::string path = dir.write(content);
  input::MappedFile file(path);
  std::vector<Chunk> chunks = split(file.bytes(), 4096);
  MappedChunks source(file, chunks, true);
  std::optional<ChunkText> first = source.next();
  ASSERT_TRUE(first);
  EXPECT_EQ(first->bytes, content.substr(0, chunks[0].size()));
  EXPECT_NE(first->bytes.data(), file.bytes().data());  // a copy, owned by the chunk
  std::filesystem::resize_file(path, 10);  // the later chunks' pages are gone: SIGBUS, were they read in place
  try {
    while (source.next()) {
    }
    FAIL() << "no error";
  } catch (const Failure& f) {
    EXPECT_EQ(f.code(), ExitCode::input);
    EXPECT_NE(std::string(f.what()).find("the file shrank while it loaded"), std::string::npos) << f.what();
  }
}

TEST(StreamedChunks, CutsTheStreamAndOwnsTheBytes) {
  TempDir dir;
  const std::string content = rows(200);
  auto stream = input::open_stream(dir.write(input::samples::gzip(content)));
  chunks::StreamChunks cutter(*stream, 256, text::Dialect{});
  ReadAhead ahead(cutter, {.tmpdir = dir.path()});
  StreamedChunks source(cutter, &ahead);
  EXPECT_FALSE(source.count());  // not known before it is read
  std::vector<ChunkText> given = drain(source);
  ASSERT_GT(given.size(), 3u);
  std::string joined;
  for (const ChunkText& text : given) {
    EXPECT_EQ(text.chunk.begin, joined.size());
    EXPECT_EQ(text.from, &source);
    ASSERT_TRUE(text.storage);
    EXPECT_EQ(text.bytes.data(), text.storage->data());
    EXPECT_TRUE(source.wait_verified(text.chunk, [] { return false; }));
    joined += text.bytes;
  }
  EXPECT_EQ(joined, content);
  EXPECT_TRUE(given.back().last);
  EXPECT_FALSE(given.front().last);
}

TEST(StreamedChunks, ADamagedFileFailsItsChecks) {
  TempDir dir;
  std::string damaged = input::samples::gzip(rows(200));
  damaged[damaged.size() - 6] ^= 0x55;  // the CRC at the member's end
  auto stream = input::open_stream(dir.write(damaged));
  chunks::StreamChunks cutter(*stream, 1 << 20, text::Dialect{});
  ReadAhead ahead(cutter, {.tmpdir = dir.path()});
  StreamedChunks source(cutter, &ahead);
  EXPECT_THROW(source.next(), Failure);  // its one chunk is past every check that passed: never handed out
  Chunk whole;
  whole.end = rows(200).size();
  EXPECT_THROW(source.wait_verified(whole, [] { return false; }), Failure);
}

TEST(ChunkQueue, DrainsItsSourcesOneAfterTheOther) {
  TempDir dir;
  input::MappedFile a(dir.write(rows(40), "a.tsv")), b(dir.write(rows(40, 41), "b.tsv"));
  MappedChunks first(a, split(a.bytes(), 100, 0)), second(b, split(b.bytes(), 100, 1));
  const std::size_t total = *first.count() + *second.count();
  ChunkQueue queue({&first, &second});
  EXPECT_EQ(queue.count(), total);
  std::vector<ChunkText> given = drain(queue);
  ASSERT_EQ(given.size(), total);
  for (std::size_t i = 1; i < given.size(); ++i)
    EXPECT_LE(given[i - 1].chunk.file, given[i].chunk.file);
  EXPECT_EQ(given.front().from, &first);
  EXPECT_EQ(given.back().from, &second);
}

TEST(ChunkQueue, GivesEveryChunkOnceToWorkersPullingAtOnce) {
  TempDir dir;
  const std::string content = rows(2000);
  input::MappedFile mapped(dir.write(content, "a.tsv"));
  auto stream = input::open_stream(dir.write(input::samples::gzip(content), "b.tsv.gz"));
  chunks::StreamChunks cutter(*stream, 512, text::Dialect{}, 1);
  MappedChunks first(mapped, split(mapped.bytes(), 512, 0));
  StreamedChunks second(cutter, nullptr);
  ChunkQueue queue({&first, &second});
  EXPECT_FALSE(queue.count());  // a stream's count is not known
  std::mutex mutex;
  std::set<std::pair<std::size_t, std::size_t>> seen;
  std::atomic<std::uint64_t> bytes{0};
  std::vector<std::thread> workers;
  for (int w = 0; w < 4; ++w)
    workers.emplace_back([&] {
      while (std::optional<ChunkText> text = queue.next()) {
        bytes += text->bytes.size();
        std::lock_guard<std::mutex> lock(mutex);
        EXPECT_TRUE(seen.insert({text->chunk.file, text->chunk.index}).second);
      }
    });
  for (std::thread& t : workers) t.join();
  EXPECT_EQ(bytes.load(), 2 * content.size());
}

TEST(ChunkBook, KeepsOutcomesAndGivesChunksBackInInputOrder) {
  std::vector<Chunk> split_before = {{.index = 0, .end = 10, .file = 0}, {.index = 1, .begin = 10, .end = 20, .file = 0}};
  std::vector<load::ChunkOutcome> outcomes(2);
  outcomes[1].state = ChunkState::loaded_before;
  load::ChunkBook book(split_before, std::move(outcomes));
  EXPECT_EQ(book.outcome_of(split_before[1]).state, ChunkState::loaded_before);
  // A stream's chunks arrive as they are cut, in any order among the workers.
  book.outcome_of({.index = 1, .begin = 5, .end = 9, .file = 1}).state = ChunkState::committed;
  book.outcome_of({.index = 0, .end = 5, .file = 1}).state = ChunkState::failed;
  book.outcome_of(split_before[0]).state = ChunkState::committed;
  std::vector<Chunk> chunks;
  std::vector<load::ChunkOutcome> taken;
  book.take(chunks, taken);
  ASSERT_EQ(chunks.size(), 4u);
  const std::vector<std::pair<std::size_t, std::size_t>> order = {{0, 0}, {0, 1}, {1, 0}, {1, 1}};
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(std::make_pair(chunks[i].file, chunks[i].index), order[i]);
  EXPECT_EQ(taken[0].state, ChunkState::committed);
  EXPECT_EQ(taken[1].state, ChunkState::loaded_before);
  EXPECT_EQ(taken[2].state, ChunkState::failed);
  EXPECT_EQ(chunks[3].begin, 5u);
}

}  // namespace
}  // namespace fastload::chunks
