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

#include "cli/cli.h"
#include "dialect_writer.h"
#include "base/base.h"
#include "generator.h"

using dialect_writer::Writer;
using generator::SplitMix64;

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
  fastload::text::Dialect d;
  try {
    d = fastload::cli::parse_args(dialect_args).options.source.dialect;
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
