// FILE|DIR... DB: what a run of many tables adds to the passes (passes.cc): its tables found from the files (a
// dump's schema files judged), each table's plan, a dump's table created or checked in the connect pass, and after
// every table loaded its triggers and the views (docs/design.md, "A database in one run").
#include <algorithm>
#include <filesystem>
#include <fmt/core.h>
#include <fmt/ranges.h>
#include <spdlog/spdlog.h>

#include "base/base.h"
#include "db/db.h"
#include "dump/dump.h"
#include "report/report.h"
#include "run/foreign_key_proofs.h"
#include "run/run.h"
#include "run/state.h"
#include "run/tables.h"
#include "table/table.h"
#include "text/text.h"

namespace fastload::run {
plan::TablePlan table_of_many(const plan::TablePlan& o, const dump::TableFiles& t) {
  plan::TablePlan out = o;
  if (!t.database.empty()) out.database = t.database;  // an SQL dump of several databases: the table's own
  out.table = t.table;
  out.files = t.files;
  out.prove_foreign_keys = true;
  if (!o.rejects_file.empty()) out.rejects_file = o.rejects_file + "." + t.table;  // a file a table: FILE.T
  out.defer_indexes_if_empty = !o.load.keep_indexes;
  return out;
}

namespace {

plan::TablePlan table_options(const plan::TablePlan& o, const dump::TableFiles& t) {
  plan::TablePlan out = table_of_many(o, t);
  // --tab writes each column's bytes as stored (SELECT ... INTO OUTFILE ... CHARACTER SET binary), but text
  // converted to X when the dump was made with --default-character-set=X, which its header does not say: the
  // user's --charset is the dump's; without it the bytes, checked for the sign of another charset.
  if (t.schema && !o.source.charset_given) {
    out.charset = "binary";
    out.convert_charset = false;
    out.check_dump_charset = true;
  }
  if (t.schema) out.accepted_conversions |= request::kBitText;  // a BIT column's field is its bytes, as the server wrote them
  return out;
}

std::uint64_t size_of(const std::vector<std::string>& files) {
  std::uint64_t bytes = 0;
  for (const std::string& f : files) {
    std::error_code ignored;  // a file that cannot be read fails in the open pass, with its reason
    const auto size = std::filesystem::file_size(f, ignored);
    bytes += ignored ? 0 : size;
  }
  return bytes;
}

// A schema file's statements, after its settings.
void run_schema(const plan::TablePlan& options, const std::optional<std::string>& password, const dump::SchemaFile& schema,
                const std::vector<std::string>& statements) {
  table::run_schema_statements(options.connection, password, options.database, schema.settings, statements,
                              schema.path);
}

// A dump writes every column's value in the table's order: the invisible ones too, which a load without a column
// list would not fill, and the generated ones, whose value the server computes (it drops a field for one with a
// warning): their fields are read into variables and left out (docs/design.md, "A database in one run").
void dump_columns(TableRun& t) {
  db::Session& s = *t.state.control;
  const auto rows = s.query(fmt::format("SELECT COLUMN_NAME, EXTRA FROM information_schema.COLUMNS WHERE TABLE_SCHEMA "
                                        "= {} AND TABLE_NAME = {} ORDER BY ORDINAL_POSITION",
                                        s.quote_string(t.options.database), s.quote_string(t.options.table)));
  bool plain = true;
  std::vector<request::ColumnEntry> columns;
  for (const db::Row& row : rows) {
    const std::string extra = row.at(1).value_or("");
    const bool generated = extra.find("GENERATED") != std::string::npos;
    plain = plain && !generated && extra.find("INVISIBLE") == std::string::npos;
    columns.push_back(generated ? request::ColumnEntry{fmt::format("fastload_generated_{}", columns.size() + 1), true}
                                : request::ColumnEntry{row.at(0).value_or(""), false});
  }
  if (plain) return;
  t.options.columns = std::move(columns);  // read by the table check that follows (connect_table)
  t.options.columns_of_dump = true;
}

}  // namespace

// The connect pass's extra step for a table of a dump: its settings, and the table created when missing.
void before_check(TableRun& t) {
  if (!t.files.schema) {
    if (t.options.create) t.created = create_inferred(t.options, t.state, t.files.files);
    return;
  }
  db::pin_dump_settings(t.state.pins, t.files.schema->time_zone);
  // A data-only dump (--no-create-info) creates nothing: its table must exist, as the table check then says.
  if (!t.files.schema->create.empty() &&
      !table::table_exists(*t.state.control, t.options.database, t.options.table)) {
    run_schema(t.options, t.state.password, *t.files.schema, {t.files.schema->create});
    t.created = true;
    t.state.summary.created_from = t.files.schema->path;
    spdlog::info("{}.{}: created from {}", t.options.database, t.options.table, t.files.schema->path);
  }
  if (table::table_exists(*t.state.control, t.options.database, t.options.table))
    !t.files.sql.empty() ? sql_columns(t) : dump_columns(t);  // an SQL dump's INSERTs say their columns (sql_dump_tables.cc)
}

// --dry-run creates nothing: a missing table's plan says it would be created, and its checks wait for it.
bool planned_missing(TableRun& t, db::Session* session) {
  if (!t.options.output.dry_run || !t.files.schema || t.files.schema->create.empty() ||  // a data-only dump's must exist
      table::table_exists(*session, t.options.database, t.options.table))
    return false;
  t.state.summary.plan = {fmt::format("{}.{} is missing: the load would create it from {}, then load {} ({} "
                                      "bytes); its file and rows are checked once it exists", t.options.database,
                                      t.options.table, t.files.schema->path,
                                      t.files.files.empty() ? "no file" : fmt::format("{}", fmt::join(t.files.files, ", ")),
                                      t.bytes)};
  t.state.summary.load_started = true;  // the plan is printed
  return true;
}

// After every table loaded: each dump table's triggers that it lacks (a dump creates them after the rows, so
// that they do not fire on them), an SQL dump's routines when asked, then the views that are missing, each in its
// own database (an SQL dump's of several), after every table of every database: a view may read another database's.
void finish_schema(Run& run) {
  const plan::TablePlan& options = run.plan;
  const std::optional<std::string>& password = run.password;
  for (const auto& t : run.tables)  // those it has not: a table created by a killed run of this restore has none
    if (t->files.schema && !t->files.schema->after.empty()) run_schema(t->options, password, *t->files.schema,
                                                                  t->files.schema->after);
  auto database = [&](const dump::TableFiles& v) -> const std::string& {
    return v.database.empty() ? options.database : v.database;
  };
  restore_routines(run);  // before the views: a view may call a stored function
  std::vector<const dump::TableFiles*> missing;
  for (const dump::TableFiles& v : run.views)
    if (!table::table_exists(*run.session, database(v), v.table)) missing.push_back(&v);
  // A view over another view needs that one first: rounds until none is left, or none could be made.
  while (!missing.empty()) {
    std::vector<const dump::TableFiles*> later;
    Result<void> refused;
    for (const dump::TableFiles* v : missing) try {
        table::run_schema_statements(options.connection, password, database(*v), v->schema->settings,
                                     {v->schema->create}, v->schema->path);
        spdlog::info("{}.{}: view created from {}", database(*v), v->table, v->schema->path);
      } catch (const db::ServerError&) {  // run_schema explains the server's refusals: any other goes on
        throw;
      } catch (const Failure& f) {
        if (f.server_code() != er::NO_SUCH_TABLE) throw;
        later.push_back(v), refused = f;
      }
    if (later.size() == missing.size()) refused.or_throw();  // what it reads is neither in the dump nor the database
    missing = std::move(later);
  }
}

namespace {

// The table a dump's file name encodes (mariadb-dump writes table `a.b` as a@002eb.txt, as the server names its
// own files), decoded by the server's filename charset; a name that is no such encoding stays as it is. Then
// every schema file's statements must name its own table.
void decode_names(db::Session& session, std::vector<dump::TableFiles>& found) {
  for (dump::TableFiles& t : found) {
    if (t.table.find('@') != std::string::npos) {
      const std::string name = fmt::format("CONVERT(_filename {} USING utf8mb4)", session.quote_string(t.table));
      const auto rows = session.query(fmt::format("SELECT {0}, CAST(CONVERT({0} USING filename) AS BINARY)", name));
      if (rows.size() == 1 && rows[0].size() == 2 && rows[0][0] && rows[0][1] == t.table) t.table = *rows[0][0];
    }
    if (t.schema) dump::check_names(*t.schema, t.table);
  }
}

}  // namespace

void find_tables(Run& run) {
  if (!run.sql_dumps.empty()) return find_dump_tables(run);
  if (run.mydumper) return find_mydumper_tables(run);
  const plan::TablePlan& options = run.plan;
  std::vector<dump::TableFiles> found = dump::tables_of(options.files);
  open_session(run);
  table::check_database(*run.session, options.database);
  decode_names(*run.session, found);
  for (dump::TableFiles& t : found) {
    if (t.schema && t.schema->create.empty() && t.files.empty()) continue;  // a data-only dump's view: nothing
    if (t.schema && t.schema->view) {
      run.views.push_back(std::move(t));
      continue;
    }
    auto table = std::make_unique<TableRun>(table_options(options, t));
    table->files = std::move(t);
    table->bytes = size_of(table->files.files);
    run.tables.push_back(std::move(table));
  }
  start_tables(run);
}

void open_session(Run& run) {
  if (run.plan.connection.prompt_password) run.password = db::read_password("Enter password: ");
  run.session = std::make_unique<db::Session>(run.plan.connection, run.password);
}

void start_tables(Run& run) {
  std::stable_sort(run.tables.begin(), run.tables.end(),
                   [](const auto& a, const auto& b) { return a->bytes > b->bytes; });
  for (auto& t : run.tables) {
    start_table(t->options, t->state, run.hook);
    t->state.password = run.password;
  }
}

}  // namespace fastload::run
