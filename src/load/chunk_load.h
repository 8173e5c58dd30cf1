// load/'s own: one chunk's way through the attempts of its transaction (load/chunk_transaction.cc), and the
// sending half of an attempt (load/chunk_send.cc): the rows sent until the servers' account is exact, those
// refused left out as --max-errors allows. Only the worker that took the chunk touches its ChunkLoad.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <vector>

#include "base/base.h"
#include "load/job.h"
#include "load/kept_rows.h"
#include "load/outcome.h"
#include "load/worker_links.h"

namespace fastload::load {

// One chunk's way through its attempts: the rows left out so far (kept
// across retries: a bad row stays bad) and the outcome.
struct ChunkLoad {
  const Chunk& chunk;
  const ChunkText& text;
  const JobInput& input;  // the chunk's: its name, rows before it, converted last chunk
  ChunkOutcome& outcome;
  std::set<std::uint64_t> left_out;  // 1-based rows of the chunk
  std::size_t at = 0;  // the destination the last statement went to, for messages
  KeptRows kept;       // what the attempt stored in tables that cannot roll back
  bool values_checked = false;  // the rows' values were checked (once: they do not change)
  std::optional<std::vector<std::uint64_t>> made_up;  // the ids the server makes up for the rows (table::GivenIdPlan)

  bool done(std::size_t destination) const {
    ChunkState part = outcome.parts[destination];
    return part == ChunkState::committed || part == ChunkState::loaded_before;
  }
  bool all_done() const {
    for (std::size_t d = 0; d < outcome.parts.size(); ++d)
      if (!done(d)) return false;
    return true;
  }
};


// Leaves out the rows the input refused as it was read (ChunkText::refused) and those with a value the server
// would convert without a word (load/value_checks.h), as --max-errors allows, before any statement.
// Returns false when the chunk is refused.
bool leave_out_converted(WorkerLinks& w, ChunkLoad& load, const LoadJob& job, LoadCounters& counters);

// Sends the chunk (without the rows left out) until the servers' account is
// exact, leaving out refused rows as --max-errors allows. Returns false when
// the chunk is refused. The transactions are open on return true.
bool send_until_exact(WorkerLinks& w, ChunkLoad& load, const LoadJob& job, LoadCounters& counters);

}  // namespace fastload::load
