// gen-tricky ROWS [--seed N] [-o FILE] [--no-final-lf] [--canonical]
//
// Writes ROWS lines of MySQL's default LOAD DATA format (FIELDS TERMINATED BY '\t' ESCAPED BY '\\'
// LINES TERMINATED BY '\n') for
//   CREATE TABLE tricky (id int PRIMARY KEY, a varchar(200) CHARACTER SET utf8mb4,
//     b text CHARACTER SET utf8mb4, c int NULL);
// full of what makes splitting such a file hard: escaped LFs and tabs (backslash + real LF/TAB),
// runs of 1 to 6 escaped backslashes (two backslashes each), also right before an escaped LF or tab
// and at the end of a value, `\N` (NULL) in b and c, literal "\N" and "N" text, raw CRs, the escape
// sequences \n \t \r \0, 2-, 3- and 4-byte UTF-8, empty strings. Every row loads without a warning
// (a never exceeds 200 characters). ids are 1..ROWS. Same ROWS and seed, same bytes.
//
// --no-final-lf  leave the line terminator off the last row.
// --canonical    write the same rows the way SELECT * ... ORDER BY id INTO OUTFILE writes them back
//                (LF/TAB/backslash escaped with a backslash, NUL as \0, CR raw), to compare a loaded
//                table with its input.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "generator.h"

namespace {

using generator::SplitMix64;

constexpr std::string_view kWords[] = {"a", "N", "NULL", "x", "hello", "Tab", "line", "0", "42", " ", "  ",
                                       "'", "\"", ",", ";", "end", "n", "r", "t", "Z", "b", "LF", "\\"};
constexpr std::string_view kMultiByte[] = {"é", "ß", "ñ", "Ω", "東", "京", "€", "한", "😀", "𝄞", "🚀"};

// One value being built: the bytes this generator writes and the bytes SELECT ... INTO OUTFILE
// would write for the same content; chars counts the content's characters (for varchar(200)).
struct Value {
  std::string file, canon;
  int chars = 0;
  void both(std::string_view s, int n) { file += s, canon += s, chars += n; }
  void lf(SplitMix64& r) { file += r.chance(50) ? "\\\n" : "\\n", canon += "\\\n", ++chars; }
  void tab(SplitMix64& r) { file += r.chance(50) ? "\\\t" : "\\t", canon += "\\\t", ++chars; }
  void cr(SplitMix64& r) { file += r.chance(50) ? "\r" : "\\r", canon += "\r", ++chars; }
  void backslashes(int n) {
    for (int i = 0; i < n; ++i) both("\\\\", 1);
  }
};

// Appends one random piece of content of at most 8 characters.
void piece(SplitMix64& r, Value& v) {
  switch (r.below(12)) {
    case 0: case 1: case 2: {
      std::string_view w = kWords[r.below(std::size(kWords))];
      if (w == "\\") v.backslashes(1); else v.both(w, static_cast<int>(w.size()));
      break;
    }
    case 3: case 4: v.both(kMultiByte[r.below(std::size(kMultiByte))], 1); break;
    case 5: v.lf(r); break;
    case 6: v.tab(r); break;
    case 7: v.cr(r); break;
    case 8: v.both("\\0", 1); break;
    case 9: v.both("\\\\N", 2); break;  // the text backslash-N, not a NULL
    default: {  // a run of 1..6 backslashes, sometimes right before an escaped LF or TAB, CR or N
      v.backslashes(static_cast<int>(r.between(1, 6)));
      switch (r.below(6)) {
        case 0: v.lf(r); break;
        case 1: v.tab(r); break;
        case 2: v.cr(r); break;
        case 3: v.both("N", 1); break;
        default: break;
      }
    }
  }
}

Value text(SplitMix64& r, int max_chars, bool allow_long) {
  Value v;
  unsigned kind = static_cast<unsigned>(r.below(100));
  if (kind < 10) return v;  // empty string
  int pieces = kind < 70 ? static_cast<int>(r.between(1, 8))
             : kind < 95 || !allow_long ? static_cast<int>(r.between(9, 40))
                                        : static_cast<int>(r.between(200, 3000));
  for (int i = 0; i < pieces && v.chars + 8 <= max_chars; ++i) piece(r, v);
  if (kind >= 95 && !allow_long)  // fill up to exactly max_chars, with multi-byte characters
    while (v.chars < max_chars) v.both(r.chance(50) ? "é" : "東", 1);
  unsigned end = static_cast<unsigned>(r.below(100));
  if (end < 15 && v.chars + 6 <= max_chars) v.backslashes(static_cast<int>(r.between(1, 6)));  // ends with backslashes
  else if (end < 20 && v.chars + 1 <= max_chars) v.lf(r);
  else if (end < 25 && v.chars + 1 <= max_chars) v.tab(r);
  return v;
}

}  // namespace

int main(int argc, char** argv) {
  bool final_lf = true, canonical = false;
  const generator::Args args = generator::parse_args(
      argc, argv, "gen-tricky ROWS [--seed N] [-o FILE] [--no-final-lf] [--canonical]", [&](std::string_view a) {
        if (a == "--no-final-lf") return !(final_lf = false);
        if (a == "--canonical") return canonical = true;
        return false;
      });
  if (args.rows > 2147483647) generator::usage("gen-tricky ROWS: at most 2147483647 (ids are int)");
  const uint64_t rows = args.rows, seed = args.seed;
  FILE* f = args.out;

  SplitMix64 r{seed};
  std::string line;
  for (uint64_t id = 1; id <= rows; ++id) {
    Value a = text(r, 200, false);
    bool b_null = r.chance(10);
    Value b = text(r, 1 << 30, true);
    line.clear();
    line += std::to_string(id);
    line += '\t', line += canonical ? a.canon : a.file;
    line += '\t', line += b_null ? "\\N" : canonical ? b.canon : b.file;
    line += '\t';
    if (r.chance(15)) {
      line += "\\N";
    } else {
      constexpr int64_t kEdges[] = {-2147483648LL, 2147483647, 0, -1};
      line += std::to_string(r.chance(10) ? kEdges[r.below(4)] : r.between(-1000000, 1000000));
    }
    if (id < rows || final_lf) line += '\n';
    if (std::fwrite(line.data(), 1, line.size(), f) != line.size()) break;
  }
  return generator::finish(args);
}
