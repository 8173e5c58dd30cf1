// DUMP.sql [DB] restored through the passes (passes.cc) as a run of many tables: the dump, scanned once before
// (sql_dump_run.cc), gives each table its CREATE TABLE, its triggers and the byte ranges of its INSERTs; a table's
// rows are those INSERTs read as rows (dump::SqlRowsStream), a stream cut into chunks like any other, so every
// mode, check, rejects file and --resume of a load applies to them (docs/design.md, "SQL dumps").
#include <algorithm>
#include <map>
#include <fmt/core.h>
#include <spdlog/spdlog.h>

#include "base/base.h"
#include "db/db.h"
#include "dump/dump.h"
#include "run/state.h"
#include "run/tables.h"
#include "table/table.h"
#include "text/text.h"

namespace fastload::run {
namespace {

request::OnDuplicate dump_meaning(sqldump::InsertKind kind) {
  return kind == sqldump::InsertKind::replace         ? request::OnDuplicate::replace
         : kind == sqldump::InsertKind::insert_ignore ? request::OnDuplicate::ignore
                                                      : request::OnDuplicate::error;
}

// The dump's INSERT IGNORE and REPLACE keep their meaning; --on-duplicate says what its plain INSERTs do with a
// key the table holds already (by default they fail, as the mariadb client's restore does).
request::OnDuplicate on_duplicate(const plan::TablePlan& o, const dump::DumpTable& t, const std::string& dump) {
  const request::OnDuplicate asked = o.conflicts.on_duplicate;
  if (!t.kind || *t.kind == sqldump::InsertKind::insert) return asked;
  const request::OnDuplicate meant = dump_meaning(*t.kind);
  if (asked != request::OnDuplicate::error && asked != meant)
    throw Failure(ExitCode::usage, fmt::format(
        "{}: table `{}`: its rows are {} statements, and --on-duplicate asks otherwise: leave --on-duplicate out "
        "(a dump's INSERT IGNORE keeps the first row of a key, its REPLACE the last), or dump it again without "
        "--insert-ignore or --replace", dump, t.table,
        *t.kind == sqldump::InsertKind::replace ? "REPLACE" : "INSERT IGNORE"));
  return meant;
}

}  // namespace

plan::TablePlan sql_table_options(const plan::TablePlan& o, const dump::TableFiles& f, const std::string& dump) {
  static const dump::DumpTable no_rows;  // a table whose dump holds no INSERTs (mydumper writes no data file)
  const dump::DumpTable& t = f.sql.empty() ? no_rows : f.sql.front();
  plan::TablePlan out = table_of_many(o, f);
  // The rows are LOAD DATA text in the charset the dump's INSERTs were written in (its SET NAMES), sent as they are.
  out.charset = t.inserts.empty() ? "utf8mb4" : t.inserts.front().charset;
  out.convert_charset = false;
  // A BIT literal becomes its bytes, which LOAD DATA stores as they are (dump::literal_refusal decided each).
  out.accepted_conversions |= request::kBitText;
  out.on_duplicate = on_duplicate(o, t, dump);
  return out;
}

namespace {

// The header's settings, for every CREATE the run makes: the session the dump made its tables in.
// A view's own SETs (the client charset and collation it was made in) follow the header's.
dump::SchemaFile schema_of(const dump::SqlDump& d, const std::string& create, std::vector<std::string> after,
                           bool view, const std::vector<std::string>& own = {}) {
  dump::SchemaFile s;
  s.path = d.name;
  s.settings = d.settings;
  for (const std::string& set : d.settings) dump::read_settings(set, s);
  s.settings.insert(s.settings.end(), own.begin(), own.end());
  s.create = create;
  s.after = std::move(after);
  s.view = view;
  return s;
}

}  // namespace

// Without DB, a dump's own database: made from its CREATE DATABASE when the server lacks it (the dump restores it,
// as `mariadb < dump.sql` would); a database DB names must exist.
void check_dump_database(Run& run, const std::string& database, const std::map<std::string, std::string>& creates,
                         const std::string& dump) {
  db::Session& session = *run.session;
  const auto create = creates.find(database);
  if (run.database_from_dump && create != creates.end() &&
      session.query_value(fmt::format("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = {}",
                                      session.quote_string(database))) == "0") {
    session.execute(create->second);
    spdlog::info("{}: database created from {}", database, dump);
  }
  table::check_database(session, database);
}

namespace {

// One dump's tables and views into the run, each in the database it restores into (`into`, else its own). A run
// of several databases writes a table's rejects to FILE.DB.T: two databases may have tables of one name.
void add_dump_tables(Run& run, ScannedDump& s) {
  const plan::TablePlan& options = run.plan;
  dump::SqlDump& d = s.dump;
  for (dump::DumpTable& t : d.tables) {
    if (t.create.empty() && t.statements == 0) continue;
    dump::TableFiles files;
    files.database = s.into.empty() ? t.database : s.into;
    files.table = t.table;
    files.files = {s.path};
    files.schema = schema_of(d, t.create, t.after, false);
    std::uint64_t bytes = 0;
    for (const dump::InsertRange& r : t.inserts) bytes += r.end - r.begin;
    files.sql.push_back(std::move(t));
    auto table = std::make_unique<TableRun>(sql_table_options(options, files, d.name));
    if (run.databases.size() > 1 && !options.rejects_file.empty())
      table->options.rejects_file = fmt::format("{}.{}.{}", options.rejects_file, files.database, files.table);
    table->files = std::move(files);
    table->bytes = bytes;
    table->state.sql = &table->files.sql;
    table->state.sql_copy = s.copy;
    run.tables.push_back(std::move(table));
  }
  for (const dump::DumpView& v : d.views) {
    dump::TableFiles view;
    view.database = s.into.empty() ? v.database : s.into;
    view.table = v.name;
    view.schema = schema_of(d, v.create, {}, true, v.settings);
    run.views.push_back(std::move(view));
  }
}

}  // namespace

// Every database checked (made from the first dump that creates it, when missing) before any table is.
void find_dump_tables(Run& run) {
  open_session(run);
  for (const std::string& database : run.databases) {
    const auto maker = std::find_if(run.sql_dumps.begin(), run.sql_dumps.end(), [&](const ScannedDump& s) {
      return s.dump.create_database.contains(database);
    });
    const ScannedDump& from = maker == run.sql_dumps.end() ? run.sql_dumps.front() : *maker;
    check_dump_database(run, database, from.dump.create_database, from.dump.name);
  }
  for (ScannedDump& s : run.sql_dumps) add_dump_tables(run, s);
  start_tables(run);
}

namespace {

// What a row's values fill, as the table defines them: the INSERTs' column list (--complete-insert, and what
// mariadb-dump writes for a table with generated or invisible columns), else every column an INSERT without one
// fills (all but the invisible ones); each with the kind that decides how its literals are read.
std::vector<dump::ColumnType> row_columns(db::Session& s, const plan::TablePlan& options, const dump::DumpTable& t,
                                          const std::string& dump) {
  const auto rows = s.query(fmt::format(
      "SELECT COLUMN_NAME, DATA_TYPE, IFNULL(LOWER(CHARACTER_SET_NAME), ''), EXTRA FROM information_schema.COLUMNS "
      "WHERE TABLE_SCHEMA = {} AND TABLE_NAME = {} ORDER BY ORDINAL_POSITION",
      s.quote_string(options.database), s.quote_string(options.table)));
  std::vector<dump::ColumnType> table;
  for (const db::Row& row : rows) {
    const std::string extra = row.at(3).value_or("");
    if (!t.columns_listed && extra.find("INVISIBLE") != std::string::npos) continue;
    const bool generated = extra.find("GENERATED") != std::string::npos;
    table.push_back({row.at(0).value_or(""), generated ? dump::ColumnKind::generated
                                                       : dump::column_kind(row.at(1).value_or("")),
                     row.at(2).value_or("")});
  }
  if (!t.columns_listed) return table;
  std::vector<dump::ColumnType> listed;
  for (const std::string& name : t.columns) {
    const auto c = std::find_if(table.begin(), table.end(),
                                [&](const dump::ColumnType& c) { return text::same_name(c.name, name); });
    if (c == table.end())
      throw Failure(ExitCode::rejected, fmt::format(
          "{}: the INSERTs of table {}.{} name a column `{}` that the table has not: restore it into the table the "
          "dump makes (drop the one there first), or restore it with the mariadb client", dump, options.database,
          options.table, name));
    listed.push_back(*c);
  }
  return listed;
}

}  // namespace

// The fields a row of the dump's text has: a generated column's value, which the server computes and drops (with a
// warning) from an INSERT, read into a variable and left out, as a --tab dump's is (database.cc).
void sql_columns(TableRun& t) {
  const std::string& path = t.files.files.front();
  const std::vector<dump::ColumnType>& columns = t.state.sql_columns.emplace(
      row_columns(*t.state.control, t.options, t.files.sql.front(), path == "-" ? "standard input" : path));
  const bool generated = std::any_of(columns.begin(), columns.end(),
                                     [](const dump::ColumnType& c) { return c.kind == dump::ColumnKind::generated; });
  if (!generated && !t.files.sql.front().columns_listed) return;
  t.options.columns.clear();
  for (const dump::ColumnType& c : columns)
    t.options.columns.push_back(c.kind == dump::ColumnKind::generated
                                    ? request::ColumnEntry{fmt::format("fastload_generated_{}", t.options.columns.size() + 1), true}
                                    : request::ColumnEntry{c.name, false});
  t.options.columns_of_dump = true;
}

// The rows of the dump's INSERTs as text for the columns sql_columns read (every file of a table's agrees with
// its first on them); from the dump's copy when the scan made one (standard input's, a compressed file's: mapped, so
// skipping to the table's INSERTs reads nothing), else from the dump itself.
std::unique_ptr<input::ByteStream> sql_rows_stream(const plan::TablePlan& options, RunState& state, std::size_t index) {
  const dump::DumpTable& t = state.sql->at(index);
  const std::string& path = state.inputs.at(index).path;
  if (!state.sql_columns) throw Failure(ExitCode::internal, fmt::format("{}: table {}'s columns were not read before "
                                                                        "its rows", path, options.table));
  dump::SqlTarget target{t.table, *state.sql_columns, t.columns_listed, t.kind.value_or(sqldump::InsertKind::insert),
                         options.charset};
  std::unique_ptr<input::ByteStream> dump =
      state.sql_copy ? input::open_spilled(*state.sql_copy, path == "-" ? "standard input" : path)
                     : input::open_stream(path, {options.load.threads});
  return std::make_unique<dump::SqlRowsStream>(std::move(dump), t.inserts, std::move(target),
                                               options.conflicts.max_errors > 0);
}

}  // namespace fastload::run
