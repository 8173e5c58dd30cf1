// FILE|DIR... DB: many tables in one run. Each table goes through the passes
// of a one-table load up to the load (every table checked before any row is
// sent), then one pool of workers loads them all, largest first, and the
// worker that settled a table's last chunk rebuilds its indexes and proves the
// foreign keys it completes while the others load on; then each table's
// barrier, its triggers, the views (docs/design.md, "A database in one run").
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
#include "table/table.h"
#include "text/text.h"

namespace fastload::run {
namespace {

struct TableRun {
  explicit TableRun(plan::TablePlan p) : options(std::move(p)) {}

  plan::TablePlan options;  // this table's: its files, columns and settings (table_options), completed by connect
  RunState state;
  dump::TableFiles files;
  std::uint64_t bytes = 0;  // its files' sizes: the largest table loads first
  bool created = false;     // created from its schema file by this run
  std::unique_ptr<TableLoad> load;
  std::optional<Failure> reindexed;  // what re-creating its indexes said, when that failed
  bool finished = false;             // the workers settled its last chunk (and finished it)
  std::uint64_t progress_total = 0;  // its input, for the run's progress line
};

plan::TablePlan table_options(const plan::TablePlan& o, const dump::TableFiles& t) {
  plan::TablePlan out = o;
  out.table = t.table;
  out.files = t.files;
  out.prove_foreign_keys = true;
  if (!o.rejects_file.empty()) out.rejects_file = o.rejects_file + "." + t.table;  // a file a table: FILE.T
  out.defer_indexes_if_empty = !o.load.keep_indexes;
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
  if (table::table_exists(*t.state.control, t.options.database, t.options.table)) dump_columns(t);
}

// --dry-run creates nothing: a missing table's plan says it would be created, and its checks wait for it.
bool planned_missing(TableRun& t, db::Session& session) {
  if (!t.options.output.dry_run || !t.files.schema || t.files.schema->create.empty() ||  // a data-only dump's must exist
      table::table_exists(session, t.options.database, t.options.table))
    return false;
  t.state.summary.plan = {fmt::format("{}.{} is missing: the load would create it from {}, then load {} ({} "
                                      "bytes); its file and rows are checked once it exists", t.options.database,
                                      t.options.table, t.files.schema->path, fmt::join(t.files.files, ", "),
                                      t.bytes)};
  t.state.summary.load_started = true;  // the plan is printed
  return true;
}

// `step` for each table, its failure recorded in the table's own summary (its exit code in --json); false when
// one failed. `every`: each table's step runs after one failed too (each failure said), else it stops there.
bool check_each(std::vector<std::unique_ptr<TableRun>>& tables, bool every,
                const std::function<void(TableRun&)>& step) {
  bool passed = true;
  for (auto& t : tables) {
    if (!passed && !every) break;
    record_outcome(t->state.summary, [&] { step(*t); });
    t->state.summary.success = false;  // checked, not loaded yet
    passed = passed && t->state.summary.exit_code == 0;
  }
  return passed;
}

// Every table checked, split and made ready, in the order they will load; false when one failed. Every file is
// opened first (a typo fails before any table is created), every missing table created before any table's
// indexes are dropped for the load (a foreign key needs its parent's index when it is created).
// The run's one gate (--max-lag, --max-load), watched from the first table's connection: every table is on one
// server.
bool prepare_tables(std::vector<std::unique_ptr<TableRun>>& tables, db::Session& session,
                    std::unique_ptr<Throttling>& throttling) {
  if (!check_each(tables, true, [](TableRun& t) { open_files(t.options, t.state, t.files.files); }) ||
      !check_each(tables, true, [&](TableRun& t) {
        if (!planned_missing(t, session)) connect_table(t.options, t.state, [&] { before_check(t); });
      }))
    return false;
  for (auto& t : tables)
    if (t->state.connected && !t->options.output.dry_run) {
      throttling = start_throttle(t->options, t->state);
      break;
    }
  for (auto& t : tables)
    if (throttling) t->state.gate = &throttling->gate;
  return check_each(tables, false, [](TableRun& t) {  // these change the tables: the first failure stops them
    if (!t.state.connected || !prepare_load(t.options, t.state)) return;  // --dry-run
    t.state.progress.reset();  // a line a table would write over the others: the run has one for all
    t.progress_total = progress_total(t.state);  // before the load takes the chunks' outcomes
    t.load = std::make_unique<TableLoad>(t.options, t.state);
  });
}

// The worker that settles a table's last chunk re-creates its indexes, then proves the foreign keys it completes.
void finish_each(std::vector<std::unique_ptr<TableRun>>& tables, ForeignKeyProofs& proofs) {
  for (std::size_t i = 0; i < tables.size(); ++i)
    tables[i]->load->work().finished = [t = tables[i].get(), i, &proofs] {
      t->finished = true;
      reindex(t->state, t->reindexed);
      proofs.loaded(i, *t->state.control);
    };
}

// One progress line for the run: every loading table's input and counters.
std::unique_ptr<report::ProgressLine> start_progress(const plan::TablePlan& options,
                                                     const std::vector<std::unique_ptr<TableRun>>& tables) {
  std::uint64_t total = 0;
  bool unknown = false;  // a pipe's size
  std::vector<const report::ProgressCounters*> counters;
  for (const auto& t : tables) {
    if (!t->load) continue;
    total += t->progress_total;
    for (const Input& input : t->state.inputs) unknown = unknown || (!input.file && !input.stream->compressed_size());
    counters.push_back(&t->state.counters);
  }
  const throttle::Gate* gate = tables.empty() ? nullptr : tables.front()->state.gate;
  return counters.empty() ? nullptr : make_progress(options, unknown ? 0 : total, std::move(counters), gate);
}

// The tables the workers left unfinished with no failure of their own: stopped by the first table's failure.
void stop_unfinished(const std::vector<std::unique_ptr<TableRun>>& tables,
                     std::vector<std::optional<Failure>>& stopped) {
  auto own = [&](const TableRun& t) {
    return t.finished || t.load->work().failed || !t.state.summary.problems.empty() || db::stop_signal() != 0;
  };
  std::size_t cause = 0;
  while (cause < tables.size() && !(tables[cause]->load && stopped[cause] && own(*tables[cause]))) ++cause;
  if (cause == tables.size()) return;
  for (std::size_t i = 0; i < tables.size(); ++i) {
    if (!tables[i]->load || own(*tables[i])) continue;
    stopped[i] = stopped_by(tables[i]->state.summary,
                            tables[cause]->state.summary.table + " failed (its message says what to do)",
                            stopped[cause]->code(), tables[i]->options.checkpoint.resume);
    tables[i]->state.summary.stopped_by_another = true;
  }
}

void load_all(std::vector<std::unique_ptr<TableRun>>& tables, unsigned threads) {
  std::vector<load::TableWork*> work;
  for (auto& t : tables)
    if (t->load) work.push_back(&t->load->work());
  if (!work.empty()) load::load_tables(work, threads);
  std::vector<std::optional<Failure>> stopped(tables.size());
  for (std::size_t i = 0; i < tables.size(); ++i) {
    TableRun& t = *tables[i];
    if (!t.load) {  // --dry-run: its plan is its outcome
      t.state.summary.success = true;
      continue;
    }
    t.state.summary.passes.emplace_back("load", t.load->work().seconds);
    stopped[i] = t.load->settle();
    if (t.reindexed) stopped[i] = stopped[i] ? stopped[i]->with_message(fmt::format(
        "{}\n{}", stopped[i]->what(), t.reindexed->what())) : t.reindexed;
  }
  stop_unfinished(tables, stopped);
  for (std::size_t i = 0; i < tables.size(); ++i)
    if (tables[i]->load)
      record_outcome(tables[i]->state.summary, [&] { finish_load(tables[i]->options, tables[i]->state,
                                                                 stopped[i]); });
}

// After every table loaded: each dump table's triggers that it lacks (a dump creates them after the rows, so
// that they do not fire on them), then the views that are missing.
void finish_schema(const plan::TablePlan& options, const std::optional<std::string>& password, db::Session& session,
                   const std::vector<std::unique_ptr<TableRun>>& tables, const std::vector<dump::TableFiles>& views) {
  for (const auto& t : tables)  // those it has not: a table created by a killed run of this restore has none
    if (t->files.schema && !t->files.schema->after.empty()) run_schema(t->options, password, *t->files.schema,
                                                                  t->files.schema->after);
  std::vector<const dump::TableFiles*> missing;
  for (const dump::TableFiles& v : views)
    if (!table::table_exists(session, options.database, v.table)) missing.push_back(&v);
  // A view over another view needs that one first: rounds until none is left, or none could be made.
  while (!missing.empty()) {
    std::vector<const dump::TableFiles*> later;
    std::optional<Failure> refused;
    for (const dump::TableFiles* v : missing) try {
        run_schema(options, password, *v->schema, {v->schema->create});
        spdlog::info("{}.{}: view created from {}", options.database, v->table, v->schema->path);
      } catch (const Failure& f) {
        if (f.server_code() != er::NO_SUCH_TABLE) throw;
        later.push_back(v), refused = f;
      }
    if (later.size() == missing.size()) throw *refused;  // what it reads is neither in the dump nor the database
    missing = std::move(later);
  }
}

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

int run_database(const request::Request& request, load::StepHook* hook) {
  const plan::TablePlan options(request);  // the run's, before each table's (table_options)
  const Clock::time_point start = Clock::now();
  report::Summary run;  // the run's own outcome: what failed before or after the tables' passes
  run.table = options.database;
  std::vector<std::unique_ptr<TableRun>> tables;
  std::vector<dump::TableFiles> views;
  std::optional<std::string> password;
  record_outcome(run, [&] {
    std::vector<dump::TableFiles> found = dump::tables_of(options.files);
    if (options.connection.prompt_password) password = db::read_password("Enter password: ");
    db::Session session(options.connection, password);  // the run's own questions: names, tables there, views
    table::check_database(session, options.database);
    decode_names(session, found);
    for (dump::TableFiles& t : found) {
      if (t.schema && t.schema->create.empty() && t.files.empty()) continue;  // a data-only dump's view: nothing
      if (t.schema && t.schema->view) {
        views.push_back(std::move(t));
        continue;
      }
      auto table = std::make_unique<TableRun>(table_options(options, t));
      table->files = std::move(t);
      table->bytes = size_of(table->files.files);
      tables.push_back(std::move(table));
    }
    std::stable_sort(tables.begin(), tables.end(), [](const auto& a, const auto& b) { return a->bytes > b->bytes; });
    for (auto& t : tables) {
      start_table(t->options, t->state, hook);
      t->state.password = password;
    }
    std::unique_ptr<Throttling> throttling;
    if (!prepare_tables(tables, session, throttling)) return;
    std::optional<ForeignKeyProofs> proofs;
    if (!options.output.dry_run) {
      std::vector<const RunState*> loaded;
      for (const auto& t : tables) loaded.push_back(&t->state);
      finish_each(tables, proofs.emplace(std::move(loaded), options.source.dialect));
    }
    std::unique_ptr<report::ProgressLine> progress = start_progress(options, tables);
    load_all(tables, options.load.threads);
    if (progress) progress->finishing();
    if (throttling) {  // its heartbeat stops with the load
      account_throttle(*throttling, run);
      throttling.reset();
    }
    if (options.output.dry_run ||
        !std::all_of(tables.begin(), tables.end(), [](const auto& t) { return t->state.summary.success; }))
      return;
    proofs->check(session);
    finish_schema(options, password, session, tables, views);
    if (progress) progress->complete();
  });
  std::vector<report::Summary*> summaries;
  for (auto& t : tables) {
    end_table(t->state);
    drop_created_if_empty(t->options, t->state);
    t->state.summary.seconds = t->load ? t->load->work().seconds : 0;  // its own load, not the run's
    summaries.push_back(&t->state.summary);
  }
  mark_not_loaded(summaries, run);
  run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return report::print_tables(run, std::vector<const report::Summary*>(summaries.begin(), summaries.end()),
                             options.output.verbose, options.output.json);
}

}  // namespace fastload::run
