// What format an input's bytes are in, as the chunk sources ask it: where its
// rows end, so that a mapped file is split and a stream cut into chunks of
// whole rows, and what a chunk's rows are for the sinks. Today's one format is
// delimited text, LOAD DATA's dialects (delimited_text.cc); the table of
// formats (row_formats.cc) has its one row, and the plan chooses it (no option
// yet: run/inputs.cc's row_format()).
//
// A later format (an SQL INSERT dump, JSON lines, Parquet) is one file with a
// RowFormat and one row of kRowFormats. It answers:
// - split(): its row ends in a mapped file (a JSON lines file: at newlines, in
//   parallel; an INSERT dump: after a statement's `;`, outside quotes; Parquet:
//   at row groups, from the footer), with each chunk's rows and lines counted,
//   and verify() / refuse_long_rows() for the chunks it cut;
// - cut_stream(): the same for a stream read once (Parquet, whose footer comes
//   last, refuses: it needs a place with random access). StreamChunks finds row
//   ends with text::RowScanner today: a format with other row ends gives it
//   its own row-end finder there;
// - what the sinks take of a chunk: each sink reads delimited text today
//   (LOAD DATA LOCAL sends it, the INSERT sinks parse it with
//   text::ChunkRows), so a format either turns its chunks into that text as it
//   cuts them (an INSERT dump's tuples, JSON lines into tab-separated fields),
//   or adds to this interface what the sinks then ask of it.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/base.h"
#include "chunks/splitter.h"
#include "chunks/stream_chunks.h"
#include "input/input.h"
#include "text/text.h"

namespace fastload::chunks {

class RowFormat {
 public:
  virtual ~RowFormat() = default;
  // For messages and the table: "delimited text".
  virtual std::string_view name() const = 0;

  // A mapped file's bytes cut into chunks of about `chunk_size` bytes at row ends, on `threads`, their rows and
  // lines counted (split()'s contract in splitter.h); `done_with_bytes` hears of bytes it no longer needs.
  virtual std::vector<Chunk> split(std::string_view file, std::uint64_t chunk_size, unsigned threads,
                                   const DoneWithBytes& done_with_bytes = {}) const = 0;
  // Throws internal_error when `chunks` do not tile `file` at row starts, their counts adding up.
  virtual void verify(std::string_view file, const std::vector<Chunk>& chunks) const = 0;
  // Throws Failure(ExitCode::input) naming `name` and the first row of `chunks` longer than
  // text::max_row_bytes(), which no mode can send.
  virtual void refuse_long_rows(const std::string& name, std::string_view file,
                                const std::vector<Chunk>& chunks) const = 0;
  // `stream`'s chunks of about `chunk_size` bytes at row ends, cut as they are asked for; `file` numbers them.
  virtual std::unique_ptr<StreamChunks> cut_stream(input::ByteStream& stream, std::uint64_t chunk_size,
                                                   std::size_t file = 0) const = 0;
};

// What a format is made from: the plan's settings for its bytes.
struct RowFormatOptions {
  text::Dialect dialect;  // delimited text's
};

// One row of the format table.
struct RowFormatKind {
  std::string_view name;  // "delimited text"
  std::unique_ptr<RowFormat> (*make)(const RowFormatOptions& options);
};

inline constexpr std::string_view kDelimitedText = "delimited text";

// Every row.
std::span<const RowFormatKind> row_formats();
// The row called `name`; nullptr for none.
const RowFormatKind* find_row_format(std::string_view name);
// The format called `name` (a row's name: an unknown one is an internal error), made from `options`.
std::unique_ptr<RowFormat> make_row_format(std::string_view name, const RowFormatOptions& options);

}  // namespace fastload::chunks
