#include "throttle/gate.h"

#include <algorithm>

namespace fastload::throttle {

bool Gate::pass(const std::function<bool()>& stopping) {
  std::unique_lock<std::mutex> lock(mutex_);
  while (pause_ && !account_.stopped && !stopping()) opened_.wait_for(lock, std::chrono::milliseconds(100));
  return !account_.stopped && !stopping();
}

void Gate::update(const Reading& reading) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (reading.lag) account_.highest_lag = std::max(account_.highest_lag.value_or(0), *reading.lag);
    if (reading.stop && !account_.stopped) account_.stopped = reading.stop;
    const Clock::time_point now = Clock::now();
    if (reading.pause && !closed_at_) {
      closed_at_ = now;
      if (account_.first_pause.empty()) account_.first_pause = *reading.pause;
    } else if (!reading.pause && closed_at_) {
      account_.paused_seconds += std::chrono::duration<double>(now - *closed_at_).count();
      closed_at_.reset();
    }
    pause_ = reading.pause;
  }
  opened_.notify_all();
}

std::optional<std::string> Gate::paused() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return pause_;
}

std::optional<std::string> Gate::stopped() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return account_.stopped;
}

Account Gate::account() const {
  std::lock_guard<std::mutex> lock(mutex_);
  Account a = account_;
  if (closed_at_) a.paused_seconds += std::chrono::duration<double>(Clock::now() - *closed_at_).count();
  return a;
}

}  // namespace fastload::throttle
