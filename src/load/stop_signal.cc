#include "load/stop_signal.h"

#include <atomic>
#include <csignal>

namespace fastload::load {
namespace {

// Written by the signal handler, read by the workers; lock-free, so safe in a handler.
std::atomic<int> requested{0};
static_assert(std::atomic<int>::is_always_lock_free);

struct sigaction previous_int, previous_term;

extern "C" void on_stop_signal(int signal) { requested.store(signal, std::memory_order_relaxed); }

}  // namespace

StopSignals::StopSignals() {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  // SA_RESTART: the library's socket calls go on; SA_RESETHAND: the second signal kills.
  action.sa_flags = SA_RESTART | SA_RESETHAND;
  sigaction(SIGINT, &action, &previous_int);
  sigaction(SIGTERM, &action, &previous_term);
}

StopSignals::~StopSignals() {
  sigaction(SIGINT, &previous_int, nullptr);
  sigaction(SIGTERM, &previous_term, nullptr);
}

int stop_signal() { return requested.load(std::memory_order_relaxed); }

}  // namespace fastload::load
