#include "chunks/stream_chunks.h"

#include <algorithm>

#include "chunks/read_ahead.h"

namespace fastload::chunks {

StreamChunks::StreamChunks(input::ByteStream& stream, std::uint64_t chunk_size, const text::Dialect& dialect, std::size_t file,
                           std::uint64_t max_row)
    : chunk_size_(std::max<std::uint64_t>(chunk_size, 1)),
      max_row_(max_row),
      dialect_(dialect),
      scanner_(dialect),
      file_(file),
      stream_(stream) {}

// Reads until `bytes` holds `want` bytes or the stream ends; false at the end.
bool StreamChunks::fill(std::string& bytes, std::uint64_t want) {
  std::size_t have = bytes.size();
  if (have >= want || at_end_) return !at_end_;
  // A step at a time: a chunk that ends early (with a part) is not given room for the whole size first.
  constexpr std::uint64_t kStep = 4u << 20;
  while (have < want && !at_end_) {
    const std::size_t step = static_cast<std::size_t>(std::min(want - have, kStep));
    bytes.resize(have + step);
    std::size_t n = stream_.read(bytes.data() + have, step);
    have += n;
    at_end_ = n == 0;
    if (part_end(have)) break;
  }
  bytes.resize(have);
  return !at_end_;
}

// Where the first part of the stream's content (a row group) ends in the next chunk's first `have` bytes; 0 for
// none there: a chunk never spans two parts.
std::size_t StreamChunks::part_end(std::size_t have) const {
  const std::optional<std::uint64_t> end = stream_.part_end_after(next_.begin);
  return end && *end - next_.begin <= have ? static_cast<std::size_t>(*end - next_.begin) : 0;
}

// One past the last row end before bytes.size(), 0 when there is none. A row
// end there only because the bytes stop is no row end: more may follow.
std::size_t StreamChunks::last_row_end(std::string_view bytes) const {
  std::size_t last = 0;
  scanner_.for_each_row_end(bytes, 0, [&](std::span<const std::uint64_t> ends) {
    for (std::uint64_t end : ends)
      if (end < bytes.size()) last = end;
  });
  // With a prefix, the bytes after the last row up to the next prefix are no row: a chunk may end after a line
  // terminator among them as well (the search for the prefix begins there), so they do not grow it without end.
  const std::string& prefix = scanner_.line_start();
  if (prefix.empty() || bytes.empty()) return last;
  const std::string& terminator = scanner_.line_terminator();
  const std::size_t next_row = std::min(bytes.find(prefix, last), bytes.size() - 1);
  const std::size_t between = next_row < terminator.size() ? std::string_view::npos
                                                            : bytes.rfind(terminator, next_row - terminator.size());
  return between != std::string_view::npos && between >= last ? between + terminator.size() : last;
}

// The header lines (--skip-rows), read until they end before the bytes do.
void StreamChunks::skip_header() {
  header_skipped_ = true;
  if (dialect_.skip_rows == 0) return;  // nothing read yet: a first part may still be passed over (pass_over)
  std::uint64_t start = 0;
  const std::string& terminator = scanner_.line_terminator();
  for (std::uint64_t want = chunk_size_;; want += chunk_size_) {
    bool more = fill(carry_, want);
    start = scanner_.first_row_start(carry_);
    if (start < carry_.size() || !more) break;
    // A header line that never ends: the one after the last terminator (an escaped one counts: lenient).
    const std::size_t last = carry_.rfind(terminator);
    const std::uint64_t line_start = last == std::string::npos ? 0 : last + terminator.size();
    if (carry_.size() - line_start > max_row_ + terminator.size())
      throw text::row_too_long(stream_.name(), {line_start, 1 + text::count_lines(carry_, 0, line_start)},
                                max_row_, dialect_);
  }
  next_.begin = start;
  next_.first_line = 1 + text::count_lines(carry_, 0, start);
  header_.assign(carry_, 0, start);
  carry_.erase(0, start);
}

std::optional<StreamChunk> StreamChunks::next() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (held_) {
    std::optional<StreamChunk> first = std::move(held_);
    held_.reset();
    return first;
  }
  // After a failure the bytes read are gone (a long row's, a damaged member's): a later caller must not cut
  // chunks from the middle of a row. It gets nothing; the failure is the first caller's to report.
  if (failed_) return std::nullopt;
  try {
    return cut_next();
  } catch (...) {
    failed_ = true;
    throw;
  }
}

const StreamChunk* StreamChunks::peek() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (held_ || done_ || failed_) return held_ ? &*held_ : nullptr;
  }
  std::optional<StreamChunk> first = next();
  std::lock_guard<std::mutex> lock(mutex_);
  held_ = std::move(first);
  return held_ ? &*held_ : nullptr;
}

void StreamChunks::inspect_first(std::function<void(const StreamChunk&)> inspect) {
  std::lock_guard<std::mutex> lock(mutex_);
  inspect_first_ = std::move(inspect);
  if (held_ && held_->chunk.index == 0) inspect_first_(*held_);
}

void StreamChunks::drain(const std::function<void(std::string_view)>& write) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!header_skipped_) skip_header();
  write(header_);
  if (held_) write(held_->bytes);
  held_.reset();
  write(carry_);
  carry_.clear();
  std::string piece(1u << 20, '\0');
  while (!at_end_) {
    const std::size_t n = stream_.read(piece.data(), piece.size());
    at_end_ = n == 0;
    write(std::string_view(piece.data(), n));
  }
  done_ = true;
}

std::optional<StreamChunk> StreamChunks::cut_next() {
  if (!header_skipped_) skip_header();
  if (std::optional<StreamChunk> unread = next_unread()) return unread;
  StreamChunk out;
  std::string& bytes = out.bytes;
  bytes.swap(carry_);
  // Read at least a chunk's worth, then on until a row ends in it (or the stream does).
  std::size_t cut = 0, scanned = 0;
  const std::string& terminator = scanner_.line_terminator();
  for (std::uint64_t want = chunk_size_; cut == 0; want += chunk_size_) {
    const bool more = fill(bytes, want);
    if ((cut = part_end(bytes.size())) != 0) break;
    if (!more) {
      cut = bytes.size();
      break;
    }
    // Rows end only at line terminators: without one in the bytes read since the last scan found no row end
    // (or one ending where they ended, which that scan did not count), there is none to find, and a long row is
    // not scanned again from its start for every chunk read.
    const std::size_t from = scanned < terminator.size() ? 0 : scanned - terminator.size();
    if (std::string_view(bytes).find(terminator, from) != std::string_view::npos) cut = last_row_end(bytes);
    scanned = bytes.size();
    // No row ends in the bytes: the first row is longer than them (its terminator may be cut off at the end).
    if (cut == 0 && bytes.size() > max_row_ + terminator.size())
      throw text::row_too_long(stream_.name(), {next_.begin, next_.first_line}, max_row_, dialect_);
  }
  if (cut == 0) {
    done_ = true;
    return std::nullopt;
  }
  carry_.assign(bytes, cut, std::string::npos);
  bytes.resize(cut);
  Chunk& c = out.chunk;
  c = next_;
  c.file = file_;
  c.end = c.begin + cut;
  if (cut > max_row_) refuse_long_row(bytes, c);  // a row ending at the stream's end, or a chunk size over 1G
  text::RangeCounts counts = scanner_.count_rows(bytes, 0, cut);
  c.rows = counts.rows;
  c.lines = counts.lines;
  next_.index = c.index + 1;
  next_.begin = c.end;
  next_.first_line = c.first_line + c.lines;
  next_.first_row = c.first_row + c.rows;
  if (std::optional<input::OffsetMap> offsets = stream_.take_offsets(c.begin, c.end))
    out.offsets = std::make_shared<const input::OffsetMap>(std::move(*offsets));
  out.part = stream_.taken_part();
  if (std::optional<std::vector<std::uint64_t>> lines = stream_.take_row_lines())
    out.row_lines = std::make_shared<const std::vector<std::uint64_t>>(std::move(*lines));
  if (std::vector<Problem> refused = stream_.take_refused(); !refused.empty())
    out.refused = std::make_shared<const std::vector<Problem>>(std::move(refused));
  out.verified = stream_.verified() >= c.end;
  out.last = at_end_ && carry_.empty();
  std::uint64_t consumed = stream_.consumed();
  out.raw_bytes = consumed - consumed_;
  consumed_ = consumed;
  if (c.index == 0 && inspect_first_) inspect_first_(out);
  return out;
}

void StreamChunks::pass_over(std::map<std::size_t, RecordedChunk> recorded) {
  std::lock_guard<std::mutex> lock(mutex_);
  recorded_ = std::move(recorded);
}

std::size_t StreamChunks::not_read() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return not_read_;
}

// How many recorded chunks from next_ on hold exactly the next part's `rows`, one after the other; 0 for none.
std::size_t StreamChunks::unread_run(std::uint64_t rows) const {
  std::uint64_t begin = next_.begin, held = 0;
  std::size_t count = 0;
  for (auto at = recorded_.find(next_.index); held < rows; ++at, ++count) {
    if (at == recorded_.end() || at->first != next_.index + count || at->second.begin != begin ||
        at->second.end <= begin || at->second.rows == 0)
      return 0;
    held += at->second.rows;
    begin = at->second.end;
  }
  return held == rows ? count : 0;
}

// The next chunk of a part an earlier run loaded whole, passed over unread: its place and rows as the ledger
// records them (which the ledger's check then confirms), no bytes. Nothing when the next part is to be read.
std::optional<StreamChunk> StreamChunks::next_unread() {
  if (unread_left_ == 0) {
    if (recorded_.empty() || !carry_.empty() || at_end_) return std::nullopt;
    const std::optional<std::uint64_t> rows = stream_.next_part_rows();
    if (!rows || (unread_left_ = unread_run(*rows)) == 0) return std::nullopt;
    auto last = recorded_.find(next_.index + unread_left_ - 1);
    stream_.skip_part(last->second.end - next_.begin);
  }
  --unread_left_;
  ++not_read_;
  const RecordedChunk& recorded = recorded_.at(next_.index);
  StreamChunk out;
  Chunk& c = out.chunk;
  c = next_;
  c.file = file_;
  c.end = recorded.end;
  c.rows = c.lines = recorded.rows;  // a converted row is one line: its line feeds are escaped
  next_.index = c.index + 1;
  next_.begin = c.end;
  next_.first_line = c.first_line + c.lines;
  next_.first_row = c.first_row + c.rows;
  out.verified = true;
  const std::uint64_t consumed = stream_.consumed();
  out.raw_bytes = consumed - consumed_;
  consumed_ = consumed;
  return out;
}

// Refuses the first row of `chunk` (its bytes) longer than the limit, if any.
void StreamChunks::refuse_long_row(std::string_view bytes, const Chunk& chunk) const {
  Chunk local = chunk;  // over `bytes`, which begin where the chunk does
  local.begin = 0;
  local.end = bytes.size();
  if (std::optional<text::RowPosition> at = text::find_long_row(bytes, local, dialect_, max_row_))
    throw text::row_too_long(stream_.name(), {chunk.begin + at->byte_offset, at->line}, max_row_, dialect_);
}

std::optional<Chunk> StreamChunks::unread() const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (done_) return std::nullopt;
  Chunk c = next_;
  c.file = file_;
  c.end = c.begin;
  return c;
}

std::uint64_t StreamChunks::verified() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return stream_.verified();
}

std::uint64_t StreamChunks::content_bytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return next_.begin + carry_.size();
}



std::optional<ChunkText> StreamedChunks::next() {
  std::optional<chunks::StreamChunk> piece = ahead_ ? ahead_->next() : cutter_.next();
  if (!piece) return std::nullopt;
  auto storage = std::make_shared<const std::string>(std::move(piece->bytes));
  ChunkText text;
  text.chunk = piece->chunk;
  text.bytes = *storage;
  text.verified = piece->verified;
  text.last = piece->last;
  text.offsets = std::move(piece->offsets);
  text.row_lines = std::move(piece->row_lines);
  text.refused = std::move(piece->refused);
  text.part = piece->part;
  text.input_bytes = piece->raw_bytes;
  text.from = this;
  text.storage = std::move(storage);
  return text;
}

bool StreamedChunks::wait_verified(const Chunk& c, const std::function<bool()>& give_up) const {
  return !ahead_ || ahead_->wait_verified(c.end, give_up);
}

}  // namespace fastload::chunks
