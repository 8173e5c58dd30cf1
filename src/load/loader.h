// The load pass: workers, each with its own connection, take chunks in file
// order and load each as one transaction, committed only when the server's
// account of it is exact.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fastload/chunk.h"
#include "fastload/options.h"
#include "input/mapped_file.h"
#include "load/target.h"
#include "report/diagnostics.h"

namespace fastload::load {

enum class ChunkState {
  pending,    // not taken (the load stopped first)
  committed,  // COMMIT returned
  rejected,   // the server's account did not match: rolled back, problems say why
  failed,     // a server or connection error: rolled back
  unknown,    // COMMIT was sent but its answer lost: committed or not
};

struct ChunkOutcome {
  ChunkState state = ChunkState::pending;
  std::vector<Problem> problems;
};

// Counters the progress line reads while workers run. Each worker adds to them
// after its COMMIT returns; relaxed atomics, no lock.
struct LoadCounters {
  std::atomic<std::uint64_t> committed_bytes{0};
  std::atomic<std::uint64_t> committed_rows{0};
  std::atomic<std::uint64_t> committed_chunks{0};
};

struct LoadJob {
  const Options& options;
  const std::optional<std::string>& password;
  const Target& target;
  const input::MappedFile& file;
  const std::vector<Chunk>& chunks;
};

// Fills `outcomes` (one per chunk; element i is written only by the worker
// that took chunk i and read after the workers join) and `method` (how rows
// reached the server). Throws Failure for the first server or connection
// error, after every worker has stopped.
void load_chunks(const LoadJob& job, std::vector<ChunkOutcome>& outcomes, LoadCounters& counters,
                 std::string& method);

}  // namespace fastload::load
