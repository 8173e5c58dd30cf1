// --mode bulk: MariaDB (10.6 and later) builds an InnoDB table's indexes by
// sorting, and logs one undo record instead of one a row, when a transaction
// with unique_checks = 0 and foreign_key_checks = 0 inserts into an empty
// table. The whole file is one chunk, so that transaction is the load.
#include "run/state.h"

#include <fmt/core.h>
#include <spdlog/spdlog.h>

namespace fastload::run {

void check_bulk_target(const plan::TablePlan& options, RunState& state) {
  const table::Target& table = state.stage ? state.stage->target : state.target;
  if (table.engine != "InnoDB")
    throw Failure(ExitCode::usage, fmt::format(
        "--mode bulk is the InnoDB empty-table path, and {} is {}: use --mode load", table.display,
        table.engine.empty() ? "a view" : table.engine));
  // With --resume, a table an earlier run of this load filled is finished business, not the user's rows.
  if (!loaded_before(state) && table::has_rows(*state.control, table))
    throw Failure(ExitCode::usage, fmt::format(
        "--mode bulk: {} already holds rows, and the server takes its bulk path only into an empty "
        "table; use --mode load (with --disable-checks for part of the gain)", table.display));
  if (!state.control->is_mariadb() || state.control->server_version() < 100600)
    spdlog::warn("--mode bulk: the server has no empty-table bulk path (MariaDB 10.6 or later has it): "
                 "{} loads in one transaction without it; --mode load is faster here", options.files.front());
}

}  // namespace fastload::run
