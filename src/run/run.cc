// The load as a list of passes:
//   open -> connect -> [stage] -> destinations -> map -> split -> check -> sort -> [resume] -> [indexes] -> load -> [reindex]
//   -> [publish] -> barrier -> [analyze] -> report
// ([ ] only with --atomic, --resume, --defer-indexes or --analyze). Each pass is timed; --verbose prints the timings.
// The passes themselves are in src/run/.
#include "run/run.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <fmt/core.h>
#include <memory>
#include <optional>
#include <spdlog/spdlog.h>

#include "base/base.h"
#include "request/request.h"
#include "input/input.h"
#include "db/db.h"
#include "sink/sink.h"
#include "table/table.h"
#include "run/state.h"
#include "text/text.h"

namespace fastload::run {
namespace {

// The chunks, and with --resume the ones an earlier run loaded.
void map_and_split(const plan::TablePlan& options, RunState& state) {
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

}  // namespace

std::unique_ptr<report::ProgressLine> make_progress(const plan::TablePlan& options, std::uint64_t total,
                                                    std::vector<const report::ProgressCounters*> counters,
                                                    const throttle::Gate* gate) {
  report::ProgressOutputs outputs;
  outputs.line = report::progress_wanted(options.output.progress) && !options.output.quiet;
  outputs.json = options.output.progress_json;
  outputs.stopping = [] { return db::stop_signal() != 0; };
  if (gate) outputs.paused = [gate] { return gate->paused(); };
  if (!outputs.line && !outputs.json) return nullptr;
  return std::make_unique<report::ProgressLine>(total, std::move(counters), outputs);
}

namespace {

void load_and_barrier(plan::TablePlan& options, RunState& state) {
  open_files(options, state, options.files);
  // The password prompt, untimed: the run's time is the load's, not the typing's.
  if (options.connection.prompt_password) {
    state.password = db::read_password("Enter password: ");
    state.start = Clock::now();
    state.summary.started_at = report::utc_timestamp(std::chrono::system_clock::now());
  }
  connect_table(options, state, [&] {
    if (options.create) create_inferred(options, state, options.files);
  });
  if (!prepare_load(options, state)) return;
  // load: one transaction per chunk, committed only when the server's account is exact.
  std::optional<Failure> stopped;
  timed(state, "load", [&] { stopped = load_pass(options, state); });
  finish_load(options, state, stopped);
}

}  // namespace

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
    if (before_check) before_check();
    db::pin_session(*state.control, state.pins);
    state.target = table::check_target(*state.control, options);
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
  // throttle: the replicas' lag and the server's load watched from here on (a run of many tables watches once).
  if (!state.gate) timed(state, "throttle", [&] {
    state.throttling = start_throttle(options, state);
    if (state.throttling) state.gate = &state.throttling->gate;
  });
  state.progress = make_progress(options, progress_total(state), {&state.counters}, state.gate);
  state.summary.load_started = true;
  return true;
}

void reindex(RunState& state, std::optional<Failure>& stopped) {
  // reindex: the dropped indexes re-created in one ALTER TABLE, each built by one sort, whatever stopped the load.
  if (state.deferred && state.deferred->pending()) timed(state, "reindex", [&] {
    if (std::optional<Failure> failed = restore_indexes(state))
      stopped = stopped ? stopped->with_message(fmt::format("{}\n{}", stopped->what(), failed->what())) : *failed;
  });
}

void finish_load(const plan::TablePlan& options, RunState& state, std::optional<Failure> stopped) {
  if (state.progress) state.progress->finishing();
  if (state.throttling) {  // its heartbeat stops with the load
    account_throttle(*state.throttling, state.summary);
    state.throttling.reset();
  }
  reindex(state, stopped);
  // publish: --atomic moves the staged rows into the target in one transaction: all or nothing.
  if (state.stage && !stopped) timed(state, "publish", [&] { publish(options, state); });
  if (!stopped) finish_auto_ids(state);
  // barrier: what is committed is crash-safe before the run reports, failed or not.
  if (!stopped || (state.summary.chunks_committed > 0 && !state.stage))
    timed(state, "barrier", [&] {
      try {
        make_destinations_durable(state);
      } catch (const Failure& failed) {  // after a failed load, its failure stays the one to act on
        if (!stopped) throw;
        stopped = stopped->with_message(fmt::format("{}\n{}", stopped->what(), failed.what()));
      }
    });
  // analyze: --analyze refreshes the loaded tables' statistics; a problem is a warning, the rows are loaded.
  if (options.load.analyze && !stopped) timed(state, "analyze", [&] { analyze_destinations(state); });
  if (stopped) throw *stopped;
  if (state.progress) state.progress->complete();
}

namespace {

// What ended the run, as the Failure the summary reports.
Failure as_failure(const std::exception_ptr& thrown) {
  try {
    std::rethrow_exception(thrown);
  } catch (const Failure& failure) {
    return failure;
  } catch (const db::ServerError& e) {
    return Failure(ExitCode::load_failed,
                   fmt::format("the server failed a statement: {} (error {})", e.what(), e.code()), e.code());
  } catch (const std::exception& e) {  // a bug: std::out_of_range from .at(), std::bad_alloc, ...
    return internal_error(e.what());
  } catch (...) {
    return internal_error("an exception of unknown type");
  }
}

}  // namespace

void record_outcome(report::Summary& s, const std::function<void()>& work) {
  try {
    work();
    s.success = true;
  } catch (...) {
    Failure failure = as_failure(std::current_exception());
    s.exit_code = static_cast<int>(failure.code());
    s.error = failure.what();
    s.server_errno = failure.server_code();
  }
}

void start_table(const plan::TablePlan& options, RunState& state, load::StepHook* hook) {
  state.hook = hook;
  report::Summary& s = state.summary;
  s.table = options.database + "." + options.table;
  s.threads = options.whole_file() ? 1 : options.load.threads;
  s.mode = request::traits(options.mode).name;
  if (options.scale.parts > 1) s.part = fmt::format("{}/{}", options.scale.part, options.scale.parts);
  s.rejects_file = options.rejects_file;
  s.started_at = report::utc_timestamp(std::chrono::system_clock::now());
  if (options.convert_charset) s.rejects_charset = options.sent_charset();
}

void end_table(RunState& state) {
  report::Summary& s = state.summary;
  if (!s.success && db::connection_cut() && s.exit_code != static_cast<int>(ExitCode::interrupted)) {
    // A call the stop watcher cut fails as a lost connection: what happened is the signal.
    s.exit_code = static_cast<int>(ExitCode::interrupted);
    s.server_errno.reset();  // the cut connection's error is fastload's own doing
    s.error = fmt::format("stopped by signal {}: the server had not answered a statement, so its connection was "
                          "cut; run the same command again\n{}", db::stop_signal(), s.error);
  }
  abandon(state);  // --atomic: any failure before the publish
  if (std::optional<Failure> failed = restore_indexes(state)) s.error += std::string("\n") + failed->what();
  state.progress.reset();
  s.seconds = std::chrono::duration<double>(Clock::now() - state.start).count();
  s.finished_at = report::utc_timestamp(std::chrono::system_clock::now());
}

void drop_created_if_empty(const plan::TablePlan& options, RunState& state) {
  report::Summary& s = state.summary;
  if (s.success || s.created_from.empty() || s.rows > 0 || s.rows_loaded_before > 0 || options.output.dry_run) return;
  try {
    db::Session session(options.connection, state.password);
    session.execute("SET SESSION foreign_key_checks = 0");  // a table of the run may refer to it
    session.execute(fmt::format("DROP TABLE {}.{}", text::quote_identifier(options.database),
                                text::quote_identifier(options.table)));
    s.error += fmt::format("\n{} was created by this run (from {}) and nothing was committed into it: it was "
                           "dropped again", s.table, s.created_from);
  } catch (const std::exception& e) {
    s.error += fmt::format("\n{} was created by this run (from {}) and stays, empty: dropping it failed: {}",
                           s.table, s.created_from, e.what());
  }
}

int run(const request::Request& request, load::StepHook* hook) {
  db::set_connect_timeout(request.sessions.connect_timeout);  // before any session
  db::StopSignals stop_signals;
  if (request.output.print_schema) return print_schemas(request);
  if (request.database_run()) return run_database(request, hook);
  plan::TablePlan options(request);
  RunState state;
  start_table(options, state, hook);
  report::Summary& s = state.summary;
  record_outcome(s, [&] { load_and_barrier(options, state); });
  end_table(state);
  drop_created_if_empty(options, state);
  report::print_text(s, options.output.verbose);
  if (options.output.json) report::print_json(s);
  return s.exit_code;
}

}  // namespace fastload::run
