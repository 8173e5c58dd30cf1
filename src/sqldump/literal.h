// The literals of an INSERT's VALUES, read as the server's lexer reads them, and what their bytes are.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "sqldump/splitter.h"

namespace fastload::sqldump {

// What a literal is in an INSERT. Its bytes (Literal::bytes) as LOAD DATA reads them give the same value in
// most columns, but not in all (each case below seen on MariaDB 10.11): the caller must check the kind against
// the column's type and refuse what differs.
//   number:  the text as written (-1.5e3). Same in numeric columns. Differs in a BIT column (5 is b'101'; the
//            text "5" is the byte 0x35), in character columns and DATE/TIME ones when the text is not the one the
//            server prints for the number (1e3 is '1000' and the date 2000-10-00; +1 is '1'; the texts stay as
//            written, or are no date), and in ENUM/SET when a member is named as a number (1 is the first
//            member, "1" the member named 1).
//   string:  the bytes between the quotes, escapes undone. Same everywhere when the introducer is none or is
//            the dump's character set (or _binary into a binary column); with another introducer the bytes are
//            in that character set, not in the one LOAD DATA reads the file in.
//   hex:     X'41', 0x41: the bytes. In a numeric column the INSERT reads a number (0x41 into INT or DECIMAL is
//            65; the text "A" is 0); in a character column the INSERT stores the bytes unconverted while LOAD DATA
//            converts them from the file's character set (same only when the column's character set is the
//            dump's). Same in binary, BLOB and BIT columns (mariadb-dump --hex-blob writes those so).
//   bit:     b'101', 0b101: the value's big-endian bytes (the fewest that hold it); as hex (b'1000001' into INT
//            is 65).
//   boolean: TRUE, FALSE: the text 1 or 0; the numbers 1 and 0, so as numbers (TRUE into BIT(8) is 0x01, the
//            text "1" 0x31; into ENUM('x','1') TRUE is 'x', the text "1" is '1').
//   null:    NULL, \N: LOAD DATA's \N.
// Bytes not valid in the file's character set must never reach a character column: LOAD DATA CHARACTER SET
// utf8mb4 reads the byte 0xE9 and the tab after it as one (invalid) character, so the field runs into the next
// one and the row's fields shift. mariadb-dump writes such bytes only for binary and BIT columns (where they are
// safe), but a hex literal or a string with another introducer into a character column can carry them.
enum class LiteralKind { null, number, string, hex, bit, boolean };

struct Literal {
  LiteralKind kind = LiteralKind::null;
  std::string bytes;
  std::string introducer;  // lower case, as written: "_binary", "_latin1", "n" (N'...'); "" when none
  std::string collation;   // of a COLLATE after it, lower case; "" when none
  std::uint64_t offset = 0;  // of its first byte (or its introducer's), from the text's start
};

// Whether LOAD DATA reads `bytes` in `charset` (the file's: Session::charset) as they are, never past them: any
// bytes in a single-byte character set and binary; well-formed ones in utf8mb4/utf8mb3 (text::read_utf8); none
// known in the other multi-byte sets. Bytes that are not (a dump written in another character set than its SET
// NAMES says, or none says) go safely into binary and BIT columns only: the caller refuses them elsewhere.
bool readable_as(std::string_view bytes, std::string_view charset);

enum class Lexed { done, more, refused };

// Reads the literal at text[i] (blanks and comments before it skipped) into `out` and moves i past it (and past
// the blanks and comments after it): done; more when the text ends before the literal can be told whole and
// more bytes will come (!at_end); refused when text[i] starts no literal (an expression, a function, DEFAULT, a
// name, a variable), i then at its first byte. `out` keeps its strings' capacity.
Lexed read_literal(std::string_view text, std::size_t& i, bool at_end, SqlMode mode, Literal& out);

// Moves i past blanks and comments: false when a comment is still open at the text's end and more bytes come.
bool skip_blanks_from(std::string_view text, std::size_t& i, bool at_end);
// The same, inline for its most common case (called several times a value): a byte that starts neither.
inline bool skip_blanks(std::string_view text, std::size_t& i, bool at_end) {
  if (i < text.size()) {
    const char c = text[i];
    if (c > ' ' && c != '-' && c != '/' && c != '#') return true;
  }
  return skip_blanks_from(text, i, at_end);
}

// `s` with ASCII letters in lower case (keywords and character set names).
std::string ascii_lower(std::string_view s);

// The first of text[from...] that is a or b, or npos: a plain loop, as std::string_view::find_first_of looks each
// byte up in the set with memchr (a quarter of the time spent reading a dump).
std::size_t find_either(std::string_view text, std::size_t from, char a, char b);

// A byte of an unquoted name (or of a number's tail that makes it a name: 1e, 0x1g).
inline bool name_byte(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u >= '0' && u <= '9') || ((u | 0x20) >= 'a' && (u | 0x20) <= 'z') || c == '_' || c == '$' || u >= 0x80;
}

}  // namespace fastload::sqldump
