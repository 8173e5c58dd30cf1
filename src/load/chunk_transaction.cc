#include "load/chunk_transaction.h"

#include <algorithm>
#include <fmt/core.h>
#include <fmt/ranges.h>
#include <set>
#include <spdlog/spdlog.h>

#include "base/base.h"
#include "table/table.h"
#include "sink/sink.h"
#include "load/kept_rows.h"
#include "text/text.h"
#include "db/db.h"

namespace fastload::load {

std::string text_of(const Problem& p, const ChunkText& text, const text::Dialect& dialect) {
  return table::row_text(text.bytes, text.local_offset(p.where.byte_offset), text.local(), dialect);
}

namespace {

// The server's account must match the chunk exactly, or nothing of it is kept.
std::vector<Problem> refusals(const sink::SinkResult& result, const Chunk& chunk) {
  std::vector<Problem> problems = result.problems;
  if (problems.empty() && !sink::counts_match(result, chunk.rows, result.on_duplicate)) {
    Problem count;
    count.message = fmt::format("the chunk holds {} rows but the server read {}, stored {} and skipped {}{}",
                                chunk.rows, result.records, result.affected, result.skipped,
                                result.warnings == 0 ? "" : fmt::format(", counting {} warnings it did not list",
                                                                        result.warnings));
    problems.push_back(std::move(count));
  }
  return problems;
}

// One chunk's way through its attempts: the rows left out so far (kept
// across retries: a bad row stays bad) and the outcome.
struct ChunkLoad {
  const Chunk& chunk;
  const ChunkText& text;
  ChunkOutcome& outcome;
  std::set<std::uint64_t> left_out;  // 1-based rows of the chunk
  std::size_t at = 0;  // the destination the last statement went to, for messages
  KeptRows kept;       // what the attempt stored in tables that cannot roll back
  bool values_checked = false;  // the rows' values were checked (once: they do not change)
  std::optional<std::vector<std::uint64_t>> made_up;  // the ids the server makes up for the rows (table::GivenIdPlan)

  bool done(std::size_t destination) const {
    ChunkState part = outcome.parts[destination];
    return part == ChunkState::committed || part == ChunkState::loaded_before;
  }
  bool all_done() const {
    for (std::size_t d = 0; d < outcome.parts.size(); ++d)
      if (!done(d)) return false;
    return true;
  }
};

// Leaves the chunk's refused rows out, within --max-errors. Returns false when
// the chunk must be refused instead: a problem not tied to a row, or too many.
bool leave_out(ChunkLoad& load, std::vector<Problem>& problems, const LoadJob& job, LoadCounters& counters) {
  std::vector<Problem> rows;  // one a row: a row with several bad values has its messages joined
  for (const Problem& p : problems) {
    if (p.row_in_chunk == 0 || load.left_out.count(p.row_in_chunk) > 0) continue;
    auto same = std::find_if(rows.begin(), rows.end(),
                             [&](const Problem& r) { return r.row_in_chunk == p.row_in_chunk; });
    if (same == rows.end()) rows.push_back(p);
    else same->message += "; " + p.message;
  }
  if (rows.empty()) return false;
  std::uint64_t before = counters.rejected_rows.fetch_add(rows.size());
  if (before + rows.size() > job.plan.conflicts.max_errors) {
    counters.rejected_rows.fetch_sub(rows.size());
    Problem limit;
    limit.chunk_index = load.chunk.index;
    limit.where = {job.name_of(load.chunk), 0, load.chunk.begin};
    limit.message = fmt::format("more than --max-errors {} rows were rejected; nothing of this chunk was "
                                "committed", job.plan.conflicts.max_errors);
    problems.push_back(std::move(limit));
    return false;
  }
  for (Problem& p : rows) {
    load.left_out.insert(p.row_in_chunk);
    load.outcome.rejected_text.push_back(text_of(p, load.text, job.plan.source.dialect));
    load.outcome.rejects.push_back(std::move(p));
  }
  return true;
}

// The input's last row, when no line terminator ends it and it has more
// fields than the columns take (text/last_row.h), unless it is left out.
std::optional<Problem> last_row_problem(const ChunkLoad& load, const LoadJob& job) {
  const JobInput& input = job.inputs[load.chunk.file];
  if (!load.text.last || load.chunk.rows == 0 || load.left_out.count(load.chunk.rows) > 0) return std::nullopt;
  const sink::Destination& to = job.destinations.front();  // every destination takes the fields in the same columns
  text::RowWidth width = table::row_width(to.target, to.plan);
  width.listed = !job.plan.columns.empty();  // a shard's list is the head's columns, not the user's
  const text::Dialect& dialect = job.plan.source.dialect;
  if (!input.converted_last) return text::unterminated_extra_fields(load.text.bytes, load.chunk.rows, width, dialect);
  auto problem = text::unterminated_extra_fields(*input.converted_last, input.converted_last_rows, width, dialect);
  if (problem) problem->row_in_chunk = load.chunk.rows;  // the file's last row
  return problem;
}

// The ids one LOAD DATA makes up for the chunk's rows, worked out once a chunk; nullptr when the run does
// not number them (the sinks then refuse such a row).
const std::vector<std::uint64_t>* made_up_ids(ChunkLoad& load, const LoadJob& job) {
  if (!job.given_ids) return nullptr;
  if (!load.made_up) {
    std::uint64_t ordinal = job.inputs[load.chunk.file].rows_before + load.chunk.first_row;
    load.made_up = job.given_ids->ids.number(load.text.bytes, load.text.local(), job.given_ids->start_of(ordinal));
  }
  return &*load.made_up;
}

// Routes the chunk's rows (but those left out) and sends each destination
// whose part is not done its rows, in its open transaction. Returns the rows
// refused, by chunk row: by the routing (then nothing is sent) or by the
// first destination whose account is not exact.
std::vector<Problem> send_parts(Worker& w, ChunkLoad& load, const LoadJob& job) {
  std::vector<Problem> problems;
  if (auto extra = last_row_problem(load, job)) {
    problems.push_back(std::move(*extra));
    return problems;
  }
  const sink::RouteRow route = [&](std::string_view text, text::RowEnd end) { return w.router->route(text, end); };
  w.routed.resize(job.destinations.size());
  sink::route_rows(load.text.bytes, load.text.local(), load.left_out, job.plan.source.dialect, w.router ? &route : nullptr,
             w.routed, problems);
  load.outcome.duplicates_skipped = load.outcome.rows_replaced = 0;
  for (std::size_t d = 0; d < w.routed.size() && problems.empty(); ++d) {
    const sink::RoutedRows& rows = w.routed[d];
    if (load.done(d) || (rows.chunk.rows == 0 && w.router)) continue;  // a shard without rows of this chunk
    load.at = d;
    const table::RowIds ids{job.ids, job.inputs[load.chunk.file].rows_before + load.chunk.first_row, &rows.original_row,
                     made_up_ids(load, job)};
    sink::SinkResult result = w.links[d]->send(rows.chunk, rows.bytes(), ids);
    // The library still sends end-of-file after a failed read: the server holds a truncated chunk.
    if (result.read_failed) {
      rollback_quietly(w);
      load.outcome.state = ChunkState::failed;
      throw Failure(ExitCode::input, fmt::format("{}: {}; nothing of this chunk was committed",
                                                 describe(load.chunk, job), result.read_error));
    }
    const table::Target& table = job.destinations[d].target;
    if (!table.transactional) keep_account(load.kept, result, rows, table.engine);
    problems = refusals(result, rows.chunk);
    for (Problem& p : problems) {
      if (p.row_in_chunk > 0) p.row_in_chunk = rows.chunk_row(p.row_in_chunk);
      p.message += job.destinations[d].where();
    }
    load.outcome.duplicates_skipped += result.skipped;  // an exact account skips and deletes only as asked
    load.outcome.rows_replaced += result.deleted;
  }
  return problems;
}

// Sends the chunk (without the rows left out) until the servers' account is
// exact, leaving out refused rows as --max-errors allows. Returns false when
// the chunk is refused. The transactions are open on return true.
bool send_until_exact(Worker& w, ChunkLoad& load, const LoadJob& job, LoadCounters& counters) {
  for (;;) {
    std::vector<Problem> problems = send_parts(w, load, job);
    if (problems.empty()) return true;
    rollback(w);
    locate(problems, load.text, job.name_of(load.chunk), job.plan.source.dialect);
    if (const sink::Destination* cannot = job.untransactional()) {  // what it stored stays: a resend would store it twice
      if (load.kept.engine.empty()) load.kept.engine = cannot->target.engine;
      load.outcome.left_behind = left_behind(load.kept, problems, describe(load.chunk, job),
                                             job.destinations[load.at].target.display);
      load.outcome.problems = std::move(problems);
      return false;
    }
    if (!leave_out(load, problems, job, counters)) {
      load.outcome.problems = std::move(problems);
      return false;
    }
  }
}

// What became of the chunk, for the message of the failure that stopped it.
std::string fate(const ChunkLoad& load, const LoadJob& job) {
  if (const sink::Destination* cannot = job.untransactional())
    return fmt::format("engine {} cannot roll back: what the chunk left in {} is said below", cannot->target.engine,
                       cannot->target.display);
  std::vector<std::string> committed, unknown;
  for (std::size_t d = 0; d < load.outcome.parts.size(); ++d) {
    if (load.done(d)) committed.push_back(job.destinations[d].shard);
    if (load.outcome.parts[d] == ChunkState::unknown) unknown.push_back(job.destinations[d].shard);
  }
  if (!unknown.empty())
    return job.destinations.size() == 1
               ? "whether this chunk is in the table is unknown"
               : fmt::format("whether its rows on shard {} are in the table is unknown", fmt::join(unknown, ", "));
  if (committed.empty()) return "nothing of this chunk was committed";
  return fmt::format("its rows on shard {} were committed, the others not{}", fmt::join(committed, ", "),
                     job.plan.checkpoint.resume ? " (--resume loads the rest)" : "");
}

// COMMIT on destination `d`. When its answer is lost, the part's state
// becomes unknown and the lost connection's ServerError goes on to
// load_chunk, which asks the ledger before anything else is done with it.
void commit(Worker& w, ChunkLoad& load, const LoadJob& job, std::size_t d) {
  load.at = d;
  try {
    job.step(Step::before_commit, load.chunk);
    w.links[d]->commit();
    job.step(Step::after_commit, load.chunk);
  } catch (const db::ServerError& e) {
    if (!db::is_connection_lost(e.code())) throw;
    load.outcome.parts[d] = ChunkState::unknown;
    if (!w.links[d]->has_ledger(load.chunk))
      throw Failure(ExitCode::load_failed, fmt::format(
          "{}: the connection{} was lost during COMMIT ({}, error {}): {}; check it before reloading "
          "(with --resume the ledger answers this)", describe(load.chunk, job), job.destinations[d].where(),
          e.what(), e.code(), fate(load, job)), e.code());
    throw;
  }
  load.outcome.parts[d] = ChunkState::committed;
  load.outcome.rows_on[d] += w.routed[d].chunk.rows;
}

// After a lost COMMIT answer, on a new connection: whether the ledger
// recorded the chunk's part on `d`, i.e. whether that COMMIT happened.
bool committed_before(Worker& w, ChunkLoad& load, const LoadJob& job, std::size_t d) {
  load.at = d;
  bool committed = w.links[d]->recorded(load.chunk);
  spdlog::warn("{}: the connection{} was lost during COMMIT; the ledger says it was {}", describe(load.chunk, job),
               job.destinations[d].where(), committed ? "committed" : "not committed");
  return committed;
}

// A compressed file's chunk waits for the checks covering it before its
// COMMIT (the one decoding runs ahead of it: chunks/read_ahead.h). Returns
// false when a signal stopped the wait (rolled back).
bool wait_verified(Worker& w, ChunkLoad& load, const LoadJob& job) {
  if (!load.text.from || load.text.verified) return true;
  try {
    if (load.text.from->wait_verified(load.chunk, [] { return db::stop_signal() != 0; })) return true;
    rollback(w);  // a signal: not committed, listed as not loaded
    load.outcome.state = ChunkState::pending;
    return false;
  } catch (const Failure& unchecked) {  // damaged data, or the chunks ahead had no room (exit 13)
    rollback(w);
    load.outcome.state = ChunkState::failed;
    throw unchecked.with_message(fmt::format(
        "{}\n{}: not committed: the checks covering it {}", unchecked.what(), describe(load.chunk, job),
        unchecked.code() == ExitCode::input ? "failed" : "were not reached"));
  }
}

// --resume: each destination records its part in its transaction, before
// COMMIT. A part another run of the same load committed meanwhile is rolled
// back: that run's rows are there.
void record_parts(Worker& w, ChunkLoad& load) {
  for (std::size_t d = 0; d < w.links.size(); ++d) {
    Link& link = *w.links[d];
    if (!link.has_ledger(load.chunk) || load.done(d)) continue;
    load.at = d;
    if (link.record(load.chunk, load.outcome.rejects, load.text.last)) continue;
    link.rollback();
    load.outcome.parts[d] = ChunkState::loaded_before;
  }
}

// What the chunk's statements took for granted must still hold before its
// COMMIT (docs/design.md#what-fastload-does-not-trust): a mapped file's bytes
// are still the file's, and each destination's columns are those the
// statements name (their metadata lock holds them so until COMMIT).
// Otherwise rolls back and throws Failure: exit 3 for the file, 5 for a table.
void check_unchanged(Worker& w, ChunkLoad& load, const LoadJob& job) {
  auto refuse = [&](ExitCode code, const std::string& what) {
    rollback(w);
    load.outcome.state = ChunkState::failed;
    throw Failure(code, fmt::format("{}: {}; {}", describe(load.chunk, job), what, fate(load, job)));
  };
  if (load.text.from)
    if (std::string what = load.text.from->changed(load.chunk); !what.empty())
      refuse(ExitCode::input, what + " (do not change a file while it loads)");
  for (std::size_t d = 0; d < w.links.size(); ++d) {
    if (load.done(d)) continue;
    load.at = d;
    const sink::Destination& to = job.destinations[d];
    if (!w.links[d]->table_unchanged())
      refuse(ExitCode::no_table, fmt::format(
          "the columns of {}{} changed during the load (an ALTER TABLE renamed, moved, added, dropped or retyped "
          "one): the statements name the columns read at the start. Load the rest into the table as it is now "
          "(the summary lists the chunks committed)", to.target.display, to.where()));
  }
}

// Leaves out the rows with a value the server would convert without a word
// (load/value_checks.h), as --max-errors allows, before any statement: the
// same path as the rows the server refuses. Returns false when the chunk is
// refused.
bool leave_out_converted(Worker& w, ChunkLoad& load, const LoadJob& job, LoadCounters& counters) {
  if (load.values_checked || w.values->empty() || w.values_in_sink) return true;
  std::vector<Problem> problems = w.values->check(load.text.bytes, load.text.local());
  std::erase_if(problems, [&](const Problem& p) { return load.left_out.count(p.row_in_chunk) > 0; });
  if (problems.empty()) return load.values_checked = true;
  locate(problems, load.text, job.name_of(load.chunk), job.plan.source.dialect);
  if (!leave_out(load, problems, job, counters)) {
    load.outcome.problems = std::move(problems);
    return false;
  }
  return load.values_checked = true;
}

// One attempt at the chunk, one transaction on each destination not done.
// Throws ServerError as the server said it.
void attempt(Worker& w, ChunkLoad& load, const LoadJob& job, LoadCounters& counters) {
  job.step(Step::before_send, load.chunk);
  if (!leave_out_converted(w, load, job, counters) || !send_until_exact(w, load, job, counters)) {
    load.outcome.state = ChunkState::rejected;
    return;
  }
  if (!wait_verified(w, load, job)) return;
  if (db::stop_signal() != 0 && !job.untransactional()) {  // a stop: a chunk not yet committed is abandoned at once
    rollback(w);                                       // (not left to race the watcher to its COMMIT)
    load.outcome.state = ChunkState::pending;
    return;
  }
  job.step(Step::after_send, load.chunk);
  check_unchanged(w, load, job);
  record_parts(w, load);
  // --max-lag: the chunk's bytes counted in its own transaction, so a replica's count is what it has applied.
  if (job.gate && w.links.size() == 1 && !load.done(0))
    if (std::optional<std::string> mark = job.gate->mark(load.text.bytes.size())) w.links[0]->also(*mark);
  for (std::size_t d = 0; d < w.links.size(); ++d)
    if (!load.done(d)) commit(w, load, job, d);
  bool ours = std::any_of(load.outcome.parts.begin(), load.outcome.parts.end(),
                          [](ChunkState part) { return part == ChunkState::committed; });
  load.outcome.state = ours ? ChunkState::committed : ChunkState::loaded_before;
}

// After a lost COMMIT answer: each part in doubt is looked up in its ledger.
void resolve_unknown(Worker& w, ChunkLoad& load, const LoadJob& job) {
  for (std::size_t d = 0; d < load.outcome.parts.size(); ++d) {
    if (load.outcome.parts[d] != ChunkState::unknown) continue;
    bool committed = committed_before(w, load, job, d);
    load.outcome.parts[d] = committed ? ChunkState::committed : ChunkState::pending;
    if (committed) load.outcome.rows_on[d] += w.routed[d].chunk.rows;  // routed by the attempt whose answer was lost
  }
}

bool in_doubt(const ChunkOutcome& outcome) {
  return std::find(outcome.parts.begin(), outcome.parts.end(), ChunkState::unknown) != outcome.parts.end();
}

// A failed attempt's rows stay in a table that cannot roll back, and the
// server's account of them was lost with the error: at most the chunk's rows.
void note_left_behind(ChunkLoad& load, const LoadJob& job) {
  const sink::Destination* cannot = job.untransactional();
  if (!cannot || !load.outcome.left_behind.empty()) return;
  load.outcome.left_behind = left_behind_unknown(load.chunk.rows - load.left_out.size(), cannot->target.engine,
                                                 describe(load.chunk, job), cannot->target.display);
}

// The stop watcher cut a call the server did not answer. Before COMMIT, on tables that can roll back, the chunk
// was abandoned: the server rolls it back, and the run's stop message covers it as not loaded. A COMMIT cut
// leaves it in doubt; a chunk on an engine that cannot roll back may have left rows: both fail it.
void cut_at_stop(ChunkLoad& load, const LoadJob& job) {
  ChunkOutcome& outcome = load.outcome;
  if (!in_doubt(outcome) && !job.untransactional()) {
    outcome.state = ChunkState::pending;
    spdlog::info("{}: abandoned at signal {} before its COMMIT; the server rolls it back", describe(load.chunk, job),
                 db::stop_signal());
    return;
  }
  outcome.state = in_doubt(outcome) ? ChunkState::unknown : ChunkState::failed;
  note_left_behind(load, job);
  throw Failure(ExitCode::interrupted, fmt::format(
      "{}: stopped by signal {}: the server did not answer its {} within {} s of it, so the connection was cut: {}",
      describe(load.chunk, job), db::stop_signal(), in_doubt(outcome) ? "COMMIT" : "statement",
      db::kStopGrace.count() / 1000, fate(load, job)));
}

}  // namespace

void load_chunk(Worker& w, const ChunkText& text, const LoadJob& job, LoadCounters& counters,
                ChunkOutcome& outcome) {
  const Chunk& chunk = text.chunk;
  outcome.parts.resize(job.destinations.size(), ChunkState::pending);
  outcome.rows_on.resize(job.destinations.size(), 0);
  ChunkLoad load{chunk, text, outcome, {}, 0, {}, false, {}};
  for (const Problem& p : outcome.rejects) load.left_out.insert(p.row_in_chunk);  // an earlier run's, of parts it loaded
  for (unsigned retry = 0;; ++retry) {
    try {
      if (!w.connected()) connect(w, job);
      resolve_unknown(w, load, job);
      if (load.all_done()) {
        outcome.state = ChunkState::committed;
        return;
      }
      attempt(w, load, job, counters);
      return;
    } catch (const db::ServerError& e) {
      if (w.connected()) rollback_quietly(w);
      if (db::stop_signal() != 0 && db::connection_cut() && db::is_connection_lost(e.code())) return cut_at_stop(load, job);
      const sink::Destination* cannot = job.untransactional();
      if (!db::is_transient(e.code()) || retry >= job.plan.load.retries || cannot) {
        const sink::Destination& to = job.destinations[load.at];
        Failure failure = table::explain(e, to.target, describe(chunk, job) + to.where(), job.plan.mode);
        outcome.state = in_doubt(outcome) ? ChunkState::unknown : ChunkState::failed;
        note_left_behind(load, job);
        std::string not_retried = db::is_transient(e.code()) && cannot && retry < job.plan.load.retries
            ? fmt::format(" (not tried again: engine {} cannot roll back, so another attempt would store again what "
                          "this one stored)", cannot->target.engine)
            : "";
        throw failure.with_message(fmt::format("{}{}; {}", failure.what(), not_retried, fate(load, job)));
      }
      if (db::is_connection_lost(e.code())) w.links.clear();
      spdlog::warn("{}: {} (error {}); trying the chunk again ({} of {})",
                   describe(chunk, job), e.what(), e.code(), retry + 1, job.plan.load.retries);
    } catch (const Failure& f) {
      // A reconnect refused while the server restarts is worth the same retries.
      if (f.code() != ExitCode::connect || retry >= job.plan.load.retries || db::stop_signal() != 0) {
        // A reconnect a stop signal ended leaves the chunk not loaded, as one never started.
        bool stopped = f.code() == ExitCode::interrupted;
        if (outcome.state == ChunkState::pending)
          outcome.state = in_doubt(outcome) ? ChunkState::unknown : stopped ? ChunkState::pending : ChunkState::failed;
        if (outcome.state == ChunkState::failed || outcome.state == ChunkState::unknown) note_left_behind(load, job);
        throw;
      }
      w.links.clear();
      spdlog::warn("{}; trying again ({} of {})", f.what(), retry + 1,
                   job.plan.load.retries);
    }
    db::sleep_unless_stopped(db::backoff(retry));
    if (db::stop_signal() != 0) {  // a stop while the chunk waited to be tried again: it is not
      outcome.state = in_doubt(outcome) ? ChunkState::unknown : ChunkState::pending;
      throw Failure(ExitCode::interrupted, fmt::format(
          "{}: stopped by signal {} before it was tried again: {}; run the same command again (with --resume it "
          "loads only what is not loaded)", describe(chunk, job), db::stop_signal(), fate(load, job)));
    }
  }
}

}  // namespace fastload::load
