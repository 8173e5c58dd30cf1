// The load pass: the workers over every input, then the tally of their
// outcomes into the summary, the rejects file, and the checks a success needs.
#include "run/state.h"

#include <algorithm>
#include <fmt/core.h>
#include <fmt/ranges.h>
#include <tuple>

#include "shard/router.h"
#include "table/rejects.h"
#include "db/stop_signal.h"

namespace fastload {
namespace {

const char* state_name(load::ChunkState s) {
  switch (s) {
    case load::ChunkState::loaded_before: return "loaded before";
    case load::ChunkState::committed: return "committed";
    case load::ChunkState::rejected: return "rejected";
    case load::ChunkState::failed: return "failed";
    case load::ChunkState::unknown: return "unknown";
    case load::ChunkState::other_part: return "another part's";
    case load::ChunkState::pending: break;
  }
  return "not loaded";
}

// A shard-direct load's routers: one for each worker, reading the row's partitioning columns.
load::MakeRowRouter row_routers(const Options& options, const RunState& state) {
  if (!state.shards.map) return {};
  const shard::ShardMap* map = &*state.shards.map;
  return [map, &options] { return std::make_unique<shard::ShardRouter>(*map, options.dialect); };
}

// A shard-direct chunk whose parts were committed on some shards, not on all.
std::optional<std::string> partly_committed(const load::ChunkOutcome& o, const RunState& state) {
  if (o.state == load::ChunkState::committed || o.state == load::ChunkState::loaded_before) return std::nullopt;
  std::vector<std::string> shards;
  for (std::size_t d = 0; d < o.parts.size(); ++d)
    if (o.parts[d] == load::ChunkState::committed || o.parts[d] == load::ChunkState::loaded_before)
      shards.push_back(state.destinations[d].shard);
  if (shards.empty()) return std::nullopt;
  return fmt::format("{}: committed on shard {} only", state_name(o.state), fmt::join(shards, ", "));
}

void tally(RunState& state) {
  report::Summary& s = state.summary;
  std::vector<std::string> states;
  s.input_rows = 0;
  for (std::size_t i = 0; i < state.chunks.size(); ++i) {
    const load::ChunkOutcome& o = state.outcomes[i];
    const Input& input = state.inputs[state.chunks[i].file];
    // A compressed pipe cannot be checked ahead: what was committed past its last check is named.
    bool unverified = o.state == load::ChunkState::committed && input.chunker && !input.verifier &&
                      state.chunks[i].end > input.chunker->verified();
    for (std::size_t d = 0; d < o.rows_on.size() && d < s.shards.size(); ++d) s.shards[d].rows += o.rows_on[d];
    std::string name = partly_committed(o, state).value_or(state_name(o.state));
    if (!o.left_behind.empty()) name += " (not rolled back)";
    states.push_back(unverified ? "committed unverified" : name);
    if (o.state == load::ChunkState::other_part) {  // neither loaded nor missing: not this process's
      ++s.chunks_other_parts;
      continue;
    }
    for (const auto& p : o.problems) {
      s.problems.push_back(p);
      if (p.code) ++s.warnings;
    }
    if (o.state == load::ChunkState::committed) {
      s.duplicates_skipped += o.duplicates_skipped;
      s.rows_replaced += o.rows_replaced;
    }
    const Chunk& c = state.chunks[i];
    report::FileCounts& f = s.files[c.file];
    f.input_rows += c.rows;
    s.input_rows += c.rows;
    bool kept = o.state == load::ChunkState::committed || o.state == load::ChunkState::loaded_before;
    if (kept) {
      auto from = s.rejected.insert(s.rejected.end(), o.rejects.begin(), o.rejects.end());
      std::sort(from, s.rejected.end(), [](const Problem& a, const Problem& b) {
        return a.where.byte_offset < b.where.byte_offset;  // in file order (rounds of rejects are not)
      });
      f.rows_rejected += o.rejects.size();
    }
    if (o.state == load::ChunkState::committed) f.rows += c.rows - o.rejects.size();
    if (o.state != load::ChunkState::loaded_before) continue;
    ++s.chunks_loaded_before;
    s.rows_loaded_before += c.rows - o.rejects.size();
    f.rows_loaded_before += c.rows - o.rejects.size();
  }
  s.rows_rejected = s.rejected.size();
  s.spans.clear();
  for (std::size_t i = 0; i < state.inputs.size(); ++i) {
    const Input& input = state.inputs[i];
    auto first = state.chunks.begin() + input.first_chunk;
    std::vector<report::ChunkSpan> spans = report::make_spans(
        {first, first + input.chunk_count},
        {states.begin() + input.first_chunk, states.begin() + input.first_chunk + input.chunk_count});
    s.spans.insert(s.spans.end(), spans.begin(), spans.end());
    if (std::optional<Chunk> rest = input.chunker ? input.chunker->unread() : std::nullopt)
      s.spans.push_back(report::unread_span(*rest));  // the load stopped before the stream's end
  }
  s.rows = state.counters.committed_rows.load();
  s.bytes = state.counters.committed_bytes.load();
  s.chunks_committed = state.counters.committed_chunks.load();
}

// The rows left out of the committed chunks, this run's and earlier runs', in file order.
void write_rejects_file(const Options& options, const RunState& state) {
  std::vector<load::RejectedRow> rows;
  for (std::size_t i = 0; i < state.outcomes.size(); ++i) {
    const load::ChunkOutcome& o = state.outcomes[i];
    if (o.state != load::ChunkState::committed && o.state != load::ChunkState::loaded_before) continue;
    const Chunk& chunk = state.chunks[i];
    for (std::size_t r = 0; r < o.rejects.size(); ++r) {
      const Problem& p = o.rejects[r];
      // An earlier run's rejects are read again from the file (--resume needs a mapped file).
      std::string text = r < o.rejected_text.size() ? o.rejected_text[r] : load::row_text(
          state.inputs[chunk.file].file->bytes(), p.where.byte_offset, chunk, options.dialect);
      rows.push_back({chunk.file, p, std::move(text)});
    }
  }
  load::write_rejects(options.rejects_file, std::move(rows));
}

// The job the workers do: every input, mapped or streamed.
std::vector<load::JobInput> job_inputs(const RunState& state) {
  std::vector<load::JobInput> inputs;
  for (const Input& input : state.inputs) {
    std::vector<const load::Ledger*> ledgers;
    for (const auto& ledger : input.ledgers) ledgers.push_back(ledger.get());
    inputs.push_back({input.name(), input.file.get(), input.chunker.get(), input.verifier.get(), std::move(ledgers),
                      input.recorded.empty() ? nullptr : &input.recorded,
                      input.converted_last ? &*input.converted_last : nullptr, input.converted_last_rows,
                      input.rows_before});
  }
  return inputs;
}

// The streams' chunks into the chunk list, each input's in order after its
// mapped predecessors', as if they had been split before the load.
void merge_streamed(RunState& state, std::vector<load::StreamedChunk> streamed) {
  std::sort(streamed.begin(), streamed.end(), [](const load::StreamedChunk& a, const load::StreamedChunk& b) {
    return std::tie(a.chunk.file, a.chunk.index) < std::tie(b.chunk.file, b.chunk.index);
  });
  std::vector<Chunk> chunks;
  std::vector<load::ChunkOutcome> outcomes;
  auto from_stream = streamed.begin();
  for (std::size_t i = 0; i < state.inputs.size(); ++i) {
    Input& input = state.inputs[i];
    std::size_t first = chunks.size();
    if (input.chunker) {
      for (; from_stream != streamed.end() && from_stream->chunk.file == i; ++from_stream) {
        chunks.push_back(from_stream->chunk);
        outcomes.push_back(std::move(from_stream->outcome));
      }
    } else {
      chunks.insert(chunks.end(), state.chunks.begin() + input.first_chunk,
                    state.chunks.begin() + input.first_chunk + input.chunk_count);
      std::move(state.outcomes.begin() + input.first_chunk,
                state.outcomes.begin() + input.first_chunk + input.chunk_count, std::back_inserter(outcomes));
    }
    input.first_chunk = first;
    input.chunk_count = chunks.size() - first;
    if (input.chunker) state.summary.input_bytes += input.chunker->content_bytes();
  }
  state.chunks = std::move(chunks);
  state.outcomes = std::move(outcomes);
  state.summary.chunks = state.chunks.size();
}

// A table that cannot roll back keeps what failed chunks stored: the failure says exactly what, chunk by chunk.
Failure with_left_behind(const Failure& stopped, const RunState& state) {
  auto cannot = std::find_if(state.destinations.begin(), state.destinations.end(),
                             [](const load::Destination& d) { return !d.target.transactional; });
  if (cannot == state.destinations.end()) return stopped;
  std::string message = stopped.what();
  for (const load::ChunkOutcome& o : state.outcomes)
    if (!o.left_behind.empty()) message += "\nfastload: " + o.left_behind;
  if (message == stopped.what())
    message += fmt::format("\nfastload: engine {} cannot roll back, but no chunk stored rows before the failure: "
                           "{} holds the committed chunks only", cannot->target.engine, cannot->target.display);
  return Failure(stopped.code(), message);
}

}  // namespace

// Runs the workers; returns the failure that stopped them (a server error, or
// rejected rows) instead of throwing, so the barrier still runs.
std::optional<Failure> load_pass(const Options& options, RunState& state) {
  std::optional<Failure> stopped;
  std::vector<load::StreamedChunk> streamed;
  try {
    std::vector<load::JobInput> inputs = job_inputs(state);
    load::LoadJob job{options, state.destinations, row_routers(options, state), inputs,
                      state.chunks, state.auto_ids ? &*state.auto_ids : nullptr};
    load::load_chunks(job, state.outcomes, streamed, state.counters, state.summary.method);
  } catch (const Failure& failure) {
    stopped = failure;
  }
  merge_streamed(state, std::move(streamed));
  tally(state);
  try {
    if (!options.rejects_file.empty()) write_rejects_file(options, state);
  } catch (const Failure& failure) {
    if (!stopped) stopped = failure;
  }
  if (!stopped && load::stop_signal() != 0)
    stopped = Failure(ExitCode::interrupted, fmt::format(
        "fastload: {}: stopped by signal {}: the chunks in flight were committed or rolled back, the ones listed "
        "below as not loaded were not started. {}", state.summary.file, load::stop_signal(), options.resume
        ? "Run the same command again (with --resume) to load the rest"
        : "Without --resume, nothing records what is loaded: reload the chunks not loaded, or give --resume "
          "from the first run next time"));
  const report::Summary& s = state.summary;
  if (!stopped && s.problems.empty() && s.rows + s.rows_loaded_before + s.rows_rejected != s.input_rows)
    stopped = Failure(ExitCode::internal, fmt::format(
        "fastload: {}: the file has {} rows but {} were loaded, {} loaded before and {} rejected; please report "
        "this", state.summary.file, s.input_rows, s.rows, s.rows_loaded_before, s.rows_rejected));
  if (!stopped && !state.summary.problems.empty())
    stopped = Failure(ExitCode::rejected, fmt::format(
        "fastload: {}: rows were rejected (see above); {}. Fix those rows, then reload the chunks that are not "
        "committed (listed below)", state.summary.file, std::all_of(state.destinations.begin(),
        state.destinations.end(), [](const load::Destination& d) { return d.target.transactional; })
        ? "nothing of the rejected chunk was committed" : "what the rejected chunk left in the table is said below"));
  if (stopped && std::any_of(s.spans.begin(), s.spans.end(), [](const report::ChunkSpan& span) {
        return span.state == "committed unverified";
      }))
    stopped = Failure(stopped->code(), fmt::format(
        "{}\nfastload: the chunks listed as \"committed unverified\" came from compressed data read through a "
        "pipe, whose check (at the end of its member) failed or was not reached: their rows may be damaged. "
        "Check them; a compressed file named as a FILE is checked before any of it is committed",
        stopped->what()));
  if (stopped) stopped = with_left_behind(*stopped, state);
  return stopped;
}

}  // namespace fastload
