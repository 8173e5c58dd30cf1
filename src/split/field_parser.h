// Client-side parsing of rows in MySQL's default text format, for the INSERT
// load modes: the same field values the server's LOAD DATA (READ_INFO in
// sql_load.cc) would read. Byte-wise, which is exact because --charset refuses
// the charsets whose multi-byte characters can hide a TAB, LF or backslash.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

#include "fastload/dialect.h"
#include "split/row_scanner.h"

namespace fastload::split {

// One field of a row: its value after unescaping, or NULL.
struct Field {
  std::string_view value;  // into the row when the field had no escapes, else into the parser's arena
  bool is_null = false;    // the field was exactly \N
};

// How a row ended. It matters: at end of file the server reads no field at
// all where a field would start, so "a\t" there is one field, not two.
enum class RowEnd { kNewline, kEndOfFile };

class FieldParser {
 public:
  // Splits one row (its bytes without the terminating LF) into fields and
  // appends them to `out`. Fields are separated by unescaped TABs; escapes are
  // undone as the server does (\0 \b \n \r \t \Z are control bytes, a
  // backslash before any other byte keeps that byte, a trailing backslash
  // stays). With RowEnd::kEndOfFile an empty last field is left out.
  // The fields stay valid until clear() and as long as `row`'s bytes do.
  void parse_row(std::string_view row, RowEnd end, std::vector<Field>& out);
  // Forgets the unescaped values (call after a batch has been sent); the
  // arena's blocks are kept for the next batch.
  void clear();

 private:
  // Unescapes the field at `begin`, whose first backslash is at `escape`,
  // into the arena. Returns where the next field starts, or nullptr when the
  // field ran to `row_end`.
  const char* parse_escaped_field(const char* begin, const char* escape, const char* row_end,
                                  std::vector<Field>& out);

  // Blocks never move, so views into them survive later allocations.
  class Arena {
   public:
    char* reserve(std::size_t size);  // room for `size` bytes at the cursor
    void commit(std::size_t size) { used_ += size; }
    void clear();

   private:
    struct Block {
      std::unique_ptr<char[]> bytes;
      std::size_t size = 0;
    };
    std::vector<Block> blocks_;
    std::size_t current_ = 0;  // the block being filled, when < blocks_.size()
    std::size_t used_ = 0;     // bytes used in it
  };
  Arena arena_;
};

// Calls on_row(row_bytes_without_LF, row_offset_in_chunk, RowEnd) for each row
// of `chunk`, a run of whole rows whose last one may lack its LF at end of
// file. An LF ends a row only when the run of backslashes before it has even
// length, so escaped LFs stay inside rows. on_row returns false to stop early.
template <class OnRow>
void for_each_row(std::string_view chunk, OnRow&& on_row) {
  const char* const data = chunk.data();
  std::uint64_t row_start = 0;
  std::uint64_t pos = 0;
  while (pos < chunk.size()) {
    const void* hit = std::memchr(data + pos, Dialect{}.line_terminator, chunk.size() - pos);
    if (hit == nullptr) break;
    pos = static_cast<std::uint64_t>(static_cast<const char*>(hit) - data);
    if (ends_row(chunk, pos)) {
      if (!on_row(chunk.substr(row_start, pos - row_start), row_start, RowEnd::kNewline)) return;
      row_start = pos + 1;
    }
    ++pos;
  }
  if (row_start < chunk.size()) on_row(chunk.substr(row_start), row_start, RowEnd::kEndOfFile);
}

}  // namespace fastload::split
