// split(), verify_chunks() and locate_row() against a serial reference that
// reads the file left to right once, the way the server does, in every dialect.
#include "chunks/chunks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <mutex>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>

#include "base/base.h"
#include "dialect_cases.h"
#include "read_info_model.h"
#include "text/text.h"

namespace fastload::chunks {
namespace {

constexpr unsigned kThreadCounts[] = {1, 2, 3, 8};
constexpr unsigned kOneThread[] = {1};

// Row starts (from the model of the server's reading) and line numbers.
class Reference {
 public:
  explicit Reference(std::string_view file, const text::Dialect& dialect = text::Dialect{})
      : size_(file.size()), lines_before_(file.size() + 1) {
    for (const model::ModelRow& row : model::ReadInfo(file, dialect).rows()) row_starts_.push_back(row.begin);
    header_end_ = row_starts_.empty() ? size_ : row_starts_.front();
    std::uint64_t lines = 0;
    for (std::uint64_t i = 0; i < size_; ++i) {
      lines_before_[i] = lines;
      lines += file[i] == '\n';
    }
    lines_before_[size_] = lines;
  }

  std::uint64_t header_end() const { return header_end_; }
  std::uint64_t rows() const { return row_starts_.size(); }
  std::uint64_t row_start(std::uint64_t row_index) const { return row_starts_[row_index]; }
  bool is_row_start(std::uint64_t offset) const {
    return std::binary_search(row_starts_.begin(), row_starts_.end(), offset);
  }
  std::uint64_t line_at(std::uint64_t offset) const { return 1 + lines_before_[offset]; }

  // Rows starting before `offset`: the 0-based index of the first row at or after it.
  std::uint64_t rows_before(std::uint64_t offset) const {
    return std::lower_bound(row_starts_.begin(), row_starts_.end(), offset) - row_starts_.begin();
  }

  // The chunks split() must give, built from row starts alone.
  std::vector<Chunk> chunks(std::uint64_t chunk_size) const {
    std::vector<std::uint64_t> boundaries{header_end_};
    for (std::uint64_t target = chunk_size; target < size_; target += chunk_size) {
      const std::uint64_t row = rows_before(target);
      const std::uint64_t boundary = row < rows() ? row_starts_[row] : size_;
      if (boundary != boundaries.back()) boundaries.push_back(boundary);
    }
    if (boundaries.back() != size_) boundaries.push_back(size_);
    std::vector<Chunk> chunks;
    for (std::size_t k = 0; k + 1 < boundaries.size(); ++k) {
      const std::uint64_t begin = boundaries[k], end = boundaries[k + 1];
      chunks.push_back({.index = k, .begin = begin, .end = end,
                        .rows = rows_before(end) - rows_before(begin),
                        .lines = lines_before_[end] - lines_before_[begin],
                        .first_line = line_at(begin), .first_row = 1 + rows_before(begin)});
    }
    return chunks;
  }

 private:
  std::uint64_t size_;
  std::uint64_t header_end_ = 0;
  std::vector<std::uint64_t> row_starts_;
  std::vector<std::uint64_t> lines_before_;  // LF bytes in [0, i)
};

std::string describe(const std::vector<Chunk>& chunks) {
  std::string text;
  for (const Chunk& c : chunks) {
    text += "#" + std::to_string(c.index) + " [" + std::to_string(c.begin) + "," +
            std::to_string(c.end) + ") rows " + std::to_string(c.rows) + " lines " +
            std::to_string(c.lines) + " first_line " + std::to_string(c.first_line) +
            " first_row " + std::to_string(c.first_row) + "\n";
  }
  return text;
}

// What must hold whatever the chunk size: the chunks tile the file at row starts
// and their counts add up to the file's.
void expect_invariants(std::string_view file, const Reference& reference, const std::vector<Chunk>& chunks,
                       const text::Dialect& dialect) {
  std::uint64_t next_begin = reference.header_end(), rows = 0, lines = 0;
  for (const Chunk& chunk : chunks) {
    EXPECT_EQ(chunk.begin, next_begin);
    EXPECT_LT(chunk.begin, chunk.end);
    EXPECT_TRUE(reference.is_row_start(chunk.begin)) << chunk.begin;
    next_begin = chunk.end;
    rows += chunk.rows;
    lines += chunk.lines;
  }
  EXPECT_EQ(next_begin, file.size());
  EXPECT_EQ(rows, reference.rows());
  EXPECT_EQ(lines, reference.line_at(file.size()) - reference.line_at(reference.header_end()));
  EXPECT_NO_THROW(verify_chunks(file, chunks, dialect));
}

// Splits `file` once and compares the chunks with the reference's; a failure
// names the case (built only then: the fuzz test runs thousands of cases).
void expect_split_matches(std::string_view file, const Reference& reference, std::uint64_t chunk_size,
                          unsigned threads, const text::Dialect& dialect = text::Dialect{}) {
  const std::vector<Chunk> chunks = split(file, chunk_size, threads, dialect);
  expect_invariants(file, reference, chunks, dialect);
  EXPECT_EQ(describe(chunks), describe(reference.chunks(chunk_size)));
  if (testing::Test::HasFailure()) {
    ADD_FAILURE() << fastload::text::describe(dialect) << ", chunk size " << chunk_size << ", " << threads
                  << " threads, file "
                  << (file.size() <= 500 ? testing::PrintToString(std::string(file))
                                         : std::to_string(file.size()) + " bytes");
  }
}

// Every chunk size with every thread count, stopping at the first failure.
void expect_splits_match(std::string_view file, std::span<const std::uint64_t> chunk_sizes,
                         std::span<const unsigned> thread_counts, const text::Dialect& dialect = text::Dialect{}) {
  const Reference reference(file, dialect);
  for (std::uint64_t chunk_size : chunk_sizes) {
    for (unsigned threads : thread_counts) {
      expect_split_matches(file, reference, chunk_size, threads, dialect);
      if (testing::Test::HasFailure()) return;
    }
  }
}

std::vector<std::uint64_t> sizes_1_to_64() {
  std::vector<std::uint64_t> sizes(64);
  for (std::uint64_t i = 0; i < sizes.size(); ++i) sizes[i] = i + 1;
  return sizes;
}

// Rows full of what makes row ends hard to find: escaped LFs and tabs,
// backslash runs of every length before LFs and elsewhere, \N, CRs, UTF-8 and
// empty lines; the file may or may not end with an LF, or end with a backslash.
std::string tricky_file(std::uint32_t seed, std::size_t pieces) {
  static const std::string kPieces[] = {
      "abc", "12345", "\t", "\\\t", "\\N", "\r", "\r\n", "\n", "\\\n",
      "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\\\\", "x\\"};
  std::mt19937 rng(seed);
  std::uniform_int_distribution<std::size_t> piece(0, std::size(kPieces));
  std::uniform_int_distribution<std::size_t> run_length(0, 9);
  std::string file;
  for (std::size_t i = 0; i < pieces; ++i) {
    const std::size_t choice = piece(rng);
    if (choice < std::size(kPieces)) {
      file += kPieces[choice];
    } else {  // a backslash run before an LF or before an ordinary byte
      file += std::string(run_length(rng), '\\') + (rng() % 2 ? "\n" : "q");
    }
  }
  switch (rng() % 4) {
    case 0: file += '\n'; break;
    case 1: while (!file.empty() && file.back() == '\n') file.pop_back(); break;
    case 2: file += '\\'; break;
    default: break;
  }
  return file;
}

TEST(Split, EdgeFiles) {
  const std::string files[] = {
      "",         "\n",         "\n\n",        "a",          "a\n",
      "\\",       "a\\",        "a\\\n",       "a\\\\\n",    "abc\tdef\n",
      "a\nb",     "\\\n\\\n",   "a\\\\\\\nb",  "\r\n\r\n",   "\\N\t\\N\n",
      std::string(100, 'x'), std::string(100, 'x') + "\n", std::string(100, '\n'),
      std::string(99, '\\') + "\n", std::string(100, '\\') + "\n"};
  for (const std::string& file : files) {
    expect_splits_match(file, sizes_1_to_64(), kThreadCounts);
    if (HasFailure()) return;
  }
}

TEST(Split, EmptyFileGivesNoChunks) {
  EXPECT_TRUE(split("", 10, 4, text::Dialect{}).empty());
  EXPECT_NO_THROW(verify_chunks("", {}, text::Dialect{}));
}

// Threads cost their start-up time in every split: many seeds run on one thread,
// a few on all thread counts.
TEST(Split, TrickyFilesAtSmallChunkSizes) {
  for (std::uint32_t seed = 1; seed <= 40; ++seed) {
    const std::string file = tricky_file(seed, 40 + seed * 5);
    using ThreadCounts = std::span<const unsigned>;
    const ThreadCounts thread_counts =
        seed <= 4 ? ThreadCounts(kThreadCounts) : ThreadCounts(kOneThread);
    expect_splits_match(file, sizes_1_to_64(), thread_counts);
    if (HasFailure()) return;
  }
}

TEST(Split, TrickyFilesAtLargeChunkSizes) {
  const std::uint64_t chunk_sizes[] = {1000, 4096, 65536, 1 << 20};
  for (std::uint32_t seed = 100; seed < 103; ++seed) {
    expect_splits_match(tricky_file(seed, 100'000), chunk_sizes, kThreadCounts);
    if (HasFailure()) return;
  }
}

TEST(Split, ASingleRowIsOneChunk) {
  const std::string file = "a\\\nb\\\tc\\\\" + std::string(200, 'x') + "\n";
  for (std::uint64_t chunk_size : {1, 7, 64, 1000}) {
    const std::vector<Chunk> chunks = split(file, chunk_size, 3, text::Dialect{});
    ASSERT_EQ(chunks.size(), 1u);
    EXPECT_EQ(chunks[0].rows, 1u);
    EXPECT_EQ(chunks[0].lines, 2u);
  }
}

TEST(Split, ReleasesEachChunkOnce) {
  const std::string file = tricky_file(7, 2000);
  std::mutex mutex;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> released;
  auto release = [&](std::uint64_t begin, std::uint64_t end) {
    std::lock_guard<std::mutex> lock(mutex);
    released.emplace_back(begin, end);
  };
  const std::vector<Chunk> chunks = split(file, 100, 4, text::Dialect{}, release);
  std::sort(released.begin(), released.end());
  ASSERT_EQ(released.size(), chunks.size());
  for (std::size_t k = 0; k < chunks.size(); ++k) {
    EXPECT_EQ(released[k], std::make_pair(chunks[k].begin, chunks[k].end));
  }
}

// A chunk larger than the release step (--mode bulk: the whole file) is handed
// back in overlapping pieces as it is counted, in both splitters.
TEST(Split, ReleasesALargeChunkInPiecesThatCoverIt) {
  std::string file;
  for (int row = 0; file.size() < (20u << 20); ++row) file += std::to_string(row) + "\t\"a,b\"\tsome text\n";
  for (const text::Dialect& dialect : {text::Dialect{}, text::csv_dialect()}) {
    std::vector<std::pair<std::uint64_t, std::uint64_t>> released;
    const std::vector<Chunk> chunks =
        split(file, file.size(), 2, dialect, [&](std::uint64_t begin, std::uint64_t end) {
          released.emplace_back(begin, end);  // one chunk: one thread calls
        });
    ASSERT_EQ(chunks.size(), 1u);
    ASSERT_GE(released.size(), 3u);
    std::uint64_t covered = 0;
    for (const auto& [begin, end] : released) {
      EXPECT_LE(begin, covered) << "a gap before byte " << begin;
      EXPECT_GT(end, covered);
      EXPECT_LE(end - begin, 17u << 20);  // two pieces of 8 MB, each ending at the next row end or scan block
      covered = end;
    }
    EXPECT_EQ(released.front().first, 0u);
    EXPECT_EQ(covered, file.size());
  }
}

TEST(Split, RejectsAZeroChunkSize) {
  EXPECT_THROW(split("a\n", 0, 1, text::Dialect{}), Failure);
}

// One thread: the other tests cover threads, this one covers odd inputs.
TEST(Split, RandomBytesFuzz) {
  const char alphabet[] = {'a', '\\', '\n', '\t', '\r', 'N', '\xC3', '\xA9'};
  std::mt19937 rng(2024);
  for (int iteration = 0; iteration < 20000; ++iteration) {
    std::string file(rng() % 120, '\0');
    for (char& byte : file) byte = alphabet[rng() % std::size(alphabet)];
    expect_split_matches(file, Reference(file), 1 + rng() % 40, 1);
    if (HasFailure()) return;
  }
}

// Every dialect: random files with and without header lines, every small
// chunk size; the parallel split (local dialects) and the one scan (others)
// against the model's serial reading.
TEST(Split, DialectsFuzz) {
  std::mt19937 rng(7);
  for (const text::Dialect& base : testing_dialects::all()) {
    for (int iteration = 0; iteration < 200; ++iteration) {
      text::Dialect d = base;
      d.skip_rows = iteration % 3 == 0 ? rng() % 3 : 0;
      const std::string file = iteration % 2 == 0 ? testing_dialects::random_text(rng, d, static_cast<int>(rng() % 50))
                                                  : testing_dialects::random_rows(rng, d, static_cast<int>(rng() % 12));
      using ThreadCounts = std::span<const unsigned>;
      const ThreadCounts threads = iteration < 3 ? ThreadCounts(kThreadCounts) : ThreadCounts(kOneThread);
      expect_splits_match(file, sizes_1_to_64(), threads, d);
      if (HasFailure()) return;
    }
  }
}

TEST(Split, DialectsAtLargeChunkSizes) {
  const std::uint64_t chunk_sizes[] = {1000, 4096, 65536};
  std::mt19937 rng(8);
  for (const text::Dialect& d : testing_dialects::all()) {
    expect_splits_match(testing_dialects::random_text(rng, d, 30'000), chunk_sizes, kThreadCounts, d);
    expect_splits_match(testing_dialects::random_rows(rng, d, 3'000), chunk_sizes, kThreadCounts, d);
    if (HasFailure()) return;
  }
}

TEST(LocateRow, MatchesTheReferenceInEveryDialect) {
  std::mt19937 rng(98);
  for (text::Dialect d : testing_dialects::all()) {
    d.skip_rows = 1;
    const std::string file = testing_dialects::random_text(rng, d, 400);
    const Reference reference(file, d);
    const text::RowScanner scanner(d);
    for (const Chunk& chunk : split(file, 1 + rng() % 200, 2, d)) {
      for (std::uint64_t row = 1; row <= chunk.rows + 1; ++row) {
        const text::RowPosition position = scanner.locate_row(file, chunk, row);
        const std::uint64_t offset = row <= chunk.rows ? reference.row_start(chunk.first_row - 1 + row - 1) : chunk.end;
        ASSERT_EQ(position.byte_offset, offset)
            << fastload::text::describe(d) << ", chunk " << chunk.index << ", row " << row;
        ASSERT_EQ(position.line, reference.line_at(offset)) << fastload::text::describe(d) << ", chunk " << chunk.index;
      }
    }
  }
}

TEST(LocateRow, MatchesTheReference) {
  std::mt19937 rng(99);
  for (std::uint32_t seed = 200; seed < 230; ++seed) {
    const std::string file = tricky_file(seed, 300);
    const Reference reference(file);
    for (const Chunk& chunk : split(file, 1 + rng() % 200, 2, text::Dialect{})) {
      for (std::uint64_t row = 1; row <= chunk.rows + 1; ++row) {
        const text::RowPosition position = text::RowScanner(text::Dialect{}).locate_row(file, chunk, row);
        const std::uint64_t row_index = chunk.first_row - 1 + row - 1;
        const std::uint64_t offset =
            row <= chunk.rows ? reference.row_start(row_index) : chunk.end;
        ASSERT_EQ(position.byte_offset, offset) << "chunk " << chunk.index << ", row " << row;
        ASSERT_EQ(position.line, reference.line_at(offset)) << "chunk " << chunk.index;
      }
    }
  }
}

// A valid split of a file with several chunks, for tampering with.
class VerifyChunks : public testing::Test {
 protected:
  const std::string file = "r0\nr1\\\nstill r1\nr2\n\nr4\nr5\tx\n";
  std::vector<Chunk> chunks = split(file, 2, 1, text::Dialect{});

  void SetUp() override { ASSERT_GE(chunks.size(), 5u); }

  void expect_rejected(const std::string& chunk_named, const std::string& problem) {
    try {
      verify_chunks(file, chunks, text::Dialect{});
      ADD_FAILURE() << "accepted: " << describe(chunks);
    } catch (const Failure& error) {
      EXPECT_EQ(error.code(), ExitCode::internal);
      const std::string message = error.what();
      EXPECT_NE(message.find(chunk_named), std::string::npos) << message;
      EXPECT_NE(message.find(problem), std::string::npos) << message;
    }
  }
};

TEST_F(VerifyChunks, AcceptsTheSplit) { EXPECT_NO_THROW(verify_chunks(file, chunks, text::Dialect{})); }

TEST_F(VerifyChunks, RejectsAFirstChunkNotAtZero) {
  chunks[0].begin = 1;
  expect_rejected("chunk 0 ", "expected byte 0");
}

TEST_F(VerifyChunks, RejectsAGap) {
  chunks[2].begin += 1;
  expect_rejected("chunk 2 ", "where the previous chunk ends");
}

TEST_F(VerifyChunks, RejectsAnOverlap) {
  chunks[2].begin -= 1;
  expect_rejected("chunk 2 ", "where the previous chunk ends");
}

TEST_F(VerifyChunks, RejectsALastChunkShortOfTheEnd) {
  chunks.back().end -= 1;
  expect_rejected("chunk " + std::to_string(chunks.size() - 1) + " ", "not at the end");
}

TEST_F(VerifyChunks, RejectsAChunkPastTheEnd) {
  chunks.back().end += 1;
  expect_rejected("chunk " + std::to_string(chunks.size() - 1) + " ", "past the end");
}

TEST_F(VerifyChunks, RejectsMissingChunks) {
  chunks.pop_back();
  expect_rejected("chunk " + std::to_string(chunks.size() - 1) + " ", "not at the end");
  chunks.clear();
  expect_rejected("no chunks", "bytes");
}

TEST_F(VerifyChunks, RejectsAnEmptyChunk) {
  Chunk empty = chunks[1];
  empty.begin = empty.end;
  empty.lines = empty.rows = 0;
  chunks.insert(chunks.begin() + 2, empty);
  for (std::size_t k = 0; k < chunks.size(); ++k) chunks[k].index = k;
  chunks[2].first_line = chunks[3].first_line;
  chunks[2].first_row = chunks[3].first_row;
  expect_rejected("chunk 2 ", "no bytes");
}

TEST_F(VerifyChunks, RejectsABoundaryInsideARow) {
  chunks[1].end -= 1;
  chunks[2].begin -= 1;
  expect_rejected("chunk 2 ", "not a row start");
}

TEST_F(VerifyChunks, RejectsABoundaryAfterAnEscapedNewline) {
  // The LF of "r1\\\n" is escaped: the byte after it is still in row r1.
  const std::uint64_t after_escaped_newline = file.find("still");
  chunks = {{.index = 0, .begin = 0, .end = after_escaped_newline, .rows = 1, .lines = 2},
            {.index = 1, .begin = after_escaped_newline, .end = file.size(), .rows = 5, .lines = 5,
             .first_line = 3, .first_row = 2}};
  expect_rejected("chunk 1 ", "not a row start");
}

TEST_F(VerifyChunks, RejectsAWrongFirstLine) {
  chunks[3].first_line += 1;
  expect_rejected("chunk 3 ", "first_line");
}

TEST_F(VerifyChunks, RejectsAWrongFirstRow) {
  chunks[3].first_row -= 1;
  expect_rejected("chunk 3 ", "first_row");
}

TEST(VerifyChunksInADialect, RejectsABoundaryNotAfterALineTerminatorAndChecksTheHeader) {
  text::Dialect csv = text::csv_dialect();
  csv.skip_rows = 1;
  const std::string file = "h\n1,\"a\nb\"\n2,c\n";
  std::vector<Chunk> chunks = split(file, 1, 1, csv);
  ASSERT_EQ(chunks.size(), 2u);
  EXPECT_EQ(chunks[0].begin, 2u);
  EXPECT_EQ(chunks[0].first_line, 2u);
  EXPECT_NO_THROW(verify_chunks(file, chunks, csv));
  std::vector<Chunk> cut = chunks;
  cut[0].end = cut[1].begin = file.find(",c");  // inside a row, not after a line end (one after the
                                                // quoted LF would take a scan to refuse: the split is that scan)
  EXPECT_THROW(verify_chunks(file, cut, csv), Failure);
  std::vector<Chunk> header = chunks;
  header[0].begin = 0;  // the header is not a row
  EXPECT_THROW(verify_chunks(file, header, csv), Failure);
}

TEST_F(VerifyChunks, RejectsAWrongIndex) {
  std::swap(chunks[1].index, chunks[2].index);
  expect_rejected("chunk 1 ", "has index 2");
}

}  // namespace
}  // namespace fastload::chunks
