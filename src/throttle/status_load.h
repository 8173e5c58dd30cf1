// --max-load and --critical-load: the server's global status variables
// (Threads_running, ...) against their limits at every sample.
#pragma once

#include <memory>
#include <vector>

#include "plan/plan.h"
#include "db/db.h"
#include "throttle/monitor.h"

namespace fastload::throttle {

class StatusLoad : public Probe {
 public:
  // Throws Failure(usage) naming a variable the server does not have.
  StatusLoad(Reconnecting::Open server, std::vector<request::StatusLimit> pause, std::vector<request::StatusLimit> stop);
  void sample(Reading& reading) noexcept override;

 private:
  std::vector<db::Row> read();  // (name, value) of every variable named

  Reconnecting server_;  // the monitor's thread only
  const std::vector<request::StatusLimit> pause_, stop_;
  std::string query_;
};

}  // namespace fastload::throttle
