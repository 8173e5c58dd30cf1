#include "throttle/monitor.h"

namespace fastload::throttle {

Monitor::Monitor(Gate& gate, std::vector<std::unique_ptr<Probe>> probes, std::chrono::milliseconds every)
    : gate_(gate), probes_(std::move(probes)), every_(every) {
  sample();
  thread_.start([this] { run(); });
}

Monitor::~Monitor() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void Monitor::sample() {
  Reading reading;
  for (const auto& probe : probes_) probe->sample(reading);
  gate_.update(reading);
}

void Monitor::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!wake_.wait_for(lock, every_, [this] { return stopping_; })) {
    lock.unlock();
    sample();
    lock.lock();
  }
}

}  // namespace fastload::throttle
