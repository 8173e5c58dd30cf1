// A writer of values in any LOAD DATA dialect, for the generators of test
// files (gen_dialect.cc, gen_case.cc): terminators, quotes and escapes inside
// values are enclosed (quotes doubled or escaped) or escaped as the dialect
// allows; NULL is the dialect's NULL marker.
#pragma once

#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include "text/text.h"
#include "generator.h"

namespace dialect_writer {

using generator::SplitMix64;

constexpr std::string_view kPieces[] = {"x", "hello", ",", "\"", "\"\"", "\n", "\r\n", "\r", "|", "||", "\t", "\\",
                                        "NULL", "N", "\\N", " ", "'", "é", "東京", "😀", "0", "a,b", "\"q\""};

class Writer {
 public:
  Writer(const fastload::text::Dialect& d, SplitMix64& r) : d_(d), r_(r) {}

  // A value of up to `pieces` pieces (at most 200 characters: each piece is at most 5).
  std::string value(int pieces) {
    std::string v;
    for (auto n = r_.below(static_cast<std::uint64_t>(pieces) + 1); n > 0; --n)
      v += kPieces[r_.below(std::size(kPieces))];
    return v;
  }

  // The field as the dialect writes it; nullopt is NULL.
  std::string field(const std::optional<std::string>& v) {
    if (!v) {
      // With the escape the enclosure too, an escaped N would open an enclosed field: the word NULL it is.
      const bool escaped = d_.escape && d_.escape != d_.enclosure;
      const std::string null = escaped ? std::string{*d_.escape, 'N'} : "NULL";  // enclosed \N is NULL too
      return escaped && d_.enclosure && r_.chance(30) ? *d_.enclosure + null + *d_.enclosure : null;
    }
    const bool special = v->find_first_of(specials()) != std::string::npos || *v == "NULL";
    if (d_.enclosure && (special || r_.chance(30))) return enclose(*v);
    std::string out;
    for (char c : *v) {
      if (specials().find(c) == std::string::npos) out += c;
      else if (d_.escape) out += {*d_.escape, c};  // escaped terminator bytes, quotes and escapes are data
    }  // with neither escape nor enclosure such bytes cannot be written: they are left out
    return out;
  }

  bool can_write_null() const { return d_.escape || d_.enclosure; }
  std::string quote_sometimes(const std::string& v) { return d_.enclosure && r_.chance(30) ? enclose(v) : v; }

 // The bytes that cannot appear in a field as they are: terminators', enclosure, escape.
  std::string specials() const {
    std::string s = d_.field_terminator + d_.line_terminator;
    if (d_.enclosure) s += *d_.enclosure;
    if (d_.escape) s += *d_.escape;
    return s;
  }

 private:
  std::string enclose(const std::string& v) {
    const char q = *d_.enclosure;
    std::string out(1, q);
    for (char c : v) {
      if (c == q) out += d_.escape && r_.chance(50) ? std::string{*d_.escape, q} : std::string{q, q};
      else if (d_.escape && c == *d_.escape) out += {c, c};
      else out += c;
    }
    return out + q;
  }

  const fastload::text::Dialect& d_;
  SplitMix64& r_;
};

}  // namespace dialect_writer
