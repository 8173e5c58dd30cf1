// --defer-indexes: the secondary indexes dropped after every check and before
// the first chunk, and re-created in one ALTER TABLE after the load, whatever
// stopped it.
#include "run/state.h"

#include <fmt/core.h>
#include <spdlog/spdlog.h>

namespace fastload::run {

std::optional<std::string> recover_indexes(const plan::TablePlan& options, RunState& state) {
  std::string database = options.checkpoint.ledger_database.empty() ? options.database : options.checkpoint.ledger_database;
  try {
    state.deferred.emplace(*state.control, state.target, database);  // re-creates what a killed run left
    return std::nullopt;
  } catch (const db::ServerError& e) {
    if (!options.load.defer_indexes && db::is_privilege_denied(e.code())) return e.server_message();
    throw table::explain(e, state.target, "--defer-indexes: preparing its record table and reading the indexes",
                              options.mode);
  }
}

namespace {

// The default (no --defer-indexes): a user who may not alter the table loads it with its indexes in place.
void keep_indexes_because(const RunState& state, const std::string& refused) {
  spdlog::warn("{}: kept the secondary indexes in place for the load (the load maintains them, which is slower): "
               "deferring them needs ALTER on the table and CREATE, DROP, SELECT, INSERT and DELETE on its "
               "database's fastload_deferred_indexes, and the server said: {}; grant those, or give --keep-indexes "
               "to keep them without trying", state.target.display, refused);
}

}  // namespace

void defer_indexes(const plan::TablePlan& options, RunState& state) {
  if (auto refused = recover_indexes(options, state)) return keep_indexes_because(state, *refused);
  // An earlier --resume run of this load put the rows there; anything else is the user's data.
  if (!options.load.force && !loaded_before(state) && table::has_rows(*state.control, state.target))
    throw Failure(ExitCode::usage, fmt::format(
        "--defer-indexes: {} already holds rows, whose index entries the re-created indexes would "
        "rebuild too (and a large table stays without them during the load); give --force to do it anyway, or "
        "load without --defer-indexes", state.target.display));
  try {
    if (options.load.defer_indexes) {
      state.summary.deferred_indexes = state.deferred->drop(*state.control, options.prove_foreign_keys);
    } else if (auto refused = state.deferred->drop_if_allowed(*state.control, options.prove_foreign_keys)) {
      keep_indexes_because(state, *refused);
    } else {
      state.summary.deferred_indexes = state.deferred->dropped_names();
    }
  } catch (const db::ServerError& e) {
    throw table::explain(e, state.target, "--defer-indexes: dropping the secondary indexes", options.mode);
  }
}

Result<void> restore_indexes(RunState& state) noexcept {
  if (!state.deferred || !state.deferred->pending()) return {};
  // An error nothing explained (a ServerError, a bug's): said here, with the statement to run.
  auto unexplained = [&](const std::exception& e) {
    return Failure(ExitCode::load_failed, fmt::format(
        "{}: re-creating the indexes --defer-indexes dropped failed: {}; run: {}", state.target.display,
        db::message_of(e), state.deferred->restore_statement()));
  };
  try {
    if (state.hook) state.hook->at(load::Step::before_reindex, 0);
    state.deferred->restore(*state.control);
    if (state.hook) state.hook->at(load::Step::after_reindex, 0);
    return {};
  } catch (const db::ServerError& e) {  // before Failure: a ServerError is one too, but unexplained
    state.summary.deferred_indexes.clear();
    return unexplained(e);
  } catch (const Failure& f) {
    state.summary.deferred_indexes.clear();  // the failure says what is left to do
    return f;
  } catch (const std::exception& e) {
    state.summary.deferred_indexes.clear();
    return unexplained(e);
  }
}

}  // namespace fastload::run
