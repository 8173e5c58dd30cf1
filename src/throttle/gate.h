// Replicated servers (docs/replicas.md): the gate every worker passes before
// it takes a chunk. A monitor thread (throttle/monitor.h) samples the replicas'
// lag, the server's status variables and Galera's flow control, and closes
// the gate while one of them says to wait: the chunks in flight finish, no
// new one starts. When --critical-load is passed it shuts the gate for good.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>

namespace fastload::throttle {

// One sample of everything the monitor watches.
struct Reading {
  std::optional<std::string> pause;  // why the workers wait, e.g. "replica r1 is 4.2 s behind"; none: go on
  std::optional<std::string> stop;   // why the load stops (--critical-load); none: it goes on
  std::optional<double> lag;         // the most any watched replica is behind, in seconds, when known
  // --max-lag: of the replica furthest behind in what it must still apply, the load's bytes committed and not
  // applied there, and the bytes a second it applies them at (0: not measured yet).
  double backlog = 0, rate = 0;
  // Galera: the chunks that may still commit before a node's receive queue reaches the point where the load
  // waits; none: no limit.
  std::optional<unsigned> room;
  // What the gate says while its own count of the chunks in flight holds a worker back (the replica or node
  // that sets the pace, and how far behind it is); empty: nothing to say.
  std::string hold;
};

// Adds a reason to wait (or to stop) to the ones the sample has.
inline void add_reason(std::optional<std::string>& reasons, const std::string& reason) {
  reasons = reasons ? *reasons + "; " + reason : reason;
}

// What the gate did over the load, for the summary.
struct Account {
  double paused_seconds = 0;          // a worker waited at the gate this long
  std::optional<double> highest_lag;  // the most a replica was behind in any sample
  std::string first_pause;            // why a worker first waited; empty when none did
  std::optional<std::string> stopped;  // why it shut for good
};

class Gate {
 public:
  // The calling worker waits while the gate is closed. Returns false when the load must stop: the gate is shut
  // (stopped() says why) or `stopping` says so (asked at least every 100 ms while it waits).
  bool pass(const std::function<bool()>& stopping);
  // The monitor's sample: closes, opens or shuts the gate.
  void update(const Reading& reading);
  // Why the gate is closed, or holds a waiting worker back (the progress line shows it); none when neither.
  std::optional<std::string> paused() const;
  std::optional<std::string> stopped() const;
  Account account() const;

  // --max-lag: the statement a chunk's transaction runs before its COMMIT to count its `bytes` in the heartbeat
  // table (a row of its own: no two chunks wait for each other), or none while no table is set.
  std::optional<std::string> mark(std::uint64_t bytes);
  // Set once by the lag probe before any worker runs: the table, the first id of the run's rows, the limit.
  void set_marks(std::string table, std::uint64_t first_id, double max_lag);
  // A worker that passed took a chunk of `bytes` (taken; 0: there was none left), or settled it: until then it
  // will add to a replica's backlog, and the gate lets no other worker pass when that would put the replica more
  // than the limit behind.
  void taken(std::uint64_t bytes);
  void settled(std::uint64_t bytes);

 private:
  using Clock = std::chrono::steady_clock;
  mutable std::mutex mutex_;  // guards every field below
  std::condition_variable opened_;
  std::optional<std::string> pause_;
  std::string hold_;                 // the last sample's (Reading)
  unsigned waiting_ = 0;             // workers waiting in pass()
  Clock::time_point waiting_since_;  // when the first of them began to
  Account account_;
  bool over_lag() const;  // with mutex_ held
  bool over_room() const;  // with mutex_ held
  std::optional<std::string> why_closed() const;  // with mutex_ held

  std::string mark_table_;                   // set before the workers start; then read only
  std::uint64_t first_mark_ = 0;
  double max_lag_ = 0;
  std::atomic<std::uint64_t> next_mark_{1};  // each chunk attempt's row: first_mark_ + next
  double backlog_ = 0, rate_ = 0;            // the last sample's (Reading)
  double in_flight_ = 0;                     // bytes of the chunks taken and not settled
  double unsampled_ = 0;                     // bytes of the chunks settled since the last sample
  unsigned passing_ = 0;                     // workers that passed and have not taken their chunk yet
  unsigned chunks_in_flight_ = 0;            // chunks taken and not settled
  unsigned chunks_unsampled_ = 0;            // chunks settled since the last sample
  std::optional<unsigned> room_;             // the last sample's (Reading)
  double last_chunk_ = 0;                    // the bytes of the last chunk taken: what a passing one may add
};

}  // namespace fastload::throttle
