// --defer-indexes: the secondary indexes dropped after every check and before
// the first chunk, and re-created in one ALTER TABLE after the load, whatever
// stopped it.
#include "run/state.h"

#include <fmt/core.h>

namespace fastload {

void recover_indexes(const Options& options, RunState& state) {
  std::string database = options.ledger_database.empty() ? options.database : options.ledger_database;
  try {
    state.deferred.emplace(*state.control, state.target, database);  // re-creates what a killed run left
  } catch (const load::ServerError& e) {
    throw load::explain(e, state.target, "--defer-indexes: preparing its record table and reading the indexes",
                              options.mode);
  }
}

void defer_indexes(const Options& options, RunState& state) {
  recover_indexes(options, state);
  // An earlier --resume run of this load put the rows there; anything else is the user's data.
  if (!options.force && !loaded_before(state) && load::has_rows(*state.control, state.target))
    throw Failure(ExitCode::usage, fmt::format(
        "--defer-indexes: {} already holds rows, whose index entries the re-created indexes would "
        "rebuild too (and a large table stays without them during the load); give --force to do it anyway, or "
        "load without --defer-indexes", state.target.display));
  try {
    state.summary.deferred_indexes = state.deferred->drop(*state.control, options.prove_foreign_keys);
  } catch (const load::ServerError& e) {
    throw load::explain(e, state.target, "--defer-indexes: dropping the secondary indexes", options.mode);
  }
}

std::optional<Failure> restore_indexes(RunState& state) noexcept {
  if (!state.deferred || !state.deferred->pending()) return std::nullopt;
  try {
    if (state.hook) state.hook->at(load::Step::before_reindex, 0);
    state.deferred->restore(*state.control);
    if (state.hook) state.hook->at(load::Step::after_reindex, 0);
    return std::nullopt;
  } catch (const Failure& f) {
    state.summary.deferred_indexes.clear();  // the failure says what is left to do
    return f;
  } catch (const std::exception& e) {
    state.summary.deferred_indexes.clear();
    return Failure(ExitCode::load_failed, fmt::format(
        "{}: re-creating the indexes --defer-indexes dropped failed: {}; run: {}", state.target.display,
        e.what(), state.deferred->restore_statement()));
  }
}

}  // namespace fastload
