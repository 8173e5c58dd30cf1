// DUMP.sql [DB]: a run of a plain SQL dump's tables. The dump is scanned first, every statement judged before
// anything is changed; with --dry-run it is listed (its databases, each table's statements, rows and INSERT kind,
// its views and triggers) without a server, else restored by the passes (sql_dump_tables.cc; docs/design.md,
// "SQL dumps").
#include <algorithm>
#include <fmt/core.h>
#include <fmt/ranges.h>

#include "base/base.h"
#include "dump/dump.h"
#include "report/report.h"
#include "run/tables.h"
#include "text/text.h"

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
  for (const dump::DumpRoutine& r : d.routines) report::tell("{} {}", r.kind, qualified(r.database, r.name, db));
  report::tell("--dry-run: nothing was changed");
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

// Options that say how text is read, or what fills which column, have no place in a dump's restore: its
// INSERTs say their rows, columns and character set themselves.
void refuse_text_options(const request::Request& request, const std::string& file) {
  const char* given = request.source.dialect != text::Dialect{} ? "--csv, --fields-*, --lines-* and --skip-rows"
                      : request.source.charset_given             ? "--charset"
                      : !request.target.columns.empty()          ? "--columns"
                      : !request.target.set.empty()              ? "--set"
                      : !request.target.partitions.empty()       ? "--partition"
                                                                 : nullptr;
  if (given)
    throw Failure(ExitCode::usage, fmt::format("{}: an SQL dump's INSERTs say their rows, columns and character set "
                                               "(SET NAMES) themselves: leave out {}", file, given));
}

namespace {

// The database the dump restores into: DB, where given, for a dump of one database (or of tables named in none);
// else the one the dump names. A dump of several restores with them named, one run each for now.
std::string database_of(const dump::SqlDump& d, const request::Request& request, const std::string& file) {
  std::vector<std::string> named;
  bool unnamed = false;
  auto see = [&](const std::string& db) {
    if (db.empty()) unnamed = true;
    else if (std::find(named.begin(), named.end(), db) == named.end()) named.push_back(db);
  };
  for (const dump::DumpTable& t : d.tables) see(t.database);
  for (const dump::DumpView& v : d.views) see(v.database);
  for (const dump::DumpRoutine& r : d.routines) see(r.database);
  if (named.size() > 1 || (named.size() == 1 && unnamed))
    throw Failure(ExitCode::usage, fmt::format(
        "{}: a dump of several databases ({}{}): fastload restores one database a run; dump each database on its "
        "own (mariadb-dump DB > DB.sql) and restore each with fastload DB.sql DB, or restore this one with the "
        "mariadb client", d.name, fmt::join(named, ", "), unnamed ? ", and tables before any USE" : ""));
  if (!request.target.database.empty()) return request.target.database;
  if (named.empty() && !d.tables.empty())
    throw Failure(ExitCode::usage, fmt::format("{}: this dump names no database for its tables (no USE): give the "
                                               "database to restore it into, fastload {} DB", d.name, file));
  return named.empty() ? std::string() : named.front();
}

// --dry-run: the dump listed, each table under the database it names, else DB (connecting to no server).
int list(const dump::SqlDump& d, const request::Request& request, const std::string& file) {
  const std::string db = request.target.database.empty() ? "DB" : request.target.database;
  if (request.target.database.empty() &&
      std::any_of(d.tables.begin(), d.tables.end(), [](const dump::DumpTable& t) { return t.database.empty(); }))
    throw Failure(ExitCode::usage, fmt::format("{}: this dump names no database for its first tables (no USE): "
                                               "give the database to restore it into, fastload {} DB", d.name, file));
  print_text(d, db);
  if (request.output.json) print_json(d, db);
  return 0;
}

}  // namespace

int sql_dump_run(const request::Request& request, load::StepHook* hook) {
  const std::string& file = request.source.files.front();
  refuse_text_options(request, file);
  if (file == "-" && !request.output.dry_run)  // its rows are read after the scan: a pipe's bytes come once
    throw Failure(ExitCode::usage, "standard input: fastload lists an SQL dump there with --dry-run; to restore it, "
                                   "save it to a file first (fastload DUMP.sql [DB] reads it twice: once to judge "
                                   "every statement before anything is changed, once for the rows)");
  const auto stream = input::open_stream(file, {request.load.threads});
  // A restore reads every tuple as it loads (and refuses there what it cannot read): the scan reads the heads.
  dump::SqlDump d = dump::scan_sql_dump(*stream, stream->name(), {.count_rows = request.output.dry_run,
                                                                  .routines = request.target.routines,
                                                                  .events = request.target.events});
  if (request.output.dry_run) return list(d, request, file);
  const std::string database = database_of(d, request, file);
  Run run(request, hook, request.target.database.empty() ? database : std::string());
  run.sql_dump = std::move(d);
  return run_passes(run);
}

}  // namespace fastload::run
