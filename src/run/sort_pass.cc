// The sort pass: each mapped file whose rows are out of the table's key order
// is loaded in key order (order/sorter.h), so the server appends to its index
// instead of writing into random pages of it (docs/design.md, "Row order").
#include "run/state.h"

#include <algorithm>
#include <fmt/core.h>
#include <fmt/ranges.h>
#include <variant>

#include "db/db.h"
#include "order/order.h"

namespace fastload::run {

const LoadKeys& table_keys(const plan::TablePlan& options, RunState& state) {
  if (!state.keys) state.keys = load_keys(options, state);
  return *state.keys;
}

std::function<chunks::ChunkKeys(const chunks::ChunkText&)> chunk_keys(const plan::TablePlan& options, RunState& state) {
  if (options.whole_file()) return {};
  const LoadKeys& keys = table_keys(options, state);
  if (keys.triggers) return [](const chunks::ChunkText&) { return chunks::ChunkKeys{{}, true}; };
  if (keys.keys.empty() || !order_decides(options)) return {};
  return [&keys = keys.keys, &dialect = options.source.dialect](const chunks::ChunkText& text) {
    order::KeyRows reader(dialect, keys);
    return reader.chunk_keys(text.bytes);
  };
}

namespace {

// The row-order work of an input (its keys read, sorted, spooled) stopped at a signal: nothing is loaded yet.
std::function<void()> stop_check(const Input& input, const char* doing) {
  return [name = input.name(), doing] {
    if (db::stop_signal() != 0)
      throw Failure(ExitCode::interrupted, fmt::format("{}: stopped by signal {} while {}; none of its rows were loaded: run "
                                                       "the same command again", name, db::stop_signal(), doing));
  };
}

// The key the rows of this load are sorted by, or why they are not.
std::variant<const order::IndexKey*, std::string> sort_key(const plan::TablePlan& options, RunState& state) {
  if (!options.source.sort) return std::string("--no-sort");
  if (options.whole_file()) return fmt::format("--mode {} sends the file in one statement", request::traits(options.mode).name);
  if (state.auto_ids) return std::string("AUTO_INCREMENT ids are numbered in file order");
  if (state.given_ids) return std::string("the ids the server makes up for NULL or 0 are numbered in file order");
  const LoadKeys& keys = table_keys(options, state);
  if (keys.triggers) return std::string("the table has triggers, which see the rows in file order");
  if (const auto* why = std::get_if<std::string>(&keys.clustered)) return *why;
  return &keys.keys[std::get<std::size_t>(keys.clustered)];
}

std::string kept_in_file_order(const std::string& why) {
  return fmt::format("out of key order, loaded in file order: sorting could reorder rows that share a key ({})", why);
}

// What the order check found, for the summary.
void say_checked(const order::OrderFacts& facts, report::RowOrder& said) {
  said.rows = facts.rows;
  said.out_of_order = facts.descents;
  said.check_seconds = facts.seconds;
  said.cpu_seconds = facts.cpu_seconds;
}

void sort_input(const plan::TablePlan& options, RunState& state, std::size_t index, const order::IndexKey& key,
                report::RowOrder& said) {
  Input& input = state.inputs[index];
  const std::vector<Chunk> chunks(state.chunks.begin() + input.first_chunk,
                                  state.chunks.begin() + input.first_chunk + input.chunk_count);
  const order::FileRows rows{input.file->bytes(), &chunks, &options.source.dialect,
                             stop_check(input, "reading its rows' keys to sort them")};
  // A look at a few chunks first: a file out of order is then read once, by the sort, which counts exactly.
  // Where the look finds no descent, the load goes in file order without reading every key (the whole check
  // cost a quarter of the client's CPU): loading in file order is always exact, and only a file out of order
  // in chunks the look did not read would load slower than sorted. --dry-run reads every key.
  order::OrderFacts facts = order::check_order(rows, key, options.load.threads, 2 * std::max(options.load.threads, 2u));
  const bool clean_look = facts.descents == 0 && facts.unread == 0 && !options.output.dry_run;
  if (!clean_look && (!order::worth_sorting(facts) || options.output.dry_run))
    facts = order::check_order(rows, key, options.load.threads);
  say_checked(facts, said);
  if (!order::worth_sorting(facts)) {
    said.reason = facts.descents > 0 ? "nearly in key order"
                  : facts.sampled     ? fmt::format("in key order (read: {} rows, spread over the file)", facts.rows)
                                      : "in key order";
    return;
  }
  // Rows that share a key must stay in file order where the order decides which one stays: with another unique
  // key, every row's keys are read first; with the clustered key alone, the sort reads them (below).
  const std::vector<order::IndexKey>& keys = table_keys(options, state).keys;
  if (order_decides(options) && keys.size() > 1) {
    const std::optional<std::string> why =
        order::sorting_keeps_winners(rows, keys, options.load.threads, order::sort_budget(options.source.sort_memory));
    if (why) return void(said.reason = kept_in_file_order(*why));
  }
  if (options.output.dry_run) {
    said.reason = "out of key order: the load would sort it";
    return;
  }
  // The chunk size the ledger records is the sorted chunks' (--resume makes the same ones).
  const std::uint64_t split_size = input.chunk_size;
  if (!options.source.chunk_size) input.chunk_size = order::sorted_chunk_size(options.source.sort_memory, input.chunk_size);
  // The orders of the files sorted before this one stay for the load: the sort has what they leave.
  std::uint64_t held = 0;
  for (const Input& other : state.inputs) held += other.sorted ? other.sorted->held_bytes() : 0;
  const std::uint64_t budget = order::sort_budget(options.source.sort_memory);
  const order::SortLimits limits{std::max<std::uint64_t>(budget - std::min(held, budget), 4u << 20), options.source.tmpdir,
                                 input.chunk_size, options.load.threads};
  input.sorted = std::make_unique<order::SortedOrder>(rows, key, limits, index);
  if (order_decides(options) && input.sorted->facts().unread > 0) {
    said.reason = kept_in_file_order(fmt::format("line {}: a value of the key that fastload does not read as the "
                                                 "index does", input.sorted->facts().unread_line));
    input.sorted.reset();
    input.chunk_size = split_size;
    return;
  }
  said.rows = input.sorted->facts().rows;
  said.out_of_order = input.sorted->facts().descents;
  said.sorted = true;
  said.reason = "out of key order";
  said.sort_seconds = input.sorted->seconds;
  said.cpu_seconds += input.sorted->cpu_seconds;
  said.spilled_bytes = input.sorted->spilled_bytes();
  said.runs = input.sorted->runs();
}

// Why a file or stream is loaded as it is, or the sort of a mapped file (sort_input).
void order_input(const plan::TablePlan& options, RunState& state, std::size_t index) {
  Input& input = state.inputs[index];
  if (input.stream_order) return state.summary.row_order.push_back(*input.stream_order);  // a stream, as judged
  const bool mapped = input.file && input.chunk_count > 0;
  if (options.convert_charset || (!mapped && !input.chunker)) return;
  const std::variant<const order::IndexKey*, std::string> key = sort_key(options, state);
  const order::IndexKey* k = key.index() == 0 ? std::get<0>(key) : nullptr;
  if (!mapped && k) return;  // a stream of no rows
  report::RowOrder said;
  said.file = input.name();
  said.spooled_bytes = input.spooled_bytes;
  if (k) {
    said.key = k->name;
    sort_input(options, state, index, *k, said);
  } else {
    said.reason = std::get<std::string>(key);
  }
  state.summary.row_order.push_back(said);
}

}  // namespace

void sort_inputs(const plan::TablePlan& options, RunState& state) {
  std::vector<Chunk> all;
  for (std::size_t i = 0; i < state.inputs.size(); ++i) {
    Input& input = state.inputs[i];
    const std::size_t first = all.size();
    order_input(options, state, i);
    if (input.sorted) {
      for (Chunk c : input.sorted->chunks()) all.push_back((c.file = i, c));
    } else {
      all.insert(all.end(), state.chunks.begin() + input.first_chunk,
                 state.chunks.begin() + input.first_chunk + input.chunk_count);
    }
    input.first_chunk = first;
    input.chunk_count = all.size() - first;
  }
  state.chunks = std::move(all);
}

bool spool_unsorted_stream(const plan::TablePlan& options, RunState& state, std::size_t index) {
  Input& input = state.inputs[index];
  // A converted stream's rows (a charset's, a SQL dump's, a typed input's) name the file's lines and bytes, and
  // the rows it refused, only through the stream's maps, which a copy of its content would lose: loaded in their
  // order.
  if (!input.chunker || input.stream->converted()) return false;
  const std::variant<const order::IndexKey*, std::string> sorted_by = sort_key(options, state);
  if (sorted_by.index() != 0) return false;  // the sort pass says why, as for a file
  const order::IndexKey* key = std::get<0>(sorted_by);
  const chunks::StreamChunk* first = input.chunker->peek();
  if (!first) return false;
  std::vector<Chunk> chunks{first->chunk};
  chunks[0].begin = 0;  // offsets in first->bytes
  chunks[0].end = first->bytes.size();
  const order::OrderFacts facts =
      order::check_order({first->bytes, &chunks, &options.source.dialect, stop_check(input, "reading its keys")}, *key,
                         options.load.threads);
  if (!order::worth_sorting(facts) || options.output.dry_run) {
    report::RowOrder said;
    said.file = input.name();
    said.key = key->name;
    say_checked(facts, said);
    said.reason = !order::worth_sorting(facts) ? "its first chunk is in key order (a stream is judged by it)"
                                               : "its first chunk is out of key order: the load would sort it";
    input.stream_order = said;
    return false;
  }
  input::SpillFile spill(options.source.tmpdir);
  const std::function<void()> check_stop = stop_check(input, "spooling it to --tmpdir to sort it");
  input.chunker->drain([&](std::string_view bytes) {
    check_stop();
    spill.append(bytes);
  });
  input.file = std::make_unique<input::MappedFile>(spill, input.name());
  input.spooled_bytes = spill.size();
  input.chunker.reset();  // input.stream stays: its name, and what it is (a pipe cannot be read again)
  return true;
}

}  // namespace fastload::run
