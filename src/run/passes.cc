// The run as one list of passes, for one table or a database's many:
//   tables -> open -> [prompt] -> connect -> [throttle] -> prepare -> load -> finish -> [prove] -> [schema]
//     -> report
// prepare is, for each table: [stage] -> shards -> [fetch] -> map -> split -> check -> sort -> [resume] -> [indexes];
// finish, for each table: [reindex] -> [publish] -> barrier -> [analyze]; ([ ] only with --atomic, --resume,
// --defer-indexes, --analyze, a prompted password, a throttle option, a remote Parquet object or a run of many
// tables). Each is timed into
// the table's summary (this file alone calls `timed`, checked by cli.house_passes); --verbose prints the timings. Every table is opened and checked before any row is sent; then one pool
// of workers loads them all, largest first, and the worker that settles a table's last chunk rebuilds its indexes
// (and, in a run of many, proves the foreign keys it completes) while the others load on.
#include <algorithm>
#include <fmt/core.h>
#include <fmt/ranges.h>

#include "base/base.h"
#include "db/db.h"
#include "input/input.h"
#include "run/run.h"
#include "run/tables.h"
#include "table/table.h"

namespace fastload::run {
namespace {

// A table's passes, each timed into its summary.

// The chunks, and with --resume the ones an earlier run loaded.
void map_and_split(const plan::TablePlan& options, RunState& state) {
  // fetch: a remote Parquet object copied to --tmpdir (its footer comes last), after the table's checks.
  if (fetches(options, state)) timed(state, "fetch", [&] { fetch_inputs(options, state); });
  // map: the files' bytes in place, read by the splitter and sent by the workers; streams opened.
  timed(state, "map", [&] {
    for (std::size_t i = 0; i < state.inputs.size(); ++i) open_input(options, state, i);
  });
  // split: chunks at exact row ends, rows counted, checked to tile each file.
  timed(state, "split", [&] {
    for (std::size_t i = 0; i < state.inputs.size(); ++i) split_input(options, state, i);
  });
  // check: the first rows of each input read as the load will read them, before any row is sent.
  // The ids the server makes up for a NULL or 0 the file gives an AUTO_INCREMENT column, read before the sort.
  timed(state, "check", [&] {
    check_formats(options, state);
    plan_given_ids(options, state);
  });
  // sort: files out of the table's key order loaded in key order; their chunks are then the sorted rows'.
  timed(state, "sort", [&] { sort_inputs(options, state); });
  state.outcomes.assign(state.chunks.size(), {});
  // resume: hash the files and read the ledger, before any chunk is sent.
  if (options.checkpoint.resume && !options.output.dry_run) timed(state, "resume", [&] { resume_pass(options, state); });
  if (options.scale.parts > 1) mark_other_parts(options, state);
  if (state.stage && state.stage->resumed &&  // --atomic: a kept stage holds only chunks the ledger lists
      std::none_of(state.outcomes.begin(), state.outcomes.end(),
                   [](const load::ChunkOutcome& o) { return o.state == load::ChunkState::loaded_before; }))
    table::clear_stage(*state.control, *state.stage);
}

// A --resume rerun may replace the rejects file an earlier run of the same load wrote: it writes every rejected
// row of the load again, the earlier runs' (from the ledger) with its own.
void check_resumed_rejects_file(const plan::TablePlan& options, const RunState& state) {
  std::vector<std::string> inputs;
  for (const Input& input : state.inputs) inputs.push_back(input.path);
  table::check_rejects_file(options.rejects_file, loaded_before(state) ? &inputs : nullptr);
}

void open_files(const plan::TablePlan& options, RunState& state, const std::vector<std::string>& paths) {
  // open: a missing or unreadable file fails in milliseconds, before connecting.
  timed(state, "open", [&] {
    for (const std::string& path : input::expand_files(paths)) {
      state.inputs.emplace_back();
      state.inputs.back().path = path;
    }
    request::validate_file_count(options.mode, state.inputs.size());
    // --rejects never replaces a file (it may be the input); a --resume rerun is decided once the ledger is read.
    if (!options.rejects_file.empty() && !options.checkpoint.resume) table::check_rejects_file(options.rejects_file, nullptr);
    for (const Input& input : state.inputs) state.summary.files.push_back({input.path});
    state.summary.file = state.inputs.size() == 1 ? state.inputs[0].path
                                                  : fmt::format("{} files", state.inputs.size());
  });
}

void connect_table(plan::TablePlan& options, RunState& state, const std::function<void()>& before_check) {
  // connect: the table and LOAD DATA LOCAL checks, before reading the file.
  timed(state, "connect", [&] {
    state.control = std::make_unique<db::Session>(options.connection, state.password);
    state.summary.server_version = state.control->server_info();
    state.pins = db::read_session_pins(*state.control);  // the run's settings, for every session it opens
    plan_format(options, state);  // Parquet or JSON lines: their schema read (a UTC timestamp pins the time zone)
    if (before_check) before_check();
    db::pin_session(*state.control, state.pins);
    state.target = table::check_target(*state.control, options);
    plan_typed_fields(options, state);  // a typed input's fields: its columns or keys, by name
    state.galera = throttle::read_galera(*state.control);  // a Galera node: chunks sized to its write-sets
    resolve_mode(options, state);  // --mode auto made concrete, and the mode's test statement run
    plan_shards(options, state);    // a Spider table: straight into its shards, or through the head (saying why)
    plan_auto_ids(options, state);  // an AUTO_INCREMENT column the file leaves out: numbered in file order
    state.connected = true;
  });
}

bool prepare_load(const plan::TablePlan& options, RunState& state) {
  // stage: --atomic loads a staging table, so the target is untouched until the publish.
  if (options.load.atomic && !options.output.dry_run) timed(state, "stage", [&] {
    state.stage = table::prepare_stage(*state.control, state.target, options.checkpoint.resume);  // --resume continues it
  });
  // destinations: a Spider table's shards, each checked like the target, or the target itself.
  timed(state, "shards", [&] { plan_destinations(options, state); });
  map_and_split(options, state);
  state.summary.chunks = state.chunks.size();
  if (!options.rejects_file.empty() && options.checkpoint.resume) check_resumed_rejects_file(options, state);
  // --mode bulk needs an empty InnoDB table: checked before any index is dropped.
  if (request::traits(options.mode).bulk_path) check_bulk_target(options, state);
  // --dry-run: the plan instead of the passes that change the table.
  if (options.output.dry_run) return plan_pass(options, state), false;
  // indexes: --defer-indexes drops the secondary indexes, after every check, so the load does not maintain them;
  // with nothing to load (a --resume rerun of a finished load, an empty file) the table is left as it is.
  const bool innodb = state.target.engine == "InnoDB", to_load = something_to_load(state);
  // Not by default on a Galera node: its ALTER TABLE runs in total order, stopping the cluster's writes while
  // the indexes are built.
  const bool empty_innodb = options.defer_indexes_if_empty && innodb && !state.shards.map && !state.galera &&
                            (loaded_before(state) || !table::has_rows(*state.control, state.target));
  if (to_load && (options.load.defer_indexes || empty_innodb))
    timed(state, "indexes", [&] { defer_indexes(options, state); });
  else if (options.load.defer_indexes || (options.defer_indexes_if_empty && innodb)) recover_indexes(options, state);
  number_rows(options, state);  // ids for an AUTO_INCREMENT column the file leaves out, after every check
  state.summary.load_started = true;
  return true;
}

void reindex(RunState& state, Result<void>& stopped) {
  // reindex: the dropped indexes re-created in one ALTER TABLE, each built by one sort, whatever stopped the load.
  if (state.deferred && state.deferred->pending()) timed(state, "reindex", [&] {
    if (Result<void> restored = restore_indexes(state); restored.failed()) stopped.add(restored.failure());
  });
}

void finish_load(const plan::TablePlan& options, RunState& state, Result<void> stopped) {
  reindex(state, stopped);
  // publish: --atomic moves the staged rows into the target in one transaction: all or nothing.
  if (state.stage && stopped.ok()) timed(state, "publish", [&] { publish(options, state); });
  if (stopped.ok()) finish_auto_ids(state);
  // barrier: what is committed is crash-safe before the run reports, failed or not.
  if (stopped.ok() || (state.summary.chunks_committed > 0 && !state.stage))
    timed(state, "barrier", [&] {
      try {
        make_destinations_durable(state);
      } catch (const db::ServerError&) {  // one the barrier did not explain ends the run as it is, as ever
        throw;
      } catch (const Failure& failed) {  // after a failed load, its failure stays the one to act on
        if (stopped.ok()) throw;
        stopped.add(failed);
      }
    });
  // analyze: --analyze refreshes the loaded tables' statistics; a problem is a warning, the rows are loaded.
  if (options.load.analyze && stopped.ok()) timed(state, "analyze", [&] { analyze_destinations(state); });
  stopped.or_throw();
}

// The run's passes, over every table.

// `step` for each table, its failure recorded in the table's own summary (its exit code in --json); false when
// one failed. `every`: each table's step runs after one failed too (each failure said), else it stops there.
bool check_each(Run& run, bool every, const std::function<void(TableRun&)>& step) {
  bool passed = true;
  for (auto& t : run.tables) {
    if (!passed && !every) break;
    record_outcome(t->state.summary, [&] { step(*t); });
    t->state.summary.success = false;  // checked, not loaded yet
    passed = passed && t->state.summary.exit_code == 0;
  }
  return passed;
}

// The one-table run's table: the one the user named.
void one_table(Run& run) {
  auto t = std::make_unique<TableRun>(run.plan);
  t->files.table = run.plan.table;
  t->files.files = run.plan.files;
  start_table(t->options, t->state, run.hook);
  run.tables.push_back(std::move(t));
}

// The password prompt of -p without a value, untimed: the run's time is the load's, not the typing's (a run of
// many tables asked it before its first question to the server).
void prompt(Run& run) {
  if (!run.plan.connection.prompt_password || run.password) return;
  record_outcome(run.outcome(), [&] { run.password = db::read_password("Enter password: "); });
  for (auto& t : run.tables) {
    t->state.password = run.password;
    t->state.start = Clock::now();
    t->state.summary.started_at = report::utc_timestamp(std::chrono::system_clock::now());
  }
}

// The run's one gate, watched from the first checked table's connection: every table is on one server.
void throttle(Run& run) {
  for (auto& t : run.tables)
    if (t->state.connected && !t->options.output.dry_run) {
      timed(t->state, "throttle", [&] { run.throttling = start_throttle(t->options, t->state); });
      break;
    }
  if (run.throttling)
    for (auto& t : run.tables) t->state.gate = &run.throttling->gate;
}

// Every table checked, split and made ready, in the order they will load; false when one failed. Every file is
// opened first (a typo fails before any table is created), every missing table created before any table's
// indexes are dropped for the load (a foreign key needs its parent's index when it is created).
bool open_and_prepare(Run& run) {
  if (!check_each(run, true, [](TableRun& t) { open_files(t.options, t.state, t.files.files); })) return false;
  prompt(run);
  if (run.outcome().exit_code != 0) return false;
  if (!check_each(run, true, [&](TableRun& t) {
        if (!planned_missing(t, run.session.get())) connect_table(t.options, t.state, [&] { before_check(t); });
      }))
    return false;
  throttle(run);
  return check_each(run, false, [](TableRun& t) {  // these change the tables: the first failure stops them
    if (!t.state.connected || !prepare_load(t.options, t.state)) return;  // --dry-run
    t.progress_total = progress_total(t.state);  // before the load takes the chunks' outcomes
    t.load = std::make_unique<TableLoad>(t.options, t.state);
  });
}

// The worker that settles a table's last chunk re-creates its indexes, then proves the foreign keys it completes.
void finish_each(Run& run) {
  if (run.many()) {
    std::vector<const RunState*> loaded;
    for (const auto& t : run.tables) loaded.push_back(&t->state);
    run.proofs.emplace(std::move(loaded), run.plan.source.dialect);
  }
  for (std::size_t i = 0; i < run.tables.size(); ++i)
    if (run.tables[i]->load)
      run.tables[i]->load->work().finished = [t = run.tables[i].get(), i, proofs = run.proofs ? &*run.proofs : nullptr] {
        t->finished = true;
        reindex(t->state, t->reindexed);
        if (proofs) proofs->loaded(i, *t->state.control);
      };
}

// One progress line for the run: every loading table's input and counters.
void start_progress(Run& run) {
  std::uint64_t total = 0;
  bool unknown = false;  // a pipe's size
  std::vector<const report::ProgressCounters*> counters;
  for (const auto& t : run.tables) {
    if (!t->load) continue;
    total += t->progress_total;
    for (const Input& input : t->state.inputs) unknown = unknown || (!input.file && !input.stream->compressed_size());
    counters.push_back(&t->state.counters);
  }
  const throttle::Gate* gate = run.throttling ? &run.throttling->gate : nullptr;
  if (!counters.empty()) run.progress = make_progress(run.plan, unknown ? 0 : total, std::move(counters), gate);
}

// The tables the workers left unfinished with no failure of their own: stopped by the first table's failure.
void stop_unfinished(const Run& run, std::vector<Result<void>>& stopped) {
  auto own = [&](const TableRun& t) {
    return t.finished || t.load->work().failed.failed() || !t.state.summary.problems.empty() ||
           db::stop_signal() != 0;
  };
  const auto& tables = run.tables;
  std::size_t cause = 0;
  while (cause < tables.size() && !(tables[cause]->load && stopped[cause].failed() && own(*tables[cause]))) ++cause;
  if (cause == tables.size()) return;
  for (std::size_t i = 0; i < tables.size(); ++i) {
    if (!tables[i]->load || own(*tables[i])) continue;
    stopped[i] = stopped_by(tables[i]->state.summary,
                            tables[cause]->state.summary.table + " failed (its message says what to do)",
                            stopped[cause].failure().code(), tables[i]->options.checkpoint.resume);
    tables[i]->state.summary.stopped_by_another = true;
  }
}

// load: one pool of workers over every table's chunks; then each table's outcome settled and its load finished.
void load_all(Run& run) {
  std::vector<load::TableWork*> work;
  for (auto& t : run.tables)
    if (t->load) work.push_back(&t->load->work());
  if (!work.empty()) load::load_tables(work, run.plan.load.threads);
  if (run.progress) run.progress->finishing();
  std::vector<Result<void>> stopped(run.tables.size());
  for (std::size_t i = 0; i < run.tables.size(); ++i) {
    TableRun& t = *run.tables[i];
    if (!t.load) {  // --dry-run: its plan is its outcome
      t.state.summary.success = true;
      continue;
    }
    t.state.summary.passes.emplace_back("load", t.load->work().seconds);
    stopped[i] = t.load->settle();
    if (t.reindexed.failed()) stopped[i].add(t.reindexed.failure());
  }
  stop_unfinished(run, stopped);
  for (std::size_t i = 0; i < run.tables.size(); ++i)
    if (run.tables[i]->load)
      record_outcome(run.tables[i]->state.summary, [&] {
        finish_load(run.tables[i]->options, run.tables[i]->state, stopped[i]);
      });
}

// After the load: the gate's account, and a run of many tables' foreign keys proved and its schema finished.
void after_load(Run& run) {
  if (run.throttling) {  // its heartbeat stops with the load
    account_throttle(*run.throttling, run.outcome());
    run.throttling.reset();
  }
  if (run.plan.output.dry_run ||
      !std::all_of(run.tables.begin(), run.tables.end(), [](const auto& t) { return t->state.summary.success; }))
    return;
  if (run.many()) {
    run.proofs->check(*run.session);
    finish_schema(run);
  }
  if (run.progress && run.outcome().exit_code == 0) run.progress->complete();
}

// The summary: each table's end, then the text (and --json) of one table, or of the run and each of its tables.
int report_run(Run& run) {
  run.progress.reset();
  std::vector<report::Summary*> summaries;
  for (auto& t : run.tables) {
    end_table(t->state);
    drop_created_if_empty(t->options, t->state);
    if (run.many()) t->state.summary.seconds = t->load ? t->load->work().seconds : 0;  // its own load, not the run's
    summaries.push_back(&t->state.summary);
  }
  const bool verbose = run.plan.output.verbose, json = run.plan.output.json;
  if (!run.many()) {
    report::print_text(run.outcome(), verbose);
    if (json) report::print_json(run.outcome());
    return run.outcome().exit_code;
  }
  mark_not_loaded(summaries, run.summary);
  run.summary.seconds = std::chrono::duration<double>(Clock::now() - run.start).count();
  return report::print_tables(run.summary, std::vector<const report::Summary*>(summaries.begin(), summaries.end()),
                              verbose, json);
}

}  // namespace

int run_passes(Run& run) {
  // SQL dumps of several databases: the run is theirs (the summary's "into 3 tables of a, b").
  run.summary.table = run.databases.size() > 1 ? fmt::format("{}", fmt::join(run.databases, ", ")) : run.plan.database;
  // What fails outside a table's own passes (finding the tables, a proof, the views) is the run's.
  record_outcome(run.summary, [&] {
    run.many() ? find_tables(run) : one_table(run);
    if (!open_and_prepare(run)) return;
    if (!run.plan.output.dry_run) finish_each(run);
    start_progress(run);
    load_all(run);
    after_load(run);
  });
  if (!run.many() && !run.tables.empty() && run.summary.exit_code != 0) {  // one table: the run's failure is its
    report::Summary& s = run.outcome();
    s.exit_code = run.summary.exit_code, s.error = run.summary.error, s.server_errno = run.summary.server_errno;
    s.success = false;
  }
  return report_run(run);
}

}  // namespace fastload::run
