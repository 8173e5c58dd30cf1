// DUMP.sql [DB]: a run of a plain SQL dump's tables. For now the dump is scanned and, with --dry-run, listed (its
// databases, each table's statements, rows and INSERT kind, its views and triggers); its rows are not loaded yet,
// so a run without --dry-run is refused before anything is read (docs/design.md, "SQL dumps").
#include <algorithm>
#include <fmt/core.h>
#include <fmt/ranges.h>

#include "base/base.h"
#include "dump/dump.h"
#include "report/report.h"
#include "run/tables.h"

namespace fastload::run {
namespace {

const char* kind_name(const std::optional<sqldump::InsertKind>& kind) {
  if (!kind) return "none";
  return *kind == sqldump::InsertKind::insert ? "insert" : *kind == sqldump::InsertKind::replace ? "replace"
                                                                                                  : "insert ignore";
}

std::string qualified(const std::string& database, const std::string& name, const std::string& fallback) {
  return fmt::format("{}.{}", database.empty() ? fallback : database, name);
}

void print_text(const dump::SqlDump& d, const std::string& db) {
  report::tell("{}: an SQL dump of {} table{} and {} view{}{}", d.name, d.tables.size(),
               d.tables.size() == 1 ? "" : "s", d.views.size(), d.views.size() == 1 ? "" : "s",
               d.databases.empty() ? "" : fmt::format(" (databases: {})", fmt::join(d.databases, ", ")));
  for (const dump::DumpTable& t : d.tables)
    report::tell("table {}: {} statement{}, {} rows, {}, {}, {} trigger{}", qualified(t.database, t.table, db),
                 t.statements, t.statements == 1 ? "" : "s", t.rows, kind_name(t.kind),
                 t.create.empty() ? "no CREATE TABLE (it must exist)" : "CREATE TABLE", t.triggers,
                 t.triggers == 1 ? "" : "s");
  for (const dump::DumpView& v : d.views) report::tell("view {}", qualified(v.database, v.name, db));
  report::tell("--dry-run: nothing was changed; fastload does not restore an SQL dump's rows yet");
}

void print_json(const dump::SqlDump& d, const std::string& db) {
  using report::json_string;
  std::string tables, views, databases;
  for (const std::string& name : d.databases) databases += (databases.empty() ? "" : ",") + json_string(name);
  for (const dump::DumpTable& t : d.tables)
    tables += fmt::format("{}{{\"table\":{},\"statements\":{},\"rows\":{},\"kind\":{},\"create\":{},\"triggers\":{}}}",
                          tables.empty() ? "" : ",", json_string(qualified(t.database, t.table, db)), t.statements,
                          t.rows, json_string(kind_name(t.kind)), t.create.empty() ? "false" : "true", t.triggers);
  for (const dump::DumpView& v : d.views)
    views += (views.empty() ? "" : ",") + json_string(qualified(v.database, v.name, db));
  report::say_out("{{\"dump\":{},\"databases\":[{}],\"tables\":[{}],\"views\":[{}]}}\n", json_string(d.name),
                  databases, tables, views);
}

}  // namespace

bool sql_dump_asked(const request::Request& request) {
  const std::vector<std::string>& files = request.source.files;
  const auto dump = std::find_if(files.begin(), files.end(), [&](const std::string& f) {
    return (f == "-" && request.database_run()) || dump::is_sql_dump(f);
  });
  if (dump == files.end()) return false;
  if (!request.database_run())  // never SQL text loaded as rows
    throw Failure(ExitCode::usage, fmt::format("{}: an SQL dump, not a table's rows: give DB, not DB.TABLE "
                                               "(fastload --dry-run {} {})", *dump, *dump, request.target.database));
  if (files.size() > 1)
    throw Failure(ExitCode::usage, fmt::format("{}: an SQL dump given with other files: give the dump alone "
                                               "(fastload DUMP.sql [DB]) and load the other files in a run of "
                                               "their own", *dump));
  return true;
}

int sql_dump_run(const request::Request& request) {
  const std::string& file = request.source.files.front();
  if (!request.output.dry_run)
    throw Failure(ExitCode::usage, fmt::format(
        "{}: an SQL dump: fastload lists it with --dry-run but does not restore its rows yet; restore it with "
        "`mariadb {} < {}`, or dump with `mariadb-dump --tab` and load that directory", file,
        request.target.database.empty() ? "DB" : request.target.database, file));
  const auto stream = input::open_stream(file);
  const dump::SqlDump d = dump::scan_sql_dump(*stream, stream->name());
  const std::string db = request.target.database.empty() ? "DB" : request.target.database;
  if (request.target.database.empty() &&
      std::any_of(d.tables.begin(), d.tables.end(), [](const dump::DumpTable& t) { return t.database.empty(); }))
    throw Failure(ExitCode::usage, fmt::format("{}: this dump names no database for its first tables (no USE): "
                                               "give the database to restore it into, fastload {} DB", d.name, file));
  print_text(d, db);
  if (request.output.json) print_json(d, db);
  return 0;
}

}  // namespace fastload::run
