// A run of many tables loads with foreign_key_checks = 0, so a child's rows may
// load before its parent's. Each foreign key of the tables it loads is proved
// by one anti-join as soon as its child and its parent are both loaded (their
// indexes re-created), by the worker that finished the later of the two, while
// the others load on; the first rows without a parent are named with their
// file and line (docs/design.md, "A database in one run").
#pragma once

#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "run/state.h"
#include "table/table.h"

namespace fastload::run {

class ForeignKeyProofs {
 public:
  // Reads the foreign keys of each table (on its control session), before the load.
  ForeignKeyProofs(std::vector<const RunState*> tables, const text::Dialect& dialect);

  // Table `table` (an index into the tables) is loaded: proves, on `session`, the keys whose child and parent
  // are both loaded now. Called by the worker that finished it; never throws (a failure is kept for check()).
  void loaded(std::size_t table, db::Session& session) noexcept;

  // After every table loaded: proves any key not proved yet, on `session`; throws Failure(orphan_rows) naming
  // the rows without a parent, or the failure a proof met.
  void check(db::Session& session);

 private:
  struct Key {
    std::size_t child;
    std::optional<std::size_t> parent;  // none: a table the run does not load
    table::ForeignKey key;
    bool claimed = false;  // a worker proves it, or has
  };
  void prove(const Key& key, db::Session& session);

  const std::vector<const RunState*> tables_;
  const text::Dialect& dialect_;
  std::vector<Key> keys_;          // fixed after construction but for `claimed`
  std::mutex mutex_;               // guards `claimed`, loaded_, found_ and failure_
  std::vector<bool> loaded_;       // by table
  std::vector<std::string> found_;  // a line for each key with orphans
  Result<void> failure_;           // the first proof the server refused
};

}  // namespace fastload::run
