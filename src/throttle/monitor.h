// The thread that samples what --max-lag, --max-load, --critical-load and a
// Galera cluster watch, and opens or closes the workers' gate from it.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include "base/base.h"
#include <vector>

#include "db/db.h"
#include "throttle/gate.h"

namespace fastload::throttle {

// The monitor's session to a server, opened again at the next use after an error dropped it (a server that
// restarted, a connection the network cut): the sample that failed pauses the load, and the next reconnects.
class Reconnecting {
 public:
  using Open = std::function<std::unique_ptr<db::Session>()>;
  explicit Reconnecting(Open open) : open_(std::move(open)), session_(open_()) {}
  db::Session& operator*() { return session(); }
  db::Session* operator->() { return &session(); }
  void drop() noexcept { session_.reset(); }

 private:
  db::Session& session() {  // throws as the connection does
    if (!session_) session_ = open_();
    return *session_;
  }
  Open open_;
  std::unique_ptr<db::Session> session_;
};

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
  Threads thread_;
};

}  // namespace fastload::throttle
