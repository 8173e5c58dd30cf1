// --defer-indexes: the target's secondary indexes dropped before the load and
// re-created after it in one ALTER TABLE, which builds each index by sorting
// its keys once instead of inserting into it row by row (docs/design.md,
// "Deferred indexes"). What is dropped is recorded first, in a table beside
// the ledger, so that a run killed before it re-created them leaves the
// record the next run acts on.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "db/db.h"
#include "table/target.h"

namespace fastload::table {

// One index as SHOW CREATE TABLE states it.
struct IndexDefinition {
  std::string name;
  std::string clause;                // "KEY `i` (`a`,`b`(10) DESC) COMMENT 'x'", ready for ADD
  std::vector<std::string> columns;  // in order
  bool unique = false;
};

// The secondary indexes (all but the primary key) and the foreign keys'
// column lists, from the text of SHOW CREATE TABLE.
struct TableKeys {
  std::vector<std::string> primary;  // the primary key's columns (none: no primary key)
  std::vector<IndexDefinition> indexes;
  std::vector<std::vector<std::string>> foreign_keys;  // this table's FOREIGN KEY (...) column lists
};
TableKeys parse_keys(const std::string& create_table);
// The keys of the table named `quoted_table` (db.table quoted), from its SHOW CREATE TABLE.
TableKeys keys_of(db::Session& control, const std::string& quoted_table);
// Whether `prefix` leads `columns`: an index a foreign key on `prefix` may use.
bool leads(const std::vector<std::string>& prefix, const std::vector<std::string>& columns);

// The indexes a load may drop and re-create: not unique ones (their checking
// is what keeps duplicate keys out of a strict load), not ones a foreign key
// of this table or of a table referencing it (`referenced`: its column lists)
// may need.
std::vector<IndexDefinition> deferrable(const TableKeys& keys,
                                        const std::vector<std::vector<std::string>>& referenced);

// What a table lacks of the indexes recorded as dropped, given its keys now:
// those it has not (in the recorded order), and those it has under a recorded
// name with another definition (the index there now, by the recorded one).
struct IndexComparison {
  std::vector<IndexDefinition> missing;
  std::vector<std::pair<IndexDefinition, IndexDefinition>> changed;  // recorded, now
};
IndexComparison compare_indexes(const std::vector<IndexDefinition>& recorded, const TableKeys& now);

// The ALTER TABLE that adds `indexes`; `if_not_exists` (MariaDB's): an index of that name already there is
// left alone, a wait on the table's metadata lock behind any ALTER still running on it included.
std::string add_indexes_statement(const std::string& table, const std::vector<IndexDefinition>& indexes,
                                  bool if_not_exists);

class DeferredIndexes {
 public:
  // The record (`record_database`.fastload_deferred_indexes, table/index_record.h) read: indexes an earlier
  // run left dropped are re-created first, those the table lacks only. Creates nothing.
  DeferredIndexes(db::Session& control, const Target& target, const std::string& record_database);

  // Records, then drops the deferrable indexes (one ALTER TABLE). Returns their names.
  // `foreign_keys_proven`: the load runs with foreign_key_checks = 0 and every
  // foreign key is proved after it, so the indexes foreign keys use are
  // deferred too (the server allows dropping them only with the checks off).
  std::vector<std::string> drop(db::Session& control, bool foreign_keys_proven);
  // drop() where the user may not create the record table or alter the target (a privilege error): nothing is
  // dropped, the record of this run is forgotten, and the server's message is returned (nullopt: done, or
  // nothing to defer). Any other error throws as drop() does.
  std::optional<std::string> drop_if_allowed(db::Session& control, bool foreign_keys_proven);
  // Re-creates what drop() and earlier runs left dropped and the table lacks
  // (one ALTER TABLE, after any ALTER of the table another session still runs:
  // a killed run's, which the server finishes without it), checks each is the
  // one recorded, then forgets the record. Throws Failure(load_failed) naming
  // the statement to run when the server refuses, Failure(interrupted) when a
  // stop signal ends the wait. Does nothing when nothing is dropped.
  void restore(db::Session& control);
  bool pending() const { return !dropped_.empty(); }
  std::vector<std::string> dropped_names() const;
  // The ALTER TABLE that re-creates them, for messages.
  std::string restore_statement() const;

 private:
  std::size_t recreate_missing(db::Session& control);

  const Target& target_;
  std::string record_database_;
  std::vector<IndexDefinition> dropped_;  // recorded and not yet re-created
};

}  // namespace fastload::table
