// --dry-run: after every check, the plan in words instead of the load (report::Summary::plan).
#include <fmt/core.h>

#include "sink/sink.h"
#include "run/state.h"

namespace fastload::run {
namespace {

std::string megabytes(std::uint64_t bytes) { return fmt::format("{:.1f} MB", bytes / 1e6); }

void plan_inputs(const RunState& state, std::vector<std::string>& plan) {
  for (const Input& input : state.inputs) {
    if (input.file) {
      std::uint64_t rows = 0;
      for (std::size_t c = input.first_chunk; c < input.first_chunk + input.chunk_count; ++c) rows += state.chunks[c].rows;
      plan.push_back(fmt::format("  {}: {}, {} row{} in {} chunk{} of about {}", input.name(),
                                 megabytes(input.file->bytes().size()), rows, rows == 1 ? "" : "s", input.chunk_count,
                                 input.chunk_count == 1 ? "" : "s", megabytes(input.chunk_size)));
    } else {
      plan.push_back(fmt::format("  {}: {}, cut into chunks of {} while it loads (its rows are counted then)",
                                 input.name(), what_stream(*input.stream), megabytes(input.chunk_size)));
    }
  }
}

// What the skipped passes would have done.
void plan_table(const plan::TablePlan& o, const RunState& state, std::vector<std::string>& plan) {
  if (o.load.atomic)
    plan.push_back(fmt::format("--atomic: the rows would go into a staging table like {}, published into it in one "
                               "transaction at the end", state.target.display));
  if (o.checkpoint.resume)
    plan.push_back(fmt::format("--resume: each chunk would be recorded in the ledger {}.{} (not read or created in a "
                               "dry run)", o.checkpoint.ledger_database.empty() ? o.database : o.checkpoint.ledger_database, o.checkpoint.ledger_table));
  if (o.load.defer_indexes)
    plan.push_back("--defer-indexes: the secondary indexes would be dropped for the load and re-created after it");
  else if (o.defer_indexes_if_empty)
    plan.push_back("secondary indexes: an empty InnoDB table's would be dropped for the load and re-created after "
                   "it (not on a Galera node; --keep-indexes keeps them)");
  if (state.auto_ids)
    plan.push_back(fmt::format("AUTO_INCREMENT column {}: numbered in file order from the table's next value",
                               state.auto_ids->column));
  for (const report::RowOrder& order : state.summary.row_order)
    plan.push_back(order.rows == 0 ? fmt::format("row order of {}: not checked: {}", order.file, order.reason)
                                   : fmt::format("row order of {}: {} of {} rows out of key order ({}): {}", order.file,
                                                 order.out_of_order, order.rows, order.key, order.reason));
}

}  // namespace

void plan_pass(const plan::TablePlan& o, RunState& state) {
  std::vector<std::string>& plan = state.summary.plan;
  plan.push_back(fmt::format("dry run: every check passed; nothing was loaded and {} is unchanged",
                             state.target.display));
  plan.push_back(fmt::format("would load {} file{} into {}:", state.inputs.size(), state.inputs.size() == 1 ? "" : "s",
                             state.target.display));
  plan_inputs(state, plan);
  const table::Target& target = state.destinations.empty() ? state.target : state.destinations.front().target;
  const table::AutoIds* ids = state.auto_ids ? &*state.auto_ids : nullptr;
  std::unique_ptr<sink::Sink> sink = sink::make_sink(*state.control, target, o, ids, state.inputs.front().path);
  const std::string& why = state.summary.mode_reason;
  plan.push_back(fmt::format("{} thread{}, each with its own connection{}; --mode {}{}: {}", state.summary.threads,
                             state.summary.threads == 1 ? "" : "s",
                             state.destinations.size() > 1 ? fmt::format(" to each of {} shards",
                                                                         state.destinations.size()) : "",
                             request::traits(o.mode).name, why.empty() ? "" : " (auto: " + why + ")", sink->method()));
  plan.push_back("each chunk is one transaction, its rows sent by: " + sink->statement());
  plan_table(o, state, plan);
}

}  // namespace fastload::run
