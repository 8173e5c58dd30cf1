// The load pass: workers, each with its own links to the destinations, take
// chunks from one ChunkSource and load each as one transaction, committed
// only when the server's account of it is exact.
#pragma once

#include <atomic>
#include <exception>
#include <functional>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "base/base.h"
#include "chunks/chunks.h"
#include "plan/plan.h"
#include "load/chunk_book.h"
#include "load/link.h"
#include "load/outcome.h"
#include "sink/sink.h"
#include "table/table.h"
#include "throttle/throttle.h"

namespace fastload::load {

using chunks::ChunkText;

// What the workers know of one input: nothing of how its chunks are cut.
class KeyBoard;

struct JobInput {
  std::string name;  // the path, or "standard input"
  // --resume: each chunk recorded in its transaction, one ledger per destination (on its server).
  std::vector<const table::Ledger*> ledgers;
  // --resume on an input cut while it loads: the chunks an earlier run committed, by index, skipped as they
  // are cut; one map per destination.
  const std::vector<std::map<std::size_t, table::LedgerEntry>>* recorded = nullptr;
  // --mode server with a charset fastload converts: the converted text's last chunk and its rows, where
  // the last row is checked (in the file's bytes a trail byte 0x5C may look like an escape).
  const std::string* converted_last = nullptr;
  std::uint64_t converted_last_rows = 0;
  std::uint64_t rows_before = 0;  // the rows of the inputs before it: its row k is the load's row rows_before + k
  bool sorted = false;  // its chunks hold its rows sorted by the table's key: not ranges of the file
};

struct LoadJob {
  const plan::TablePlan& plan;  // the table's (plan/plan.h)
  const std::vector<sink::Destination>& destinations;  // one, or a shard-direct load's shards
  sink::MakeRowRouter make_router;                     // several destinations: a router for each worker
  const std::vector<JobInput>& inputs;  // chunk.file indexes them
  const table::AutoIds* ids = nullptr;         // the AUTO_INCREMENT column the fields leave out, numbered by fastload
  Connect connect;                      // a worker's links (load/session_link.h in the program)
  StepHook* hook = nullptr;             // tests only
  std::atomic<std::uint64_t>* sent = nullptr;  // the bytes the workers' sessions send are counted here (progress)
  throttle::Gate* gate = nullptr;       // passed before each chunk (--max-lag, --max-load; docs/replicas.md)
  // The unique keys a chunk's rows hold, where the load keeps chunks that share one in order (TableWork::board).
  std::function<chunks::ChunkKeys(const ChunkText&)> keys_of;
  // The ids one LOAD DATA makes up for the NULL or 0 the file gives the AUTO_INCREMENT column, or nullptr.
  const table::GivenIdPlan* given_ids = nullptr;

  const std::string& name_of(const Chunk& c) const { return inputs[c.file].name; }
  // A destination whose engine cannot roll back (MyISAM, Aria, MEMORY), or nullptr.
  const sink::Destination* untransactional() const {
    for (const sink::Destination& d : destinations)
      if (!d.target.transactional) return &d;
    return nullptr;
  }
  void step(Step s, const Chunk& c) const {
    if (hook) hook->at(s, c.index);
  }
};

// Loads the chunks `source` gives, their outcomes in `book`: the ones it
// already holds settled (loaded before, another part's) are skipped. Sets
// `method` (how rows reached the server). Throws Failure for the first error
// retries did not cure, after every worker has stopped; returns early,
// leaving chunks pending or not cut, when a signal asks to stop.
void load_chunks(const LoadJob& job, chunks::ChunkSource& source, ChunkBook& book, LoadCounters& counters,
                 std::string& method);

// One table of a run of many: its job and chunks, and what became of them.
struct TableWork {
  const LoadJob* job = nullptr;
  chunks::ChunkSource* source = nullptr;
  ChunkBook* book = nullptr;
  LoadCounters* counters = nullptr;
  std::string method;              // how rows reached the server (the first worker's links say)
  std::exception_ptr failed;       // the first error retries did not cure, in this table's chunks
  std::function<void()> finished;  // run once by the worker that settled its last chunk (not after a stop)
  KeyBoard* board = nullptr;       // chunks that share a key load in the order taken (with job->keys_of); or none
  double seconds = 0;              // from its first chunk taken to its last settled, `finished` included
};

// load_chunks for many tables at once: one pool of `threads` workers takes the tables' chunks in the order
// of `tables` (all of one table's before the next one's), so the pool stays full until the last table's last
// chunk; a worker's links follow the table it takes a chunk of. The first failure or rejected chunk of any
// table stops every worker (as in one table's load); each table's failure is in its `failed`.
void load_tables(const std::vector<TableWork*>& tables, unsigned threads);

// --resume: what the ledgers say of `text`'s chunk (of input `name`), from the
// chunks they record, one map a destination: the parts an earlier run
// committed (each checked to be this chunk) become loaded before, and the rows
// it left out are located in `text`. Returns whether every part was.
bool apply_recorded(const ChunkText& text, const std::string& name,
                    const std::vector<std::map<std::size_t, table::LedgerEntry>>& recorded,
                    const std::vector<const table::Ledger*>& ledgers, const text::Dialect& dialect, ChunkOutcome& outcome);

// Where each problem's row is in the input (line, byte offset); a problem of
// the whole chunk points at its start.
void locate(std::vector<Problem>& problems, const ChunkText& text, const std::string& name,
            const text::Dialect& dialect);

}  // namespace fastload::load
