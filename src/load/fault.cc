#include "load/fault.h"

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <string>

#include "load/session.h"

namespace fastload::load {
namespace {

struct Fault {
  bool armed = false;
  FaultPoint point = FaultPoint::before_commit;
  std::size_t chunk = 0;
  bool kill = true;
};

Fault parse(const char* spec) {
  Fault f;
  if (spec == nullptr) return f;
  std::string text = spec;
  std::size_t colon = text.find(':');
  if (colon == std::string::npos) return f;
  std::string point = text.substr(0, colon);
  if (point != "before-commit" && point != "after-commit") return f;
  f.point = point == "before-commit" ? FaultPoint::before_commit : FaultPoint::after_commit;
  f.chunk = std::stoul(text.substr(colon + 1));
  f.kill = text.find(":lose") == std::string::npos;
  f.armed = true;
  return f;
}

}  // namespace

void fault_point(FaultPoint point, std::size_t chunk) {
  static const Fault fault = parse(std::getenv("FASTLOAD_FAULT"));  // read once
  static std::atomic<bool> fired{false};  // a lost connection is injected once: the retry must get through
  if (!fault.armed || fault.point != point || fault.chunk != chunk || fired.exchange(true)) return;
  if (fault.kill) std::raise(SIGKILL);
  throw ServerError(2013, "HY000", "Lost connection to server during query (injected by FASTLOAD_FAULT)");
}

}  // namespace fastload::load
