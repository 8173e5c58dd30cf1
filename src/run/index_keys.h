// The unique keys of a load as fastload reads them from a row's fields (order/index_key.h): what the sort
// orders rows by and what the load keeps in file order (docs/design.md, "Which row wins").
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "plan/plan.h"
#include "db/db.h"
#include "order/order.h"
#include "table/table.h"

namespace fastload::run {

struct RunState;

// The table's unique keys for this load, the clustered one (if any) first. A key on a column the server
// numbers (AUTO_INCREMENT the fields leave out) is left out: its rows never share it.
struct LoadKeys {
  std::vector<order::IndexKey> keys;
  // The clustered key's place in `keys`, or why the rows cannot be sorted by it.
  std::variant<std::size_t, std::string> clustered = std::string("the table has no primary key and no unique key "
                                                                 "of NOT NULL columns");
  // The table has triggers: they may read the table, so every row reaches it in file order, as with one
  // LOAD DATA (no sort, and chunks one after the other).
  bool triggers = false;
};
LoadKeys load_keys(const plan::TablePlan& options, RunState& state);

// Whether which of two rows with one key stays depends on their order: --on-duplicate ignore or replace keeps
// one of them, and so does --max-errors (the other is left out).
inline bool order_decides(const plan::TablePlan& options) {
  return options.on_duplicate != request::OnDuplicate::error || options.conflicts.max_errors > 0;
}

// The weights of `column`'s collation for rows sent in charset `sent`, or nothing when fastload does not read
// that collation (then its values are unknown). `database`: where the session finds the SEQUENCE engine.
std::shared_ptr<const order::Weights> collation_weights(db::Session& control, const std::string& database,
                                                         const std::string& sent, const table::KeyColumn& column);

}  // namespace fastload::run
