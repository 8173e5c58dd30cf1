// Where the rows of a load go: the target table, or, for a Spider table loaded
// shard-direct, the table behind each of its partitions on its shard server
// (docs/scaling.md). Every chunk is one transaction on each destination.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "plan/plan.h"
#include "db/db.h"
#include "table/table.h"

namespace fastload::sink {

struct Destination {
  explicit Destination(plan::TablePlan p) : plan(std::move(p)) {}

  std::string shard;                     // the shard's name; empty for the target itself
  request::ConnectionOptions connection;          // how the workers reach its server
  std::optional<std::string> password;   // overrides the connection's: prompted, or the server definition's
  table::Target target;                         // the table there
  plan::TablePlan plan;  // the table's, with the database, table and column list of this destination
  db::SessionPins pins;                      // what every session to its server sets first: the run's
  std::unique_ptr<db::Session> control;      // a shard's checks, ledger and barrier; null for the target, whose
                                         // control session is the run's

  // " on shard NAME", or "" for the target: appended to what messages name.
  std::string where() const { return shard.empty() ? "" : " on shard " + shard; }
};

}  // namespace fastload::sink
