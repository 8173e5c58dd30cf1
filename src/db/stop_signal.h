// SIGINT and SIGTERM ask the load to stop: no new chunk is started, the ones
// in flight end in COMMIT or ROLLBACK, and the run reports and exits 11. A
// second signal kills at once (the default action), which --resume also survives.
//
// A server that stops answering would keep a worker (or the control session)
// in a blocking read forever, and the signal would only be a flag nobody
// reads. So while the handlers are installed a watcher thread runs: once a
// signal came, a server call that was under way at the signal and is still
// waiting gets its socket shut down (shutdown(2)), the library's read returns
// "lost connection", and the normal stop path runs. A chunk's calls (on a
// session marked `patient`: the workers') are cut only kStopGrace after the
// signal, so a chunk about to COMMIT still does; every other call (the checks
// before the load, a wait for a lock there, the throttle's status reads) is cut
// at the watcher's next tick, within 0.1 s: nothing of it needs finishing.
// Calls begun after the signal (the barrier, re-creating deferred indexes)
// are left to finish, unless a call was already cut (the server does not
// answer): then they too are cut after the grace. A connect is no call the
// watcher sees: db/stoppable_connect.h ends its wait itself.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

namespace fastload::load {

inline constexpr std::chrono::milliseconds kStopGrace{3000};

class StopSignals {
 public:
  StopSignals();   // installs the handlers, starts the watcher
  ~StopSignals();  // stops the watcher, restores the previous handlers
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;
};

// The signal that asked to stop, or 0.
int stop_signal();

// Whether the watcher cut a connection (the run's failure is then the signal's).
bool connection_cut();

// Sleeps for `duration`, or until a stop signal (returns at once when one came before).
void sleep_unless_stopped(std::chrono::steady_clock::duration duration);

// A connection the watcher may cut: its socket, and since when (steady clock,
// ns; 0 when idle) its thread waits for the server. The session that owns it
// writes `busy_since` (relaxed: the watcher only needs an eventually seen
// value); `socket` is set before register_connection and never changes.
struct WatchedConnection {
  int socket = -1;
  std::atomic<std::int64_t> busy_since{0};
  std::atomic<bool> patient{false};  // a worker's: its calls get kStopGrace after a signal
};

// Registered connections are cut only under the registry's lock, which
// unregister_connection also takes: a closed socket is never shut down.
void register_connection(WatchedConnection* connection);
void unregister_connection(WatchedConnection* connection);

// Marks the connection busy for the scope (a server call); nullptr: none to mark.
class ServerCall {
 public:
  explicit ServerCall(WatchedConnection* c) noexcept;
  ~ServerCall();
  ServerCall(const ServerCall&) = delete;
  ServerCall& operator=(const ServerCall&) = delete;

 private:
  WatchedConnection* connection_;
};

}  // namespace fastload::load
