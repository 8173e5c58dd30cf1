// Client-side parsing of rows, for the INSERT load modes: the same field
// values the server's LOAD DATA (READ_INFO in sql_load.cc) would read, in
// any dialect. Byte-wise, which is exact because --charset refuses the
// charsets whose multi-byte characters can hide an ASCII byte, and dialects
// are ASCII.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "text/dialect.h"
#include "text/row_scanner.h"

namespace fastload::text {

// One field of a row: its value after unescaping, or NULL.
struct Field {
  std::string_view value;  // into the row when nothing was unescaped, else into the parser's arena
  bool is_null = false;    // \N (the escape and N), or the word NULL not enclosed when the dialect has an enclosure
  bool enclosed = false;   // read between quotes: "" is a value, not an absent field
};

class FieldParser {
 public:
  explicit FieldParser(const Dialect& dialect);

  // Splits one row (its bytes without the line terminator) into fields and
  // appends them to `out`, with the values the server's READ_INFO::read_field
  // reads (docs/design.md#dialects). With RowEnd::kEndOfFile an empty last
  // field is left out. The fields stay valid until clear() and as long as
  // `row`'s bytes do.
  void parse_row(std::string_view row, RowEnd end, std::vector<Field>& out);
  // Forgets the unescaped values (call after a batch has been sent); the
  // arena's blocks are kept for the next batch.
  void clear();

 private:
  enum class FieldEnd { kNone, kField, kLine };  // no field (end of file); a field; the row's last field

  // Dialects without an enclosure and with a one-byte field terminator (MySQL's default among them).
  void parse_plain_row(std::string_view row, RowEnd end, std::vector<Field>& out);
  // Unescapes the field at `begin`, whose first escape is at `escape`, into
  // the arena. Returns where the next field starts, or nullptr when the
  // field ran to `row_end`.
  const char* parse_escaped_field(const char* begin, const char* escape, const char* row_end,
                                  std::vector<Field>& out);
  // Any dialect: READ_INFO::read_field byte by byte, from row[pos] on.
  FieldEnd read_field(std::string_view row, RowEnd end, std::size_t& pos, std::vector<Field>& out);
  bool field_at(std::string_view row, std::size_t pos) const;

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

  std::string field_;  // the field terminator
  int quote_ = -1;     // the enclosure byte, or -1
  int escape_ = -1;    // the escape byte, or -1
  bool plain_ = false;  // parse_plain_row applies
  Arena arena_;
};

}  // namespace fastload::text
