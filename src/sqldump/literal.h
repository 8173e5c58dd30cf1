// The literals of an INSERT's VALUES, read as the server's lexer reads them, and what their bytes are.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "sqldump/splitter.h"

namespace fastload::sqldump {

// What a literal is in an INSERT. Its bytes (Literal::bytes) as LOAD DATA reads them give the same value in
// most columns, but not in all: the caller must check these kinds against the column's type.
//   number:  the text as written (-1.5e3). Same in numeric, date and time columns. Differs in a BIT column (5 is
//            b'101'; the text "5" is the byte 0x35), and in character columns when the text is not what the
//            server prints for the number (1e3 is '1000', +1 is '1', 1.50 stays '1.50'), and in ENUM/SET (1 is
//            the first member or set, "1" is a member named 1 if there is one).
//   string:  the bytes between the quotes, escapes undone. Same everywhere when the introducer is none or is
//            the dump's character set (or _binary into a binary column); with another introducer the bytes are
//            in that character set, not the one LOAD DATA reads the file in.
//   hex:     X'41', 0x41: the bytes. In a numeric (or BIT-less numeric-like) column the INSERT reads a number
//            (0x41 into INT is 65; the text "A" is 0); in a character column the bytes are stored unconverted
//            by the INSERT but converted from the file's character set by LOAD DATA (same only when the
//            column's character set is the dump's or binary). Same in binary, BLOB and BIT columns.
//   bit:     b'101', 0b101: the value's big-endian bytes (the least that hold it). Same in a BIT column (no
//            wider than it); a number elsewhere (b'1000001' into INT is 65), as hex.
//   boolean: TRUE, FALSE: the text 1 or 0; as the numbers 1 and 0 (so differ in BIT columns, as numbers do).
//   null:    NULL, \N: LOAD DATA's \N.
enum class LiteralKind { null, number, string, hex, bit, boolean };

struct Literal {
  LiteralKind kind = LiteralKind::null;
  std::string bytes;
  std::string introducer;  // lower case, as written: "_binary", "_latin1", "n" (N'...'); "" when none
  std::string collation;   // of a COLLATE after it, lower case; "" when none
  std::uint64_t offset = 0;  // of its first byte (or its introducer's), from the text's start
};

enum class Lexed { done, more, refused };

// Reads the literal at text[i] (blanks and comments before it skipped) into `out` and moves i past it (and past
// the blanks and comments after it): done; more when the text ends before the literal can be told whole and
// more bytes will come (!at_end); refused when text[i] starts no literal (an expression, a function, DEFAULT, a
// name, a variable), i then at its first byte. `out` keeps its strings' capacity.
Lexed read_literal(std::string_view text, std::size_t& i, bool at_end, SqlMode mode, Literal& out);

// Moves i past blanks and comments: false when a comment is still open at the text's end and more bytes come.
bool skip_blanks(std::string_view text, std::size_t& i, bool at_end);

// A byte of an unquoted name (or of a number's tail that makes it a name: 1e, 0x1g).
bool name_byte(char c);

}  // namespace fastload::sqldump
