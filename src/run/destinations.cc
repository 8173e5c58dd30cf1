// Where the rows go: the target table (or --atomic's stage), or, for a Spider
// table loaded shard-direct, the remote table of each shard, each checked as
// the target is; and the barrier and --analyze on every server that got rows.
#include "run/state.h"

#include <fmt/core.h>
#include <fmt/ranges.h>
#include <spdlog/spdlog.h>

#include "cli/cli.h"
#include "sink/sink.h"
#include "table/table.h"

namespace fastload::run {
namespace {

// A shard's table, checked on its server like the target on the head. The
// fields fill the head's columns by name, whatever the order of the shard's.
sink::Destination shard_destination(const plan::TablePlan& options, const RunState& state, const shard::Shard& shard) {
  sink::Destination d(options);
  d.shard = shard.name;
  d.connection = shard.connection;
  d.password = shard.password;
  d.plan.database = shard.database;
  d.plan.table = shard.table;
  if (d.plan.columns.empty())
    for (const table::Column* column : table::default_columns(state.target))
      d.plan.columns.push_back({column->name, false});
  try {
    d.control = std::make_unique<db::Session>(d.connection, d.password);
    d.pins = state.pins;
    db::pin_session(*d.control, d.pins);
    d.target = table::check_target(*d.control, d.plan);
    sink::probe_target(*d.control, d.target, d.plan);
  } catch (const db::ServerError&) {  // one nothing explained goes on as it is, without the shard's name
    throw;
  } catch (const Failure& f) {
    throw Failure(f.code(), fmt::format("{} (shard {} of the Spider table {})", f.what(), shard.name,
                                        state.target.display));
  }
  return d;
}

}  // namespace

db::Session& control_of(RunState& state, std::size_t d) {
  return state.destinations[d].control ? *state.destinations[d].control : *state.control;
}

void plan_shards(const plan::TablePlan& options, RunState& state) {
  state.shards = shard::plan_shards(*state.control, state.target, options, state.password, cli::read_connection_file);
  if (!state.shards.head_because.empty())
    spdlog::warn("{} is a Spider table; it is loaded through its head server, not straight into its shards: {}",
                 state.target.display, state.shards.head_because);
  state.summary.via_head = state.shards.head_because;
}

void plan_destinations(const plan::TablePlan& options, RunState& state) {
  if (!state.shards.map) {
    sink::Destination d(options);
    d.connection = options.connection;
    d.password = state.password;
    d.target = state.stage ? state.stage->target : state.target;
    d.pins = state.pins;
    state.destinations.push_back(std::move(d));
  } else {
    for (const shard::Shard& shard : state.shards.map->shards)
      state.destinations.push_back(shard_destination(options, state, shard));
    for (const sink::Destination& d : state.destinations) state.summary.shards.push_back({d.shard, 0});
  }
  // Leaving a row out means rolling its chunk back and sending the rest again.
  if (options.conflicts.max_errors > 0)
    for (const sink::Destination& to : state.destinations)
      table::require_transactional(to.target, ExitCode::usage, "--max-errors", "its chunk holding a bad row cannot be "
                                  "rolled back and sent again without that row: the server has already stored the "
                                  "chunk's other rows (and the bad one, changed), so they would be stored twice",
                                  "Load without --max-errors (a bad row then stops the load, which says exactly "
                                  "what its chunk left in the table)", to.where());
}

void make_destinations_durable(RunState& state) {
  if (!state.shards.map) {
    table::Durability d = table::make_durable(*state.control, state.target);
    state.summary.durable = d.durable;
    state.summary.durability = d.how;
    spdlog::debug("barrier returned: {}", d.how);
    return;
  }
  bool durable = true;
  std::vector<std::string> how;
  for (sink::Destination& to : state.destinations) {
    table::Durability d = table::make_durable(*to.control, to.target);
    durable = durable && d.durable;
    how.push_back(fmt::format("shard {}: {}", to.shard, d.how));
  }
  state.summary.durable = durable;
  state.summary.durability = fmt::format("{}", fmt::join(how, " "));
  spdlog::debug("barrier returned: {}", state.summary.durability);
}

void analyze_destinations(RunState& state) {
  if (!state.shards.map) return table::analyze(*state.control, state.target);
  for (sink::Destination& to : state.destinations) table::analyze(*to.control, to.target);
}

}  // namespace fastload::run
