// The whole load, pass by pass. Returns the process exit code.
#pragma once

#include "cli/options.h"
#include "load/link.h"

namespace fastload {

// `hook`: steps of each chunk's transaction where a test acts (load/link.h); none in the program.
int run(const Options& options, load::StepHook* hook = nullptr);

// The program: argv -> Options -> run, messages and exit code included (src/main.cc; a test build adds a hook).
int program(int argc, char** argv, load::StepHook* hook);

}  // namespace fastload
