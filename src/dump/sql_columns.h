// Whether an INSERT literal stores in a column what its bytes, read by LOAD DATA in the dump's character set,
// store there (sqldump/literal.h lists where they differ): the same bytes, other bytes that mean the same, or a
// refusal. Never a guess: each case is decided by what the server does (tests/integration/sqldump_literals.sh).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "sqldump/sqldump.h"

namespace fastload::dump {

// What the caller reads from the table's definition (information_schema.COLUMNS' DATA_TYPE).
enum class ColumnKind {
  numeric,    // TINYINT..BIGINT, DECIMAL, FLOAT, DOUBLE
  year,       // YEAR: mariadb-dump writes it as a number of 4 digits
  bit,        // BIT(n)
  character,  // CHAR, VARCHAR, TEXT: `charset` says in which character set
  binary,     // BINARY, VARBINARY, BLOB, and the spatial types (GEOMETRY, POINT, ...)
  temporal,   // DATE, TIME, DATETIME, TIMESTAMP
  enum_set,   // ENUM, SET
  json,       // JSON (LONGTEXT utf8mb4 with a check): as character, `charset` utf8mb4
  other,      // anything else (INET6, UUID, ...): NULL and strings in the dump's character set only
  generated,  // a generated column: the server computes it and drops the value an INSERT gives (read into a variable)
};

struct ColumnType {
  std::string name;
  ColumnKind kind = ColumnKind::other;
  std::string charset;  // of a character or JSON column, lower case (CHARACTER_SET_NAME)
};

// The kind of a DATA_TYPE as information_schema.COLUMNS spells it ("int", "varchar", "bit", ...).
ColumnKind column_kind(std::string_view data_type);

// Decides `value` for `column` when the rows are read in `charset` (the dump's character_set_client): nullopt
// when the bytes the row text carries (sqldump::append_field) store what the INSERT stores, else why not, as a
// clause for a message ("a hex literal into a numeric column: the INSERT stores its value as a number").
std::optional<std::string> literal_refusal(const sqldump::Literal& value, const ColumnType& column,
                                           std::string_view charset);

}  // namespace fastload::dump
