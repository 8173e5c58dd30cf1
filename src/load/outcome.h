// What became of a chunk, and the counters the progress line reads.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "base/base.h"
#include "report/report.h"

namespace fastload::load {

using fastload::ChunkState;

struct ChunkOutcome {
  ChunkState state = ChunkState::pending;
  // Shard-direct: the chunk's part on each destination (pending, committed,
  // loaded_before or unknown); state is committed once every part is. Empty
  // until the chunk is taken, or --resume finds parts an earlier run loaded.
  std::vector<ChunkState> parts;
  std::vector<std::uint64_t> rows_on;  // rows this run committed on each destination
  std::vector<Problem> problems;  // why a rejected chunk was refused
  std::vector<Problem> rejects;   // rows left out of a committed chunk (--max-errors), located
  std::vector<std::string> rejected_text;  // their bytes, as rejects_file writes them (this run's only)
  std::uint64_t duplicates_skipped = 0;  // --on-duplicate ignore: rows skipped, their key already there
  std::uint64_t rows_replaced = 0;       // --on-duplicate replace: rows of the table replaced
  // A table that cannot roll back: what this chunk, not committed, left in it (load/kept_rows.h).
  std::string left_behind;
};

// Counters the progress reads while workers run (report/progress.h), and the
// load's own: each worker adds to them as it takes and settles a chunk, its
// sessions as they send; relaxed atomics, no lock.
struct LoadCounters : report::ProgressCounters {
  std::atomic<std::uint64_t> committed_chunks{0};
  // Rows left out so far, committed or about to be: checked against
  // --max-errors when a worker leaves a row out. fetch_add/fetch_sub only.
  std::atomic<std::uint64_t> rejected_rows{0};
};

}  // namespace fastload::load
