// DUMP.sql... [DB]: a run of plain SQL dumps' tables. Every dump is scanned first, every statement judged before
// anything is changed (standard input's and a compressed file's content copied to --tmpdir as it passes, for its
// rows); with --dry-run each is listed (its databases, each table's statements, rows and INSERT kind, its views and
// triggers) without a server, else all their tables, each in its database, restored by the passes as one run
// (sql_dump_tables.cc; docs/design.md, "SQL dumps").
#include <algorithm>
#include <map>
#include <fmt/core.h>
#include <fmt/ranges.h>
#include <spdlog/spdlog.h>

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

// A dump's content as the scan reads it, each byte copied to `copy` as it passes, for its rows to be read from
// after: a pipe's bytes come once, and each table would decode a compressed file again from its start. A file's copy
// that cannot be written (`droppable`: no room in --tmpdir) is dropped, its reason kept; standard input's fails.
class CopyingStream final : public input::ByteStream {
 public:
  CopyingStream(std::unique_ptr<input::ByteStream> inner, std::shared_ptr<input::SpillFile> copy, bool droppable)
      : ByteStream(Wrapping{}, *inner), inner_(std::move(inner)), copy_(std::move(copy)), droppable_(droppable) {}
  std::size_t read(char* into, std::size_t size) override {
    const std::size_t got = inner_->read(into, size);
    content_ += got;
    if (copy_) keep(std::string_view(into, got));
    return got;
  }
  std::uint64_t consumed() const override { return inner_->consumed(); }
  std::uint64_t verified() const override { return inner_->verified(); }

  void drop(const Failure& why) {
    copy_.reset();  // its disk freed at once
    dropped_ = why.what();
  }
  const std::shared_ptr<input::SpillFile>& copy() const { return copy_; }
  const std::string& dropped() const { return dropped_; }
  std::uint64_t content() const { return content_; }  // read so far: the copy's size, had it been written

 private:
  void keep(std::string_view bytes) {
    try {
      copy_->append(bytes);
    } catch (const Failure& f) {
      if (!droppable_ || f.code() != ExitCode::temp_space) throw;
      drop(f);
    }
  }

  std::unique_ptr<input::ByteStream> inner_;
  std::shared_ptr<input::SpillFile> copy_;
  const bool droppable_;
  std::string dropped_;
  std::uint64_t content_ = 0;
};

// Standard input's dump, restored from its copy: --resume cannot prove a rerun's bytes the same as the first run's.
void refuse_resume_of_stdin(const request::Request& request) {
  const std::vector<std::string>& files = request.source.files;
  if (request.output.dry_run || !request.checkpoint.resume || std::find(files.begin(), files.end(), "-") == files.end())
    return;
  throw Failure(ExitCode::usage, "standard input: --resume needs the dump in a file, whose bytes a rerun can prove "
                                 "the same as the first run's: save the dump to a file (mariadb-dump ... > "
                                 "dump.sql) and restore that with fastload --resume dump.sql [DB]");
}

// `stream` copied as the scan reads it (CopyingStream), when its rows are to be read from that copy: standard
// input's, and a compressed file's (decoded once). Its copy is an unnamed file in --tmpdir (gone when the process
// ends, however it ends) of the dump's uncompressed size. None under --dry-run, which reads no rows, nor for a plain
// file, mapped.
std::unique_ptr<input::ByteStream> copying(const request::Request& request, const std::string& file,
                                           std::unique_ptr<input::ByteStream> stream) {
  if (request.output.dry_run || (file != "-" && stream->format() == input::Format::plain)) return stream;
  const bool droppable = file != "-";  // a file's rows can be decoded again; a pipe's bytes come once
  std::shared_ptr<input::SpillFile> copy;
  try {
    copy = std::make_shared<input::SpillFile>(request.source.tmpdir);
  } catch (const Failure& f) {
    if (!droppable || f.code() != ExitCode::temp_space) throw;
    auto dropped = std::make_unique<CopyingStream>(std::move(stream), nullptr, true);
    dropped->drop(f);
    return dropped;
  }
  return std::make_unique<CopyingStream>(std::move(stream), std::move(copy), droppable);
}

// A compressed file's copy dropped: said once, with the room it needed; its tables decode the file again instead.
void tell_dropped(const request::Request& request, const CopyingStream& c) {
  const std::string& why = c.dropped();
  spdlog::warn("{}: its decompressed copy ({:.1f} MB, the dump's uncompressed size) could not be written in --tmpdir "
               "{} ({}): each table's rows are read by decoding the dump again from its start instead, which is "
               "slower; give --tmpdir a directory with room to decode it once", c.name(), c.content() / 1e6,
               request.source.tmpdir, why.substr(0, why.find(". ")));
}

// A dump scanned: every statement judged, each table's INSERTs found (a restore reads their heads alone), its
// content copied when its rows are read from a copy (`copying`).
ScannedDump scan(const request::Request& request, const std::string& file) {
  std::unique_ptr<input::ByteStream> stream = copying(request, file, input::open_stream(file, {request.load.threads}));
  const std::string name = stream->name();
  const dump::ScanLimits limits{
      .count_rows = request.output.dry_run, .routines = request.target.routines, .events = request.target.events};
  try {
    ScannedDump out{file, dump::scan_sql_dump(*stream, name, limits), {}, nullptr};
    if (const auto* c = dynamic_cast<const CopyingStream*>(stream.get())) {
      out.copy = c->copy();
      if (!c->dropped().empty()) tell_dropped(request, *c);
    }
    return out;
  } catch (const Failure& f) {
    if (file == "-" && f.code() == ExitCode::input)  // perhaps a table's rows, piped without DB.TABLE
      throw f.with_message(std::string(f.what()) + ". (Standard input given with DB, or alone, is read as an SQL "
                           "dump; a table's rows there load with fastload - DB.TABLE)");
    if (file != "-" || f.code() != ExitCode::temp_space) throw;
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
  refuse_resume_of_stdin(request);
  std::vector<ScannedDump> dumps;
  for (const std::string& file : files) {
    dumps.push_back(scan(request, file));
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
  return run_passes(run);
}

}  // namespace fastload::run
