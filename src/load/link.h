// The seam between a chunk's transaction and the servers: a worker's
// connection to one destination, as the transaction uses it. The program's
// links run statements on a Session (load/session_link.h); unit tests give
// fake ones, so the transaction's retries, rows left out and lost COMMITs are
// tested without a server.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/base.h"
#include "sink/sink.h"
#include "table/table.h"

namespace fastload::load {

class Link {
 public:
  virtual ~Link() = default;
  // Sends the rows of `rows` (over `bytes`) through the mode's sink, in the
  // open transaction. Throws ServerError when the server fails for a reason
  // other than the data.
  virtual sink::SinkResult send(const Chunk& rows, std::string_view bytes, const table::RowIds& ids) = 0;
  virtual void commit() = 0;    // throws db::ServerError
  virtual void rollback() = 0;  // throws db::ServerError
  // Whether the table's columns are still those the statements name (table/target.h same_definition).
  virtual bool table_unchanged() = 0;
  // --resume: whether the input of `chunk` keeps a ledger on this destination.
  virtual bool has_ledger(const Chunk& chunk) const = 0;
  // Records `chunk` (with the rows left out of it) in its ledger, in the open
  // transaction; false when another run of the same load recorded it first
  // (its rows are in the table: the caller rolls this transaction back).
  // `last`: the input ends with it.
  virtual bool record(const Chunk& chunk, const std::vector<Problem>& rejects, bool last) = 0;
  // Whether the ledger records `chunk`, after a COMMIT whose answer was lost:
  // a locking read, so it waits for a COMMIT still in progress, in a
  // transaction of its own that it ends.
  virtual bool recorded(const Chunk& chunk) = 0;
  // How rows reach the server, for the summary.
  virtual std::string method() const = 0;
  // The bytes sent to the server since the last call, for the progress (fakes send none).
  virtual std::uint64_t take_sent() { return 0; }
  // --max-lag: one more statement in the chunk's transaction, before its COMMIT (throttle::Gate::mark).
  virtual void also(const std::string& sql) { (void)sql; }
  // Whether the sink checks the rows' values as it sends them (sink/interface.h take_row_check): only where the table
  // can roll back, as the rows before a failed one were sent.
  virtual bool check_values(const sink::RowCheck& check) {
    (void)check;
    return false;
  }
};

using Links = std::vector<std::unique_ptr<Link>>;

// Opens a worker's links, one per destination, connected together. Throws
// Failure (ExitCode::connect when a server refuses) or ServerError.
using Connect = std::function<Links()>;

// Steps of a chunk's transaction where a test may act (a crash, a lost
// connection, a pause: tests/tools/fault_hook.cc), and of a table's end: before
// and after the ALTER TABLE that re-creates its deferred indexes (chunk 0). The
// program has none.
enum class Step { before_send, after_send, before_commit, after_commit, before_reindex, after_reindex };

class StepHook {
 public:
  virtual ~StepHook() = default;
  // Called at `step` of chunk `chunk` (its index in its input); may throw ServerError or not return.
  virtual void at(Step step, std::size_t chunk) = 0;
};

}  // namespace fastload::load
