// Chunks cut from a stream (standard input, a pipe, a compressed file): the
// bytes cannot be mapped and split up front, so a worker that needs its next
// chunk reads it from the stream, cuts it at the last row end, and keeps the
// rest for the next caller. One caller reads at a time while the others load
// earlier chunks, so decompressing runs beside the loading; memory is the
// chunks the workers hold plus one being read: about (threads + 1) x chunk size.
#pragma once

#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "fastload/chunk.h"
#include "input/byte_stream.h"

namespace fastload::input {

struct StreamChunk {
  Chunk chunk;        // begin/end are offsets in the stream's content; rows, lines, first_line, first_row counted
  std::string bytes;  // the content [chunk.begin, chunk.end)
};

// How rows end in the file's dialect, for bytes that start at a row start.
struct RowEnds {
  // One past the last row end in `bytes`; 0 when no row ends there.
  std::function<std::size_t(std::string_view bytes)> last_row_end;
  // Rows and lines in `bytes` (whole rows; at_end: the last may lack its terminator).
  std::function<std::pair<std::uint64_t, std::uint64_t>(std::string_view bytes, bool at_end)> count;
};

class StreamChunks {
 public:
  StreamChunks(ByteStream& stream, std::uint64_t chunk_size, RowEnds row_ends, std::size_t file = 0);

  // The next chunk in stream order, or nothing at the end. Thread-safe. A row
  // longer than the chunk size makes a longer chunk. Throws what the stream
  // throws (Failure(ExitCode::input) for damaged or truncated data).
  std::optional<StreamChunk> next();

 private:
  std::mutex mutex_;  // guards everything below: one caller reads and cuts at a time
  ByteStream& stream_;
  const std::uint64_t chunk_size_;
  const RowEnds row_ends_;
  const std::size_t file_;
  std::string carry_;  // content read past the last chunk handed out
  bool at_end_ = false;
  Chunk next_;  // index, begin, first_line and first_row of the next chunk
};

}  // namespace fastload::input
