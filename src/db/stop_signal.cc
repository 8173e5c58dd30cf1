#include "db/stop_signal.h"

#include <algorithm>
#include <condition_variable>
#include <csignal>
#include <mutex>
#include <sys/socket.h>
#include <thread>

#include "base/base.h"
#include <vector>

namespace fastload::db {
namespace {

std::atomic<bool> cut{false};  // written by the watcher, read after the load

struct sigaction previous_int, previous_term;

extern "C" void on_stop_signal(int signal) noexcept { request_stop(signal); }

std::mutex registry_mutex;                  // guards `registry`, and every shutdown of a registered socket
std::vector<WatchedConnection*> registry;  // the sessions alive now

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// The watcher: wakes every 100 ms (a signal handler cannot notify a condition
// variable), and after a signal cuts the calls waiting past the grace.
std::mutex watcher_mutex;  // guards `watching`
std::condition_variable watcher_wake;
bool watching = false;
Threads watcher;

void cut_stuck_calls(std::int64_t signalled) {
  const std::int64_t grace = std::chrono::duration_cast<std::chrono::nanoseconds>(kStopGrace).count();
  std::lock_guard<std::mutex> lock(registry_mutex);
  for (WatchedConnection* c : registry) {
    std::int64_t since = c->busy_since.load(std::memory_order_relaxed);
    // A call begun after the signal (the barrier, re-creating deferred indexes, a COMMIT) and a chunk's call that
    // cannot be abandoned get kStopGrace from the later of their start and the signal; the others none.
    const OnStop on_stop = c->on_stop.load(std::memory_order_relaxed);
    bool patient = (since > signalled && on_stop != OnStop::abandon) || on_stop == OnStop::finish;
    if (since == 0 || (patient && now_ns() - std::max(since, signalled) < grace)) continue;
    // Said before the cut: the call it wakes must find why it failed (it read `cut` unset in a loaded run).
    cut.store(true, std::memory_order_release);
    ::shutdown(c->socket, SHUT_RDWR);  // the blocked read returns; the session is lost from here on
  }
}

void watch() {
  std::int64_t signalled = 0;
  std::unique_lock<std::mutex> lock(watcher_mutex);
  while (watching) {
    watcher_wake.wait_for(lock, std::chrono::milliseconds(100));
    if (stop_requested() == 0) continue;
    if (signalled == 0) signalled = stop_requested_at();
    cut_stuck_calls(signalled);
  }
}

}  // namespace

StopSignals::StopSignals() {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  // SA_RESTART: the library's socket calls go on; SA_RESETHAND: the second signal kills.
  action.sa_flags = SA_RESTART | SA_RESETHAND;
  sigaction(SIGINT, &action, &previous_int);
  sigaction(SIGTERM, &action, &previous_term);
  watching = true;
  watcher.start(watch);
}

StopSignals::~StopSignals() {
  {
    std::lock_guard<std::mutex> lock(watcher_mutex);
    watching = false;
  }
  watcher_wake.notify_one();
  watcher.join();
  sigaction(SIGINT, &previous_int, nullptr);
  sigaction(SIGTERM, &previous_term, nullptr);
}

int stop_signal() { return stop_requested(); }

bool connection_cut() { return cut.load(std::memory_order_acquire); }

void register_connection(WatchedConnection* connection) {
  std::lock_guard<std::mutex> lock(registry_mutex);
  registry.push_back(connection);
}

void unregister_connection(WatchedConnection* connection) {
  std::lock_guard<std::mutex> lock(registry_mutex);
  registry.erase(std::remove(registry.begin(), registry.end(), connection), registry.end());
}

ServerCall::ServerCall(WatchedConnection* c) noexcept : connection_(c) {
  if (connection_) connection_->busy_since.store(now_ns(), std::memory_order_relaxed);
}

ServerCall::~ServerCall() {
  if (connection_) connection_->busy_since.store(0, std::memory_order_relaxed);
}

}  // namespace fastload::db
