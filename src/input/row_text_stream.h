// A stream of rows converted from an input of another format (an SQL dump's INSERTs, JSON lines, Parquet) into
// LOAD DATA's default text (fields by TAB, rows by LF, `\` escapes, `\N` for NULL), as they are read: every mode, check, rejects file and
// resume of a load then applies to it unchanged. Each row keeps where it starts in the input (its byte and its
// line, or for Parquet its row), so that messages name the input's own place, and a row the conversion refused
// is handed out all the same (its fields NULL) and named by take_refused(), for the load to leave it out as
// --max-errors allows.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "input/byte_stream.h"

namespace fastload::input {

// LOAD DATA's default text of a field's value: `\`, TAB, LF and NUL escaped.
void append_escaped(std::string& out, std::string_view value);
// Whether append_escaped() would escape a byte of `value` (else the value is its own text).
bool needs_escape(std::string_view value);

class RowTextStream : public ByteStream {
 public:
  std::size_t read(char* into, std::size_t size) final;
  std::uint64_t verified() const final { return verified_; }
  std::optional<OffsetMap> take_offsets(std::uint64_t begin, std::uint64_t end) final;
  std::optional<std::vector<std::uint64_t>> take_row_lines() final { return std::move(lines_); }
  std::vector<Problem> take_refused() final { return std::move(refused_rows_); }
  std::optional<std::uint64_t> part_end_after(std::uint64_t content) const final;
  std::optional<std::uint64_t> taken_part() const final { return taken_part_; }
  std::optional<std::uint64_t> next_part_rows() const final;
  void skip_part(std::uint64_t bytes) final;
  bool converted() const final { return true; }

 protected:
  // Of `inner`'s file: its name, place and format (the bytes it reads are the subclass's).
  explicit RowTextStream(const ByteStream& inner) : ByteStream(Wrapping{}, inner) {}

  // Appends rows to out(), each begun by start_row(); false at the input's end, when it appended none.
  virtual bool produce() = 0;
  // Whether every input byte the rows so far came from passed its integrity checks (a compressed input's).
  virtual bool input_verified() const = 0;

  std::string& out() { return out_; }
  // The row appended next starts at `offset` in the input, on its line `line` (1-based).
  void start_row(std::uint64_t offset, std::uint64_t line);
  // The row started last is refused, named by take_refused() with `message`; its text is still appended.
  void mark_refused(std::string message);
  // The same, its text `fields` NULLs.
  void refuse_row(std::size_t fields, std::string message);
  // The stream's rows come in parts (called before the first row): each chunk names its part (taken_part()).
  void in_parts() { taken_part_ = 0; }
  // The rows appended so far end a part (part_end_after()); read() returns there, so that the next part may be
  // passed over unread. produce() returns after it.
  void end_part() { part_ends_.push_back(appended_ + out_.size()); }
  // The rows of the next part that has any, when it can be passed over (nothing of it produced yet); and passing
  // over it, with the empty parts before it: how many parts that is.
  virtual std::optional<std::uint64_t> unread_part_rows() const { return std::nullopt; }
  virtual std::size_t pass_part() { return 0; }

 private:
  struct RowStart {
    std::uint64_t content = 0, input = 0, line = 0;
  };
  struct Refused {
    std::uint64_t content = 0;  // the row's start
    std::string message;
  };
  std::string out_;              // rows converted, not read yet from out_pos_ on
  std::size_t out_pos_ = 0;
  std::uint64_t appended_ = 0;   // content bytes before out_[0]
  std::uint64_t delivered_ = 0;  // content bytes read() returned
  std::uint64_t verified_ = 0;   // of them, those whose input bytes passed their checks
  std::deque<RowStart> starts_;  // the rows not handed out by take_offsets yet
  std::deque<Refused> refused_;
  std::vector<std::uint64_t> lines_;  // take_offsets' rows' lines
  std::vector<Problem> refused_rows_;  // take_offsets' rows refused
  std::deque<std::uint64_t> part_ends_;  // end_part()'s, after the last chunk take_offsets was asked of
  std::uint64_t parts_taken_ = 0;        // end_part()'s before those
  std::optional<std::uint64_t> taken_part_;  // the part of take_offsets' rows, for a stream that has parts
};

}  // namespace fastload::input
