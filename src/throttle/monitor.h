// The thread that samples what --max-lag, --max-load, --critical-load and a
// Galera cluster watch, and opens or closes the workers' gate from it.
#pragma once

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "throttle/gate.h"

namespace fastload::throttle {

// One thing the monitor watches.
class Probe {
 public:
  virtual ~Probe() = default;
  // Adds what it sees to `reading`. A server it cannot reach or read is a pause with the reason, not an error:
  // the load waits for it.
  virtual void sample(Reading& reading) noexcept = 0;
};

class Monitor {
 public:
  // Samples once before it returns (a replica already behind holds back the first chunk), then every `every`
  // on a thread of its own until destroyed.
  Monitor(Gate& gate, std::vector<std::unique_ptr<Probe>> probes, std::chrono::milliseconds every);
  ~Monitor();
  Monitor(const Monitor&) = delete;
  Monitor& operator=(const Monitor&) = delete;

 private:
  void sample();
  void run();

  Gate& gate_;
  const std::vector<std::unique_ptr<Probe>> probes_;  // used by the monitor's thread only, once it runs
  const std::chrono::milliseconds every_;
  std::mutex mutex_;  // guards stopping_
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace fastload::throttle
