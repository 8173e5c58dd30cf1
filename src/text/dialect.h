// The text format rows are written in: the FIELDS and LINES clauses of LOAD
// DATA, read exactly as the server's READ_INFO (sql/sql_load.cc) reads them
// (docs/design.md#dialects). The default is MySQL's default text format:
// FIELDS TERMINATED BY '\t' ESCAPED BY '\\' LINES TERMINATED BY '\n'.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace fastload::text {

struct Dialect {
  std::string field_terminator = "\t";  // FIELDS TERMINATED BY: one or more bytes
  std::string line_terminator = "\n";   // LINES TERMINATED BY: one or more bytes
  std::optional<char> enclosure;        // [OPTIONALLY] ENCLOSED BY: the quote that may open a field
  bool optionally_enclosed = false;     // OPTIONALLY: loads the same, said in the statement as given
  std::optional<char> escape = '\\';    // ESCAPED BY; nullopt is ESCAPED BY ''
  // LINES STARTING BY: before each row the server skips to just after the next
  // occurrence of these bytes (over line ends too, escapes and quotes not
  // looked at); empty: none. Never holds a line terminator byte nor ends with
  // the escape (make_dialect refuses them: docs/design.md#lines-starting-by).
  std::string line_start;
  // --skip-rows: header lines never sent, counted as IGNORE N LINES counts them:
  // line terminators not escaped, enclosures not looked at.
  std::uint64_t skip_rows = 0;

  bool operator==(const Dialect&) const = default;
};

// --csv: FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '"' ESCAPED BY '' LINES TERMINATED BY '\n'.
Dialect csv_dialect();

// The dialect for the --resume ledger's format and for messages: "tsv" (the
// default), "csv" (--csv), or either followed by the options that differ,
// e.g. "csv --lines-terminated-by '\r\n' --skip-rows 1". At most 200 bytes.
std::string describe(const Dialect& dialect);

// The dialect options as given on the command line (nullopt: not given), the
// values still holding the mysql client's backslash escapes (\t \n \r \\ \0 ...).
struct DialectOptions {
  bool csv = false;
  std::optional<std::string> fields_terminated_by, fields_enclosed_by, fields_escaped_by, lines_terminated_by,
      lines_starting_by;
  bool fields_optionally_enclosed = false;
  std::uint64_t skip_rows = 0;
};

// The dialect the options ask for: --csv first, then the other options over it.
// Throws usage_error saying what cannot work and what to do for dialects the
// server would read differently from what was meant, or that fastload does not load.
Dialect make_dialect(const DialectOptions& given);

}  // namespace fastload::text
