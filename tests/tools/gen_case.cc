// gen-case SEED DIR
//
// One random case of the differential test (tests/integration/differential.sh),
// the same bytes for the same SEED. Writes into DIR:
//   table.sql  CREATE TABLE t: 2-12 columns of random types, NULL or NOT NULL,
//              sometimes an int first column of unique values (PRIMARY KEY or
//              not), InnoDB mostly, else MyISAM or Aria;
//   data.txt   200-3000 rows in one of twelve dialects, sometimes after header
//              lines, sometimes without a final line terminator, in a quarter
//              of the cases each row after a LINES STARTING BY prefix, with
//              lines and bytes without it between them; every value
//              exact for its column (stored as written, without a warning);
//   options    fastload's dialect options, one a line;
//   variants   four ways to run fastload on the case, one a line: the input
//              (plain, gz, zst or stdin), then fastload's options;
// and in about one case in five one bad value (a letter in a number, an
// impossible date, a string longer than its column, an out-of-range integer)
// in one row, whose first column holds unique integers: bad_line holds that
// row's line in data.txt (1-based, every LF byte counted, header lines too)
// and bad_where a condition that finds that row in t.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <numeric>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "dialect_writer.h"
#include "base/base.h"
#include "generator.h"

namespace {

using dialect_writer::Writer;
using generator::SplitMix64;
using Value = std::optional<std::string>;

// The dialects of tests/integration/dialect_values.sh, as fastload options.
const std::vector<std::vector<std::string>> kDialects = {
    {},
    {"--csv"},
    {"--csv", "--lines-terminated-by=\\r\\n"},
    {"--fields-terminated-by=,", "--fields-enclosed-by=\""},
    {"--fields-terminated-by=,", "--fields-enclosed-by=\"", "--fields-escaped-by=\""},
    {"--lines-terminated-by=\\r\\n"},
    {"--fields-terminated-by=||"},
    {"--fields-terminated-by=,", "--fields-escaped-by="},
    {"--fields-terminated-by=||", "--fields-enclosed-by='", "--fields-escaped-by=", "--lines-terminated-by=\\r\\n"},
    {"--fields-terminated-by=,", "--lines-terminated-by=,\\n", "--fields-enclosed-by=\""},
    {"--fields-terminated-by=|\\n"},
    {"--fields-terminated-by=;", "--lines-terminated-by=xx", "--fields-enclosed-by=\""},
};

enum class Kind { kInt, kDecimal, kDouble, kVarchar, kChar, kText, kDate, kDatetime, kTimestamp, kTime, kYear,
                  kEnum, kSet };

struct Column {
  Kind kind;
  std::string type;                 // as CREATE TABLE says it
  int a = 0, b = 0;                 // int: the type's index, unsigned; decimal: p, s; strings: length; times: fsp
  std::vector<std::string> labels;  // enum and set
  bool nullable = false;
};

constexpr const char* kIntNames[] = {"tinyint", "smallint", "mediumint", "int", "bigint"};
constexpr int kIntBits[] = {8, 16, 24, 32, 64};

std::size_t chars(const std::string& s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

class Case {
 public:
  Case(std::uint64_t seed, const fastload::text::Dialect& d) : r_{seed}, d_(d), w_(d_, r_) {}

  std::string digits(int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s += static_cast<char>('0' + r_.below(10));
    return s;
  }
  std::string two(int v) { return (v < 10 ? "0" : "") + std::to_string(v); }
  std::string fraction(int fsp) {
    const int n = static_cast<int>(r_.below(static_cast<std::uint64_t>(fsp) + 1));
    return n ? "." + digits(n) : "";
  }

  // Text of at most `max` characters of the dialect's tricky pieces, as the
  // dialect can write it (without escape and enclosure its special bytes cannot be).
  std::string text(std::size_t max, bool trailing_spaces) {
    const std::size_t target = r_.chance(8) ? max : r_.below(std::min<std::size_t>(max, 40) + 1);
    std::string v;
    while (true) {
      const std::string piece = r_.chance(10) ? std::string(r_.below(30) + 1, 'a' + r_.below(26))
                                              : std::string(dialect_writer::kPieces[r_.below(std::size(dialect_writer::kPieces))]);
      if (chars(v) + chars(piece) > target) break;
      v += piece;
    }
    if (!d_.escape && !d_.enclosure) std::erase_if(v, [&](char c) { return w_.specials().find(c) != std::string::npos; });
    if (!trailing_spaces) while (!v.empty() && v.back() == ' ') v.pop_back();
    return v;
  }

  std::string date(int lo, int hi) {
    const int m = static_cast<int>(r_.between(1, 12));
    const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return std::to_string(r_.between(lo, hi)) + "-" + two(m) + "-" + two(static_cast<int>(r_.between(1, days[m - 1])));
  }
  std::string clock(int fsp) {
    return two(static_cast<int>(r_.below(24))) + ":" + two(static_cast<int>(r_.below(60))) + ":" +
           two(static_cast<int>(r_.below(60))) + fraction(fsp);
  }

  std::string integer(const Column& c) {
    const int bits = kIntBits[c.a];
    if (c.b) {  // unsigned
      const std::uint64_t max = bits == 64 ? ~0ULL : (1ULL << bits) - 1;
      return std::to_string(r_.chance(10) ? max : r_.chance(50) ? r_.below(std::min<std::uint64_t>(max, 999) + 1) : r_.next() & max);
    }
    const std::int64_t max = static_cast<std::int64_t>((bits == 64 ? ~0ULL : (1ULL << bits) - 1) >> 1);
    if (r_.chance(10)) return std::to_string(r_.chance(50) ? max : -max - 1);
    return std::to_string(r_.between(-std::min<std::int64_t>(max, 100000), std::min<std::int64_t>(max, 100000)));
  }

  std::string label_set(const Column& c) {
    std::string v;
    const bool one = d_.field_terminator.find(',') != std::string::npos && !d_.escape && !d_.enclosure;
    for (const auto& l : c.labels)
      if (r_.chance(40) && !(one && !v.empty())) v += (v.empty() ? "" : ",") + l;
    return v;
  }

  // A value the column stores exactly as written.
  std::string value(const Column& c) {
    switch (c.kind) {
      case Kind::kInt: return integer(c);
      case Kind::kDecimal: {
        const std::string whole = c.a > c.b ? digits(static_cast<int>(r_.between(1, c.a - c.b))) : "0";
        return (r_.chance(30) ? "-" : "") + whole + fraction(c.b);
      }
      case Kind::kDouble:
        return (r_.chance(30) ? "-" : "") + digits(static_cast<int>(r_.between(1, 8))) + fraction(6) +
               (r_.chance(20) ? "e" + std::to_string(r_.between(-30, 30)) : "");
      case Kind::kVarchar: return text(static_cast<std::size_t>(c.a), true);
      case Kind::kChar: return text(static_cast<std::size_t>(c.a), false);
      case Kind::kText: return text(r_.chance(2) ? 5000 : 300, true);
      case Kind::kDate: return date(1000, 9999);
      case Kind::kDatetime: return date(1000, 9999) + " " + clock(c.a);
      case Kind::kTimestamp: return date(1980, 2030) + " " + clock(c.a);  // DST changes happen at night
      case Kind::kTime:
        return (r_.chance(20) ? "-" : "") + std::to_string(r_.below(838)) + ":" + two(static_cast<int>(r_.below(60))) +
               ":" + two(static_cast<int>(r_.below(60))) + fraction(c.a);
      case Kind::kYear: return std::to_string(r_.between(1901, 2155));
      case Kind::kEnum: return c.labels[r_.below(c.labels.size())];
      case Kind::kSet: return label_set(c);
    }
    return {};
  }

  // A value the server changes with a warning; nullopt when the column has none.
  Value bad(const Column& c) {
    switch (c.kind) {
      case Kind::kInt:
        if (r_.chance(50)) return c.b ? "-1" : kIntBits[c.a] == 64 ? "9223372036854775808" : std::to_string(1LL << (kIntBits[c.a] - 1));
        [[fallthrough]];
      case Kind::kDecimal:
      case Kind::kDouble: return digits(2) + static_cast<char>('a' + r_.below(26)) + digits(1);
      case Kind::kVarchar:
      case Kind::kChar: return std::string(static_cast<std::size_t>(c.a) + 1 + r_.below(3), 'z');
      case Kind::kDate: return "2023-02-30";
      case Kind::kDatetime:
      case Kind::kTimestamp: return "2023-04-31 10:00:00";
      case Kind::kYear: return "2156";
      case Kind::kEnum:
      case Kind::kSet: return "no such label";
      default: return std::nullopt;
    }
  }

  std::vector<std::string> labels() {
    std::vector<std::string> out;
    const bool specials = d_.escape || d_.enclosure;  // otherwise a label could not be written
    for (int i = 0, n = static_cast<int>(r_.between(2, 6)); i < n; ++i) {
      std::string l = "L" + std::to_string(i);  // distinct whatever the collation
      if (specials) l += w_.specials()[r_.below(w_.specials().size())];
      l += text(6, false);
      if (specials && r_.chance(30)) l.insert(1, d_.field_terminator);
      std::erase(l, ',');  // a set's separator
      while (l.back() == ' ') l.pop_back();  // CREATE TABLE would cut it
      out.push_back(l);
    }
    return out;
  }

  static std::string quoted(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? "''" : c == '\\' ? "\\\\" : std::string(1, c);
    return out + "'";
  }

  Column column() {
    Column c;
    c.kind = static_cast<Kind>(r_.below(13));
    c.nullable = r_.chance(50);
    switch (c.kind) {
      case Kind::kInt:
        c.a = static_cast<int>(r_.below(5)), c.b = r_.chance(30);
        c.type = std::string(kIntNames[c.a]) + (c.b ? " unsigned" : "");
        break;
      case Kind::kDecimal:
        c.a = static_cast<int>(r_.between(1, 30)), c.b = static_cast<int>(r_.between(0, std::min(c.a, 10)));
        c.type = "decimal(" + std::to_string(c.a) + "," + std::to_string(c.b) + ")";
        break;
      case Kind::kDouble: c.type = "double"; break;
      case Kind::kVarchar: c.a = static_cast<int>(r_.between(1, 300)), c.type = "varchar(" + std::to_string(c.a) + ")"; break;
      case Kind::kChar: c.a = static_cast<int>(r_.between(1, 40)), c.type = "char(" + std::to_string(c.a) + ")"; break;
      case Kind::kText: c.type = "text"; break;
      case Kind::kDate: c.type = "date"; break;
      case Kind::kDatetime:
      case Kind::kTimestamp:
      case Kind::kTime:
        c.a = static_cast<int>(r_.below(7));
        c.type = std::string(c.kind == Kind::kDatetime ? "datetime" : c.kind == Kind::kTime ? "time" : "timestamp") +
                 "(" + std::to_string(c.a) + ")";
        break;
      case Kind::kYear: c.type = "year"; break;
      case Kind::kEnum:
      case Kind::kSet: {
        c.labels = labels();
        c.type = c.kind == Kind::kEnum ? "enum(" : "set(";
        for (std::size_t i = 0; i < c.labels.size(); ++i) c.type += (i ? "," : "") + quoted(c.labels[i]);
        c.type += ")";
      }
    }
    return c;
  }

  SplitMix64 r_;
  fastload::text::Dialect d_;
  Writer w_;
};

std::string ddl(const std::vector<Column>& cols, bool key, const std::string& engine) {
  std::string s = "CREATE TABLE t (";
  for (std::size_t i = 0; i < cols.size(); ++i) {
    s += (i ? ",\n  " : "") + ("c" + std::to_string(i + 1)) + " " + cols[i].type + (cols[i].nullable ? " NULL" : " NOT NULL");
    if (i == 0 && key) s += " PRIMARY KEY";
  }
  return s + ") ENGINE=" + engine + " DEFAULT CHARSET=utf8mb4\n";
}

// Four ways to run fastload: input form, then options. By construction none is one fastload refuses:
// --mode server and bulk read a plain file in one statement (no --threads, no --chunk-size); bulk needs InnoDB.
std::string variants(SplitMix64& r, bool innodb) {
  const char* modes[] = {"load", "insert", "multirow", "row", "server", "bulk"};
  const char* chunks[] = {"1K", "3K", "16K", "100K", ""};
  const char* inputs[] = {"plain", "gz", "zst", "stdin"};
  std::string out;
  for (int i = 0; i < 4; ++i) {
    std::string mode = modes[r.below(innodb ? 6 : 5)];
    const std::string input = mode == "server" || mode == "bulk" ? "plain" : inputs[r.below(4)];
    out += input + " --mode " + mode;
    if (mode == "server" || mode == "bulk") {  // one statement: no threads, no chunks
      out += "\n";
      continue;
    }
    out += " --threads " + std::to_string(r.between(1, 4));
    if (const std::string c = chunks[r.below(5)]; !c.empty()) out += " --chunk-size " + c;
    if ((mode == "insert" || mode == "multirow") && r.chance(50)) out += " --batch-rows " + std::to_string(r.between(1, 50));
    out += "\n";
  }
  return out;
}

void write(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  f << text;
  if (!f.flush()) throw fastload::Failure(fastload::ExitCode::input, "gen-case: cannot write " + path);
}

// The case's rows, with their first column's unique values and where the bad value goes.
struct Rows {
  std::vector<Column> cols;
  bool unique_first = false;                // the first column holds ids
  std::vector<std::uint64_t> ids;           // one a row
  std::size_t bad_row = 0, bad_column = 0;  // bad_row == ids.size(): no bad value
};

// The file: header lines, then the rows in the dialect; writes bad_line when a row is bad.
std::string rows_text(const Rows& t, Case& k, SplitMix64& r, std::uint64_t skip, const std::string& dir) {
  const fastload::text::Dialect& d = k.d_;
  std::string data;
  // A header line is one line: its names are apart by the field terminator unless that holds a line end.
  const bool one_line = d.field_terminator.find(d.line_terminator) == std::string::npos &&
                        d.field_terminator.find('\n') == std::string::npos;
  for (std::uint64_t h = 0; h < skip; ++h)
    for (std::size_t i = 0; i < t.cols.size(); ++i)
      data += "c" + std::to_string(i + 1) +
              (i + 1 == t.cols.size() ? d.line_terminator : one_line ? d.field_terminator : std::string(" "));
  Writer w(d, k.r_);
  for (std::size_t row = 0; row < t.ids.size(); ++row) {
    if (!d.line_start.empty()) {  // lines the server skips, or bytes before the prefix on the row's line
      if (r.chance(20)) data += "junk " + std::to_string(row) + d.line_terminator;
      if (r.chance(20)) data += "junk before ";
      data += d.line_start;
    }
    if (row == t.bad_row) write(dir + "/bad_line", std::to_string(std::count(data.begin(), data.end(), '\n') + 1) + "\n");
    for (std::size_t i = 0; i < t.cols.size(); ++i) {
      Value v = i == 0 && t.unique_first ? std::to_string(t.ids[row]) : k.value(t.cols[i]);
      if (row == t.bad_row && i == t.bad_column) v = k.bad(t.cols[i]);
      else if (t.cols[i].nullable && w.can_write_null() && k.r_.chance(10)) v = std::nullopt;
      const bool number = t.cols[i].kind <= Kind::kDouble || t.cols[i].kind == Kind::kYear;
      data += v && number ? w.quote_sometimes(*v) : w.field(v);
      data += i + 1 < t.cols.size() ? d.field_terminator : "";
    }
    if (row + 1 < t.ids.size() || r.chance(70)) data += d.line_terminator;
  }
  return data;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) generator::usage("gen-case SEED DIR");
  const std::uint64_t seed = generator::parse_u64(argv[1], "gen-case SEED DIR");
  const std::string dir = argv[2];
  SplitMix64 r{seed};
  std::vector<std::string> options = kDialects[r.below(kDialects.size())];
  const std::uint64_t skip = r.chance(30) ? r.between(1, 2) : 0;
  if (skip) options.push_back("--skip-rows=" + std::to_string(skip));
  SplitMix64 prefix{seed ^ 0x9e3779b97f4a7c15};  // its own draws: the cases without a prefix stay as they were
  if (prefix.chance(25)) options.push_back(prefix.chance(50) ? "--lines-starting-by=> " : "--lines-starting-by=@@");
  std::vector<std::string> args = options;
  args.insert(args.end(), {"file", "db.t"});
  Case k(r.next(), fastload::cli::parse_args(args).options.source.dialect);

  Rows t;
  const bool unique_first = r.chance(50), bad_case = r.chance(20), key = unique_first && r.chance(70);
  t.unique_first = unique_first || bad_case;  // a bad row is found by its first column
  for (int i = 0, n = static_cast<int>(r.between(2, 12)); i < n; ++i) t.cols.push_back(k.column());
  if (t.unique_first) t.cols[0] = Column{Kind::kInt, "int", 3, 0, {}, false};
  std::vector<std::size_t> bad_columns;
  for (std::size_t i = 1; i < t.cols.size(); ++i)
    if (k.bad(t.cols[i])) bad_columns.push_back(i);
  if (bad_case && bad_columns.empty())
    t.cols.push_back(Column{Kind::kInt, "int", 3, 0, {}, true}), bad_columns.push_back(t.cols.size() - 1);
  const std::string engine = r.chance(70) ? "InnoDB" : r.chance(50) ? "MyISAM" : "Aria";

  t.ids.resize(r.between(200, 3000));
  std::iota(t.ids.begin(), t.ids.end(), 1);
  for (std::size_t i = t.ids.size(); i > 1; --i) std::swap(t.ids[i - 1], t.ids[r.below(i)]);
  t.bad_row = bad_case ? r.below(t.ids.size()) : t.ids.size();
  t.bad_column = bad_case ? bad_columns[r.below(bad_columns.size())] : 0;

  const std::string data = rows_text(t, k, r, skip, dir);
  if (bad_case) write(dir + "/bad_where", "c1 = " + std::to_string(t.ids[t.bad_row]) + "\n");
  std::string opts;
  for (const auto& o : options) opts += o + "\n";
  write(dir + "/table.sql", ddl(t.cols, key, engine));
  write(dir + "/data.txt", data);
  write(dir + "/options", opts);
  write(dir + "/variants", variants(r, engine == "InnoDB"));
  return 0;
}
