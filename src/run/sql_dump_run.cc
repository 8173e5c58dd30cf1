// DUMP.sql... [DB]: a run of plain SQL dumps' tables. Every dump is scanned first, every statement judged before
// anything is changed (standard input's copied to --tmpdir as it passes, for its rows); with --dry-run each is
// listed (its databases, each table's statements, rows and INSERT kind, its views and triggers) without a server,
// else all their tables, each in its database, restored by the passes as one run (sql_dump_tables.cc;
// docs/design.md, "SQL dumps").
#include <algorithm>
#include <map>
#include <fmt/core.h>
#include <fmt/ranges.h>

#include "base/base.h"
#include "dump/dump.h"
#include "input/input.h"
#include "report/report.h"
#include "run/tables.h"
#include "text/text.h"

namespace fastload::run {
namespace {

// Never restored from a dump: the server's own tables (users, privileges, statistics), not a dump's.
const char* const kSystemDatabases[] = {"mysql", "information_schema", "performance_schema", "sys"};

const char* kind_name(const std::optional<sqldump::InsertKind>& kind) {
  if (!kind) return "none";
  return *kind == sqldump::InsertKind::insert ? "insert" : *kind == sqldump::InsertKind::replace ? "replace"
                                                                                                  : "insert ignore";
}

// A table's name under the database it restores into: `into`, else the dump's own for it.
std::string qualified(const std::string& database, const std::string& name, const std::string& into) {
  return fmt::format("{}.{}", into.empty() ? database : into, name);
}

// `db`: the database every table restores into, or none (each its own).
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
  std::string routines;
  for (const dump::DumpRoutine& r : d.routines)
    routines += fmt::format("{}{{\"kind\":{},\"name\":{}}}", routines.empty() ? "" : ",", json_string(r.kind),
                            json_string(qualified(r.database, r.name, db)));
  report::say_out("{{\"dump\":{},\"databases\":[{}],\"tables\":[{}],\"views\":[{}],\"routines\":[{}]}}\n",
                  json_string(d.name), databases, tables, views, routines);
}

}  // namespace

bool sql_dump_asked(const request::Request& request) {
  const std::vector<std::string>& files = request.source.files;
  const auto is_dump = [&](const std::string& f) { return (f == "-" && request.database_run()) || dump::is_sql_dump(f); };
  const auto dump = std::find_if(files.begin(), files.end(), is_dump);
  if (dump == files.end()) return false;
  if (!request.database_run())  // never SQL text loaded as rows
    throw Failure(ExitCode::usage, fmt::format("{}: an SQL dump, not a table's rows: give DB, not DB.TABLE "
                                               "(fastload --dry-run {} {})", *dump, *dump, request.target.database));
  const auto other = std::find_if_not(files.begin(), files.end(), is_dump);
  if (other != files.end())
    throw Failure(ExitCode::usage, fmt::format("{}: an SQL dump given with other files ({}): give dumps alone "
                                               "(fastload DUMP.sql... [DB]) and load the other files in a run of "
                                               "their own", *dump, *other));
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

bool system_database(const std::string& name) {
  return std::any_of(std::begin(kSystemDatabases), std::end(kSystemDatabases),
                     [&](const char* system) { return text::same_name(name, system); });
}

// The databases a dump names (its CREATE DATABASEs and USEs, a table's or view's own), in dump order, each once.
std::vector<std::string> named_databases(const dump::SqlDump& d) {
  std::vector<std::string> named = d.databases;
  auto see = [&](const std::string& db) {
    if (!db.empty() && std::find(named.begin(), named.end(), db) == named.end()) named.push_back(db);
  };
  for (const dump::DumpTable& t : d.tables) see(t.database);
  for (const dump::DumpView& v : d.views) see(v.database);
  for (const dump::DumpRoutine& r : d.routines) see(r.database);
  return named;
}

// Where a dump's tables go (ScannedDump::into): DB, for a dump of one database or of tables before any USE; without
// DB, none: each goes to the database the dump names for it, as `mariadb < dump.sql` restores it. Throws
// Failure(ExitCode::usage) for DB with a dump of several databases, or a table in none without DB;
// Failure(ExitCode::input) for a system database restored into itself.
std::string into(const dump::SqlDump& d, const request::Request& request, const std::string& file) {
  const std::vector<std::string> named = named_databases(d);
  const bool unnamed = std::any_of(d.tables.begin(), d.tables.end(), [](const auto& t) { return t.database.empty(); }) ||
                       std::any_of(d.views.begin(), d.views.end(), [](const auto& v) { return v.database.empty(); });
  if (!request.target.database.empty()) {
    if (named.size() > 1 || (named.size() == 1 && unnamed))
      throw Failure(ExitCode::usage, fmt::format(
          "{}: a dump of several databases ({}{}), each restored into its own name, and DB names one ({}): leave DB "
          "out (fastload {}), or dump the database to restore into {} on its own (mariadb-dump DB > DB.sql)",
          d.name, fmt::join(named, ", "), unnamed ? ", and tables before any USE" : "", request.target.database,
          file, request.target.database));
    return request.target.database;
  }
  if (unnamed)
    throw Failure(ExitCode::usage, fmt::format("{}: this dump names no database for its first tables (no USE before "
                                               "them): give the database to restore it into, fastload {} DB",
                                               d.name, file));
  for (const std::string& name : named)
    if (system_database(name))
      throw Failure(ExitCode::input, fmt::format(
          "{}: a dump of the system database {}, whose tables are the server's own (its users, privileges, "
          "statistics), not ones a dump restores; nothing was changed on the server. Dump the user databases "
          "alone (mariadb-dump --databases DB1 DB2 ...) and restore that", d.name, name));
  return {};
}

// A table or view in two of the run's dumps (in one database): refused, its rows would be restored twice.
void refuse_twice(const std::vector<ScannedDump>& dumps) {
  std::map<std::pair<std::string, std::string>, const std::string*> seen;  // (database, name) -> its dump
  for (const ScannedDump& s : dumps) {
    auto see = [&](const std::string& database, const std::string& name) {
      const auto [it, added] = seen.try_emplace({s.into.empty() ? database : s.into, name}, &s.dump.name);
      if (!added)
        throw Failure(ExitCode::usage, fmt::format(
            "{}: table or view {}.{} is in {} too: fastload restores each table from one dump; restore these dumps "
            "in runs of their own", s.dump.name, it->first.first, name, *it->second));
    };
    for (const dump::DumpTable& t : s.dump.tables) see(t.database, t.table);
    for (const dump::DumpView& v : s.dump.views) see(v.database, v.name);
  }
}

// --dry-run: each dump listed, each table under the database it restores into (connecting to no server).
int list(const std::vector<ScannedDump>& dumps, const request::Request& request) {
  for (const ScannedDump& s : dumps) {
    print_text(s.dump, s.into);
    if (request.output.json) print_json(s.dump, s.into);
  }
  report::tell("--dry-run: nothing was changed");
  return 0;
}

// Standard input's dump as the scan reads it, each byte of its content copied to `spill` as it passes: the restore
// reads the rows again, and a pipe's bytes come once.
class CopyingStream final : public input::ByteStream {
 public:
  CopyingStream(std::unique_ptr<input::ByteStream> inner, input::SpillFile& spill)
      : ByteStream(Wrapping{}, *inner), inner_(std::move(inner)), spill_(spill) {}
  std::size_t read(char* into, std::size_t size) override {
    const std::size_t got = inner_->read(into, size);
    spill_.append(std::string_view(into, got));
    return got;
  }
  std::uint64_t consumed() const override { return inner_->consumed(); }
  std::uint64_t verified() const override { return inner_->verified(); }

 private:
  std::unique_ptr<input::ByteStream> inner_;
  input::SpillFile& spill_;
};

// A restore of standard input's dump: its copy, an unnamed file in --tmpdir (gone when the process ends, however it
// ends), which takes the dump's uncompressed size on disk. --resume cannot prove a rerun's bytes the same there.
std::unique_ptr<input::SpillFile> spill_for(const request::Request& request) {
  const std::vector<std::string>& files = request.source.files;
  if (request.output.dry_run || std::find(files.begin(), files.end(), "-") == files.end()) return nullptr;
  if (request.checkpoint.resume)
    throw Failure(ExitCode::usage, "standard input: --resume needs the dump in a file, whose bytes a rerun can prove "
                                   "the same as the first run's: save the dump to a file (mariadb-dump ... > "
                                   "dump.sql) and restore that with fastload --resume dump.sql [DB]");
  return std::make_unique<input::SpillFile>(request.source.tmpdir);
}

// A dump scanned: every statement judged, each table's INSERTs found (a restore reads their heads alone).
ScannedDump scan(const request::Request& request, const std::string& file, input::SpillFile* spill) {
  std::unique_ptr<input::ByteStream> stream = input::open_stream(file, {request.load.threads});
  if (spill) stream = std::make_unique<CopyingStream>(std::move(stream), *spill);
  const std::string name = stream->name();
  const dump::ScanLimits limits{
      .count_rows = request.output.dry_run, .routines = request.target.routines, .events = request.target.events};
  try {
    return {file, dump::scan_sql_dump(*stream, name, limits), {}};
  } catch (const Failure& f) {
    if (file == "-" && f.code() == ExitCode::input)  // perhaps a table's rows, piped without DB.TABLE
      throw f.with_message(std::string(f.what()) + ". (Standard input given with DB, or alone, is read as an SQL "
                           "dump; a table's rows there load with fastload - DB.TABLE)");
    if (!spill || f.code() != ExitCode::temp_space) throw;
    throw Failure(ExitCode::temp_space, fmt::format(
        "{}: a dump restored from standard input is copied to --tmpdir {} as it is judged, to read its rows after "
        "(it takes the dump's uncompressed size there): {}. Nothing was changed on the server. Give --tmpdir a "
        "directory with room, or save the dump to a file and restore that", name, request.source.tmpdir, f.what()));
  }
}

// The run's database (its summary's, the plan's): DB, else the first the dumps name.
std::string first_database(const std::vector<ScannedDump>& dumps) {
  for (const ScannedDump& s : dumps)
    if (const std::vector<std::string> named = named_databases(s.dump); !named.empty()) return named.front();
  return {};
}

}  // namespace

int sql_dump_run(const request::Request& request, load::StepHook* hook) {
  const std::vector<std::string>& files = request.source.files;
  for (const std::string& file : files) refuse_text_options(request, file);
  std::unique_ptr<input::SpillFile> spill = spill_for(request);
  std::vector<ScannedDump> dumps;
  for (const std::string& file : files) {
    dumps.push_back(scan(request, file, file == "-" ? spill.get() : nullptr));
    dumps.back().into = into(dumps.back().dump, request, file);
  }
  refuse_twice(dumps);
  if (request.output.dry_run) return list(dumps, request);
  Run run(request, hook, request.target.database.empty() ? first_database(dumps) : std::string());
  for (const ScannedDump& s : dumps)
    for (const std::string& database : s.into.empty() ? named_databases(s.dump) : std::vector{s.into})
      if (std::find(run.databases.begin(), run.databases.end(), database) == run.databases.end())
        run.databases.push_back(database);
  run.sql_dumps = std::move(dumps);
  run.spill = std::move(spill);
  return run_passes(run);
}

}  // namespace fastload::run
