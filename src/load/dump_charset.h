// A dump's text read as the bytes its columns store (a database run of a `mariadb-dump --tab` directory without
// --charset: the default dump writes SELECT ... INTO OUTFILE ... CHARACTER SET binary), checked for the sign of a
// dump made with --default-character-set=X, which writes its text converted to X and reads the same otherwise
// (docs/design.md, "A database in one run"). Read as bytes, such text is stored as something else without a
// word; the two signs, each in one field:
// - a column of a one-byte charset (latin1, cp1250, ...; not binary or ascii) whose field is UTF-8 text with a
//   multi-byte character: a dump made with utf8mb4 wrote latin1 'é' as C3 A9, which would store 'Ã©';
// - a utf8mb3 or utf8mb4 column whose field is not UTF-8: a dump made with latin1 wrote 'é' as E9.
// A field of ASCII bytes reads the same in every charset a dump is written in: it needs nothing.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "plan/plan.h"
#include "table/table.h"

namespace fastload::load {

enum class DumpText {
  one_byte,  // the column's charset has one byte a character: its field must not read as UTF-8 text
  utf8,      // utf8mb3 or utf8mb4: its field must be UTF-8
};

// One check of one field of a row.
struct CharsetCheck {
  std::size_t field = 0;  // 0-based, in the row
  DumpText kind = DumpText::one_byte;
  const table::Column* column = nullptr;
};

// The check a column takes, if any: its kind.
std::optional<DumpText> dump_text_of(const table::Column& column);

// The checks of a table's fields: none unless options.check_dump_charset (run/database.cc sets it).
std::vector<CharsetCheck> charset_checks(const table::Target& target, const plan::TablePlan& options);

// Whether a field's value (not NULL) shows the dump was written in another charset than its columns'.
bool wrong_charset(DumpText kind, std::string_view value);

// Why the row is refused, for a Problem (the location is the Problem's): the column, its value, what it would
// be stored as, and the --charset to give.
std::string charset_message(const CharsetCheck& check, std::string_view value);

}  // namespace fastload::load
