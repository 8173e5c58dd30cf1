// One chunk's transaction on each destination: sent until the server's
// account is exact (rows left out within --max-errors), checked (the file and
// the table unchanged, a compressed file's checks passed, the ledger row
// written), committed, and retried after transient errors
// (docs/design.md#loading-a-chunk). A function of the worker's links and the
// chunk's work item alone: it knows nothing of the queue that handed the chunk
// out (load/work_queue.h), which chunk comes next, or the other workers.
#pragma once

#include "base/base.h"
#include "load/job.h"
#include "load/outcome.h"
#include "load/worker_links.h"

namespace fastload::load {

// A chunk as a worker takes it (load/work_queue.h): everything its transaction needs.
struct ChunkWork {
  ChunkText text;          // its bytes and where they came from; asked of its source (release, changed, verified)
  const LoadJob& job;      // its table's: plan, destinations, hooks
  const JobInput& input;   // its input: name, ledgers, the chunks an earlier run recorded
  LoadCounters& counters;  // its table's; the transaction reserves rejected_rows against --max-errors (atomic)
  ChunkOutcome& outcome;   // its entry in the table's book: the worker that took the chunk alone writes it
};

// What becomes of a chunk a worker took: left as it is when it is settled
// already, another part's (--part), or loaded before as the ledgers say; else
// loaded (load_chunk), and its source told its bytes are no longer needed.
// Fills work.outcome; throws Failure as load_chunk does.
void settle_chunk(WorkerLinks& w, const ChunkWork& work);

// Loads one chunk, retrying transient errors (deadlock, lock wait timeout,
// lost connection) with backoff; fills work.outcome. Throws Failure when that
// does not cure it.
void load_chunk(WorkerLinks& w, const ChunkWork& work);

}  // namespace fastload::load
