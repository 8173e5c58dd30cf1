// --mode auto made concrete, once, in the connect pass: the table's shape and the server's facts go to
// choose_mode (cli/auto_mode.h), and every later pass reads the resolved copy of the options.
#include <fmt/core.h>
#include <fmt/ranges.h>
#include <spdlog/spdlog.h>

#include "cli/auto_mode.h"
#include "run/state.h"
#include "sink/probe.h"
#include "table/run_clock.h"
#include "text/identifiers.h"

namespace fastload {
namespace {

std::uint64_t number(const std::optional<std::string>& value) { return value ? std::stoull(*value) : 0; }

// The longest row the columns hold: a string's or blob's most bytes, 64 for anything else (numbers, dates),
// 4 GiB for a spatial column (a LONGBLOB inside).
std::uint64_t max_row_bytes(db::Session& session, const table::Target& t) {
  return number(session.query_value(fmt::format(
      "SELECT COALESCE(SUM(CASE WHEN DATA_TYPE IN ('geometry', 'point', 'linestring', 'polygon', 'multipoint', "
      "'multilinestring', 'multipolygon', 'geometrycollection') THEN 4294967295 ELSE COALESCE("
      "CHARACTER_OCTET_LENGTH, 64) END), 0) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = {} AND "
      "TABLE_NAME = {}", session.quote_string(t.database), session.quote_string(t.table))));
}

TableShape shape_of(db::Session& session, const table::Target& t) {
  return {.innodb = text::same_name(t.engine, "InnoDB"), .max_row_bytes = max_row_bytes(session, t)};
}

void resolve(RunState& state, const ModeChoice& choice) {
  state.resolved->mode = choice.mode;
  state.summary.mode = traits(choice.mode).name;
  state.summary.mode_reason = choice.reason;
  spdlog::info("{}: mode {} (auto: {})", state.target.display, state.summary.mode, choice.reason);
}

// The run's time in the statements (table/run_clock.h): the user's options chose the mode, the statements carry
// the time; warns of what keeps each statement's own.
void give_run_clock(RunState& state) {
  table::ClockedAssignments clocked = table::with_run_clock(state.target, *state.resolved, state.pins.clock);
  state.resolved->set = std::move(clocked.set);
  if (clocked.notes.empty()) return;
  spdlog::warn("{}: {} read{} the time of the statement that stores each row, not one time for the whole load: {}; "
               "rows loaded by different statements may get different times", state.target.display,
               fmt::join(clocked.notes, ", "), clocked.notes.size() == 1 ? "s" : "",
               state.pins.clock.ambiguous
                   ? fmt::format("the load started in the hour that time zone {} shows twice, so a time written out "
                                 "could mean either", state.pins.clock.time_zone)
                   : "fastload writes out only a precision of 0 to 6 digits");
}

}  // namespace

void resolve_mode(const Options& options, RunState& state) {
  state.resolved = options;
  give_run_clock(state);
  if (!traits(options.mode).chosen) return sink::probe_target(*state.control, state.target, *state.resolved);
  const TableShape shape = shape_of(*state.control, state.target);
  ServerFacts server{.array_binding = options.array_binding && state.control->supports_array_binding(),
                     .max_allowed_packet = state.control->max_allowed_packet()};
  resolve(state, choose_mode(shape, server, options));
  try {
    sink::probe_target(*state.control, state.target, *state.resolved);
  } catch (const Failure& refused) {
    if (refused.code() != ExitCode::local_infile || state.resolved->mode != Mode::load) throw;
    server.local_infile_refused = true;
    const ModeChoice instead = choose_mode(shape, server, options);
    if (instead.mode == Mode::load) throw;  // the options need LOAD DATA: its refusal stands (exit 6)
    spdlog::warn("the server refuses LOAD DATA LOCAL (local_infile=0): loading with prepared INSERTs");
    resolve(state, instead);
    sink::probe_target(*state.control, state.target, *state.resolved);
  }
}

}  // namespace fastload
