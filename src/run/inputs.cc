// The FILEs opened: a plain regular file mapped and split at exact row ends,
// anything else a stream cut into chunks during the load.
#include "run/state.h"

#include <algorithm>
#include <fmt/core.h>

#include "input/input.h"
#include "text/text.h"
#include "chunks/chunks.h"
#include "throttle/throttle.h"

namespace fastload::run {
namespace {

// What kind of stream an input is, for messages: what it is, and what makes it a plain file to map.
struct StreamKind {
  std::string what;
  const char* to_a_file;
};
StreamKind stream_kind(const input::ByteStream& stream) {
  if (stream.format() != input::Format::plain)
    return {fmt::format("{} data", input::format_name(stream.format())), "decompress it to a file first"};
  if (stream.random_access()) return {"a file converted as it is read", "convert it to a file first"};
  if (stream.reopens()) return {"a remote object", "download it to a file first"};
  return {"a stream", "save it to a file first"};
}
const char* to_a_file(const input::ByteStream& stream) { return stream_kind(stream).to_a_file; }

// Chunks cut from a stream when --chunk-size is not given: small enough that
// the memory the load holds, about (threads + 1) chunks, stays small.
constexpr std::uint64_t kStreamChunkSize = 8ull << 20;

// An SQL dump's table's INSERT bytes in input `index`, which its rows' text roughly takes too.
std::uint64_t insert_bytes(const RunState& state, std::size_t index) {
  std::uint64_t total = 0;
  for (const dump::InsertRange& r : state.sql->at(index).inserts) total += r.end - r.begin;
  return total;
}

// A Parquet file's chunks are its row groups (StreamChunks ends a chunk with each); a row group's text longer than
// this is loaded in pieces of this size, so that the memory a load holds stays bounded.
constexpr std::uint64_t kRowGroupPiece = 64ull << 20;

// A stream's chunk size without --chunk-size: kStreamChunkSize, or for an SQL dump's table, whose size the scan
// knows, what a file of its INSERTs' size gets when smaller, so that a table of tens of MB still loads on every
// thread to the end as a file does (and the same on every run); for Parquet, kRowGroupPiece.
std::uint64_t natural_stream_chunk(const plan::TablePlan& options, const RunState& state, std::size_t index) {
  if (options.format == request::InputFormat::parquet) return kRowGroupPiece;
  if (!state.sql) return kStreamChunkSize;
  return std::min(kStreamChunkSize, request::default_chunk_size(insert_bytes(state, index)));
}

// The format the input's bytes are in, as the plan has it: delimited text in its dialect (no option chooses
// another yet).
std::unique_ptr<chunks::RowFormat> row_format(const plan::TablePlan& options) {
  return chunks::make_row_format(chunks::kDelimitedText, {options.source.dialect});
}

// utf8mb4 bytes a byte of a converted file may become at most (sjis half-width katakana, ucs2).
constexpr std::uint64_t kMostConvertedBytes = 3;

// A file in a charset fastload converts (input/charsets.h): its utf8mb4 text.
// A compressed regular file would need its checks counted in the converted
// text: it is refused, and a pipe of it works.
std::unique_ptr<input::ByteStream> convert(const plan::TablePlan& options, std::unique_ptr<input::ByteStream> stream) {
  if (stream->format() != input::Format::plain && stream->random_access())
    throw Failure(ExitCode::usage, fmt::format(
        "{}: is {} data in --charset {}, which fastload converts to utf8mb4 as it reads it; "
        "decompress it first, or pipe it (e.g. `zcat FILE | fastload --charset {} - ...`)",
        stream->name(), input::format_name(stream->format()), options.charset, options.charset));
  const input::FileCharset* cs = input::converted_charset(options.charset);
  return std::make_unique<input::ConvertingStream>(std::move(stream), *cs, options.source.dialect);
}

// --mode server with a charset fastload converts: the server reads the file
// in that charset, where a character's second byte may look like '\\' or a
// terminator, so the rows it must report are those of the converted text.
// Its last chunk is kept for the check of an unterminated last row (text/last_row.h).
void count_converted(const plan::TablePlan& options, Input& input, Chunk& chunk) {
  input::ConvertingStream text(input::open_stream(input.path, {1}), *input::converted_charset(options.charset),
                               options.source.dialect);
  std::unique_ptr<chunks::StreamChunks> chunks = row_format(options)->cut_stream(text, kStreamChunkSize);
  chunk.rows = chunk.lines = 0;
  while (std::optional<chunks::StreamChunk> c = chunks->next()) {
    chunk.rows += c->chunk.rows;
    chunk.lines += c->chunk.lines;
    input.converted_last = std::move(c->bytes);
    input.converted_last_rows = c->chunk.rows;
  }
}

// The chunk size of a load without --chunk-size: `natural`, at most what --max-lag and a Galera cluster's
// write-set size allow (docs/replicas.md); a stream's chunk is at most wsrep_max_ws_rows bytes too, so that it
// holds no more rows than a write-set may (each row ends with at least a byte).
std::uint64_t capped_size(const plan::TablePlan& options, const RunState& state, std::uint64_t natural, bool stream) {
  std::uint64_t size = std::min(natural, request::lag_chunk_cap(options.throttle.max_lag));
  if (!state.galera) return size;
  size = std::min(size, throttle::write_set_bytes(*state.galera));
  return stream && state.galera->max_ws_rows ? std::min(size, state.galera->max_ws_rows) : size;
}

// A chunk is one write-set in a Galera cluster: none may hold more than wsrep_max_ws_size bytes or
// wsrep_max_ws_rows rows. Returns the most rows a chunk holds over the limit (0: every chunk fits); a size the
// user chose is refused instead.
std::uint64_t rows_over_limit(const plan::TablePlan& options, const RunState& state, const Input& input,
                              const std::vector<Chunk>& chunks) {
  if (!state.galera) return 0;
  const throttle::Galera& g = *state.galera;
  const bool chosen = options.source.chunk_size || options.whole_file();
  for (const Chunk& c : chunks) {
    if (chosen && g.max_ws_size && c.size() > g.max_ws_size)
      throw Failure(ExitCode::usage, fmt::format(
          "{}: line {}: a chunk of {} bytes is one Galera write-set, and the cluster takes none over "
          "wsrep_max_ws_size ({} bytes): give a --chunk-size of at most {}", input.path, c.first_line, c.size(),
          g.max_ws_size, throttle::write_set_bytes(g)));
    if (chosen && g.max_ws_rows && c.rows > g.max_ws_rows)
      throw Failure(ExitCode::usage, fmt::format(
          "{}: line {}: a chunk of {} rows is one Galera write-set, and the cluster takes none over "
          "wsrep_max_ws_rows ({}): give a smaller --chunk-size, or leave it out and fastload cuts chunks that fit",
          input.path, c.first_line, c.rows, g.max_ws_rows));
  }
  std::uint64_t most = 0;
  for (const Chunk& c : chunks) most = std::max(most, c.rows);
  return g.max_ws_rows && most > g.max_ws_rows ? most : 0;
}

}  // namespace

// Whether a stream's chunks are cut ahead of the commits and held until their checks pass (chunks::ReadAhead): a
// compressed input's, whose checks come at its members' ends, and one whose rows are converted (an SQL dump's, a
// typed input's: converted on that thread while the workers load the chunks before); only where the input can be
// read again: a pipe's bytes come once, and their checks are reported after the commits (docs/design.md). Nor an
// input whose charset fastload converts: a compressed one's checks (a remote object's: a file of it is refused)
// count the decompressed bytes, not the converted ones the chunks hold, so it loads as a pipe's; a plain one has
// no check to wait for, and is converted as it is cut.
bool reads_ahead(const plan::TablePlan& options, const input::ByteStream& stream) {
  const bool compressed = stream.format() != input::Format::plain;
  return (compressed || stream.converted()) && stream.reopens() && !options.convert_charset;
}

// "gzip data", "a file converted as it is read" (a charset's, a typed input's), "a remote object", or "a stream"
// for a pipe: for messages.
std::string what_stream(const input::ByteStream& stream) { return stream_kind(stream).what; }

// A plain regular file is mapped; standard input, pipes and compressed
// files (known by their first bytes, whatever their names) are streams, and so
// are an SQL dump table's rows (converted from its INSERTs as they are read).
void open_input(const plan::TablePlan& options, RunState& state, std::size_t index) {
  Input& input = state.inputs[index];
  std::unique_ptr<input::ByteStream> stream = state.sql ? sql_rows_stream(options, state, index)
                                                        : input::open_stream(input.path, {options.load.threads});
  const bool typed = options.format != request::InputFormat::text && !state.sql;
  if (typed) stream = typed_rows(options, state, index, std::move(stream));
  const bool regular_plain = !state.sql && !typed && stream->format() == input::Format::plain && stream->random_access();
  const request::ModeTraits& mode = request::traits(options.mode);
  if (typed && (mode.server_reads_file || mode.whole_file))
    throw Failure(ExitCode::usage, fmt::format("{}: is {}, whose values fastload reads and sends as rows; --mode {} "
                                               "sends a text file's bytes as they are: use --mode insert or load",
                                               stream->name(), options.format == request::InputFormat::parquet
                                                                   ? "Parquet" : "JSON lines", mode.name));
  if (regular_plain && (!options.convert_charset || mode.server_reads_file)) {
    input.file = std::make_unique<input::MappedFile>(input.path);
    state.summary.input_bytes += input.file->bytes().size();
    return;
  }
  const bool whole_converted = mode.whole_file && regular_plain;  // one chunk of the converted file
  if (options.convert_charset) stream = convert(options, std::move(stream));
  state.summary.files[index].path = stream->name();  // "standard input" for -
  if (state.inputs.size() == 1) state.summary.file = stream->name();
  if (mode.server_reads_file)
    throw Failure(ExitCode::usage, fmt::format("{}: --mode {} has the server read a plain file; this "
                                               "is {}: {}, or use another --mode",
                                               stream->name(), mode.name, what_stream(*stream), to_a_file(*stream)));
  if (mode.whole_file && !whole_converted)  // one chunk of a stream would be the whole stream in memory
    throw Failure(ExitCode::usage, fmt::format("{}: --mode {} sends a plain file in one statement; "
                                               "this is {}: {}, or use --mode {}",
                                               stream->name(), mode.name, what_stream(*stream), to_a_file(*stream),
                                               request::traits(request::Mode::load).name));
  if (options.scale.parts > 1 && !stream->reopens())  // each process reads the input whole, to cut it alike
    throw Failure(ExitCode::usage, fmt::format("{}: --part needs a file that every process reads whole and cuts "
                                               "into the same chunks, and a pipe's bytes come once: save it to a "
                                               "file first", stream->name()));
  input.chunk_size = whole_converted ? *stream->compressed_size() * kMostConvertedBytes + 16
                     : options.source.chunk_size ? options.source.chunk_size
                                          : capped_size(options, state, natural_stream_chunk(options, state, index), true);
  input.chunker = row_format(options)->cut_stream(*stream, input.chunk_size, index);
  input.stream = std::move(stream);
  if (spool_unsorted_stream(options, state, index)) {  // mapped now, to be split and sorted as a file is
    state.summary.input_bytes += input.file->bytes().size();
    return;
  }
  if (reads_ahead(options, *input.stream))
    input.ahead = std::make_unique<chunks::ReadAhead>(
        *input.chunker, chunks::ReadAhead::Limits{options.source.sort_memory, options.source.tmpdir, options.load.threads + 1u});
}

// One mapped file's chunks, at exact row ends, counted and checked to tile it.
void split_input(const plan::TablePlan& options, RunState& state, std::size_t index) {
  Input& input = state.inputs[index];
  input.first_chunk = state.chunks.size();
  if (!input.file) return;  // a stream is cut into chunks as the workers load
  std::string_view bytes = input.file->bytes();
  const std::unique_ptr<chunks::RowFormat> format = row_format(options);
  // A whole-file mode (--mode server, bulk): the whole file in one statement.
  input.chunk_size = options.whole_file()          ? std::max<std::uint64_t>(bytes.size(), 1)
                     : options.source.chunk_size         ? options.source.chunk_size
                     : capped_size(options, state, request::default_chunk_size(bytes.size()), false);
  const auto cut = [&] {
    return format->split(bytes, input.chunk_size, options.load.threads,
                         [&](std::uint64_t b, std::uint64_t e) { input.file->release(b, e); });
  };
  std::vector<Chunk> chunks = cut();
  // Cut again, smaller, while a chunk holds more rows than a Galera write-set may (the same cuts on a rerun).
  while (std::uint64_t most = rows_over_limit(options, state, input, chunks)) {
    const std::uint64_t fit = input.chunk_size * state.galera->max_ws_rows / most * 9 / 10;
    input.chunk_size = std::max<std::uint64_t>(1, std::min(fit, input.chunk_size - 1));
    chunks = cut();
  }
  format->verify(bytes, chunks);
  if (options.convert_charset && !chunks.empty()) count_converted(options, input, chunks.front());
  format->refuse_long_rows(input.path, bytes, chunks);
  input.chunk_count = chunks.size();
  for (Chunk& c : chunks) {
    c.file = index;
    state.chunks.push_back(c);
  }
}

void mark_other_parts(const plan::TablePlan& options, RunState& state) {
  for (std::size_t i = 0; i < state.chunks.size(); ++i)
    if (!options.in_part(state.chunks[i].file, state.chunks[i].index))
      state.outcomes[i].state = load::ChunkState::other_part;
}

// What the progress line counts to: the inputs' bytes as read (a compressed
// file's compressed bytes, the chunks of other parts included, as they are
// read too); of a mapped file, the bytes of this part's chunks; 0 when a pipe
// makes it unknown.
std::uint64_t progress_total(const RunState& state) {
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < state.inputs.size(); ++i) {
    const Input& input = state.inputs[i];
    if (input.file) continue;
    if (state.sql) {  // an SQL dump's table: its INSERTs' bytes, as its stream counts them
      total += insert_bytes(state, i);
      continue;
    }
    std::optional<std::uint64_t> size = input.stream->compressed_size();
    if (!size) return 0;
    total += *size;
  }
  for (std::size_t i = 0; i < state.chunks.size(); ++i)
    if (state.outcomes[i].state != load::ChunkState::other_part &&
        state.outcomes[i].state != load::ChunkState::loaded_before)  // none of the load's, which never sends them
      total += state.chunks[i].size();
  return total;
}

}  // namespace fastload::run
