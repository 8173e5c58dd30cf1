// --defer-indexes: the target's secondary indexes dropped before the load and
// re-created after it in one ALTER TABLE, which builds each index by sorting
// its keys once instead of inserting into it row by row (docs/design.md,
// "Deferred indexes"). What is dropped is recorded first, in a table beside
// the ledger, so that a run killed before it re-created them leaves the
// record the next run acts on.
#pragma once

#include <string>
#include <vector>

#include "db/session.h"
#include "table/target.h"

namespace fastload::load {

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
  std::vector<IndexDefinition> indexes;
  std::vector<std::vector<std::string>> foreign_keys;  // this table's FOREIGN KEY (...) column lists
};
TableKeys parse_keys(const std::string& create_table);

// The indexes a load may drop and re-create: not unique ones (their checking
// is what keeps duplicate keys out of a strict load), not ones a foreign key
// of this table or of a table referencing it (`referenced`: its column lists)
// may need.
std::vector<IndexDefinition> deferrable(const TableKeys& keys,
                                        const std::vector<std::vector<std::string>>& referenced);

class DeferredIndexes {
 public:
  // The record table `record_database`.fastload_deferred_indexes is created
  // when missing. Indexes an earlier run left dropped are re-created first.
  DeferredIndexes(Session& control, const Target& target, const std::string& record_database);

  // Records, then drops the deferrable indexes (one ALTER TABLE). Returns their names.
  // `foreign_keys_proven`: the load runs with foreign_key_checks = 0 and every
  // foreign key is proved after it, so the indexes foreign keys use are
  // deferred too (the server allows dropping them only with the checks off).
  std::vector<std::string> drop(Session& control, bool foreign_keys_proven);
  // Re-creates what drop() and earlier runs left dropped (one ALTER TABLE),
  // then forgets the record. Throws Failure(load_failed) naming the statement
  // to run when the server refuses. Does nothing when nothing is dropped.
  void restore(Session& control);
  bool pending() const { return !dropped_.empty(); }
  // The ALTER TABLE that re-creates them, for messages.
  std::string restore_statement() const;

 private:
  std::vector<IndexDefinition> pending_from_record(Session& control);

  const Target& target_;
  std::string record_;  // `db`.`fastload_deferred_indexes`
  std::vector<IndexDefinition> dropped_;  // recorded and not yet re-created
};

}  // namespace fastload::load
