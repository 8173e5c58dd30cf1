// What became of a chunk, and the counters the progress line reads.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "base/chunk.h"
#include "base/problem.h"

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

// Counters the progress line reads while workers run. Each worker adds to them
// after its COMMIT returns; relaxed atomics, no lock.
struct LoadCounters {
  std::atomic<std::uint64_t> committed_bytes{0};
  std::atomic<std::uint64_t> committed_rows{0};
  std::atomic<std::uint64_t> committed_chunks{0};
  // What the committed chunks took of the inputs as read: their bytes, or for
  // a compressed input the compressed bytes read to cut them. For progress.
  std::atomic<std::uint64_t> input_bytes_done{0};
  // Rows left out so far, committed or about to be: checked against
  // --max-errors when a worker leaves a row out. fetch_add/fetch_sub only.
  std::atomic<std::uint64_t> rejected_rows{0};
};

}  // namespace fastload::load
