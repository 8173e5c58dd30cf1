#include "load/loader.h"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <fmt/core.h>
#include <spdlog/spdlog.h>

#include "base/base.h"
#include "db/db.h"
#include "load/chunk_transaction.h"
#include "load/key_board.h"
#include "load/worker.h"
#include "text/text.h"

namespace fastload::load {

void locate(std::vector<Problem>& problems, const ChunkText& text, const std::string& name,
            const text::Dialect& dialect) {
  const text::RowScanner scanner(dialect);
  const Chunk& chunk = text.chunk;
  for (Problem& p : problems) {
    p.chunk_index = chunk.index;
    p.where = {name, 0, text.file_offset(0)};
    if (p.row_in_chunk == 0 || p.row_in_chunk > chunk.rows) continue;
    auto at = scanner.locate_row(text.bytes, text.local(), p.row_in_chunk);
    p.where.line = text.row_lines ? text.row_lines->at(p.row_in_chunk - 1) : at.line;
    p.where.byte_offset = text.file_offset(at.byte_offset);
  }
}

bool apply_recorded(const ChunkText& text, const std::string& name,
                    const std::vector<std::map<std::size_t, table::LedgerEntry>>& recorded,
                    const std::vector<const table::Ledger*>& ledgers, const text::Dialect& dialect, ChunkOutcome& outcome) {
  outcome.parts.assign(recorded.size(), ChunkState::pending);
  outcome.rows_on.assign(recorded.size(), 0);
  const table::LedgerEntry* entry = nullptr;
  for (std::size_t d = 0; d < recorded.size(); ++d) {
    auto found = recorded[d].find(text.chunk.index);
    if (found == recorded[d].end()) continue;
    ledgers[d]->check_recorded(found->second, &text.chunk);
    outcome.parts[d] = ChunkState::loaded_before;
    entry = &found->second;
  }
  if (!entry) return false;
  outcome.rejects = entry->rejects;  // every part records the chunk's rejects
  locate(outcome.rejects, text, name, dialect);
  outcome.rejected_text.clear();
  for (const Problem& p : outcome.rejects) outcome.rejected_text.push_back(text_of(p, text, dialect));
  if (std::count(outcome.parts.begin(), outcome.parts.end(), ChunkState::loaded_before) <
      static_cast<std::ptrdiff_t>(outcome.parts.size()))
    return false;  // the other parts are still to load
  outcome.state = ChunkState::loaded_before;
  return true;
}

namespace {

// --resume: whether an earlier run committed `text`'s chunk on every destination.
bool ledger_says_loaded(const ChunkText& text, const LoadJob& job, ChunkOutcome& outcome) {
  const JobInput& input = job.inputs[text.chunk.file];
  return input.recorded &&
         apply_recorded(text, input.name, *input.recorded, input.ledgers, job.plan.source.dialect, outcome);
}

// What a worker does with a chunk it took: load it, unless it is settled
// (loaded before, another part's) already or as the ledger or --part says.
void take(Worker& w, const ChunkText& text, const LoadJob& job, LoadCounters& counters, ChunkOutcome& outcome) {
  if (outcome.state != ChunkState::pending) return;
  if (!job.plan.in_part(text.chunk.file, text.chunk.index)) outcome.state = ChunkState::other_part;
  else if (!ledger_says_loaded(text, job, outcome)) load_chunk(w, text, job, counters, outcome);
  if (text.from) text.from->release(text.chunk);
}

// A chunk a worker takes, for the progress: its input is read, and in flight until it settles.
void count_taken(const ChunkText& text, LoadCounters& counters) {
  counters.input_taken.fetch_add(text.input_bytes, std::memory_order_relaxed);
  counters.rows_taken.fetch_add(text.chunk.rows, std::memory_order_relaxed);
  counters.chunks_in_flight.fetch_add(1, std::memory_order_relaxed);
}

// Adds a settled chunk's outcome to the counters the progress reads.
void count(Worker& w, const ChunkText& text, const ChunkOutcome& outcome, LoadCounters& counters) {
  std::uint64_t sent = 0;
  for (const auto& link : w.links) sent += link->take_sent();
  counters.settled_sent.fetch_add(sent, std::memory_order_relaxed);
  counters.chunks_in_flight.fetch_sub(1, std::memory_order_relaxed);
  // Another part's, or (cut from a stream) loaded before: read to cut it, so progress counts its input.
  if (outcome.state == ChunkState::other_part || outcome.state == ChunkState::loaded_before)
    counters.input_bytes_done.fetch_add(text.input_bytes, std::memory_order_relaxed);
  if (outcome.state != ChunkState::committed) return;
  counters.committed_sent.fetch_add(sent, std::memory_order_relaxed);
  counters.committed_input.fetch_add(text.input_bytes, std::memory_order_relaxed);
  counters.committed_bytes.fetch_add(text.chunk.size(), std::memory_order_relaxed);
  counters.committed_rows.fetch_add(text.chunk.rows - outcome.rejects.size(), std::memory_order_relaxed);
  counters.committed_chunks.fetch_add(1, std::memory_order_relaxed);
  counters.input_bytes_done.fetch_add(text.input_bytes, std::memory_order_relaxed);
}

}  // namespace

namespace {

using Clock = std::chrono::steady_clock;

// What the workers share of one table while they load it.
struct TableRun {
  std::atomic<unsigned> active{0};     // workers between taking one of its chunks (or trying to) and settling it
  std::atomic<bool> exhausted{false};  // its source gave nothing
  std::atomic<bool> settled{false};    // its last chunk settled: `finished` ran, or will run on no other worker
  std::once_flag first;                // its first chunk taken...
  Clock::time_point started;           // ...at this time (written once, under `first`)
};

// --max-lag: a chunk's bytes are in flight from when its worker takes it until it settles.
class InFlight {
 public:
  InFlight(throttle::Gate* gate, std::uint64_t bytes) : gate_(gate), bytes_(bytes) {
    if (gate_) gate_->taken(bytes_);
  }
  ~InFlight() {
    if (gate_) gate_->settled(bytes_);
  }
  InFlight(const InFlight&) = delete;
  InFlight& operator=(const InFlight&) = delete;

 private:
  throttle::Gate* gate_;
  std::uint64_t bytes_;
};

// A worker's links to `work`'s table, in place of those to the table it loaded before.
void switch_table(Worker& w, TableWork& work, std::mutex& mutex) {
  w.router.reset();
  w.values.reset();
  connect(w, *work.job);
  std::lock_guard<std::mutex> lock(mutex);
  if (work.method.empty() && !w.links.empty()) work.method = w.links[0]->method();
}

// A chunk's place among those that may share a key with it (load/key_board.h): entered once its keys are read
// and every earlier chunk that shares one has settled, left when it settles (or abandoned), whatever happens.
class Turn {
 public:
  Turn(TableWork& work, const ChunkText& text, std::optional<std::size_t> place, std::function<bool()> give_up)
      : board_(place ? work.board : nullptr), place_(place.value_or(0)), give_up_(std::move(give_up)) {
    if (!board_) return;
    const LoadJob& job = *work.job;
    ChunkKeys keys;  // another part's chunk is not loaded here: it waits for nothing
    if (job.plan.in_part(text.chunk.file, text.chunk.index)) keys = job.keys_of(text);
    entered_ = board_->enter(place_, std::move(keys), give_up_);
    done_ = !entered_;  // given up: the place holds nothing up
  }
  ~Turn() {
    if (!board_ || done_) return;
    if (entered_) board_->leave(place_);
    else board_->abandon(place_, give_up_);
  }
  Turn(const Turn&) = delete;
  Turn& operator=(const Turn&) = delete;
  // False when the worker was told to stop while it waited.
  bool may_load() const { return !board_ || entered_; }

 private:
  KeyBoard* board_;
  std::size_t place_;
  std::function<bool()> give_up_;
  bool entered_ = false, done_ = false;
};

// One chunk of `work`'s table taken by worker `w`: loaded, or settled as it is. Returns whether it was rejected.
bool load_one(Worker& w, const ChunkText& text, TableWork& work) {
  ChunkOutcome& outcome = work.book->outcome_of(text.chunk);
  count_taken(text, *work.counters);
  take(w, text, *work.job, *work.counters, outcome);
  count(w, text, outcome, *work.counters);
  if (outcome.state == ChunkState::committed) spdlog::debug("{}: committed", describe(text.chunk, *work.job));
  return outcome.state == ChunkState::rejected;
}

}  // namespace

void load_chunks(const LoadJob& job, chunks::ChunkSource& source, ChunkBook& book, LoadCounters& counters,
                 std::string& method) {
  TableWork one;
  one.job = &job, one.source = &source, one.book = &book, one.counters = &counters;
  load_tables({&one}, job.plan.load.threads);
  method = one.method;
  if (one.failed) std::rethrow_exception(one.failed);
}

void load_tables(const std::vector<TableWork*>& tables, unsigned threads) {
  if (tables.empty()) return;
  if (std::optional<std::size_t> known = tables[0]->source->count(); known && tables.size() == 1)
    threads = static_cast<unsigned>(std::min<std::size_t>(threads, *known));
  std::vector<TableRun> runs(tables.size());
  std::mutex mutex;  // guards each table's `failed` and `method`
  std::atomic<std::size_t> current{0};  // the table whose chunks the workers take now; only grows
  std::atomic<bool> stop{false};  // set by the first rejected chunk or failure, in any table
  auto fail = [&](TableWork& work) {
    std::lock_guard<std::mutex> lock(mutex);
    if (!work.failed) work.failed = std::current_exception();
    stop.store(true);
  };
  // The worker that settles a table's last chunk finishes the table, while the others go on with the next.
  auto settle = [&](std::size_t t) {
    TableRun& run = runs[t];
    if (run.active.fetch_sub(1) != 1 || !run.exhausted.load() || stop.load() || run.settled.exchange(true)) return;
    std::call_once(run.first, [&] { run.started = Clock::now(); });
    try {
      if (tables[t]->finished) tables[t]->finished();
    } catch (...) {
      fail(*tables[t]);
    }
    tables[t]->seconds = std::chrono::duration<double>(Clock::now() - run.started).count();
  };
  // Connect every worker before the first chunk, so a refused connection fails
  // the load before anything is committed.
  std::vector<Worker> workers(threads);
  try {
    for (Worker& w : workers) switch_table(w, *tables[0], mutex);
  } catch (...) {
    return fail(*tables[0]);  // the first table's failure: its chunks are all still to load
  }
  // The gate (--max-lag, --max-load) before each chunk: false when the worker must stop. A --critical-load stop
  // fails the table (exit 15; the chunks not loaded are listed), as a refused chunk would.
  auto passes_gate = [&](TableWork& work) {
    throttle::Gate* gate = work.job->gate;
    if (!gate || gate->pass([&] { return stop.load() || db::stop_signal() != 0; })) return true;
    if (std::optional<std::string> why = gate->stopped()) try {
        throw Failure(ExitCode::critical_load, fmt::format(
            "--critical-load: {}: the chunks in flight were finished and no other was started; rerun the same "
            "command with --resume once the server is less busy", *why));
      } catch (...) {
        fail(work);
      }
    return false;
  };
  std::vector<std::size_t> table_of(threads, 0);  // the table each worker's links reach; its own entry only
  run_workers(threads, stop, [&](unsigned worker) {
    while (!stop.load(std::memory_order_acquire)) {
      if (db::stop_signal() != 0) return stop.store(true, std::memory_order_release);
      std::size_t t = current.load();
      if (t >= tables.size()) return;
      TableWork& work = *tables[t];
      if (!passes_gate(work)) return;
      runs[t].active.fetch_add(1);
      std::optional<std::size_t> place;  // its place on the table's key board, when it has one
      try {
        std::optional<ChunkText> text = work.board ? work.board->take(*work.source, place.emplace())
                                                   : work.source->next();
        if (!text) {
          if (work.job->gate) work.job->gate->taken(0);  // passed, and took nothing
          runs[t].exhausted.store(true);
          std::size_t expected = t;  // a failed exchange writes the current table into it, not into t
          current.compare_exchange_strong(expected, t + 1);
        } else {
          std::call_once(runs[t].first, [&] { runs[t].started = Clock::now(); });
          if (table_of[worker] != t) switch_table(workers[worker], work, mutex), table_of[worker] = t;
          InFlight flight(work.job->gate, text->bytes.size());
          Turn turn(work, *text, place, [&] { return stop.load() || db::stop_signal() != 0; });
          if (turn.may_load() && load_one(workers[worker], *text, work)) stop.store(true, std::memory_order_release);
        }
      } catch (...) {
        fail(work);
      }
      settle(t);
    }
  });
}

}  // namespace fastload::load
