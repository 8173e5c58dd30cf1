// DUMP.sql or a mydumper DIR --routines/--events: the dump's procedures, functions and events made after every
// table's rows and triggers, before the views (a view may call a stored function), in one session as the mariadb
// client (or myloader) makes them: the header's settings, then each routine's SETs, its DROP IF EXISTS and its
// CREATE in dump order, so that each is created with the sql_mode, character sets and (an event) time zone the
// dump gives it (a mydumper directory's: those myloader's session has; docs/design.md, "Routines and events").
#include <set>
#include <fmt/core.h>
#include <spdlog/spdlog.h>

#include "base/base.h"
#include "db/db.h"
#include "dump/dump.h"
#include "run/tables.h"
#include "sqldump/sqldump.h"
#include "text/text.h"

namespace fastload::run {
namespace {

// A dump puts back after each routine what it saved before it (SET sql_mode = @saved_sql_mode). Such a SET whose
// variable this session never set puts back what was saved before the routines (a trigger's, a table's): the
// header's settings hold that here, and the server would refuse the NULL.
bool reads_unset(const std::vector<sqldump::Assignment>& assignments, const std::set<std::string>& assigned) {
  for (const sqldump::Assignment& a : assignments)
    if (!a.literal && a.value.starts_with("@") && !a.value.starts_with("@@") &&
        !assigned.contains(sqldump::ascii_lower(a.value)))
      return true;
  return false;
}

// Runs `statement`, a SET as the session's state allows (above), or the routine's DROP or CREATE.
void run_statement(db::Session& session, const std::string& statement, std::set<std::string>& assigned) {
  const auto assignments = sqldump::set_assignments(statement);
  if (!assignments) return session.execute(statement);
  if (reads_unset(*assignments, assigned)) return;
  session.execute(statement);
  for (const sqldump::Assignment& a : *assignments)
    if (a.name.starts_with("@")) assigned.insert(a.name);
}

// One dump's routines, each in the database its tables go to: `into`, else the one the dump names for it.
void restore_dump_routines(const Run& run, const dump::SqlDump& d, const std::string& into) {
  if (d.routines.empty()) return;
  db::Session session(run.plan.connection, run.password);
  std::string in_database;  // the session's, after USE
  std::set<std::string> assigned;
  for (const dump::DumpRoutine& r : d.routines) {
    const std::string& database = !into.empty() ? into : !r.database.empty() ? r.database : run.plan.database;
    if (database != in_database) session.execute("USE " + text::quote_identifier(in_database = database));
    if (&r == &d.routines.front())
      for (const std::string& setting : d.settings) run_statement(session, setting, assigned);
    try {
      for (const std::string& statement : r.statements) run_statement(session, statement, assigned);
    } catch (const db::ServerError& e) {
      throw Failure(ExitCode::load_failed, fmt::format(
          "{}:{}: the server refused {} `{}` ({}, error {}); the tables, their rows and triggers are restored, the "
          "routines from here on and the views are not. Fix what the server says (a DEFINER other than you needs "
          "the SET USER privilege), then run the restore again", d.name, r.line, r.kind, r.name,
          e.server_message(), e.code()), e.code());
    }
    spdlog::info("{}.{}: {} created from {}", database, r.name, sqldump::ascii_lower(r.kind), d.name);
  }
}

}  // namespace

void restore_routines(Run& run) {
  for (const ScannedDump& s : run.sql_dumps) restore_dump_routines(run, s.dump, s.into);
  if (run.mydumper && run.mydumper->post) restore_dump_routines(run, *run.mydumper->post, run.plan.database);
}

}  // namespace fastload::run
