// A run of many tables loads with foreign_key_checks = 0, so a child's rows
// may come before its parent's; then every foreign key of the tables it
// loaded is proved with one anti-join a constraint (docs/design.md, "A
// database in one run").
#pragma once

#include <string>
#include <vector>

#include "db/session.h"

namespace fastload::load {

struct Orphans {
  std::string constraint;          // its name
  std::string child, parent;       // db.table, as messages name them
  std::vector<std::string> columns;  // the child's columns of the key
  std::vector<std::vector<std::string>> rows;  // the first child rows' values of them whose parent is missing
  bool more = false;               // more such rows than `rows` holds
};

// Each foreign key of `database`.`table` whose non-NULL values find no parent row, with the first of them
// (up to `most`). Throws ServerError.
std::vector<Orphans> find_orphans(Session& session, const std::string& database, const std::string& table,
                                  std::size_t most = 3);

}  // namespace fastload::load
