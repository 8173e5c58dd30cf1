// The values the server converts without a word and so stores otherwise than
// the file says, refused in every mode (docs/design.md#what-fastload-does-not-trust): as the INSERT sinks
// parse each row into a table that can roll back, else before a chunk's statements: a fraction into an integer
// column, fraction digits beyond a temporal column's precision, NULL into a
// TIMESTAMP NOT NULL, digits into BIT, a number into ENUM or SET that names
// no member. --accept-conversion lets a kind through. Which field takes which
// checks is decided once, from the table's columns and --columns; the fields
// of --set columns and variables are the server's to compute: not checked.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/base.h"
#include "plan/plan.h"
#include "load/dump_charset.h"
#include "table/table.h"
#include "text/text.h"

namespace fastload::load {

// One check of one field of a row.
struct FieldCheck {
  std::size_t field = 0;          // 0-based, in the row
  request::Conversion kind = request::kIntFraction;
  const table::Column* column = nullptr;
  // kTimeFraction: the fraction digits the column keeps, and whether it is a TIME (read once, not per value).
  unsigned fraction_digits = 0;
  bool time = false;
};

// The checks of a table's fields under `options` (--columns, --accept-conversion); empty when none applies.
std::vector<FieldCheck> field_checks(const table::Target& target, const plan::TablePlan& options);

// Why the server would store `value` (the field's text; ignored for NULL) otherwise, for a Problem.
std::string conversion_message(const FieldCheck& check, std::string_view value);

// Whether the field `f` fails `check`.
bool converted(const FieldCheck& check, const text::Field& f);

// A worker's checker: the checks, those of a dump's charset (load/dump_charset.h) too, and a parser whose memory
// is reused from chunk to chunk.
class ValueChecker {
 public:
  ValueChecker(const table::Target& target, const plan::TablePlan& options);
  bool empty() const { return checks_.empty() && charsets_.empty(); }

  // The rows of `chunk` (over `bytes`) with a value the server would convert, one Problem per failed check, and
  // one per row whose text shows a dump's other charset (row_in_chunk set, not located).
  std::vector<Problem> check(std::string_view bytes, const Chunk& chunk);

  // The same for one row already parsed (a sink that parses each row it sends checks it there:
  // sink/interface.h RowCheck): false, with its problems added, when the row fails a check. Bit f of `whole`: field f
  // is known to be exactly a whole number (its int-fraction check is left out).
  bool check_row(const std::vector<text::Field>& fields, std::uint64_t row, std::vector<Problem>& problems,
                 std::uint64_t whole = 0) const;

 private:
  std::vector<FieldCheck> checks_;
  std::vector<CharsetCheck> charsets_;
  text::RowScanner scanner_;
  text::FieldParser parser_;
  std::vector<text::Field> fields_;
};

}  // namespace fastload::load
