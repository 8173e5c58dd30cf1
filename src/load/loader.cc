#include "load/loader.h"

#include <algorithm>
#include <limits>
#include <mutex>
#include <fmt/core.h>
#include <spdlog/spdlog.h>

#include "base/errors.h"
#include "base/parallel_for.h"
#include "load/chunk_transaction.h"
#include "db/stop_signal.h"
#include "load/worker.h"
#include "text/row_scanner.h"

namespace fastload::load {

void locate(std::vector<Problem>& problems, const ChunkText& text, const std::string& name,
            const Dialect& dialect) {
  const split::RowScanner scanner(dialect);
  const Chunk& chunk = text.chunk;
  for (Problem& p : problems) {
    p.chunk_index = chunk.index;
    p.where = {name, 0, text.file_offset(0)};
    if (p.row_in_chunk == 0 || p.row_in_chunk > chunk.rows) continue;
    auto at = scanner.locate_row(text.bytes, text.local(), p.row_in_chunk);
    p.where.line = at.line;
    p.where.byte_offset = text.file_offset(at.byte_offset);
  }
}

namespace {

// The streams' chunks, one stream after the other, for workers that have
// taken every mapped chunk.
class StreamQueue {
 public:
  explicit StreamQueue(const LoadJob& job) {
    for (const JobInput& input : job.inputs)
      if (input.stream) streams_.push_back(input.stream);
  }
  bool empty() const { return streams_.empty(); }

  // The next chunk, or nothing when every stream has ended.
  std::optional<input::StreamChunk> next() {
    for (std::size_t s = current_.load(); s < streams_.size(); ++s) {
      if (auto piece = streams_[s]->next()) return piece;
      std::size_t seen = s;  // ended: later callers start after it
      current_.compare_exchange_strong(seen, s + 1);
    }
    return std::nullopt;
  }

 private:
  std::vector<input::StreamChunks*> streams_;
  std::atomic<std::size_t> current_{0};  // the first stream not known to have ended; any worker advances it
};

// --resume on a stream: whether an earlier run committed `text`'s chunk, as
// the ledgers say (checked to be this chunk), with the rows it left out; a
// shard-direct load's parts each as its shard's ledger says.
bool loaded_before(const ChunkText& text, const LoadJob& job, ChunkOutcome& outcome) {
  const JobInput& input = job.inputs[text.chunk.file];
  if (!input.recorded) return false;
  outcome.parts.assign(job.destinations.size(), ChunkState::pending);
  outcome.rows_on.assign(job.destinations.size(), 0);
  const LedgerEntry* entry = nullptr;
  for (std::size_t d = 0; d < job.destinations.size(); ++d) {
    auto found = (*input.recorded)[d].find(text.chunk.index);
    if (found == (*input.recorded)[d].end()) continue;
    input.ledgers[d]->check_recorded(found->second, &text.chunk);
    outcome.parts[d] = ChunkState::loaded_before;
    entry = &found->second;
  }
  if (!entry) return false;
  outcome.rejects = entry->rejects;
  locate(outcome.rejects, text, input.name, job.options.dialect);
  for (const Problem& p : outcome.rejects) outcome.rejected_text.push_back(text_of(p, text, job.options.dialect));
  if (std::count(outcome.parts.begin(), outcome.parts.end(), ChunkState::loaded_before) <
      static_cast<std::ptrdiff_t>(outcome.parts.size()))
    return false;  // the other parts are still to load
  outcome.state = ChunkState::loaded_before;
  return true;
}

// Adds a committed chunk to the counters the progress line reads.
void count_committed(const Chunk& chunk, const ChunkOutcome& outcome, std::uint64_t input_bytes,
                     LoadCounters& counters) {
  counters.committed_bytes.fetch_add(chunk.size(), std::memory_order_relaxed);
  counters.committed_rows.fetch_add(chunk.rows - outcome.rejects.size(), std::memory_order_relaxed);
  counters.committed_chunks.fetch_add(1, std::memory_order_relaxed);
  counters.input_bytes_done.fetch_add(input_bytes, std::memory_order_relaxed);
}

}  // namespace

void load_chunks(const LoadJob& job, std::vector<ChunkOutcome>& outcomes, std::vector<StreamedChunk>& streamed,
                 LoadCounters& counters, std::string& method) {
  std::vector<std::size_t> todo;
  for (std::size_t i = 0; i < outcomes.size(); ++i)
    if (outcomes[i].state == ChunkState::pending) todo.push_back(i);
  StreamQueue streams(job);
  // Indexes past `todo` are the streams' chunks, as many as they hold.
  std::size_t count = streams.empty() ? todo.size() : std::numeric_limits<std::size_t>::max();
  unsigned threads = static_cast<unsigned>(std::min<std::size_t>(job.options.threads, count));
  // Connect every worker before the first chunk, so a refused connection fails
  // the load before anything is committed.
  std::vector<Worker> workers(threads);
  for (Worker& w : workers) connect(w, job);
  method = workers.empty() ? "" : workers[0].links[0].sink->method();
  std::mutex streamed_mutex;  // guards `streamed`, which every worker appends to
  std::atomic<bool> stop{false};  // set by the first worker whose chunk is rejected, or by parallel_for on a throw
  auto after = [&](const Chunk& chunk, const ChunkOutcome& outcome, std::uint64_t input_bytes) {
    if (outcome.state == ChunkState::rejected) stop.store(true, std::memory_order_release);
    if (outcome.state == ChunkState::other_part)  // read to cut it, so progress counts its compressed bytes
      counters.input_bytes_done.fetch_add(input_bytes, std::memory_order_relaxed);
    if (outcome.state != ChunkState::committed) return;
    count_committed(chunk, outcome, input_bytes, counters);
    spdlog::debug("{}: committed", describe(chunk, job));
  };
  parallel_for(count, threads, stop, [&](std::size_t next, unsigned worker) {
    if (stop_signal() != 0) {
      stop.store(true, std::memory_order_release);
      return;
    }
    if (next < todo.size()) {
      const Chunk& chunk = job.chunks[todo[next]];
      const input::MappedFile& file = *job.inputs[chunk.file].file;
      ChunkOutcome& outcome = outcomes[todo[next]];
      load_chunk(workers[worker], {chunk, file.bytes().substr(chunk.begin, chunk.size())}, job, counters, outcome);
      file.release(chunk.begin, chunk.end);
      return after(chunk, outcome, chunk.size());
    }
    std::optional<input::StreamChunk> piece = streams.next();
    if (!piece) return stop.store(true, std::memory_order_release);
    ChunkOutcome outcome;
    try {
      const ChunkText text{piece->chunk, piece->bytes, piece->verified, piece->last, piece->offsets.get()};
      if (!job.options.in_part(text.chunk.file, text.chunk.index)) outcome.state = ChunkState::other_part;
      else if (!loaded_before(text, job, outcome)) load_chunk(workers[worker], text, job, counters, outcome);
    } catch (...) {
      std::lock_guard<std::mutex> lock(streamed_mutex);
      streamed.push_back({piece->chunk, std::move(outcome)});
      throw;
    }
    after(piece->chunk, outcome, piece->raw_bytes);
    std::lock_guard<std::mutex> lock(streamed_mutex);
    streamed.push_back({piece->chunk, std::move(outcome)});
  });
}

}  // namespace fastload::load
