// load/'s own: the queue the workers take their chunks from. It holds what is between the workers: which
// chunk is next (the tables in the order given, each table's chunks in the order its source hands them out),
// the order of chunks that share a key (load/key_board.h), the gate before each chunk (--max-lag, --max-load),
// each table's bookkeeping (its chunks in flight, its time, the worker that settles its last chunk runs its
// `finished`, its first failure), and the stop that the first failure or rejected chunk sets for everyone.
// A worker asks next() for a work item, runs the chunk's transaction on its own links
// (load/chunk_transaction.h), which knows nothing of the queue, and reports the outcome with done().
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "load/chunk_transaction.h"
#include "load/key_board.h"
#include "load/loader.h"
#include "load/worker_links.h"
#include "throttle/throttle.h"

namespace fastload::load {

// --max-lag: a chunk's bytes are in flight from when its worker takes it until it settles.
class InFlight {
 public:
  InFlight(throttle::Gate* gate, std::uint64_t bytes) : gate_(gate), bytes_(bytes) {
    if (gate_) gate_->taken(bytes_);
  }
  InFlight(InFlight&& other) noexcept : gate_(std::exchange(other.gate_, nullptr)), bytes_(other.bytes_) {}
  ~InFlight() {
    if (gate_) gate_->settled(bytes_);
  }
  InFlight& operator=(InFlight&&) = delete;

 private:
  throttle::Gate* gate_;  // none once moved from: the bytes settle once
  std::uint64_t bytes_;
};

// A chunk's place among those that may share a key with it (load/key_board.h): entered once every earlier
// chunk that shares one of its keys has settled, left when it settles, whatever happens.
class Turn {
 public:
  Turn() = default;  // no board: the chunk waits for nothing
  Turn(KeyBoard& board, std::size_t place, ChunkKeys keys, std::function<bool()> give_up);
  Turn(Turn&& other) noexcept;
  ~Turn();
  Turn& operator=(Turn&&) = delete;
  // False when the worker was told to stop while it waited.
  bool may_load() const { return !board_ || entered_; }

 private:
  KeyBoard* board_ = nullptr;  // none once moved from: the place is left once
  std::size_t place_ = 0;
  std::function<bool()> give_up_;
  bool entered_ = false, done_ = false;
};

// A chunk a worker took: its work item, and the queue's hold on it until done(). The worker's own: not shared.
struct Taken {
  ChunkWork work;
  std::size_t table = 0;  // its table's index in the queue
  InFlight flight;        // before `turn`: the turn is left first, then the bytes settle
  Turn turn;
};

class WorkQueue {
 public:
  WorkQueue(const std::vector<TableWork*>& tables, unsigned threads);

  // Connects every worker's links to the first table before any chunk is handed out, so a refused connection
  // fails the load before anything is committed. False (the first table's failure recorded) when one fails.
  bool connect(std::vector<WorkerLinks>& workers);

  // The next chunk for worker `worker`, whose links are `links` (switched to the chunk's table when they reach
  // another), with its bytes in flight and its turn among the chunks that share its keys entered. Nothing when
  // the worker is to stop: every table's chunks taken, a stop or a signal, or the gate closed for good.
  std::optional<Taken> next(unsigned worker, WorkerLinks& links);

  // What became of a chunk `taken` holds: its outcome, counted (the bytes `links` sent), or `failed`, what its
  // transaction threw. Ends the hold (`taken` is reset) and settles the chunk in its table's bookkeeping.
  void done(std::optional<Taken>& taken, WorkerLinks& links, Result<void> failed);

  // The stop every worker watches; run_workers sets it when a worker throws.
  std::atomic<bool>& stop() { return stop_; }

 private:
  using Clock = std::chrono::steady_clock;

  // What the workers share of one table while they load it: atomics every worker writes, no lock, but `started`.
  struct TableRun {
    // Workers between taking one of its chunks (or trying to) and settling it: each adds itself, then takes
    // itself off in settle().
    std::atomic<unsigned> active{0};
    std::atomic<bool> exhausted{false};  // its source gave nothing: set by the worker it gave nothing
    std::atomic<bool> settled{false};    // its last chunk settled: set (exchange) by the worker that runs `finished`
    std::once_flag first;                // its first chunk taken...
    Clock::time_point started;           // ...at this time (written once, by the worker call_once lets in)
  };

  std::optional<Taken> take(unsigned worker, WorkerLinks& links, std::size_t t);
  Turn turn_of(TableWork& work, const ChunkText& text, std::optional<std::size_t> place);
  void switch_table(WorkerLinks& links, TableWork& work);
  bool passes_gate(TableWork& work);
  void exhausted(std::size_t t);
  void tally(const Taken& taken, WorkerLinks& links);
  void fail(TableWork& work, const Failure& error);
  void settle(std::size_t t);
  bool stopping() const;

  const std::vector<TableWork*>& tables_;  // read-only; their `failed` and `method` are written under mutex_
  std::vector<TableRun> runs_;             // one per table
  std::mutex mutex_;                       // guards each table's `failed` and `method`
  std::atomic<std::size_t> current_{0};    // the table whose chunks are taken now; only grows: any worker, CAS
  std::atomic<bool> stop_{false};          // set by the first rejected chunk or failure (any worker), no lock
  std::vector<std::size_t> table_of_;      // the table each worker's links reach: each worker writes its own entry
};

}  // namespace fastload::load
