// What a table's load gives its workers: its plan, destinations and inputs (the ledgers and the chunks an
// earlier run recorded), how a worker connects, and the hooks around each chunk. Read-only while workers run.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "base/base.h"
#include "chunks/chunks.h"
#include "plan/plan.h"
#include "load/link.h"
#include "sink/sink.h"
#include "table/table.h"
#include "throttle/throttle.h"

namespace fastload::load {

using chunks::ChunkText;

// What the workers know of one input: nothing of how its chunks are cut.
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
  // The bytes the workers' sessions send are counted here (progress): every session adds, relaxed, no lock.
  std::atomic<std::uint64_t>* sent = nullptr;
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

}  // namespace fastload::load
