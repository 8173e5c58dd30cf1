// --partition against the target table: every name must be one of its
// partitions or subpartitions, and the PARTITION (...) clause the statements
// that write rows then carry (docs/design.md#partitions).
#pragma once

#include <string>

#include "plan/plan.h"
#include "db/db.h"
#include "table/target.h"

namespace fastload::table {

// " PARTITION (`p1`, `p2`)", or "" without --partition. Throws
// Failure(ExitCode::usage) before anything is read when the table is not
// partitioned or lacks a named partition: the message names it and lists the
// table's partitions (the server would refuse the statements with error 1747
// or 1735).
std::string check_partitions(db::Session& session, const Target& target, const plan::TablePlan& options);

}  // namespace fastload::table
