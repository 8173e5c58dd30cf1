// Fault injection for the crash tests: FASTLOAD_FAULT=POINT:CHUNK[:ACTION]
// makes the worker at POINT of chunk CHUNK act, once:
//   POINT   before-send (before the chunk's statements), after-send (they ran,
//           before the checks that precede COMMIT), before-commit, after-commit
//   ACTION  kill (the default: SIGKILL, as a crash); lose (act as if the
//           connection was lost there); pause=PATH (create PATH.paused, then
//           wait until PATH exists, at most 120 s: a test changes the file or
//           the table at a known moment).
// Unset, it costs one comparison a chunk.
#pragma once

#include <cstddef>

namespace fastload::load {

enum class FaultPoint { before_send, after_send, before_commit, after_commit };

// Kills the process, throws ServerError 2013 or pauses when FASTLOAD_FAULT names this point and chunk.
void fault_point(FaultPoint point, std::size_t chunk);

}  // namespace fastload::load
