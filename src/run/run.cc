// What the passes (passes.cc) share around them: a table's summary before and after, how a failure is recorded,
// the progress line, and run(), which hands the request to the passes.
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
#include "run/tables.h"
#include "text/text.h"

namespace fastload::run {

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

void record_outcome(report::Summary& s, const std::function<void()>& work) {
  try {
    work();
    s.success = true;
  } catch (...) {  // the one boundary: a Failure (a ServerError among them) as it is, anything else a bug
    Failure failure = current_failure();
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
  if (Result<void> restored = restore_indexes(state); restored.failed())
    s.error += std::string("\n") + restored.failure().what();
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
                           s.table, s.created_from, db::message_of(e));
  }
}

int run(const request::Request& request, load::StepHook* hook) {
  db::set_connect_timeout(request.sessions.connect_timeout);  // before any session
  db::StopSignals stop_signals;
  if (request.output.print_schema) return print_schemas(request);
  if (sql_dump_asked(request)) return sql_dump_run(request, hook);
  if (mydumper_asked(request)) return mydumper_run(request, hook);
  if (request.target.routines || request.target.events)  // nothing else has routines fastload restores
    throw Failure(ExitCode::usage, fmt::format(
        "{}: neither an SQL dump nor a mydumper directory: --routines and --events restore the routines and events "
        "of those (fastload DUMP.sql [DB], fastload DIR [DB]); leave them out",
        request.source.files.empty() ? "-" : request.source.files.front()));
  Run one_or_many(request, hook);
  return run_passes(one_or_many);
}

}  // namespace fastload::run
