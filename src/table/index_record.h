// The record of the indexes --defer-indexes dropped: the table
// `db`.fastload_deferred_indexes, written before they are dropped, so that a
// run killed before it re-created them leaves what the next run re-creates.
// It exists only while it holds such a record: the run that forgets the last
// one drops it (docs/design.md, "Deferred indexes").
#pragma once

#include <string>
#include <vector>

#include "db/db.h"
#include "table/indexes.h"
#include "table/target.h"

namespace fastload::table::index_record {

// `database`.`fastload_deferred_indexes`, quoted.
std::string quoted(const std::string& database);

// The indexes of `target` recorded as dropped (name and clause), in the order they were dropped; none when
// the record table does not exist.
std::vector<IndexDefinition> read(db::Session& control, const std::string& database, const Target& target);

// Records `indexes` of `target` as dropped, the record table created when missing.
void add(db::Session& control, const std::string& database, const Target& target,
         const std::vector<IndexDefinition>& indexes);

// Forgets the indexes recorded for `target`; the record table is dropped when that leaves it empty.
void forget(db::Session& control, const std::string& database, const Target& target);

}  // namespace fastload::table::index_record
