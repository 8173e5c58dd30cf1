#include "load/chunk_transaction.h"

#include <algorithm>
#include <fmt/core.h>
#include <fmt/ranges.h>
#include <spdlog/spdlog.h>

#include "base/base.h"
#include "db/db.h"
#include "load/chunk_load.h"
#include "load/chunk_text.h"
#include "load/kept_rows.h"
#include "sink/sink.h"
#include "table/table.h"

namespace fastload::load {
namespace {

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
void commit(WorkerLinks& w, ChunkLoad& load, const LoadJob& job, std::size_t d) {
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
          e.server_message(), e.code(), fate(load, job)), e.code());
    throw;
  }
  load.outcome.parts[d] = ChunkState::committed;
  load.outcome.rows_on[d] += w.routed[d].chunk.rows;
}

// After a lost COMMIT answer, on a new connection: whether the ledger
// recorded the chunk's part on `d`, i.e. whether that COMMIT happened.
bool committed_before(WorkerLinks& w, ChunkLoad& load, const LoadJob& job, std::size_t d) {
  load.at = d;
  bool committed = w.links[d]->recorded(load.chunk);
  spdlog::warn("{}: the connection{} was lost during COMMIT; the ledger says it was {}", describe(load.chunk, job),
               job.destinations[d].where(), committed ? "committed" : "not committed");
  return committed;
}

// A compressed file's chunk waits for the checks covering it before its
// COMMIT (the one decoding runs ahead of it: chunks/read_ahead.h). Returns
// false when a signal stopped the wait (rolled back).
bool wait_verified(WorkerLinks& w, ChunkLoad& load, const LoadJob& job) {
  if (!load.text.from || load.text.verified) return true;
  try {
    if (load.text.from->wait_verified(load.chunk, [] { return db::stop_signal() != 0; })) return true;
    rollback(w);  // a signal: not committed, listed as not loaded
    load.outcome.state = ChunkState::pending;
    return false;
  } catch (const db::ServerError&) {  // a failed ROLLBACK: the server's error goes on as it is, not as a check's
    throw;
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
void record_parts(WorkerLinks& w, ChunkLoad& load) {
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
void check_unchanged(WorkerLinks& w, ChunkLoad& load, const LoadJob& job) {
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

// One attempt at the chunk, one transaction on each destination not done.
// Throws ServerError as the server said it.
void attempt(WorkerLinks& w, ChunkLoad& load, const LoadJob& job, LoadCounters& counters) {
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
void resolve_unknown(WorkerLinks& w, ChunkLoad& load, const LoadJob& job) {
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

// A server error no retry cures ends the chunk: its state, and the failure said with what became of it.
[[noreturn]] void give_up(ChunkLoad& load, const LoadJob& job, const db::ServerError& e, unsigned retry) {
  const sink::Destination* cannot = job.untransactional();
  const sink::Destination& to = job.destinations[load.at];
  Failure failure = table::explain(e, to.target, describe(load.chunk, job) + to.where(), job.plan.mode);
  load.outcome.state = in_doubt(load.outcome) ? ChunkState::unknown : ChunkState::failed;
  note_left_behind(load, job);
  std::string not_retried = db::is_transient(e.code()) && cannot && retry < job.plan.load.retries
      ? fmt::format(" (not tried again: engine {} cannot roll back, so another attempt would store again what "
                    "this one stored)", cannot->target.engine)
      : "";
  throw failure.with_message(fmt::format("{}{}; {}", failure.what(), not_retried, fate(load, job)));
}

// After server error `e` on try `retry`: true when the chunk is to be tried again, false when a stop cut it
// (abandoned: it is done). Throws the failure that ends it otherwise.
bool retry_after_error(WorkerLinks& w, ChunkLoad& load, const LoadJob& job, const db::ServerError& e, unsigned retry) {
  if (w.connected()) rollback_quietly(w);
  if (db::stop_signal() != 0 && db::connection_cut() && db::is_connection_lost(e.code())) {
    cut_at_stop(load, job);
    return false;
  }
  if (!db::is_transient(e.code()) || retry >= job.plan.load.retries || job.untransactional())
    give_up(load, job, e, retry);
  if (db::is_connection_lost(e.code())) w.links.clear();
  spdlog::warn("{}: {} (error {}); trying the chunk again ({} of {})",
               describe(load.chunk, job), e.server_message(), e.code(), retry + 1, job.plan.load.retries);
  return true;
}

// After Failure `f` on try `retry`: true when the chunk is to be tried again (a reconnect refused while the
// server restarts is worth the same retries); false when `f` ends it, its state set (the caller re-throws).
bool retry_after_failure(WorkerLinks& w, ChunkLoad& load, const LoadJob& job, const Failure& f, unsigned retry) {
  ChunkOutcome& outcome = load.outcome;
  if (f.code() != ExitCode::connect || retry >= job.plan.load.retries || db::stop_signal() != 0) {
    // A reconnect a stop signal ended leaves the chunk not loaded, as one never started.
    bool stopped = f.code() == ExitCode::interrupted;
    if (outcome.state == ChunkState::pending)
      outcome.state = in_doubt(outcome) ? ChunkState::unknown : stopped ? ChunkState::pending : ChunkState::failed;
    if (outcome.state == ChunkState::failed || outcome.state == ChunkState::unknown) note_left_behind(load, job);
    return false;
  }
  w.links.clear();
  spdlog::warn("{}; trying again ({} of {})", f.what(), retry + 1,
               job.plan.load.retries);
  return true;
}

// The wait before try `retry` + 1. A stop meanwhile ends the chunk, not tried again.
void back_off(ChunkLoad& load, const LoadJob& job, unsigned retry) {
  sleep_unless_stopped(backoff(retry));
  if (db::stop_signal() == 0) return;
  load.outcome.state = in_doubt(load.outcome) ? ChunkState::unknown : ChunkState::pending;
  throw Failure(ExitCode::interrupted, fmt::format(
      "{}: stopped by signal {} before it was tried again: {}; run the same command again (with --resume it "
      "loads only what is not loaded)", describe(load.chunk, job), db::stop_signal(), fate(load, job)));
}

// One try: connected, the parts a lost COMMIT left in doubt looked up, then an attempt unless every part is done.
void try_once(WorkerLinks& w, ChunkLoad& load, const LoadJob& job, LoadCounters& counters) {
  if (!w.connected()) connect(w, job);
  resolve_unknown(w, load, job);
  if (load.all_done()) {
    load.outcome.state = ChunkState::committed;
    return;
  }
  attempt(w, load, job, counters);
}

// --resume: whether an earlier run committed the chunk on every destination.
bool ledger_says_loaded(const ChunkWork& work) {
  const JobInput& input = work.input;
  return input.recorded && apply_recorded(work.text, input.name, *input.recorded, input.ledgers,
                                          work.job.plan.source.dialect, work.outcome);
}

}  // namespace

void load_chunk(WorkerLinks& w, const ChunkWork& work) {
  const LoadJob& job = work.job;
  ChunkOutcome& outcome = work.outcome;
  outcome.parts.resize(job.destinations.size(), ChunkState::pending);
  outcome.rows_on.resize(job.destinations.size(), 0);
  ChunkLoad load{work.text.chunk, work.text, work.input, outcome, {}, 0, {}, false, {}};
  for (const Problem& p : outcome.rejects) load.left_out.insert(p.row_in_chunk);  // an earlier run's, of parts it loaded
  for (unsigned retry = 0;; ++retry) {
    try {
      return try_once(w, load, job, work.counters);
    } catch (const db::ServerError& e) {
      if (!retry_after_error(w, load, job, e, retry)) return;
    } catch (const Failure& f) {
      if (!retry_after_failure(w, load, job, f, retry)) throw;
    }
    back_off(load, job, retry);
  }
}

void settle_chunk(WorkerLinks& w, const ChunkWork& work) {
  if (work.outcome.state != ChunkState::pending) return;
  const Chunk& chunk = work.text.chunk;
  if (!work.job.plan.in_part(chunk.file, chunk.index)) work.outcome.state = ChunkState::other_part;
  else if (!ledger_says_loaded(work)) load_chunk(w, work);
  if (work.text.from) work.text.from->release(chunk);
}

}  // namespace fastload::load
