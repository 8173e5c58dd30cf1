// dialect-rows [dialect options] --clause
// dialect-rows [dialect options] --seed N --columns N -o FILE
//
// For comparing fastload's reading of a dialect with the server's, value by
// value (tests/integration/dialect_values.sh). --clause prints the dialect's
// LOAD DATA clauses (with IGNORE N LINES for --skip-rows). Otherwise writes a
// random file of the dialect's tricky bytes to FILE (tests/unit/dialect_cases.h)
// and prints each row as fastload's row scanner and field parser read it:
// one line a row, the fields' bytes in hex or NULL, tab-separated, padded with
// NULL to --columns, as SELECT IFNULL(HEX(c1), 'NULL'), ... prints a table
// of that many text columns the file was loaded into.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "../unit/dialect_cases.h"
#include "cli/cli.h"
#include "base/base.h"
#include "sink/sink.h"
#include "text/text.h"

namespace {

std::string hex(std::string_view bytes) {
  static const char kDigits[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : bytes) out += {kDigits[c >> 4], kDigits[c & 15]};
  return out;
}

// Prints the rows of `file`; false when a row has more fields than `columns`.
bool print_rows(std::string_view file, const fastload::text::Dialect& dialect, std::size_t columns) {
  const fastload::text::RowScanner scanner(dialect);
  fastload::text::FieldParser parser(dialect);
  bool fits = true;
  scanner.for_each_row(file.substr(scanner.first_row_start(file)),
                       [&](std::string_view text, std::uint64_t, fastload::text::RowEnd end) {
    std::vector<fastload::text::Field> fields;
    parser.parse_row(text, end, fields);
    fits = fields.size() <= columns;
    for (std::size_t c = 0; c < columns; ++c) {
      if (c > 0) std::cout << '\t';
      std::cout << (c >= fields.size() || fields[c].is_null ? "NULL" : hex(fields[c].value));
    }
    std::cout << '\n';
    return fits;
  });
  return fits;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc), rest;
  unsigned seed = 0;
  std::size_t columns = 0;
  std::string path;
  bool clause = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--clause") clause = true;
    else if (args[i] == "--seed" && i + 1 < args.size()) seed = static_cast<unsigned>(std::stoul(args[++i]));
    else if (args[i] == "--columns" && i + 1 < args.size()) columns = std::stoul(args[++i]);
    else if (args[i] == "-o" && i + 1 < args.size()) path = args[++i];
    else rest.push_back(args[i]);
  }
  rest.insert(rest.end(), {"file", "db.t"});
  fastload::text::Dialect dialect;
  try {
    dialect = fastload::cli::parse_args(rest).options.source.dialect;
  } catch (const fastload::Failure& f) {
    std::cerr << f.what() << '\n';
    return 2;
  }
  if (clause) {
    std::cout << fastload::sink::load_data_clauses(dialect);
    if (dialect.skip_rows > 0) std::cout << " IGNORE " << dialect.skip_rows << " LINES";
    std::cout << '\n';
    return 0;
  }
  std::mt19937 rng(seed);
  namespace cases = fastload::testing_dialects;
  const std::string text = seed % 2 ? cases::random_text(rng, dialect, static_cast<int>(rng() % 40))
                                    : cases::random_rows(rng, dialect, static_cast<int>(rng() % 12));
  std::ofstream(path, std::ios::binary) << text;
  return print_rows(text, dialect, columns) ? 0 : 3;
}
