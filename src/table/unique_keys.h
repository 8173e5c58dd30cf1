// The table's unique keys: what decides which of two rows with one key stays (docs/design.md, "Which row
// wins"), and the key InnoDB stores a table's rows in (its primary key, or else its first UNIQUE key of NOT
// NULL columns; a table with neither is stored in insertion order): rows sent in that key's order are appended
// to the index, rows out of it land on random pages (docs/design.md, "Row order").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "db/db.h"
#include "table/target.h"

namespace fastload::table {

// A column of a unique key, with what decides how the index compares its values.
struct KeyColumn {
  std::string name;
  std::string collation;    // empty for a column that is not text
  std::string charset;      // its character set, empty for one that is not text
  std::string type;         // DATA_TYPE: "int", "varchar", "binary", ...
  std::string column_type;  // COLUMN_TYPE: "float(7,2)", "char(10)", "enum('a','b')"...
  unsigned scale = 0;       // DECIMAL's digits after the point; a temporal column's fraction digits
  std::uint64_t length = 0;  // CHARACTER_MAXIMUM_LENGTH: characters (bytes for a binary string); 0 if none
  std::uint64_t prefix = 0;  // SUB_PART: only the first `prefix` characters (bytes) are in the key; 0: all
};

struct UniqueKey {
  std::string index;  // PRIMARY, or the unique key's name
  std::vector<KeyColumn> columns;  // in the key's order
  bool nullable = false;  // a column of it may hold NULL
  bool btree = true;      // false: a long UNIQUE (a hash of the values), which InnoDB cannot cluster by
};

// Every unique key of the table (none for a view), PRIMARY first, then in the table's order.
std::vector<UniqueKey> unique_keys(db::Session& control, const Target& target);

// The key InnoDB clusters the table by, among `keys`, or nullptr.
const UniqueKey* clustered_key(const std::vector<UniqueKey>& keys);

}  // namespace fastload::table
