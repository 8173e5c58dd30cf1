// A run of many tables loads with foreign_key_checks = 0, so a child's rows
// may come before its parent's; then every foreign key of the tables it
// loaded is proved with one anti-join a constraint (docs/design.md, "A
// database in one run").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "db/db.h"

namespace fastload::table {

struct ForeignKey {
  std::string name;
  std::string parent_db, parent_table;
  std::vector<std::string> columns, parent_columns;  // the child's and the parent's, in order
};

// The foreign keys of `database`.`table`, by name. Throws ServerError.
std::vector<ForeignKey> foreign_keys_of(db::Session& session, const std::string& database, const std::string& table);

struct Orphans {
  std::string constraint;          // its name
  std::string child, parent;       // db.table, as messages name them
  std::vector<std::string> columns;  // the child's columns of the key
  std::vector<std::vector<std::string>> rows;  // the first child rows' values of them whose parent is missing
  bool more = false;               // more such rows than `rows` holds
};

// The rows of `database`.`table` whose non-NULL values of `key` find no parent row, the first of them (up to
// `most`); none when every row finds its parent. Throws ServerError.
std::optional<Orphans> find_orphans(db::Session& session, const std::string& database, const std::string& table,
                                    const ForeignKey& key, std::size_t most = 3);

}  // namespace fastload::table
