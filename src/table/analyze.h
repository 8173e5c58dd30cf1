// --analyze: ANALYZE TABLE on the target once the load has passed its barrier,
// so that the optimizer's statistics describe the rows just loaded instead of
// the table before them (InnoDB's automatic recalculation runs later, in the
// background, and only past 10% of the rows changed).
#pragma once

#include <string>
#include <vector>

#include "db/db.h"
#include "table/target.h"

namespace fastload::table {

// Runs ANALYZE TABLE on `target` through the control session. An error row in
// its result (Msg_type 'error') or an error returned for the statement is
// logged as a warning, never thrown: the rows are loaded and durable by then.
void analyze(db::Session& control, const Target& target);

// The Msg_text of each error row in ANALYZE TABLE's result (Table, Op,
// Msg_type, Msg_text), in order.
std::vector<std::string> analyze_errors(const std::vector<db::Row>& result);

}  // namespace fastload::table
