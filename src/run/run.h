// The whole load, pass by pass. Returns the process exit code.
#pragma once

#include <functional>

#include "plan/plan.h"
#include "load/load.h"
#include "report/report.h"

namespace fastload::run {

// `hook`: steps of each chunk's transaction where a test acts (load/link.h); none in the program.
int run(const request::Request& request, load::StepHook* hook = nullptr);

// The program: argv -> request::Request -> run, messages and exit code included (src/main.cc; a test build adds a hook).
int program(int argc, char** argv, load::StepHook* hook);

// Runs `work` and records in `summary` how it ended: success, or the exit code
// and message of whatever it threw (a Failure as it is, a server error as exit
// 9, anything else as an internal error, exit 1). Lets nothing through, so the
// cleanup and the summary after it always run.
void record_outcome(report::Summary& summary, const std::function<void()>& work);

}  // namespace fastload::run
