// A dump's SQL split into statements as the mariadb client splits them, incrementally: bytes are fed as they are
// read and each statement comes out with its byte offset and line, so that a dump streams in bounded memory.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace fastload::sqldump {

// The sql_mode flags that change how SQL is read.
struct SqlMode {
  bool backslash_escapes = true;  // false under NO_BACKSLASH_ESCAPES: a backslash in a literal is a plain byte
  bool ansi_quotes = false;       // ANSI_QUOTES: "..." is a quoted name, not a string
};

// A statement, or a part of one longer than the splitter's limit: such a statement comes in parts (the first
// `first`, the last `last`), each at most the limit, so it is never held whole.
struct Piece {
  std::string_view text;          // valid until the splitter is next called; without the delimiter
  std::uint64_t offset = 0;       // in the stream, of the statement's first byte (comments before it are not in it)
  std::uint64_t line = 1;         // of that byte, from 1
  std::uint64_t part_offset = 0;  // in the stream, of text's first byte
  bool first = true, last = true;
  bool unterminated = false;  // the input ended inside a literal, quoted name or comment (with `last`)
  bool whole() const { return first && last; }
};

// Follows the client (client/mysql.cc): a statement ends at the delimiter (";", or what a DELIMITER line sets)
// outside '...' "..." `...` and comments (# and "-- " to the line's end, /* */); /*! */, /*M! */ and /*+ */ are
// code, as the server runs them. A line DELIMITER x, or mariadb-dump's sandbox line, before a statement's code
// is the client's. Statements of only blanks and comments are left out. Multi-byte characters are read as
// bytes: right for utf8mb4, latin1 and the other character sets whose bytes past the first never look like
// ASCII (not big5, cp932, gbk, gb18030, sjis: see bytewise_readable). The client's own commands other than
// DELIMITER (\g, \d, use, source, ...) are not read: dumps do not write them.
class Splitter {
 public:
  explicit Splitter(std::size_t max_statement = std::size_t{64} << 20, SqlMode mode = {});

  void feed(std::string_view bytes);  // the stream's next bytes, copied
  void finish();                      // no more bytes: what is left is the last statement
  // The next statement or part, or nullopt when more bytes must be fed first (or, after finish, at the end).
  // The mode may change between calls (a statement set it) and applies to the bytes after the last piece.
  std::optional<Piece> next();

  void set_mode(SqlMode mode) { mode_ = mode; }
  // The stream offset where the string, quoted name or comment still open at the last byte read began; none when
  // none is open. A caller limits how long one may be without reading it to its end.
  std::optional<std::uint64_t> open_since() const {
    return in_ == In::code ? std::nullopt : std::optional<std::uint64_t>(open_at_);
  }
  std::uint64_t read_to() const { return base_ + pos_; }  // stream bytes read
  std::uint64_t line() const { return line_; }            // of read_to()
  const std::string& delimiter() const { return delimiter_; }

 private:
  enum class In { code, quote, line_comment, block_comment };
  std::size_t step(std::size_t i);  // one past what byte i starts, or 0 when more bytes must come first
  std::size_t code_step(std::size_t i);
  std::size_t skip_code(std::size_t i);  // past a statement's plain bytes and whole quoted runs (most of a dump)
  std::size_t available(std::size_t i, std::size_t want) const;  // want, or 0 when the buffer has fewer
  std::optional<Piece> piece(std::size_t end, bool last);
  void advance(std::size_t to);  // counts the lines of the bytes passed
  const std::array<bool, 256>& specials();  // the bytes that may start a literal, comment or the delimiter

  std::size_t max_;
  SqlMode mode_;
  std::string buf_;
  std::uint64_t base_ = 0;           // stream offset of buf_[0]
  std::size_t pos_ = 0;              // next byte to read
  std::size_t begin_ = 0;            // the statement's (or its next part's) first byte; pos_ while it has no code
  std::size_t drop_ = 0;             // bytes before it are no longer needed
  std::uint64_t line_ = 1;           // of pos_
  std::uint64_t statement_offset_ = 0, statement_line_ = 1;
  bool line_start_ = true;           // pos_ starts a line
  bool code_ = false, first_ = true, finished_ = false;
  In in_ = In::code;
  char quote_ = 0;
  std::uint64_t open_at_ = 0;  // stream offset of the open quote's or comment's first byte
  bool executable_ = false;  // inside /*! ... */
  std::string delimiter_ = ";";
  std::array<bool, 256> specials_{};
  char specials_of_ = 0;  // the delimiter's first byte specials_ holds (0: none yet)
};

}  // namespace fastload::sqldump
