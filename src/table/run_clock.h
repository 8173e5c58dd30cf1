// The run's time in its rows (docs/design.md#the-runs-time): one LOAD DATA
// gives every row the same NOW(), in --set's expressions and in a column's
// DEFAULT CURRENT_TIMESTAMP alike, because it is one statement. fastload sends
// many, over minutes or hours, and must not move the server's clock (SET
// timestamp dates the binary log's events too), so it says the time itself:
// each clock call of --set becomes a literal of the time the run read at its
// start, and each column the fields leave out whose DEFAULT reads the clock
// gets that default, made literal, as one more assignment.
#pragma once

#include <string>
#include <vector>

#include "plan/plan.h"
#include "db/db.h"
#include "table/target.h"

namespace fastload::table {

struct ClockedAssignments {
  std::vector<request::Assignment> set;     // --set's, then the defaults': what the statements assign
  std::vector<std::string> notes;  // what keeps a statement's own time, for a warning; empty when nothing does
};

// options.set and the columns of `target` the fields leave out, with `clock`'s time. Where the time zone shows
// the run's start twice (clock.ambiguous) nothing is rewritten: a literal could name the other hour.
ClockedAssignments with_run_clock(const Target& target, const plan::TablePlan& options, const db::RunClock& clock);

}  // namespace fastload::table
