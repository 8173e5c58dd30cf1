// The load pass: the workers over every input, then the tally of their
// outcomes into the summary, the rejects file, and the checks a success needs.
#include "run/state.h"

#include <algorithm>
#include <fmt/core.h>
#include <fmt/ranges.h>
#include <spdlog/spdlog.h>
#include <tuple>

#include "load/load.h"
#include "order/order.h"
#include "shard/shard.h"
#include "table/table.h"
#include "text/text.h"
#include "db/db.h"

namespace fastload::run {
namespace {

// A shard-direct load's routers: one for each worker, reading the row's partitioning columns.
sink::MakeRowRouter row_routers(const plan::TablePlan& options, const RunState& state) {
  if (!state.shards.map) return {};
  const shard::ShardMap* map = &*state.shards.map;
  return [map, &options] { return std::make_unique<shard::ShardRouter>(*map, options.source.dialect); };
}

// What the summary says became of chunk i.
report::SpanState span_state(const RunState& state, std::size_t i) {
  const load::ChunkOutcome& o = state.outcomes[i];
  const Input& input = state.inputs[state.chunks[i].file];
  report::SpanState s;
  s.state = o.state;
  // A compressed pipe cannot be checked ahead: what was committed past its last check is named.
  s.unverified = o.state == ChunkState::committed && input.chunker && !input.ahead &&
                 state.chunks[i].end > input.chunker->verified();
  s.not_rolled_back = !o.left_behind.empty();
  if (o.state == ChunkState::committed || o.state == ChunkState::loaded_before) return s;
  for (std::size_t d = 0; d < o.parts.size(); ++d)  // a shard-direct chunk committed on some shards, not all
    if (o.parts[d] == ChunkState::committed || o.parts[d] == ChunkState::loaded_before)
      s.committed_on.push_back(state.destinations[d].shard);
  return s;
}

void tally(RunState& state) {
  report::Summary& s = state.summary;
  std::vector<report::SpanState> states;
  s.input_rows = 0;
  for (std::size_t i = 0; i < state.chunks.size(); ++i) {
    const load::ChunkOutcome& o = state.outcomes[i];
    for (std::size_t d = 0; d < o.rows_on.size() && d < s.shards.size(); ++d) s.shards[d].rows += o.rows_on[d];
    states.push_back(span_state(state, i));
    if (o.state == ChunkState::other_part) {  // neither loaded nor missing: not this process's
      ++s.chunks_other_parts;
      continue;
    }
    for (const auto& p : o.problems) {
      s.problems.push_back(p);
      s.warnings += p.unlisted ? p.unlisted : p.code ? 1 : 0;  // the server's count, not only the listed
    }
    if (o.state == ChunkState::committed) {
      s.duplicates_skipped += o.duplicates_skipped;
      s.rows_replaced += o.rows_replaced;
    }
    const Chunk& c = state.chunks[i];
    report::FileCounts& f = s.files[c.file];
    f.input_rows += c.rows;
    s.input_rows += c.rows;
    bool kept = o.state == ChunkState::committed || o.state == ChunkState::loaded_before;
    if (kept) {
      auto from = s.rejected.insert(s.rejected.end(), o.rejects.begin(), o.rejects.end());
      std::sort(from, s.rejected.end(), [](const Problem& a, const Problem& b) {
        return a.where.byte_offset < b.where.byte_offset;  // in file order (rounds of rejects are not)
      });
      f.rows_rejected += o.rejects.size();
    }
    if (o.state == ChunkState::committed) f.rows += c.rows - o.rejects.size();
    if (o.state != ChunkState::loaded_before) continue;
    ++s.chunks_loaded_before;
    s.rows_loaded_before += c.rows - o.rejects.size();
    f.rows_loaded_before += c.rows - o.rejects.size();
  }
  s.rows_rejected = s.rejected.size();
  s.chunks_not_read = 0;
  for (const Input& input : state.inputs)
    if (input.chunker) s.chunks_not_read += input.chunker->not_read();
  s.spans.clear();
  for (std::size_t i = 0; i < state.inputs.size(); ++i) {
    const Input& input = state.inputs[i];
    auto first = state.chunks.begin() + input.first_chunk;
    std::vector<report::ChunkSpan> spans = report::make_spans(
        {first, first + input.chunk_count},
        {states.begin() + input.first_chunk, states.begin() + input.first_chunk + input.chunk_count});
    for (report::ChunkSpan& span : spans) span.sorted = input.sorted != nullptr;
    s.spans.insert(s.spans.end(), spans.begin(), spans.end());
    if (std::optional<Chunk> rest = input.unread())
      s.spans.push_back(report::unread_span(*rest));  // the load stopped before the stream's end
  }
  s.rows = state.counters.committed_rows.load();
  s.bytes = state.counters.committed_bytes.load();
  s.chunks_committed = state.counters.committed_chunks.load();
}

// How each field's value is written in a rejects line: a JSON column's as its JSON text (as the JSON lines reader
// reads it back), else as its Parquet column's type says (numbers and booleans keep their JSON types), else a string.
std::vector<typed::JsonKind> json_kinds(const plan::TablePlan& options, const RunState& state) {
  std::vector<typed::JsonKind> kinds;
  for (const request::ColumnEntry& e : options.columns) {
    const table::Column* column = e.variable ? nullptr : table::find_column(state.target, e.name);
    typed::JsonKind kind = column && column->json ? typed::JsonKind::json : typed::JsonKind::string;
    if (state.parquet && kind == typed::JsonKind::string)
      for (const typed::ParquetColumn& c : *state.parquet)
        if (text::same_name(c.name, e.name)) {
          kind = c.kind;
          break;
        }
    kinds.push_back(kind);
  }
  return kinds;
}

// A typed input's rejected rows as JSON lines: a JSON lines file's own line where the file can be read again at
// the row's byte (a plain regular file), else the row's fields as an object of the fields' names.
void as_json_lines(const plan::TablePlan& options, const RunState& state, std::vector<table::RejectedRow>& rows) {
  std::vector<std::string> names;
  for (const request::ColumnEntry& c : options.columns) names.push_back(c.name);
  const std::vector<typed::JsonKind> kinds = json_kinds(options, state);
  for (table::RejectedRow& row : rows) {
    const Input& input = state.inputs.at(row.file);
    std::optional<std::string> line;
    if (options.format == request::InputFormat::json_lines && input.stream && input.stream->format() == input::Format::plain &&
        input.stream->random_access())
      line = typed::line_at(input.path, row.problem.where.byte_offset);
    row.text = line ? *line : typed::json_line(names, kinds, row.text);
  }
}

// The rows left out of the committed chunks, this run's and earlier runs', in file order.
void write_rejects_file(const plan::TablePlan& options, const RunState& state) {
  std::vector<table::RejectedRow> rows;
  for (std::size_t i = 0; i < state.outcomes.size(); ++i) {
    const load::ChunkOutcome& o = state.outcomes[i];
    if (o.state != ChunkState::committed && o.state != ChunkState::loaded_before) continue;
    for (std::size_t r = 0; r < o.rejects.size(); ++r)
      rows.push_back({state.chunks[i].file, o.rejects[r], o.rejected_text.at(r)});
  }
  if (options.format != request::InputFormat::text) as_json_lines(options, state, rows);
  table::write_rejects(options.rejects_file, std::move(rows));
}

// What the workers know of the inputs: their names, ledgers and row numbers, not how they are cut.
std::vector<load::JobInput> job_inputs(const RunState& state) {
  std::vector<load::JobInput> inputs;
  for (const Input& input : state.inputs) {
    std::vector<const table::Ledger*> ledgers;
    for (const auto& ledger : input.ledgers) ledgers.push_back(ledger.get());
    inputs.push_back({input.name(), std::move(ledgers), input.recorded.empty() ? nullptr : &input.recorded,
                      input.converted_last ? &*input.converted_last : nullptr, input.converted_last_rows,
                      input.rows_before, input.sorted != nullptr});
  }
  return inputs;
}

// Every input's chunks as one source, the mapped files' (those still to
// load) first, then the streams' as they are cut.
struct Sources {
  std::vector<std::unique_ptr<chunks::ChunkSource>> each;
  std::vector<const input::MappedFile*> mapped;

  Sources(const plan::TablePlan& options, const RunState& state) {
    // Sinks that parse the rows themselves read a guarded copy of a mapped chunk (chunks::MappedChunks).
    const request::SinkKind sink = request::traits(options.mode).sink;
    const bool copy = sink == request::SinkKind::prepared_insert || sink == request::SinkKind::text_insert || state.shards.map;
    std::vector<std::unique_ptr<chunks::ChunkSource>> streams;
    for (const Input& input : state.inputs) {
      if (input.chunker) {
        streams.push_back(std::make_unique<chunks::StreamedChunks>(*input.chunker, input.ahead.get()));
        continue;
      }
      std::vector<Chunk> todo;
      std::vector<std::size_t> todo_sorted;
      for (std::size_t i = input.first_chunk; i < input.first_chunk + input.chunk_count; ++i)
        if (state.outcomes[i].state == ChunkState::pending)
          todo.push_back(state.chunks[i]), todo_sorted.push_back(i - input.first_chunk);
      if (input.sorted)
        each.push_back(std::make_unique<order::SortedChunks>(*input.file, *input.sorted, std::move(todo_sorted),
                                                             order::held_budget(options.source.sort_memory)));
      else
        each.push_back(std::make_unique<chunks::MappedChunks>(*input.file, std::move(todo), copy));
      mapped.push_back(input.file.get());
    }
    std::move(streams.begin(), streams.end(), std::back_inserter(each));
  }
  std::vector<chunks::ChunkSource*> all() const {
    std::vector<chunks::ChunkSource*> sources;
    for (const auto& source : each) sources.push_back(source.get());
    return sources;
  }
};

// The book's chunks back into the run's list, each input's in order, as if
// the streams had been split before the load too.
void take_book(RunState& state, load::ChunkBook& book) {
  book.take(state.chunks, state.outcomes);
  std::size_t at = 0;
  for (std::size_t i = 0; i < state.inputs.size(); ++i) {
    Input& input = state.inputs[i];
    input.first_chunk = at;
    while (at < state.chunks.size() && state.chunks[at].file == i) ++at;
    input.chunk_count = at - input.first_chunk;
    if (input.chunker) state.summary.input_bytes += input.chunker->content_bytes();
  }
  state.summary.chunks = state.chunks.size();
}

// A table that cannot roll back keeps what failed chunks stored: the failure says exactly what, chunk by chunk.
Failure with_left_behind(const Failure& stopped, const RunState& state) {
  auto cannot = std::find_if(state.destinations.begin(), state.destinations.end(),
                             [](const sink::Destination& d) { return !d.target.transactional; });
  if (cannot == state.destinations.end()) return stopped;
  std::string message = stopped.what();
  for (const load::ChunkOutcome& o : state.outcomes)
    if (!o.left_behind.empty()) message += "\n" + o.left_behind;
  if (message == stopped.what())
    message += fmt::format("\nengine {} cannot roll back, but no chunk stored rows before the failure: "
                           "{} holds the committed chunks only", cannot->target.engine, cannot->target.display);
  return stopped.with_message(message);
}

}  // namespace

// What a table's load holds while the workers run: its chunk sources, their book, the job.
struct TableLoad::Parts {
  Sources sources;
  load::ChunkBook book;
  std::vector<load::JobInput> inputs;
  chunks::ChunkQueue queue;
  load::LoadJob job;
  std::unique_ptr<load::KeyBoard> board;  // when rows that share a key must load in order

  Parts(const plan::TablePlan& options, RunState& state)
      : sources(options, state),  // reads the outcomes, before they move into the book
        book(state.chunks, std::move(state.outcomes)),
        inputs(job_inputs(state)),
        queue(sources.all()),
        job{options, state.destinations, row_routers(options, state), inputs,
            state.auto_ids ? &*state.auto_ids : nullptr, {}, state.hook, &state.counters.sent_bytes, nullptr, {}} {
    job.connect = load::session_links(job, sources.mapped);
    job.gate = state.gate;
    job.keys_of = chunk_keys(options, state);
    job.given_ids = state.given_ids ? &*state.given_ids : nullptr;
    if (job.keys_of) board = std::make_unique<load::KeyBoard>();
  }
};

TableLoad::TableLoad(const plan::TablePlan& options, RunState& state)
    : options_(options), state_(state), parts_(std::make_unique<Parts>(options, state)) {
  work_.job = &parts_->job;
  work_.source = &parts_->queue;
  work_.book = &parts_->book;
  work_.counters = &state.counters;
  work_.board = parts_->board.get();
}

TableLoad::~TableLoad() = default;

Result<void> TableLoad::settle() {
  state_.summary.method = work_.method;
  return settle(work_.failed);
}

// The outcomes into the summary and the rejects file, and the failure that stopped the load, if any.
Result<void> TableLoad::settle(Result<void> stopped) {
  const plan::TablePlan& options = options_;
  RunState& state = state_;
  for (Input& input : state.inputs)  // the load is over: no decoding on behind it
    if (input.ahead) {
      input.ahead->stop();
      if (std::uint64_t spilled = input.ahead->spilled())
        spdlog::info("{}: {} MiB of chunks read ahead of their checks were held in --tmpdir {} (past "
                     "--sort-memory)", input.name(), (spilled + (1 << 20) - 1) >> 20, options.source.tmpdir);
    }
  take_book(state, parts_->book);
  tally(state);
  if (parts_->board) {
    state.summary.key_waits = parts_->board->waited();
    state.summary.key_wait_seconds = parts_->board->waited_seconds();
  }
  try {
    if (!options.rejects_file.empty()) write_rejects_file(options, state);
  } catch (const Failure& failure) {
    if (stopped.ok()) stopped = failure;
  }
  if (stopped.ok() && db::stop_signal() != 0)
    stopped = Failure(ExitCode::interrupted, fmt::format(
        "{}: stopped by signal {}: the chunks in flight were committed or abandoned (the server rolls an "
        "abandoned chunk back), and the ones listed below as not loaded are not in the table. {}", state.summary.file, db::stop_signal(), options.checkpoint.resume
        ? "Run the same command again (with --resume) to load the rest"
        : "Without --resume, nothing records what is loaded: reload the chunks not loaded, or give --resume "
          "from the first run next time"));
  const report::Summary& s = state.summary;
  if (stopped.ok() && s.problems.empty() && s.rows + s.rows_loaded_before + s.rows_rejected != s.input_rows)
    stopped = Failure(ExitCode::internal, fmt::format(
        "{}: the file has {} rows but {} were loaded, {} loaded before and {} rejected; please report "
        "this", state.summary.file, s.input_rows, s.rows, s.rows_loaded_before, s.rows_rejected));
  if (stopped.ok() && !state.summary.problems.empty())
    stopped = Failure(ExitCode::rejected, fmt::format(
        "{}: rows were rejected (see above); {}. Fix those rows, then reload the chunks that are not "
        "committed (listed below)", state.summary.file, std::all_of(state.destinations.begin(),
        state.destinations.end(), [](const sink::Destination& d) { return d.target.transactional; })
        ? "nothing of the rejected chunk was committed" : "what the rejected chunk left in the table is said below"));
  if (stopped.failed() && std::any_of(s.spans.begin(), s.spans.end(), [](const report::ChunkSpan& span) {
        return span.state.unverified;
      }))
    stopped = stopped.failure().with_message(fmt::format(
        "{}\nthe chunks listed as \"committed unverified\" came from compressed data read through a "
        "pipe, whose check (at the end of its member) failed or was not reached: their rows may be damaged. "
        "Check them; a compressed file named as a FILE is checked before any of it is committed",
        stopped.failure().what()));
  if (stopped.failed()) stopped = with_left_behind(stopped.failure(), state);
  return stopped;
}

}  // namespace fastload::run
