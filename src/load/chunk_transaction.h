// One chunk's transaction on each destination: sent until the server's
// account is exact (rows left out within --max-errors), checked (the file and
// the table unchanged, a compressed file's checks passed, the ledger row
// written), committed, and retried after transient errors
// (docs/design.md#loading-a-chunk).
#pragma once

#include <string>

#include "text/text.h"
#include "base/base.h"
#include "load/loader.h"
#include "load/worker.h"

namespace fastload::load {

// Loads one chunk, retrying transient errors (deadlock, lock wait timeout,
// lost connection) with backoff; throws Failure when that does not cure it.
void load_chunk(Worker& w, const ChunkText& text, const LoadJob& job, LoadCounters& counters,
                ChunkOutcome& outcome);

// The bytes of the located row `p` of `text`, for the rejects file.
std::string text_of(const Problem& p, const ChunkText& text, const text::Dialect& dialect);

}  // namespace fastload::load
