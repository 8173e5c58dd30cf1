// --mode auto: which mode costs the server least for a table, as measured by bench/mode-shapes.sh
// (docs/design.md, "Choosing the mode"). A pure function of the table's shape, the server's facts and the
// options, so the rule is tested without a server; run/resolve_mode.cc gathers the facts and applies it once,
// before any pass asks the mode how to send rows.
#pragma once

#include <cstdint>
#include <string>

#include "request/request.h"

namespace fastload::plan {

struct TablePlan;  // plan/plan.h

// What the rule reads of the table. The measured shapes (nodes, with and without secondary indexes, long text,
// many integers, BLOBs) all cost the server least by prepared INSERTs, so column types and indexes do not
// enter the rule; what does is whether the table is like the measured ones and whether its rows fit an INSERT.
struct TableShape {
  bool innodb = true;               // the engine the measurements were made with
  std::uint64_t max_row_bytes = 0;  // the longest row the columns can hold, in bytes
};

// What the rule reads of the server and the client library.
struct ServerFacts {
  bool array_binding = false;         // one prepared INSERT execution carries a batch (MariaDB)
  bool local_infile_refused = false;  // LOAD DATA LOCAL was refused (local_infile=0 at either end)
  std::uint64_t max_allowed_packet = 16u << 20;  // no INSERT is longer; LOAD DATA LOCAL streams past it
};

struct ModeChoice {
  request::Mode mode = request::Mode::load;
  std::string reason;  // a few words, for the summary: "prepared INSERTs cost this table's server least"
};

// Why the INSERT path cannot load these options exactly as LOAD DATA does, or "" when it can.
std::string why_not_insert(const TablePlan& options);

// The concrete mode for --mode auto.
ModeChoice choose_mode(const TableShape& table, const ServerFacts& server, const TablePlan& options);

}  // namespace fastload::plan
