#include "input/stream_chunks.h"

namespace fastload::input {

StreamChunks::StreamChunks(ByteStream& stream, std::uint64_t chunk_size, RowEnds row_ends, std::size_t file)
    : stream_(stream), chunk_size_(std::max<std::uint64_t>(chunk_size, 1)), row_ends_(std::move(row_ends)),
      file_(file) {}

std::optional<StreamChunk> StreamChunks::next() {
  std::lock_guard<std::mutex> lock(mutex_);
  StreamChunk out;
  std::string& bytes = out.bytes;
  bytes.swap(carry_);
  std::size_t cut = 0;
  // Read at least a chunk's worth, then on until a row ends in it (or the stream does).
  for (std::uint64_t want = chunk_size_; !at_end_; want += chunk_size_) {
    std::size_t have = bytes.size();
    if (have < want) {
      bytes.resize(want);
      std::size_t got = 0;
      while (have + got < want && !at_end_) {
        std::size_t n = stream_.read(bytes.data() + have + got, want - have - got);
        got += n;
        at_end_ = n == 0;
      }
      bytes.resize(have + got);
    }
    cut = at_end_ ? bytes.size() : row_ends_.last_row_end(bytes);
    if (cut > 0) break;
  }
  if (at_end_) cut = bytes.size();
  if (cut == 0) return std::nullopt;
  carry_.assign(bytes, cut, std::string::npos);
  bytes.resize(cut);
  Chunk& c = out.chunk;
  c = next_;
  c.file = file_;
  c.end = c.begin + cut;
  std::tie(c.rows, c.lines) = row_ends_.count(bytes, at_end_ && carry_.empty());
  next_.index = c.index + 1;
  next_.begin = c.end;
  next_.first_line = c.first_line + c.lines;
  next_.first_row = c.first_row + c.rows;
  return out;
}

}  // namespace fastload::input
