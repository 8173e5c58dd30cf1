// Chunks cut from a stream (standard input, a pipe, a compressed file): the
// bytes cannot be mapped and split up front, so a worker that needs its next
// chunk reads it from the stream, cuts it at the last row end, and keeps the
// rest for the next caller. One caller reads at a time while the others load
// earlier chunks, so decompressing runs beside the loading; memory is the
// chunks the workers hold plus one being read: about (threads + 1) x chunk size.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "base/base.h"
#include "chunks/chunk_source.h"
#include "input/input.h"
#include "text/text.h"

namespace fastload::chunks {

struct StreamChunk {
  Chunk chunk;  // begin/end: offsets in the stream's content; rows, lines, first_line, first_row counted
  std::string bytes;           // the content [chunk.begin, chunk.end)
  std::uint64_t raw_bytes = 0;  // stream bytes (compressed, if it is) consumed to read it: for progress
  bool verified = false;        // its bytes' integrity checks had passed when it was cut (input::ByteStream::verified)
  bool last = false;            // the stream ends with it
  std::shared_ptr<const input::OffsetMap> offsets;  // a converted stream's: where its rows begin in the file
  std::shared_ptr<const std::vector<std::uint64_t>> row_lines;  // a SQL dump's: each row's line in the file
  std::shared_ptr<const std::vector<Problem>> refused;  // rows the stream refused (ByteStream::take_refused)
  std::optional<std::uint64_t> part;  // the stream's part its rows are in (a Parquet row group: ByteStream::taken_part)
};

// A chunk an earlier run committed whole (--resume), as its ledger records it.
struct RecordedChunk {
  std::uint64_t begin = 0, end = 0, rows = 0;
};

class StreamChunks {
 public:
  // Rows end as in `dialect`; its header lines (skip_rows) are in no chunk.
  // `max_row`: the longest row read (text::max_row_bytes(); smaller in unit tests).
  StreamChunks(input::ByteStream& stream, std::uint64_t chunk_size, const text::Dialect& dialect, std::size_t file = 0,
               std::uint64_t max_row = text::max_row_bytes());

  // The next chunk in stream order, or nothing at the end. Thread-safe. A row
  // longer than the chunk size makes a longer chunk. Throws what the stream
  // throws (Failure(ExitCode::input) for damaged or truncated data), and
  // Failure(ExitCode::input) for a row (or header line) longer than
  // text::max_row_bytes(), which would otherwise grow the chunk without bound.
  // After a throw it returns nothing (unread() still says where the rest begins).
  std::optional<StreamChunk> next();

  // Has `inspect` see the first chunk as it is cut, before any worker has it (the format check: text/
  // format_check.h); what it throws, next() throws. Call before the first next().
  // Called after peek(), it sees the chunk peek() cut at once.
  void inspect_first(std::function<void(const StreamChunk&)> inspect);

  // The first chunk, cut now and kept for the first next(): a look at the stream's start before the load (the
  // sort's order check, run/sort_pass.cc). Nothing for a stream of no rows. Call before the first next().
  const StreamChunk* peek();
  // The stream's whole content, header lines included, handed to `write` piece by piece from its start, so that
  // it can be mapped as a file (an unsorted stream, sorted as a file is). Call after peek() at most, before any
  // next(); next() returns nothing after it. Throws what the stream and `write` throw.
  void drain(const std::function<void(std::string_view)>& write);

  // --resume: the chunks, by index, an earlier run committed with no row left out on every destination. A run of
  // them that holds exactly the stream's next part (ByteStream::next_part_rows: a Parquet row group) is not read:
  // those chunks are handed out with no bytes, for the load to pass over. Call before the first next().
  void pass_over(std::map<std::size_t, RecordedChunk> recorded);
  // The chunks handed out so, not read.
  std::size_t not_read() const;

  // Where the chunks not cut yet begin (index, begin, first_line, first_row),
  // or nothing once next() returned nothing.
  std::optional<Chunk> unread() const;
  // Content bytes whose integrity checks have passed (ByteStream::verified).
  std::uint64_t verified() const;
  // Content bytes read so far, header included: the stream's size once next() returned nothing.
  std::uint64_t content_bytes() const;

 private:
  std::optional<StreamChunk> cut_next();  // next() under the lock
  std::optional<StreamChunk> next_unread();
  std::size_t unread_run(std::uint64_t rows) const;
  bool fill(std::string& bytes, std::uint64_t want);
  std::size_t part_end(std::size_t have) const;
  std::size_t last_row_end(std::string_view bytes) const;
  void skip_header();
  void refuse_long_row(std::string_view bytes, const Chunk& chunk) const;

  const std::uint64_t chunk_size_;
  const std::uint64_t max_row_;  // text::max_row_bytes()
  const text::Dialect dialect_;         // for messages
  const text::RowScanner scanner_;
  const std::size_t file_;
  mutable std::mutex mutex_;  // guards everything below and the stream: one caller reads and cuts at a time
  input::ByteStream& stream_;
  std::string carry_;  // content read past the last chunk handed out
  std::string header_;  // the header lines skipped, for drain()
  std::optional<StreamChunk> held_;  // peek()'s chunk, until next() hands it out
  bool at_end_ = false;  // the stream has no more bytes
  bool done_ = false;    // and next() returned nothing
  bool header_skipped_ = false;
  bool failed_ = false;  // next() threw: the stream's place is lost, so no more chunks
  std::uint64_t consumed_ = 0;  // stream.consumed() when the last chunk was cut
  Chunk next_;  // index, begin, first_line and first_row of the next chunk
  std::function<void(const StreamChunk&)> inspect_first_;  // set before the load, called under the lock
  std::map<std::size_t, RecordedChunk> recorded_;  // pass_over()'s, set before the first next()
  std::size_t unread_left_ = 0;  // chunks of a part passed over still to hand out, from next_ on
  std::size_t not_read_ = 0;
};



class ReadAhead;

// A stream's chunks as a ChunkSource: a pipe's cut as the workers ask for
// them; a compressed file's cut ahead (`ahead`), each committed once the
// checks covering it passed.
class StreamedChunks final : public ChunkSource {
 public:
  StreamedChunks(chunks::StreamChunks& cutter, ReadAhead* ahead) : cutter_(cutter), ahead_(ahead) {}
  std::optional<ChunkText> next() override;
  std::optional<std::size_t> count() const override { return std::nullopt; }
  bool wait_verified(const Chunk& c, const std::function<bool()>& give_up) const override;

 private:
  chunks::StreamChunks& cutter_;
  ReadAhead* const ahead_;  // a compressed regular file's; none for a pipe, whose commits cannot wait for its end
};

}  // namespace fastload::chunks
