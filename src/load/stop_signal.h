// SIGINT and SIGTERM ask the load to stop: no new chunk is started, the ones
// in flight end in COMMIT or ROLLBACK, and the run reports and exits 11. A
// second signal kills at once (the default action), which --resume also survives.
#pragma once

namespace fastload::load {

class StopSignals {
 public:
  StopSignals();   // installs the handlers
  ~StopSignals();  // restores the previous ones
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;
};

// The signal that asked to stop, or 0.
int stop_signal();

}  // namespace fastload::load
