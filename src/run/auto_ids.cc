// AUTO_INCREMENT ids in file order (table/auto_ids.h): which column fastload
// numbers, from which id (the table's next value, or what an earlier --resume
// run of the load began with), and the table's counter moved past the ids the
// load takes, as one LOAD DATA leaves it.
#include "base/base.h"
#include "run/state.h"
#include "text/text.h"

#include <fmt/core.h>
#include <numeric>
#include <spdlog/spdlog.h>

namespace fastload::run {
namespace {

std::uint64_t pinned(const RunState& state, std::string_view variable) {
  const std::string* value = state.pins.value_of(variable);
  return value ? std::stoull(*value) : 1;
}

Failure cannot_number(const RunState& state, const std::string& why) {
  return Failure(ExitCode::usage, fmt::format(
      "{} has the AUTO_INCREMENT column {} that the file does not give, and fastload numbers such rows in "
      "file order as one LOAD DATA does; {}. Give the ids in the file (--columns naming the column)",
      state.target.display, text::quote_identifier(state.auto_ids->column), why));
}

// The ids from the ledger of an earlier run of this load, or nullopt.
std::optional<std::pair<std::uint64_t, std::uint64_t>> recorded_ids(RunState& state) {
  for (const Input& input : state.inputs)
    if (!input.ledgers.empty())
      if (auto ids = input.ledgers.front()->recorded_ids(*state.control)) return ids;
  return std::nullopt;
}

// The load's rows, when every input is a file split before the load.
std::optional<std::uint64_t> total_rows(const RunState& state) {
  for (const Input& input : state.inputs)
    if (!input.file) return std::nullopt;
  return std::accumulate(state.chunks.begin(), state.chunks.end(), std::uint64_t{0},
                         [](std::uint64_t sum, const Chunk& c) { return sum + c.rows; });
}

// The table's counter moved to `after` unless it is already past it.
void move_counter_to(RunState& state, std::uint64_t after) {
  if (table::next_auto_increment(*state.control, state.target) >= after) return;
  table::move_auto_increment(*state.control, state.target, after);
  // The ALTER gives the table a new creation time, which the ledgers compare: theirs is the table's now.
  if (!state.stage)
    for (Input& input : state.inputs)
      for (auto& ledger : input.ledgers)
        ledger->set_table_identity(table::table_identity(*state.control, state.target.database, state.target.table));
}

// The counter one LOAD DATA of `rows` rows leaves.
void move_counter(RunState& state, std::uint64_t rows) {
  const table::AutoIds& ids = *state.auto_ids;
  move_counter_to(state, ids.base + table::ids_taken(rows, state.target.engine) * ids.increment);
}

table::IdSeries series(const RunState& state) {
  return {std::max<std::uint64_t>(pinned(state, "auto_increment_increment"), 1),
          pinned(state, "auto_increment_offset")};
}

// Each FILE's rows_before, when every input is a FILE split before the load; false otherwise.
bool count_rows_before(RunState& state) {
  std::uint64_t before = 0;
  for (Input& input : state.inputs) {
    if (!input.file) return false;
    input.rows_before = before;
    for (std::size_t c = input.first_chunk; c < input.first_chunk + input.chunk_count; ++c)
      before += state.chunks[c].rows;
  }
  return true;
}

// The first cursor: recorded by an earlier run of the load (--resume), or the table's next value, recorded.
// Then the counter is moved past the ids the load gives, so that no other writer takes one of them.
void number_given_ids(RunState& state) {
  table::GivenIdPlan& plan = *state.given_ids;
  const table::IdSeries ids = series(state);
  std::uint64_t first = 0;
  if (auto recorded = recorded_ids(state)) {
    first = recorded->first;
  } else {
    first = table::first_id(table::next_auto_increment(*state.control, state.target), ids.increment, ids.offset);
    for (const Input& input : state.inputs)
      for (const auto& ledger : input.ledgers)
        state.control->execute(ledger->record_ids(*state.control, first, ids.increment));
  }
  plan.start_at(first);
  spdlog::debug("{}: the ids the server makes up in column {} numbered from {}", state.target.display,
                plan.ids.column(), first);
  if (!state.stage) move_counter_to(state, plan.end());
}

}  // namespace

void plan_auto_ids(const plan::TablePlan& options, RunState& state) {
  const table::Column* column = table::unfilled_auto_increment(state.target, options);
  if (!column) return;
  state.auto_ids.emplace();
  state.auto_ids->column = column->name;
  if (state.shards.map || !state.shards.head_because.empty())
    throw cannot_number(state, "a Spider table's shards each keep their own counter");
  if (options.scale.parts > 1)
    throw cannot_number(state, "with --part each process would read the table's next value on its own");
  table::check_numbering(*state.control, state.target, *column);
}

void plan_given_ids(const plan::TablePlan& options, RunState& state) {
  if (state.auto_ids || options.output.dry_run) return;
  table::GivenIds ids(state.target, options, table::zero_is_a_value(*state.control), series(state));
  // Spider's shards keep counters of their own; --part's processes would each read the table's; a stream's
  // rows are read only as it loads: their NULL or 0 ids are refused row by row (table::made_up_id).
  if (!ids.fills() || state.shards.map || !state.shards.head_because.empty() || options.scale.parts > 1 ||
      !count_rows_before(state))
    return;
  table::GivenIdPlan plan{std::move(ids), {}, {}};
  plan.steps.resize(state.chunks.size());
  for (const Input& input : state.inputs)
    for (std::size_t c = input.first_chunk; c < input.first_chunk + input.chunk_count; ++c)
      plan.steps[c].first = input.rows_before + state.chunks[c].first_row;
  parallel_for(state.chunks.size(), options.load.threads, [&](std::size_t c, unsigned) {
    const Input& input = state.inputs[state.chunks[c].file];
    plan.steps[c].second = plan.ids.step(input.file->bytes(), state.chunks[c]);
  });
  if (plan.makes_up_ids()) state.given_ids.emplace(std::move(plan));
}

void number_rows(const plan::TablePlan& /*options: every pass takes them*/, RunState& state) {
  if (state.given_ids) number_given_ids(state);
  if (!state.auto_ids) return;
  table::AutoIds& ids = *state.auto_ids;
  std::uint64_t before = 0;
  for (std::size_t i = 0; i < state.inputs.size(); ++i) {
    Input& input = state.inputs[i];
    input.rows_before = before;
    if (input.file) {
      for (std::size_t c = input.first_chunk; c < input.first_chunk + input.chunk_count; ++c)
        before += state.chunks[c].rows;
    } else if (i + 1 < state.inputs.size()) {
      throw cannot_number(state, fmt::format("{} is {}, whose rows are counted only as it loads, and the FILEs "
                                             "after it are numbered after its rows (or load each FILE in a run of "
                                             "its own, in order: each numbers from where the last left the table)",
                                             input.name(), what_stream(*input.stream)));
    }
  }
  if (auto recorded = recorded_ids(state)) {  // --resume: the rest numbered as the first run began
    std::tie(ids.base, ids.increment) = *recorded;
  } else {
    ids.increment = std::max<std::uint64_t>(pinned(state, "auto_increment_increment"), 1);
    ids.base = table::first_id(table::next_auto_increment(*state.control, state.target), ids.increment,
                              pinned(state, "auto_increment_offset"));
    for (const Input& input : state.inputs)
      for (const auto& ledger : input.ledgers) state.control->execute(ledger->record_ids(*state.control, ids.base,
                                                                                           ids.increment));
  }
  spdlog::debug("{}: column {} numbered from {} by {}", state.target.display, ids.column, ids.base, ids.increment);
  // Other writers during the load take no id of its range; --atomic leaves the target as it was until the publish.
  if (auto rows = total_rows(state); rows && !state.stage) move_counter(state, *rows);
}

void finish_auto_ids(RunState& state) {
  if (state.auto_ids) move_counter(state, state.summary.input_rows);
}

}  // namespace fastload::run
