// fastload with fault injection, for the crash tests (never the program
// itself): FASTLOAD_FAULT=STEP:CHUNK[:ACTION] makes the worker at STEP of
// chunk CHUNK act, once:
//   STEP    before-send (before the chunk's statements), after-send (they ran,
//           before the checks that precede COMMIT), before-commit, after-commit;
//           before-reindex, after-reindex (around the ALTER that re-creates a
//           table's deferred indexes, the first table's to get there; CHUNK 0)
//   ACTION  kill (the default: SIGKILL, as a crash); lose (act as if the
//           connection was lost there); pause=PATH (create PATH.paused, then
//           wait until PATH exists, at most 120 s: a test changes the file or
//           the table at a known moment).
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "db/db.h"
#include "load/load.h"
#include "run/run.h"

namespace {

using fastload::load::Step;

enum class Action { kill, lose, pause };

struct Fault {
  bool armed = false;
  Step step = Step::before_commit;
  std::size_t chunk = 0;
  Action action = Action::kill;
  std::string gate;  // pause: the file whose existence ends the pause
};

bool parse_step(const std::string& name, Step& step) {
  if (name == "before-send") step = Step::before_send;
  else if (name == "after-send") step = Step::after_send;
  else if (name == "before-commit") step = Step::before_commit;
  else if (name == "after-commit") step = Step::after_commit;
  else if (name == "before-reindex") step = Step::before_reindex;
  else if (name == "after-reindex") step = Step::after_reindex;
  else return false;
  return true;
}

Fault parse(const char* spec) {
  Fault f;
  if (spec == nullptr) return f;
  std::string text = spec;
  std::size_t colon = text.find(':');
  if (colon == std::string::npos || !parse_step(text.substr(0, colon), f.step)) return f;
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

class FaultHook final : public fastload::load::StepHook {
 public:
  explicit FaultHook(Fault fault) : fault_(std::move(fault)) {}
  void at(Step step, std::size_t chunk) override {
    if (!fault_.armed || fault_.step != step || fault_.chunk != chunk || fired_.exchange(true)) return;
    switch (fault_.action) {
      case Action::kill: std::raise(SIGKILL); break;
      case Action::pause: return pause_at(fault_.gate);
      case Action::lose: break;
    }
    throw fastload::db::ServerError(fastload::cr::SERVER_LOST, "HY000",
                                      "Lost connection to server during query (injected by FASTLOAD_FAULT)");
  }

 private:
  const Fault fault_;
  std::atomic<bool> fired_{false};  // a lost connection is injected once: the retry must get through
};

}  // namespace

int main(int argc, char** argv) {
  FaultHook hook(parse(std::getenv("FASTLOAD_FAULT")));
  return fastload::run::program(argc, argv, &hook);
}
