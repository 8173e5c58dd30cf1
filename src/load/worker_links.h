// A worker's links to every destination (load/link.h), in sessions ready for
// chunk transactions, and what it reuses from chunk to chunk. Each worker owns
// its own: nothing here is shared between threads.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "base/base.h"
#include "load/job.h"
#include "load/link.h"
#include "load/value_checks.h"
#include "sink/sink.h"

namespace fastload::load {

struct WorkerLinks {
  Links links;                            // one per destination, connected together
  std::unique_ptr<sink::RowRouter> router;      // several destinations: says where each row goes
  std::vector<sink::RoutedRows> routed;         // the current chunk's rows per destination (buffers reused)
  std::optional<ValueChecker> values;     // the values the server would convert silently (load/value_checks.h)
  bool values_in_sink = false;            // the one link's sink checks them as it sends the rows

  bool connected() const { return !links.empty(); }
};

// Connects `w` to every destination, the old connections closed first: a
// user's connection limit may allow no more. Throws Failure.
void connect(WorkerLinks& w, const LoadJob& job);

// Links to another table's destinations: its router and value checks are made anew. Throws Failure.
void connect_to_table(WorkerLinks& w, const LoadJob& job);

// ROLLBACK on every link; the quiet one ignores a connection already gone.
void rollback_quietly(WorkerLinks& w) noexcept;
void rollback(WorkerLinks& w);

}  // namespace fastload::load
