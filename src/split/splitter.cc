#include "split/splitter.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "fastload/parallel_for.h"
#include "split/row_scanner.h"

namespace fastload::split {

namespace {

// Row starts at or after each multiple of `chunk_size`, framed by 0 and the
// file size, without repeats: consecutive pairs are the non-empty chunks.
std::vector<std::uint64_t> find_boundaries(std::string_view file, std::uint64_t chunk_size,
                                           unsigned threads) {
  const std::uint64_t size = file.size();
  const std::uint64_t targets = (size - 1) / chunk_size;  // multiples strictly inside the file
  std::vector<std::uint64_t> boundaries(targets + 2);
  boundaries.front() = 0;
  boundaries.back() = size;
  parallel_for(targets, threads, [&](std::size_t k, unsigned) {
    boundaries[k + 1] = next_row_start(file, (k + 1) * chunk_size);
  });
  // A row longer than chunk_size makes several targets land on the same row start.
  boundaries.erase(std::unique(boundaries.begin(), boundaries.end()), boundaries.end());
  return boundaries;
}

void number_lines_and_rows(std::vector<Chunk>& chunks) {
  std::uint64_t next_line = 1;
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
  throw std::logic_error("chunk " + std::to_string(position) + " (bytes " +
                         std::to_string(chunk.begin) + ".." + std::to_string(chunk.end) +
                         "): " + problem);
}

// Checks what `chunk` alone can show, given where it must begin and what its
// first line and row must be.
void verify_chunk(std::string_view file, const Chunk& chunk, std::size_t position,
                  std::uint64_t expected_begin, std::uint64_t expected_line,
                  std::uint64_t expected_row) {
  auto fail = [&](const std::string& problem) { reject(position, chunk, problem); };
  if (chunk.index != position) fail("has index " + std::to_string(chunk.index));
  if (chunk.begin != expected_begin)
    fail("begins at byte " + std::to_string(chunk.begin) + ", expected byte " +
         std::to_string(expected_begin) +
         (position == 0 ? " (the file start)" : " (where the previous chunk ends)"));
  if (chunk.end <= chunk.begin) fail("holds no bytes");
  if (chunk.end > file.size())
    fail("ends past the end of the file (" + std::to_string(file.size()) + " bytes)");
  // Cheap when it holds: only the bytes right before `begin` are looked at.
  if (next_row_start(file, chunk.begin) != chunk.begin)
    fail("begins at byte " + std::to_string(chunk.begin) + ", which is not a row start");
  if (chunk.first_line != expected_line)
    fail("first_line is " + std::to_string(chunk.first_line) + ", expected " +
         std::to_string(expected_line));
  if (chunk.first_row != expected_row)
    fail("first_row is " + std::to_string(chunk.first_row) + ", expected " +
         std::to_string(expected_row));
}

}  // namespace

std::vector<Chunk> split(std::string_view file, std::uint64_t chunk_size, unsigned threads,
                         const DoneWithBytes& done_with_bytes) {
  if (chunk_size == 0) throw std::invalid_argument("split: chunk_size must be at least 1");
  if (file.empty()) return {};
  const std::vector<std::uint64_t> boundaries = find_boundaries(file, chunk_size, threads);
  std::vector<Chunk> chunks(boundaries.size() - 1);
  parallel_for(chunks.size(), threads, [&](std::size_t index, unsigned) {
    Chunk& chunk = chunks[index];
    chunk.index = index;
    chunk.begin = boundaries[index];
    chunk.end = boundaries[index + 1];
    const RangeCounts counts = count_rows(file, chunk.begin, chunk.end);
    chunk.rows = counts.rows;
    chunk.lines = counts.lines;
    if (done_with_bytes) done_with_bytes(chunk.begin, chunk.end);
  });
  number_lines_and_rows(chunks);
  return chunks;
}

// Looks only at the bytes just before each boundary, so it costs nothing next to a split.
void verify_chunks(std::string_view file, const std::vector<Chunk>& chunks) {
  if (chunks.empty()) {
    if (!file.empty())
      throw std::logic_error("no chunks for a file of " + std::to_string(file.size()) + " bytes");
    return;
  }
  std::uint64_t expected_begin = 0;
  std::uint64_t expected_line = 1;
  std::uint64_t expected_row = 1;
  for (std::size_t position = 0; position < chunks.size(); ++position) {
    const Chunk& chunk = chunks[position];
    verify_chunk(file, chunk, position, expected_begin, expected_line, expected_row);
    expected_begin = chunk.end;
    expected_line += chunk.lines;
    expected_row += chunk.rows;
  }
  if (expected_begin != file.size())
    reject(chunks.size() - 1, chunks.back(),
           "the last chunk ends at byte " + std::to_string(expected_begin) +
               ", not at the end of the file (" + std::to_string(file.size()) + " bytes)");
}

}  // namespace fastload::split
