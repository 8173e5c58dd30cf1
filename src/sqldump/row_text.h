// A dump's INSERT rows as fastload's own delimited text: LOAD DATA's default dialect (fields ended by tab, lines
// by newline, escaped by backslash, not enclosed), read with the CHARACTER SET of the dump's connection
// (Session::charset), so that every mode, check and rejects file of a load works on them unchanged.
#pragma once

#include <string>

#include "sqldump/insert_reader.h"
#include "sqldump/literal.h"

namespace fastload::sqldump {

// One field: NULL as \N; otherwise the literal's bytes (a number's text as written, a string's, hex or bit
// literal's bytes), with tab, newline, backslash and NUL escaped. Whether those bytes mean in the column what
// the literal meant in the INSERT depends on its kind and the column's type: see LiteralKind.
void append_field(const Literal& value, std::string& out);

// One row: its fields, tab between, newline after. A tuple of no values (VALUES ()) gives an empty line, which
// LOAD DATA reads as one empty field, not as a row of defaults: the caller must refuse it.
void append_row(const Tuple& tuple, std::string& out);

}  // namespace fastload::sqldump
