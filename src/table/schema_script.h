// Making the tables a run of many loads: whether one exists, and running the
// statements of a schema file (a dump's T.sql: its header SETs, its CREATE
// TABLE, its triggers) as the client would.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "plan/plan.h"
#include "db/db.h"

namespace fastload::table {

// Throws Failure(no_table) when `database` does not exist (or the user has no privilege on it): a run of many
// tables creates tables, not databases.
void check_database(db::Session& session, const std::string& database);

// Whether `database`.`table` (a table or a view) exists.
bool table_exists(db::Session& session, const std::string& database, const std::string& table);

// `statements` run after `settings`, in a session of their own (the settings change it) in `database`, with
// foreign_key_checks = 0 (a table may refer to one created after it). A trigger that exists already is left as
// it is (an earlier run of the same restore made it). Throws Failure(load_failed) naming `source` when the
// server refuses a statement.
void run_schema_statements(const request::ConnectionOptions& connection, const std::optional<std::string>& password,
                           const std::string& database, const std::vector<std::string>& settings,
                           const std::vector<std::string>& statements, const std::string& source);

}  // namespace fastload::table
