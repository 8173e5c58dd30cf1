// A worker's connections: one to each destination, each with the sink its
// mode sends rows through, in a session ready for chunk transactions.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/chunk.h"
#include "load/loader.h"
#include "sink/route.h"
#include "db/session.h"
#include "load/value_checks.h"
#include "sink/sink.h"

namespace fastload::load {

// One worker's connection to one destination.
struct Link {
  std::unique_ptr<Session> session;
  std::unique_ptr<Sink> sink;
};

struct Worker {
  std::vector<Link> links;                // one per destination, connected together
  std::unique_ptr<RowRouter> router;  // several destinations: says where each row goes
  std::vector<RoutedRows> routed;         // the current chunk's rows per destination (buffers reused)
  std::optional<ValueChecker> values;     // the values the server would convert silently (load/value_checks.h)

  bool connected() const { return !links.empty(); }
};

// "nodes.tsv: chunk 3 (bytes ..., lines ..., N rows)", for messages.
std::string describe(const Chunk& c, const LoadJob& job);

// Connects `w` to every destination, the old connections closed first: a
// user's connection limit may allow no more. Throws Failure.
void connect(Worker& w, const LoadJob& job);

// ROLLBACK on every link; the quiet one ignores a connection already gone.
void rollback_quietly(Worker& w) noexcept;
void rollback(Worker& w);

}  // namespace fastload::load
