#include "sqldump/literal.h"

#include <cctype>
#include <cstdint>
#include <cstring>

#include "text/text.h"

namespace fastload::sqldump {
namespace {

constexpr std::size_t npos = std::string_view::npos;

bool digit(char c) { return c >= '0' && c <= '9'; }
bool hex_digit(char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }

// The end of a run that stops at the text's end: more bytes could still belong to it (at the statement's end,
// the caller says it ends inside the literal).
Lexed open_end(bool) { return Lexed::more; }

// The server's escapes (sql_lex.cc): \% and \_ keep their backslash (LIKE reads them), an unknown \x is x.
void unescape(char c, std::string& out) {
  switch (c) {
    case '0': out += '\0'; return;
    case 'b': out += '\b'; return;
    case 'n': out += '\n'; return;
    case 'r': out += '\r'; return;
    case 't': out += '\t'; return;
    case 'Z': out += '\032'; return;
    case '%': case '_': out += '\\'; out += c; return;
    default: out += c;
  }
}

// One quoted run at text[i] appended to out; i past its closing quote.
Lexed quoted(std::string_view text, std::size_t& i, bool at_end, SqlMode mode, std::string& out) {
  const char q = text[i];
  const char escape = mode.backslash_escapes ? '\\' : q;
  for (std::size_t j = i + 1;;) {
    const std::size_t k = find_either(text, j, q, escape);
    if (k == npos || k + 1 >= text.size()) {
      if (k == npos || !at_end || text[k] != q) return open_end(at_end);
    }
    out.append(text.substr(j, k - j));
    if (text[k] == '\\') {
      unescape(text[k + 1], out);
      j = k + 2;
    } else if (k + 1 < text.size() && text[k + 1] == q) {  // a doubled quote is one
      out += q;
      j = k + 2;
    } else {
      i = k + 1;
      return Lexed::done;
    }
  }
}

// 'a' "b" 'c': adjacent strings are one.
Lexed strings(std::string_view text, std::size_t& i, bool at_end, SqlMode mode, Literal& out) {
  out.kind = LiteralKind::string;
  for (;;) {
    if (Lexed r = quoted(text, i, at_end, mode, out.bytes); r != Lexed::done) return r;
    std::size_t k = i;
    if (!skip_blanks(text, k, at_end) || (k == text.size() && !at_end)) return Lexed::more;
    if (k == text.size() || !(text[k] == '\'' || (text[k] == '"' && !mode.ansi_quotes))) return Lexed::done;
    i = k;
  }
}

// Hex or binary digits to bytes, big-endian; an odd count of hex digits (0x123) as if a 0 led.
void digits_to_bytes(std::string_view digits, bool hex, std::string& out) {
  const std::size_t per_byte = hex ? 2 : 8;
  std::size_t first = digits.size() % per_byte;
  if (first == 0) first = per_byte;
  unsigned value = 0;
  for (std::size_t k = 0, in_byte = per_byte - first; k < digits.size(); ++k) {
    const char c = digits[k];
    value = value * (hex ? 16 : 2) + (digit(c) ? c - '0' : (c | 0x20) - 'a' + 10);  // (c | 0x20): lower case
    if (++in_byte == per_byte) {
      out += static_cast<char>(value);
      value = 0;
      in_byte = 0;
    }
  }
}

// X'41' b'101' (the letter at i) or 0x41 0b101 (the 0 at i).
Lexed hex_or_bit(std::string_view text, std::size_t& i, bool at_end, Literal& out) {
  const bool quoted_form = text[i] != '0';
  const bool hex = std::tolower(static_cast<unsigned char>(text[i + 1 - quoted_form])) == 'x';
  auto valid = [&](char c) { return hex ? hex_digit(c) : c == '0' || c == '1'; };
  std::size_t j = i + 2;
  while (j < text.size() && valid(text[j])) ++j;
  if (j == text.size()) return open_end(at_end);
  const std::string_view digits = text.substr(i + 2, j - i - 2);
  if (quoted_form ? text[j] != '\'' || (hex && digits.size() % 2) : digits.empty() || name_byte(text[j]))
    return Lexed::refused;
  out.kind = hex ? LiteralKind::hex : LiteralKind::bit;
  digits_to_bytes(digits, hex, out.bytes);
  i = j + quoted_form;
  return Lexed::done;
}

// -1.5e3 .5 7: the text as written.
Lexed number(std::string_view text, std::size_t& i, bool at_end, Literal& out) {
  std::size_t j = i + (text[i] == '-' || text[i] == '+');
  auto run = [&] {
    const std::size_t from = j;
    while (j < text.size() && digit(text[j])) ++j;
    return j - from;
  };
  std::size_t count = run();
  if (j < text.size() && text[j] == '.') ++j, count += run();
  if (count == 0) return j == text.size() ? open_end(at_end) : Lexed::refused;
  if (j < text.size() && (text[j] == 'e' || text[j] == 'E')) {
    std::size_t k = j + 1 + (j + 1 < text.size() && (text[j + 1] == '+' || text[j + 1] == '-'));
    if (k >= text.size() && !at_end) return Lexed::more;
    if (k < text.size() && digit(text[k])) j = k, run();
  }
  if (j == text.size() && !at_end) return Lexed::more;
  if (j < text.size() && name_byte(text[j])) return Lexed::refused;  // 1e, 12abc: names
  out.kind = LiteralKind::number;
  out.bytes.assign(text.substr(i, j - i));
  i = j;
  return Lexed::done;
}

Lexed after_introducer(std::string_view text, std::size_t& i, bool at_end, SqlMode mode, Literal& out);

// NULL TRUE FALSE, X'' b'' N'', or an introducer (_latin1 'a').
Lexed word(std::string_view text, std::size_t& i, bool at_end, SqlMode mode, Literal& out) {
  std::size_t j = i;
  while (j < text.size() && name_byte(text[j])) ++j;
  if (j == text.size() && !at_end) return Lexed::more;
  if (j - i > 16) return Lexed::refused;  // no keyword, charset introducer or letter prefix is that long
  const std::string w = ascii_lower(text.substr(i, j - i));
  const bool quote = j < text.size() && text[j] == '\'';
  if ((w == "x" || w == "b") && quote) return hex_or_bit(text, i, at_end, out);
  if (w == "null" || w == "true" || w == "false") {
    out.kind = w == "null" ? LiteralKind::null : LiteralKind::boolean;
    out.bytes = w == "null" ? "" : w == "true" ? "1" : "0";
    i = j;
    return Lexed::done;
  }
  if (w == "n" && quote) {
    out.introducer = w;
    i = j;
    return strings(text, i, at_end, mode, out);
  }
  if (w.size() < 2 || w[0] != '_') return Lexed::refused;
  out.introducer = w;
  i = j;
  return after_introducer(text, i, at_end, mode, out);
}

Lexed after_introducer(std::string_view text, std::size_t& i, bool at_end, SqlMode mode, Literal& out) {
  if (!skip_blanks(text, i, at_end) || (text.size() - i < 3 && !at_end)) return Lexed::more;
  if (i == text.size()) return Lexed::refused;
  const char c = text[i], next = i + 1 < text.size() ? static_cast<char>(std::tolower(static_cast<unsigned char>(text[i + 1]))) : 0;
  if (c == '\'' || (c == '"' && !mode.ansi_quotes)) return strings(text, i, at_end, mode, out);
  if (((c == 'x' || c == 'X' || c == 'b' || c == 'B') && next == '\'') || (c == '0' && (next == 'x' || next == 'b')))
    return hex_or_bit(text, i, at_end, out);
  return Lexed::refused;
}

Lexed value(std::string_view text, std::size_t& i, bool at_end, SqlMode mode, Literal& out) {
  const char c = text[i];
  if (c == '\'' || (c == '"' && !mode.ansi_quotes)) return strings(text, i, at_end, mode, out);
  if (c == '\\') {
    if (i + 1 == text.size()) return open_end(at_end);
    if (text[i + 1] != 'N') return Lexed::refused;
    i += 2;
    return Lexed::done;  // \N is NULL
  }
  if (c == '0') {
    if (i + 1 == text.size()) return open_end(at_end);
    const char next = text[i + 1];
    if (next == 'x' || next == 'b') {
      std::size_t j = i;
      const Lexed r = hex_or_bit(text, j, at_end, out);
      if (r == Lexed::done) i = j;
      if (r != Lexed::refused) return r;  // else a number, refused after its 0 (0x1g is a name)
    }
  }
  if (digit(c) || c == '.' || c == '-' || c == '+') return number(text, i, at_end, out);
  if (name_byte(c)) return word(text, i, at_end, mode, out);
  return Lexed::refused;
}

// COLLATE name after a literal: recorded (the bytes stay).
Lexed collate(std::string_view text, std::size_t& i, bool at_end, Literal& out) {
  constexpr std::string_view kWord = "collate";
  if (i < text.size() && text[i] != 'c' && text[i] != 'C') return Lexed::done;  // most literals: ',' or ')' next
  if (text.size() - i <= kWord.size()) {  // too short to tell, unless it starts no COLLATE
    const bool prefix = kWord.starts_with(ascii_lower(text.substr(i)));
    return prefix && !at_end ? Lexed::more : Lexed::done;
  }
  if (ascii_lower(text.substr(i, kWord.size())) != kWord || name_byte(text[i + kWord.size()])) return Lexed::done;
  std::size_t j = i + kWord.size();
  if (!skip_blanks(text, j, at_end)) return Lexed::more;
  std::size_t end = j;
  if (end < text.size() && (text[end] == '`' || text[end] == '\'' || text[end] == '"')) end = text::quoted_end(text, j, false);
  else
    while (end < text.size() && name_byte(text[end])) ++end;
  if (end == npos || (end == text.size() && !at_end)) return Lexed::more;
  if (end == j) return Lexed::refused;
  const std::string_view name = text.substr(j, end - j);
  const bool quoted = name.front() == '`' || name.front() == '\'' || name.front() == '"';
  out.collation = ascii_lower(quoted ? text::unquote(name, false) : std::string(name));
  i = end;
  return Lexed::done;
}

}  // namespace

std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

std::size_t find_either(std::string_view text, std::size_t from, char a, char b) {
  for (std::size_t j = from; j < text.size(); ++j)
    if (text[j] == a || text[j] == b) return j;
  return npos;
}

namespace {

bool same_ascii(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t k = 0; k < a.size(); ++k)
    if ((a[k] >= 'A' && a[k] <= 'Z' ? static_cast<char>(a[k] | 0x20) : a[k]) != b[k]) return false;
  return true;
}

}  // namespace

// Called for every string of a dump: no allocation, ASCII passed over at once.
bool readable_as(std::string_view bytes, std::string_view charset) {
  const bool mb4 = same_ascii(charset, "utf8mb4");
  if (mb4 || same_ascii(charset, "utf8mb3") || same_ascii(charset, "utf8")) {
    const std::size_t widest = mb4 ? 4 : 3;
    for (std::size_t at = 0; at < bytes.size(); ++at) {
      std::uint64_t eight;  // ASCII passed 8 bytes at a time: most of a dump's strings
      while (at + 8 <= bytes.size() && (std::memcpy(&eight, bytes.data() + at, 8), (eight & 0x8080808080808080u) == 0))
        at += 8;
      if (at == bytes.size()) break;
      if (static_cast<unsigned char>(bytes[at]) < 0x80) continue;
      const std::size_t n = text::utf8_character(bytes, at);
      if (n == 0 || n > widest) return false;
      at += n - 1;
    }
    return true;
  }
  static constexpr std::string_view kSingleByte[] = {
      "binary", "latin1", "latin2", "latin5", "latin7", "ascii", "cp1250", "cp1251", "cp1256", "cp1257", "cp850",
      "cp852", "cp866", "dec8", "hp8", "koi8r", "koi8u", "greek", "hebrew", "armscii8", "swe7", "tis620", "keybcs2",
      "macce", "macroman", "geostd8"};
  for (std::string_view single : kSingleByte)
    if (same_ascii(charset, single)) return true;
  return false;
}

bool skip_blanks_from(std::string_view text, std::size_t& i, bool at_end) {
  while (i < text.size()) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      ++i;
      continue;
    }
    if (c != '-' && c != '/' && c != '#') return true;  // starts no comment: most bytes, at once
    if (!at_end && text.size() - i < 3 && (c == '-' || c == '/')) return false;  // "--" or "/*" may be starting
    const std::size_t end = text::comment_end(text, i);
    if (end == 0) return true;
    const bool line_comment = c == '#' || c == '-';
    if (!at_end && (end == npos || (line_comment && text.back() != '\n' && end == text.size()))) return false;
    i = end == npos ? text.size() : end;
  }
  return true;
}

namespace {

// What most of a dump's values are, read in one go: a plain number, a quoted string or NULL, followed at once by
// the ',' or ')' after it. Anything else (blanks, a comment, an exponent, adjacent strings, COLLATE, the text's
// end) is left to the general reading: false, `out` and i as they may be, for it to read again.
bool read_plain(std::string_view text, std::size_t& i, SqlMode mode, Literal& out) {
  const auto ends_value = [&](std::size_t at) { return at < text.size() && (text[at] == ',' || text[at] == ')'); };
  const char c = text[i];
  std::size_t j = i + (c == '-');
  if (j < text.size() && digit(text[j])) {
    while (j < text.size() && digit(text[j])) ++j;
    if (j < text.size() && text[j] == '.')
      for (++j; j < text.size() && digit(text[j]);) ++j;
    if (!ends_value(j)) return false;
    out.kind = LiteralKind::number;
    out.bytes.assign(text.substr(i, j - i));
  } else if (c == '\'') {
    const char escape = mode.backslash_escapes ? '\\' : c;
    out.kind = LiteralKind::string;
    for (j = i + 1;;) {
      const std::size_t k = find_either(text, j, c, escape);
      if (k == npos || k + 1 >= text.size()) return false;
      out.bytes.append(text.substr(j, k - j));
      if (text[k] == '\\') {
        unescape(text[k + 1], out.bytes);
        j = k + 2;
      } else if (text[k + 1] == c) {  // a doubled quote is one
        out.bytes += c;
        j = k + 2;
      } else {
        j = k + 1;
        break;
      }
    }
    if (!ends_value(j)) return false;
  } else if ((c == 'N' || c == 'n') && text.size() - i > 4 && ascii_lower(text.substr(i, 4)) == "null") {
    j = i + 4;
    if (!ends_value(j)) return false;
  } else {
    return false;
  }
  i = j;
  return true;
}

}  // namespace

Lexed read_literal(std::string_view text, std::size_t& i, bool at_end, SqlMode mode, Literal& out) {
  out.kind = LiteralKind::null;
  out.bytes.clear();
  out.introducer.clear();
  out.collation.clear();
  if (!skip_blanks(text, i, at_end)) return Lexed::more;
  if (i == text.size()) return open_end(at_end);
  const std::size_t start = i;
  out.offset = start;
  if (read_plain(text, i, mode, out)) return Lexed::done;
  i = start;
  out.kind = LiteralKind::null;
  out.bytes.clear();
  Lexed r = value(text, i, at_end, mode, out);
  if (r == Lexed::done && (!skip_blanks(text, i, at_end) || (i == text.size() && !at_end))) r = Lexed::more;
  if (r == Lexed::done && out.kind != LiteralKind::null && (r = collate(text, i, at_end, out)) == Lexed::done &&
      !skip_blanks(text, i, at_end))
    r = Lexed::more;
  if (r == Lexed::refused) i = start;
  return r;
}

}  // namespace fastload::sqldump
