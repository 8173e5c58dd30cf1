#include "load/fault.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "db/session.h"

namespace fastload::load {
namespace {

enum class Action { kill, lose, pause };

struct Fault {
  bool armed = false;
  FaultPoint point = FaultPoint::before_commit;
  std::size_t chunk = 0;
  Action action = Action::kill;
  std::string gate;  // pause: the file whose existence ends the pause
};

bool parse_point(const std::string& name, FaultPoint& point) {
  if (name == "before-send") point = FaultPoint::before_send;
  else if (name == "after-send") point = FaultPoint::after_send;
  else if (name == "before-commit") point = FaultPoint::before_commit;
  else if (name == "after-commit") point = FaultPoint::after_commit;
  else return false;
  return true;
}

Fault parse(const char* spec) {
  Fault f;
  if (spec == nullptr) return f;
  std::string text = spec;
  std::size_t colon = text.find(':');
  if (colon == std::string::npos || !parse_point(text.substr(0, colon), f.point)) return f;
  f.chunk = std::stoul(text.substr(colon + 1));
  std::size_t pause = text.find(":pause=");
  if (pause != std::string::npos) {
    f.action = Action::pause;
    f.gate = text.substr(pause + 7);  // the rest: a path may hold colons
  } else if (text.find(":lose") != std::string::npos) {
    f.action = Action::lose;
  }
  f.armed = true;
  return f;
}

void pause_at(const std::string& gate) {
  std::ofstream(gate + ".paused").flush();
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (!std::filesystem::exists(gate) && std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
}

}  // namespace

void fault_point(FaultPoint point, std::size_t chunk) {
  static const Fault fault = parse(std::getenv("FASTLOAD_FAULT"));  // read once
  static std::atomic<bool> fired{false};  // a lost connection is injected once: the retry must get through
  if (!fault.armed || fault.point != point || fault.chunk != chunk || fired.exchange(true)) return;
  switch (fault.action) {
    case Action::kill: std::raise(SIGKILL); break;
    case Action::pause: return pause_at(fault.gate);
    case Action::lose: break;
  }
  throw ServerError(cr::SERVER_LOST, "HY000", "Lost connection to server during query (injected by FASTLOAD_FAULT)");
}

}  // namespace fastload::load
