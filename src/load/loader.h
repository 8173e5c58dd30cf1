// The load pass: workers, each with its own links to the destinations, take
// chunks from one ChunkSource and load each as one transaction, committed
// only when the server's account of it is exact. The workers take their work
// from a queue (load/work_queue.h); the transaction is load/chunk_transaction.h.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "base/base.h"
#include "chunks/chunks.h"
#include "load/chunk_book.h"
#include "load/job.h"
#include "load/outcome.h"

namespace fastload::load {

class KeyBoard;

// One table of a run: its job and chunks, and what became of them. `method`, `failed` and `seconds` are
// written while the workers run, as each says; the caller reads them after load_tables returns.
struct TableWork {
  const LoadJob* job = nullptr;
  chunks::ChunkSource* source = nullptr;
  ChunkBook* book = nullptr;
  LoadCounters* counters = nullptr;
  // Written under the queue's lock (load/work_queue.h): how rows reached the server (the first worker's links
  // say), and the first error retries did not cure in this table's chunks.
  std::string method;
  Result<void> failed;
  std::function<void()> finished;  // run once by the worker that settled its last chunk (not after a stop)
  KeyBoard* board = nullptr;       // chunks that share a key load in the order taken (with job->keys_of); or none
  double seconds = 0;  // from its first chunk taken to its last settled, `finished` included; by the worker that ran it
};

// Loads the chunks each table's `source` gives, their outcomes in its `book` (the ones it already holds settled,
// loaded before or another part's, are skipped): one pool of `threads` workers takes the tables' chunks in the
// order of `tables` (all of one table's before the next one's), so the pool stays full until the last table's
// last chunk; a worker's links follow the table it takes a chunk of. The first failure or rejected chunk of any
// table stops every worker; each table's failure is in its `failed`. Returns early, leaving chunks pending or not
// cut, when a signal asks to stop.
void load_tables(const std::vector<TableWork*>& tables, unsigned threads);

}  // namespace fastload::load
