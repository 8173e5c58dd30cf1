// The whole load, pass by pass. Returns the process exit code.
#pragma once

#include "cli/options.h"

namespace fastload {

int run(const Options& options);

}  // namespace fastload
