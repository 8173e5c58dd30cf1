// SIGINT and SIGTERM ask the load to stop: no new chunk is started, the ones
// in flight are abandoned (the server rolls them back) or end, and the run
// reports and exits 11. A second signal kills at once (the default action),
// which --resume also survives.
//
// A server call blocks in a read the signal does not end (SA_RESTART), so
// while the handlers are installed a watcher thread runs: once a signal came,
// a call under way gets its socket shut down (shutdown(2)), the library's read
// returns "lost connection", and the normal stop path runs. When, by the
// session's OnStop:
// - `cut` (the checks before the load, a wait for a lock there, the throttle's
//   status reads) and `abandon` (a chunk's statements on a table that can roll
//   back: no COMMIT was sent, so the server rolls the chunk back): at the
//   watcher's next tick, within 0.1 s;
// - `finish` (a COMMIT, whose cut would leave the chunk in doubt, and a chunk
//   on an engine that cannot roll back, whose cut would leave part of it
//   stored): kStopGrace after the signal;
// - a call begun after the signal (the barrier, re-creating deferred indexes):
//   kStopGrace after its start.
// A connect is no call the watcher sees: db/stoppable_connect.h ends its wait
// itself.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

#include "base/base.h"

namespace fastload::db {

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

// What a signal does to a connection's call under way.
enum class OnStop : int {
  cut,      // cut at once: the checks, a lock wait, the throttle's reads
  abandon,  // a chunk's statement on a table that can roll back: cut at once, however late it began (its
            // transaction has no COMMIT sent, so the server rolls it back)
  finish,   // a COMMIT, or a chunk on an engine that cannot roll back: kStopGrace to end
};          // and any call begun after the signal: kStopGrace from its start

// A connection the watcher may cut: its socket, and since when (steady clock,
// ns; 0 when idle) its thread waits for the server. The session that owns it
// writes `busy_since` and `on_stop` (relaxed: the watcher only needs an
// eventually seen value); `socket` is set before register_connection and
// never changes.
struct WatchedConnection {
  int socket = -1;
  std::atomic<std::int64_t> busy_since{0};
  std::atomic<OnStop> on_stop{OnStop::cut};  // written by the session's own thread
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

}  // namespace fastload::db
