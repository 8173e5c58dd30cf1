// Fault injection for the crash tests: FASTLOAD_FAULT=POINT:CHUNK[:ACTION]
// makes the worker at POINT (before-commit, after-commit) of chunk CHUNK
// either kill the process (ACTION kill, the default: SIGKILL, as a crash)
// or act as if the connection was lost there (ACTION lose). Unset, it costs
// one comparison a chunk.
#pragma once

#include <cstddef>

namespace fastload::load {

enum class FaultPoint { before_commit, after_commit };

// Kills the process, or throws ServerError 2013, when FASTLOAD_FAULT names this point and chunk.
void fault_point(FaultPoint point, std::size_t chunk);

}  // namespace fastload::load
