// Replicated servers (docs/replicas.md): the gate every worker passes before
// it takes a chunk. A monitor thread (throttle/monitor.h) samples the replicas'
// lag, the server's status variables and Galera's flow control, and closes
// the gate while one of them says to wait: the chunks in flight finish, no
// new one starts. When --critical-load is passed it shuts the gate for good.
#pragma once

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
};

// Adds a reason to wait (or to stop) to the ones the sample has.
inline void add_reason(std::optional<std::string>& reasons, const std::string& reason) {
  reasons = reasons ? *reasons + "; " + reason : reason;
}

// What the gate did over the load, for the summary.
struct Account {
  double paused_seconds = 0;          // the gate was closed this long
  std::optional<double> highest_lag;  // the most a replica was behind in any sample
  std::string first_pause;            // why it closed first; empty when it never did
  std::optional<std::string> stopped;  // why it shut for good
};

class Gate {
 public:
  // The calling worker waits while the gate is closed. Returns false when the load must stop: the gate is shut
  // (stopped() says why) or `stopping` says so (asked at least every 100 ms while it waits).
  bool pass(const std::function<bool()>& stopping);
  // The monitor's sample: closes, opens or shuts the gate.
  void update(const Reading& reading);
  // Why the workers wait now (the progress line shows it); none when they do not.
  std::optional<std::string> paused() const;
  std::optional<std::string> stopped() const;
  Account account() const;

 private:
  using Clock = std::chrono::steady_clock;
  mutable std::mutex mutex_;  // guards every field below
  std::condition_variable opened_;
  std::optional<std::string> pause_;
  std::optional<Clock::time_point> closed_at_;
  Account account_;
};

}  // namespace fastload::throttle
