// The key InnoDB stores a table's rows in: its primary key, or else its first
// UNIQUE key of NOT NULL columns; a table with neither is stored in insertion
// order. Rows sent in this key's order are appended to the index; rows out of
// it land on random pages (docs/design.md, "Row order").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "db/session.h"
#include "table/target.h"

namespace fastload::load {

struct KeyColumn {
  std::string name;
  std::string collation;  // empty for a column that is not text
};

struct ClusteredKey {
  std::string index;  // PRIMARY, or the unique key's name
  std::vector<KeyColumn> columns;  // in the key's order
};

// Nothing for a table without such a key (or a view).
std::optional<ClusteredKey> clustered_key(Session& control, const Target& target);

}  // namespace fastload::load
