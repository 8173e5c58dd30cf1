// --mode auto made concrete, once, in the connect pass: the table's shape and the server's facts go to
// choose_mode (plan/auto_mode.h), and every later pass reads the plan it completed.
#include <fmt/core.h>
#include <fmt/ranges.h>
#include <spdlog/spdlog.h>

#include "plan/plan.h"
#include "run/state.h"
#include "sink/sink.h"
#include "table/table.h"
#include "text/text.h"

namespace fastload::run {
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

plan::TableShape shape_of(db::Session& session, const table::Target& t) {
  return {.innodb = text::same_name(t.engine, "InnoDB"), .max_row_bytes = max_row_bytes(session, t)};
}

void resolve(plan::TablePlan& plan, RunState& state, const plan::ModeChoice& choice) {
  plan.mode = choice.mode;
  state.summary.mode = request::traits(choice.mode).name;
  state.summary.mode_reason = choice.reason;
  spdlog::info("{}: mode {} (auto: {})", state.target.display, state.summary.mode, choice.reason);
}

// The run's time in the statements (table/run_clock.h): the user's options chose the mode, the statements carry
// the time; warns of what keeps each statement's own.
void give_run_clock(plan::TablePlan& plan, RunState& state) {
  table::ClockedAssignments clocked = table::with_run_clock(state.target, plan, state.pins.clock);
  plan.set = std::move(clocked.set);
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

void resolve_mode(plan::TablePlan& options, RunState& state) {
  const plan::TablePlan asked = options;  // the mode is chosen by the user's --set, not the clock's additions
  give_run_clock(options, state);
  if (!request::traits(options.mode).chosen) return sink::probe_target(*state.control, state.target, options);
  const plan::TableShape shape = shape_of(*state.control, state.target);
  plan::ServerFacts server{.array_binding = options.load.array_binding && state.control->supports_array_binding(),
                     .max_allowed_packet = state.control->max_allowed_packet()};
  resolve(options, state, plan::choose_mode(shape, server, asked));
  try {
    sink::probe_target(*state.control, state.target, options);
  } catch (const Failure& refused) {
    if (refused.code() != ExitCode::local_infile || options.mode != request::Mode::load) throw;
    server.local_infile_refused = true;
    const plan::ModeChoice instead = plan::choose_mode(shape, server, asked);
    if (instead.mode == request::Mode::load) throw;  // the options need LOAD DATA: its refusal stands (exit 6)
    spdlog::warn("the server refuses LOAD DATA LOCAL (local_infile=0): loading with prepared INSERTs");
    resolve(options, state, instead);
    sink::probe_target(*state.control, state.target, options);
  }
}

}  // namespace fastload::run
