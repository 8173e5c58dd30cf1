#include "load/work_queue.h"

#include <fmt/core.h>
#include <spdlog/spdlog.h>

#include "base/base.h"
#include "db/db.h"
#include "load/chunk_text.h"

namespace fastload::load {
namespace {

// A chunk a worker takes, for the progress: its input is read, and in flight until it settles.
void count_taken(const ChunkText& text, LoadCounters& counters) {
  counters.input_taken.fetch_add(text.input_bytes, std::memory_order_relaxed);
  counters.rows_taken.fetch_add(text.chunk.rows, std::memory_order_relaxed);
  counters.chunks_in_flight.fetch_add(1, std::memory_order_relaxed);
}

// Adds a settled chunk's outcome to the counters the progress reads.
void count(WorkerLinks& w, const ChunkText& text, const ChunkOutcome& outcome, LoadCounters& counters) {
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

Turn::Turn(KeyBoard& board, std::size_t place, ChunkKeys keys, std::function<bool()> give_up)
    : board_(&board), place_(place), give_up_(std::move(give_up)) {
  entered_ = board_->enter(place_, std::move(keys), give_up_);
  done_ = !entered_;  // given up: the place holds nothing up
}

Turn::Turn(Turn&& other) noexcept
    : board_(std::exchange(other.board_, nullptr)), place_(other.place_), give_up_(std::move(other.give_up_)),
      entered_(other.entered_), done_(other.done_) {}

Turn::~Turn() {
  if (!board_ || done_) return;
  if (entered_) board_->leave(place_);
  else board_->abandon(place_, give_up_);
}

WorkQueue::WorkQueue(const std::vector<TableWork*>& tables, unsigned threads)
    : tables_(tables), runs_(tables.size()), table_of_(threads, 0) {}

bool WorkQueue::connect(std::vector<WorkerLinks>& workers) {
  try {
    for (WorkerLinks& w : workers) switch_table(w, *tables_[0]);
  } catch (...) {
    fail(*tables_[0], current_failure());  // the first table's failure: its chunks are all still to load
    return false;
  }
  return true;
}

std::optional<Taken> WorkQueue::next(unsigned worker, WorkerLinks& links) {
  while (!stop_.load(std::memory_order_acquire)) {
    if (db::stop_signal() != 0) {
      stop_.store(true, std::memory_order_release);
      return std::nullopt;
    }
    std::size_t t = current_.load();
    if (t >= tables_.size()) return std::nullopt;
    if (!passes_gate(*tables_[t])) return std::nullopt;
    runs_[t].active.fetch_add(1);
    try {
      if (std::optional<Taken> taken = take(worker, links, t)) return taken;
    } catch (...) {
      fail(*tables_[t], current_failure());
    }
    settle(t);  // nothing taken, or given up before its turn: settled as it is
  }
  return std::nullopt;
}

// One chunk of table `t` for `worker`, its turn entered; nothing when the table has no more, or a stop came
// while it waited for its turn.
std::optional<Taken> WorkQueue::take(unsigned worker, WorkerLinks& links, std::size_t t) {
  TableWork& work = *tables_[t];
  std::optional<std::size_t> place;  // its place on the table's key board, when it has one
  std::optional<ChunkText> text = work.board ? work.board->take(*work.source, place.emplace()) : work.source->next();
  if (!text) {
    exhausted(t);
    return std::nullopt;
  }
  std::call_once(runs_[t].first, [&] { runs_[t].started = Clock::now(); });
  if (table_of_[worker] != t) switch_table(links, work), table_of_[worker] = t;
  InFlight flight(work.job->gate, text->bytes.size());
  Turn turn = turn_of(work, *text, place);
  if (!turn.may_load()) return std::nullopt;
  ChunkOutcome& outcome = work.book->outcome_of(text->chunk);
  count_taken(*text, *work.counters);
  const JobInput& input = work.job->inputs[text->chunk.file];
  return Taken{ChunkWork{std::move(*text), *work.job, input, *work.counters, outcome}, t, std::move(flight),
               std::move(turn)};
}

// The chunk's turn on its table's key board, when it has a place there: entered once its keys are read.
Turn WorkQueue::turn_of(TableWork& work, const ChunkText& text, std::optional<std::size_t> place) {
  if (!place) return Turn();
  const LoadJob& job = *work.job;
  ChunkKeys keys;  // another part's chunk is not loaded here: it waits for nothing
  if (job.plan.in_part(text.chunk.file, text.chunk.index)) keys = job.keys_of(text);
  return Turn(*work.board, *place, std::move(keys), [this] { return stopping(); });
}

bool WorkQueue::stopping() const { return stop_.load() || db::stop_signal() != 0; }

// A worker's links to `work`'s table, in place of those to the table it loaded before.
void WorkQueue::switch_table(WorkerLinks& links, TableWork& work) {
  connect_to_table(links, *work.job);
  std::lock_guard<std::mutex> lock(mutex_);
  if (work.method.empty() && !links.links.empty()) work.method = links.links[0]->method();
}

// The gate (--max-lag, --max-load) before each chunk: false when the worker must stop. A --critical-load stop
// fails the table (exit 15; the chunks not loaded are listed), as a refused chunk would.
bool WorkQueue::passes_gate(TableWork& work) {
  throttle::Gate* gate = work.job->gate;
  if (!gate || gate->pass([&] { return stopping(); })) return true;
  if (std::optional<std::string> why = gate->stopped())
    fail(work, Failure(ExitCode::critical_load, fmt::format(
        "--critical-load: {}: the chunks in flight were finished and no other was started; rerun the same "
        "command with --resume once the server is less busy", *why)));
  return false;
}

// Table `t`'s source gave nothing: the workers go on with the next table.
void WorkQueue::exhausted(std::size_t t) {
  if (tables_[t]->job->gate) tables_[t]->job->gate->taken(0);  // passed, and took nothing
  runs_[t].exhausted.store(true);
  std::size_t expected = t;  // a failed exchange writes the current table into it, not into t
  current_.compare_exchange_strong(expected, t + 1);
}

void WorkQueue::done(std::optional<Taken>& taken, WorkerLinks& links, Result<void> failed) {
  const std::size_t t = taken->table;
  if (failed.ok()) try {
      tally(*taken, links);
    } catch (...) {
      failed = current_failure();
    }
  taken.reset();  // its turn left and its bytes out of flight before a failure stops the others
  if (failed.failed()) fail(*tables_[t], failed.failure());
  settle(t);
}

// A chunk its transaction settled, in the counters; a rejected chunk stops every worker.
void WorkQueue::tally(const Taken& taken, WorkerLinks& links) {
  const ChunkWork& work = taken.work;
  count(links, work.text, work.outcome, work.counters);
  if (work.outcome.state == ChunkState::committed) spdlog::debug("{}: committed", describe(work.text.chunk, work.job));
  if (work.outcome.state == ChunkState::rejected) stop_.store(true, std::memory_order_release);
}

void WorkQueue::fail(TableWork& work, const Failure& error) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (work.failed.ok()) work.failed = error;
  stop_.store(true);
}

// The worker that settles a table's last chunk finishes the table, while the others go on with the next.
void WorkQueue::settle(std::size_t t) {
  TableRun& run = runs_[t];
  if (run.active.fetch_sub(1) != 1 || !run.exhausted.load() || stop_.load() || run.settled.exchange(true)) return;
  std::call_once(run.first, [&] { run.started = Clock::now(); });
  try {
    if (tables_[t]->finished) tables_[t]->finished();
  } catch (...) {
    fail(*tables_[t], current_failure());
  }
  tables_[t]->seconds = std::chrono::duration<double>(Clock::now() - run.started).count();
}

}  // namespace fastload::load
