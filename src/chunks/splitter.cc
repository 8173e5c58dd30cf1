#include "chunks/splitter.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "base/base.h"
#include "text/text.h"

namespace fastload::chunks {

namespace {

// The first multiple of chunk_size past `offset`: where the chunk starting there should end.
std::uint64_t next_target(std::uint64_t offset, std::uint64_t chunk_size) {
  return (offset / chunk_size + 1) * chunk_size;
}

// The splitter hands mapped bytes back after reading at most this many more, so
// a chunk as large as the file (--mode bulk) is never resident whole.
constexpr std::uint64_t kReleaseStep = 8 << 20;

// Rows and lines of [begin, end) (both row starts), counted in pieces that end
// at row starts. Each piece is handed back together with the one before it, so
// the page two pieces share is whole in one range.
text::RangeCounts count_in_pieces(std::string_view file, std::uint64_t begin, std::uint64_t end, const text::RowScanner& scanner,
                            const DoneWithBytes& done_with_bytes) {
  text::RangeCounts total;
  std::uint64_t previous = begin;  // where the piece before this one began
  for (std::uint64_t from = begin; from < end;) {
    // `end` is a row start, so the first one past from + kReleaseStep is not past it.
    std::uint64_t to = end - from <= kReleaseStep ? end : scanner.next_row_start(file, from + kReleaseStep);
    text::RangeCounts piece = scanner.count_rows(file, from, to);
    total.rows += piece.rows;
    total.lines += piece.lines;
    if (done_with_bytes) done_with_bytes(previous, to);
    previous = from;
    from = to;
  }
  return total;
}

// Row starts at or after each multiple of `chunk_size` past `start`, framed by
// `start` and the file size, without repeats: consecutive pairs are the
// non-empty chunks. Each is found on its own, in parallel.
std::vector<std::uint64_t> find_boundaries(std::string_view file, std::uint64_t start, std::uint64_t chunk_size,
                                           unsigned threads, const text::RowScanner& scanner) {
  const std::uint64_t size = file.size();
  const std::uint64_t first = next_target(start, chunk_size);
  const std::uint64_t targets = first < size ? (size - 1 - first) / chunk_size + 1 : 0;  // multiples inside
  std::vector<std::uint64_t> boundaries(targets + 2);
  boundaries.front() = start;
  boundaries.back() = size;
  parallel_for(targets, threads, [&](std::size_t k, unsigned) {
    boundaries[k + 1] = scanner.next_row_start(file, first + k * chunk_size);
  });
  // A row longer than chunk_size makes several targets land on the same row start.
  boundaries.erase(std::unique(boundaries.begin(), boundaries.end()), boundaries.end());
  return boundaries;
}

std::vector<Chunk> split_local(std::string_view file, std::uint64_t start, std::uint64_t chunk_size,
                               unsigned threads, const text::RowScanner& scanner, const DoneWithBytes& done_with_bytes) {
  const std::vector<std::uint64_t> boundaries = find_boundaries(file, start, chunk_size, threads, scanner);
  std::vector<Chunk> chunks(boundaries.size() - 1);
  parallel_for(chunks.size(), threads, [&](std::size_t index, unsigned) {
    Chunk& chunk = chunks[index];
    chunk.index = index;
    chunk.begin = boundaries[index];
    chunk.end = boundaries[index + 1];
    const text::RangeCounts counts = count_in_pieces(file, chunk.begin, chunk.end, scanner, done_with_bytes);
    chunk.rows = counts.rows;
    chunk.lines = counts.lines;
  });
  return chunks;
}

// One scan from `start`: whether a byte ends a row depends on all before it.
std::vector<Chunk> split_sequential(std::string_view file, std::uint64_t start, std::uint64_t chunk_size,
                                    const text::RowScanner& scanner, const DoneWithBytes& done_with_bytes) {
  std::vector<Chunk> chunks;
  Chunk chunk;
  chunk.begin = start;
  std::uint64_t counted = start;  // the current chunk's lines are counted up to here
  std::uint64_t previous = start;  // where the piece counted last began (see count_in_pieces)
  const auto count_to = [&](std::uint64_t end) {
    chunk.lines += text::count_lines(file, counted, end);
    if (done_with_bytes) done_with_bytes(previous, end);
    previous = counted;
    counted = end;
  };
  const auto close = [&](std::uint64_t end) {
    if (counted < end) count_to(end);
    chunk.index = chunks.size();
    chunk.end = end;
    chunks.push_back(chunk);
    chunk = Chunk{};
    chunk.begin = previous = counted = end;
  };
  std::uint64_t target = next_target(start, chunk_size);
  scanner.for_each_row_end(file, start, [&](std::span<const std::uint64_t> next_row_starts) {
    for (std::uint64_t next_row_start : next_row_starts) {
      ++chunk.rows;
      if (next_row_start < target || next_row_start == file.size()) continue;
      close(next_row_start);
      target = next_target(next_row_start, chunk_size);
    }
    if (!next_row_starts.empty() && next_row_starts.back() - counted >= kReleaseStep) count_to(next_row_starts.back());
  });
  close(file.size());
  return chunks;
}

void number_lines_and_rows(std::vector<Chunk>& chunks, std::uint64_t first_line) {
  std::uint64_t next_line = first_line;
  std::uint64_t next_row = 1;
  for (Chunk& chunk : chunks) {
    chunk.first_line = next_line;
    chunk.first_row = next_row;
    next_line += chunk.lines;
    next_row += chunk.rows;
  }
}

// Chunks are named by their position in the list, which is what was checked.
[[noreturn]] void reject(std::size_t position, const Chunk& chunk, const std::string& problem) {
  throw internal_error("chunk " + std::to_string(position) + " (bytes " + std::to_string(chunk.begin) + ".." +
                       std::to_string(chunk.end) + "): " + problem);
}

// Checks what `chunk` alone can show, given where it must begin and what its
// first line and row must be.
void verify_chunk(std::string_view file, const text::RowScanner& scanner, const Chunk& chunk, std::size_t position,
                  std::uint64_t expected_begin, std::uint64_t expected_line, std::uint64_t expected_row) {
  auto fail = [&](const std::string& problem) { reject(position, chunk, problem); };
  if (chunk.index != position) fail("has index " + std::to_string(chunk.index));
  if (chunk.begin != expected_begin)
    fail("begins at byte " + std::to_string(chunk.begin) + ", expected byte " +
         std::to_string(expected_begin) +
         (position == 0 ? " (where the header lines end)" : " (where the previous chunk ends)"));
  if (chunk.end <= chunk.begin) fail("holds no bytes");
  if (chunk.end > file.size())
    fail("ends past the end of the file (" + std::to_string(file.size()) + " bytes)");
  // Cheap when it holds: only the bytes right before `begin` are looked at.
  const std::string_view before = file.substr(0, chunk.begin);
  const bool row_start = position == 0 || (scanner.local() ? scanner.next_row_start(file, chunk.begin) == chunk.begin
                                                            : before.ends_with(scanner.line_terminator()));
  if (!row_start) fail("begins at byte " + std::to_string(chunk.begin) + ", which is not a row start");
  if (chunk.first_line != expected_line)
    fail("first_line is " + std::to_string(chunk.first_line) + ", expected " +
         std::to_string(expected_line));
  if (chunk.first_row != expected_row)
    fail("first_row is " + std::to_string(chunk.first_row) + ", expected " +
         std::to_string(expected_row));
}

}  // namespace

std::vector<Chunk> split(std::string_view file, std::uint64_t chunk_size, unsigned threads,
                         const text::Dialect& dialect, const DoneWithBytes& done_with_bytes) {
  if (chunk_size == 0) throw internal_error("split: chunk_size must be at least 1");
  const text::RowScanner scanner(dialect);
  const std::uint64_t start = scanner.first_row_start(file);
  if (start == file.size()) return {};
  std::vector<Chunk> chunks = scanner.local()
                                  ? split_local(file, start, chunk_size, threads, scanner, done_with_bytes)
                                  : split_sequential(file, start, chunk_size, scanner, done_with_bytes);
  number_lines_and_rows(chunks, 1 + text::count_lines(file, 0, start));
  return chunks;
}

// Looks only at the bytes just before each boundary, so it costs nothing next to a split.
void verify_chunks(std::string_view file, const std::vector<Chunk>& chunks, const text::Dialect& dialect) {
  const text::RowScanner scanner(dialect);
  std::uint64_t expected_begin = scanner.first_row_start(file);
  if (chunks.empty()) {
    if (expected_begin != file.size())
      throw internal_error("no chunks for a file of " + std::to_string(file.size()) + " bytes, " +
                           std::to_string(expected_begin) + " of them header lines");
    return;
  }
  std::uint64_t expected_line = 1 + text::count_lines(file, 0, expected_begin);
  std::uint64_t expected_row = 1;
  for (std::size_t position = 0; position < chunks.size(); ++position) {
    const Chunk& chunk = chunks[position];
    verify_chunk(file, scanner, chunk, position, expected_begin, expected_line, expected_row);
    expected_begin = chunk.end;
    expected_line += chunk.lines;
    expected_row += chunk.rows;
  }
  if (expected_begin != file.size())
    reject(chunks.size() - 1, chunks.back(),
           "the last chunk ends at byte " + std::to_string(expected_begin) +
               ", not at the end of the file (" + std::to_string(file.size()) + " bytes)");
}

}  // namespace fastload::chunks
