#include "table/index_record.h"

#include <fmt/core.h>
#include <spdlog/spdlog.h>

#include "base/base.h"
#include "db/db.h"

namespace fastload::table::index_record {
namespace {

constexpr unsigned kLockSeconds = 30;  // others hold it for a statement or three

// Creating the table and writing a first row, or forgetting the last row and dropping the table: one run at a
// time in a database, so that no run drops the table another has just made for its record.
db::NamedLock record_lock(db::Session& control, const std::string& database) {
  return db::NamedLock(control, "fastload_deferred_indexes " + database, kLockSeconds);
}

}  // namespace

std::string quoted(const std::string& database) {
  return text::quote_identifier(database) + "." + text::quote_identifier("fastload_deferred_indexes");
}

std::vector<IndexDefinition> read(db::Session& control, const std::string& database, const Target& target) {
  std::vector<IndexDefinition> recorded;
  try {
    for (const db::Row& r : control.query(fmt::format("SELECT name, clause FROM {} WHERE target = {} ORDER BY "
                                                  "dropped_at, name", quoted(database),
                                                  control.quote_string(target.quoted))))
      recorded.push_back({r.at(0).value_or(""), r.at(1).value_or(""), {}, false});
  } catch (const db::ServerError& e) {
    if (e.code() != er::NO_SUCH_TABLE) throw;  // no record table: no run left indexes dropped
  }
  return recorded;
}

void add(db::Session& control, const std::string& database, const Target& target,
         const std::vector<IndexDefinition>& indexes) {
  const std::string record = quoted(database);
  // Not held (a Galera node has no GET_LOCK, or a wait timed out): no run drops the table without it either.
  db::NamedLock lock = record_lock(control, database);
  control.execute(fmt::format(
      "CREATE TABLE IF NOT EXISTS {} (target VARBINARY(1024) NOT NULL, name VARBINARY(255) NOT NULL, "
      "clause MEDIUMBLOB NOT NULL, dropped_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), "
      "PRIMARY KEY (target, name)) ENGINE=InnoDB "
      "COMMENT='fastload --defer-indexes: indexes dropped for a load and not yet re-created'", record));
  // dropped_at a microsecond apart: a later run re-creates them in this order, the table's own.
  std::string insert = "INSERT INTO " + record + " (target, name, clause, dropped_at) VALUES ";
  for (std::size_t i = 0; i < indexes.size(); ++i)
    insert += fmt::format("{}({}, {}, {}, CURRENT_TIMESTAMP(6) + INTERVAL {} MICROSECOND)", i ? ", " : "",
                          control.quote_string(target.quoted), control.quote_string(indexes[i].name),
                          control.quote_string(indexes[i].clause), i);
  control.execute(insert);
}

void forget(db::Session& control, const std::string& database, const Target& target) {
  const std::string record = quoted(database);
  db::NamedLock lock = record_lock(control, database);
  try {
    control.execute(fmt::format("DELETE FROM {} WHERE target = {}", record, control.quote_string(target.quoted)));
    // Kept while it holds another table's record (a killed run's, or a run loading now), or when another run
    // could be writing its first row into it (the lock is not held).
    if (!lock.held() || !control.query("SELECT 1 FROM " + record + " LIMIT 1").empty()) return;
  } catch (const db::ServerError& e) {
    if (e.code() == er::NO_SUCH_TABLE) return;  // dropped by hand: nothing to forget
    throw;
  }
  try {
    control.execute("DROP TABLE IF EXISTS " + record);
  } catch (const db::ServerError& e) {  // the indexes are back: an empty record costs nothing but its name
    spdlog::warn("{} holds no record any more, but dropping it failed: {} (error {}); drop it with DROP TABLE {}",
                 record, e.server_message(), e.code(), record);
  }
}

}  // namespace fastload::table::index_record
