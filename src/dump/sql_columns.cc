#include "dump/sql_columns.h"

#include <cctype>

namespace fastload::dump {
namespace {

using sqldump::Literal;
using sqldump::LiteralKind;

// A character set's name as the server knows it: utf8 is utf8mb3.
std::string canonical_charset(std::string_view name) {
  std::string lower = sqldump::ascii_lower(name);
  return lower == "utf8" ? "utf8mb3" : lower;
}

bool digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

// Whether a number literal is written as the server prints its value (so its text is what the INSERT stores in a
// character column): an integer or a decimal without '+', leading zeros, exponent or "-0", of at most 18 digits
// (longer ones may be read as DOUBLE and printed in another form).
bool printed_form(std::string_view n) {
  const bool negative = n.starts_with('-');
  if (negative) n.remove_prefix(1);
  const std::size_t point = n.find('.');
  const std::string_view whole = n.substr(0, point);
  const std::string_view fraction = point == std::string_view::npos ? "" : n.substr(point + 1);
  if (!digits(whole) || (point != std::string_view::npos && !digits(fraction))) return false;
  if (whole.size() > 1 && whole.front() == '0') return false;
  if (whole.size() + fraction.size() > 18) return false;
  const bool zero = whole == "0" && fraction.find_first_not_of('0') == std::string_view::npos;
  return !(negative && zero);
}

bool bytes_column(ColumnKind k) { return k == ColumnKind::binary || k == ColumnKind::bit; }
bool text_column(ColumnKind k) { return k == ColumnKind::character || k == ColumnKind::json; }

std::optional<std::string> number_refusal(const Literal& v, const ColumnType& c) {
  const char* what = v.kind == LiteralKind::boolean ? "TRUE or FALSE" : "a number";
  switch (c.kind) {
    case ColumnKind::numeric: return std::nullopt;
    case ColumnKind::year:
      if (v.kind == LiteralKind::number && v.bytes.size() == 4 && digits(v.bytes)) return std::nullopt;
      return std::string(what) + " not of 4 digits into a YEAR column: the INSERT reads it as a number (0 is 0000), "
                                 "LOAD DATA as text (\"0\" is 2000)";
    case ColumnKind::bit:
      return std::string(what) + " into a BIT column: the INSERT stores its value (5 is b'101', TRUE b'1'), LOAD DATA its text's "
                                 "bytes (\"5\" is 0x35)";
    case ColumnKind::enum_set:
      return std::string(what) + " into an ENUM or SET column: the INSERT reads it as a member's number, LOAD DATA as "
                                 "a member's name";
    case ColumnKind::character: case ColumnKind::json:
      if (v.kind == LiteralKind::boolean || printed_form(v.bytes)) return std::nullopt;
      return "a number not written as the server prints it (" + v.bytes +
             ") into a character column: the INSERT stores the server's text of it";
    default:
      return std::string(what) + " into a " + (c.kind == ColumnKind::temporal ? "date or time" : "column of another type") +
             " column: the INSERT converts a number, LOAD DATA a text, and they may differ";
  }
}

// Hex and bit literals, _binary strings: bytes the INSERT stores unconverted.
std::optional<std::string> raw_refusal(const Literal& v, const ColumnType& c, const std::string& charset) {
  const std::string what = v.kind == LiteralKind::hex   ? "a hex literal"
                           : v.kind == LiteralKind::bit ? "a bit literal"
                                                        : "a _binary string";
  if (bytes_column(c.kind)) return std::nullopt;
  if (text_column(c.kind)) {
    if (canonical_charset(c.charset) != charset)
      return what + " into a " + c.charset + " column: the INSERT stores its bytes as they are, LOAD DATA converts "
                    "them from " + charset;
    if (!sqldump::readable_as(v.bytes, charset)) return what + " whose bytes are not valid " + charset;
    return std::nullopt;
  }
  if (c.kind == ColumnKind::numeric || c.kind == ColumnKind::year)
    return what + " into a numeric column: the INSERT stores its value as a number (0x41 is 65), LOAD DATA reads "
                  "its bytes as text (\"A\" is 0)";
  return what + " into a column that is not binary, BIT or character: the INSERT and LOAD DATA may read its bytes "
                "differently";
}

}  // namespace

ColumnKind column_kind(std::string_view data_type) {
  const std::string t = sqldump::ascii_lower(data_type);
  auto any = [&t](std::initializer_list<std::string_view> names) {
    for (std::string_view n : names)
      if (t == n) return true;
    return false;
  };
  if (any({"tinyint", "smallint", "mediumint", "int", "integer", "bigint", "decimal", "numeric", "float", "double",
           "real"}))
    return ColumnKind::numeric;
  if (t == "year") return ColumnKind::year;
  if (t == "bit") return ColumnKind::bit;
  if (any({"char", "varchar", "tinytext", "text", "mediumtext", "longtext"})) return ColumnKind::character;
  // A spatial column holds the bytes it is given, checked as a geometry by the INSERT and LOAD DATA alike.
  if (any({"binary", "varbinary", "tinyblob", "blob", "mediumblob", "longblob", "geometry", "point", "linestring",
           "polygon", "multipoint", "multilinestring", "multipolygon", "geometrycollection"}))
    return ColumnKind::binary;
  if (any({"date", "time", "datetime", "timestamp"})) return ColumnKind::temporal;
  if (any({"enum", "set"})) return ColumnKind::enum_set;
  if (t == "json") return ColumnKind::json;
  return ColumnKind::other;
}

// The row text carries a literal's bytes alone (sqldump::append_field): an introducer that is the dump's character
// set makes them a string in it, however they were written (_utf8mb4 X'C3A9' is 'é').
std::optional<std::string> literal_refusal(const Literal& v, const ColumnType& c, std::string_view charset_name) {
  if (v.kind == LiteralKind::null) return std::nullopt;
  // What most values of a dump are, decided without a word of the charset's name: a number for a numeric column,
  // a string of printable ASCII into a column of text, bytes, a date or time.
  if (v.introducer.empty() && v.kind == LiteralKind::number && c.kind == ColumnKind::numeric) return std::nullopt;
  if (v.introducer.empty() && v.kind == LiteralKind::string && c.kind != ColumnKind::generated &&
      sqldump::readable_as(v.bytes, charset_name))
    return std::nullopt;
  const std::string charset = canonical_charset(charset_name);
  if (c.kind == ColumnKind::generated && (v.kind != LiteralKind::string || sqldump::readable_as(v.bytes, charset)))
    return std::nullopt;  // dropped: only its text must not run into the next field
  bool raw = v.kind == LiteralKind::hex || v.kind == LiteralKind::bit;
  if (!v.introducer.empty()) {
    const std::string in = v.introducer == "n" ? "utf8mb3" : canonical_charset(v.introducer.substr(1));
    const bool same = in == charset || (in == "utf8mb3" && charset == "utf8mb4" && sqldump::readable_as(v.bytes, in));
    if (in == "binary") {
      raw = true;
    } else if (same) {
      raw = false;
    } else {
      return "a string with the introducer " + v.introducer + ": the INSERT reads its bytes in " + in +
             ", LOAD DATA in the dump's " + charset;
    }
  }
  if (v.kind == LiteralKind::number || v.kind == LiteralKind::boolean) return number_refusal(v, c);
  if (raw) return raw_refusal(v, c, charset);
  if (bytes_column(c.kind) || sqldump::readable_as(v.bytes, charset)) return std::nullopt;
  return "a string whose bytes are not valid " + charset + " into a column that is not binary or BIT: LOAD DATA "
         "would read its fields into each other";
}

}  // namespace fastload::dump
