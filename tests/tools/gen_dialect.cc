// gen-dialect ROWS [--seed N] [-o FILE] [--header] [--no-final-lf] [dialect options: --csv, --fields-...]
//
// Writes ROWS rows in the given dialect for
//   CREATE TABLE t (id int PRIMARY KEY, a varchar(200) CHARACTER SET utf8mb4,
//     b text CHARACTER SET utf8mb4, c int NULL);
// full of what makes the dialect hard to read: field and line terminators,
// CR LF and LF and quotes inside values (enclosed, with quotes doubled; or
// escaped when the dialect has no enclosure), escapes, the word NULL and \N
// as data, empty values, NULLs (\N, or the word NULL unquoted when there is no
// escape), ids and numbers sometimes enclosed, 2- to 4-byte UTF-8. --header
// starts with a line of column names. Every row loads without a warning. Same
// ROWS, seed and dialect, same bytes.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "cli.h"
#include "fastload/errors.h"
#include "generator.h"

namespace {

using generator::SplitMix64;

constexpr std::string_view kPieces[] = {"x", "hello", ",", "\"", "\"\"", "\n", "\r\n", "\r", "|", "||", "\t", "\\",
                                        "NULL", "N", "\\N", " ", "'", "é", "東京", "😀", "0", "a,b", "\"q\""};

class Writer {
 public:
  Writer(const fastload::Dialect& d, SplitMix64& r) : d_(d), r_(r) {}

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
      const std::string null = d_.escape ? std::string{*d_.escape, 'N'} : "NULL";  // enclosed \N is NULL too
      return d_.escape && d_.enclosure && r_.chance(30) ? *d_.enclosure + null + *d_.enclosure : null;
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

 private:
  std::string specials() const {
    std::string s = d_.field_terminator + d_.line_terminator;
    if (d_.enclosure) s += *d_.enclosure;
    if (d_.escape) s += *d_.escape;
    return s;
  }

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

  const fastload::Dialect& d_;
  SplitMix64& r_;
};

}  // namespace

int main(int argc, char** argv) {
  const char* usage = "gen-dialect ROWS [--seed N] [-o FILE] [--header] [--no-final-lf] [dialect options]";
  bool header = false, final_lf = true;
  std::vector<std::string> dialect_args;
  const generator::Args args = generator::parse_args(argc, argv, usage, [&](std::string_view a) {
    if (a == "--header") return header = true;
    if (a == "--no-final-lf") return !(final_lf = false);
    if (!a.starts_with("--")) return false;
    dialect_args.emplace_back(a);  // a dialect option, its value in the same argument (--x=value)
    return true;
  });
  dialect_args.insert(dialect_args.end(), {"file", "db.t"});
  fastload::Dialect d;
  try {
    d = fastload::parse_args(dialect_args).options.dialect;
  } catch (const fastload::Failure& f) {
    std::fprintf(stderr, "%s\n", f.what());
    return 2;
  }
  SplitMix64 r{args.seed};
  Writer w(d, r);
  std::string out;
  const std::string& sep = d.field_terminator;
  if (header) out += "id" + sep + "a" + sep + "b" + sep + "c" + d.line_terminator;
  for (std::uint64_t id = 1; id <= args.rows; ++id) {
    const bool nulls = w.can_write_null();
    out += w.quote_sometimes(std::to_string(id)) + d.field_terminator;
    out += w.field(r.chance(10) ? std::string() : w.value(6)) + d.field_terminator;
    out += w.field(nulls && r.chance(15) ? std::nullopt : std::optional(w.value(12))) + d.field_terminator;
    out += nulls && r.chance(20) ? w.field(std::nullopt) : w.quote_sometimes(std::to_string(r.between(-1000, 1000)));
    if (id < args.rows || final_lf) out += d.line_terminator;
  }
  std::fwrite(out.data(), 1, out.size(), args.out);
  return generator::finish(args);
}
