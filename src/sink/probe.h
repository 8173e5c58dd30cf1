// The statement the mode runs, tried on the checked target before any byte
// of the input is read, and rolled back: the privileges, local_infile on both
// ends and the --set expressions are refused up front, not at the first chunk.
#pragma once

#include "plan/plan.h"
#include "db/db.h"
#include "table/table.h"

namespace fastload::sink {

// Throws Failure: ExitCode::usage when the server refuses a --set expression,
// else what explain() (table/target.h) makes of the server's refusal.
void probe_target(db::Session& session, const table::Target& target, const plan::TablePlan& options);

}  // namespace fastload::sink
