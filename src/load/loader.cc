#include "load/loader.h"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <mutex>
#include <fmt/core.h>
#include <memory>
#include <set>
#include <spdlog/spdlog.h>
#include <thread>

#include "fastload/errors.h"
#include "fastload/parallel_for.h"
#include "load/diagnose.h"
#include "load/fault.h"
#include "load/load_data_sink.h"
#include "load/prepared_insert_sink.h"
#include "load/rate_limit.h"
#include "load/rejects.h"
#include "load/session.h"
#include "load/session_variables.h"
#include "load/stop_signal.h"
#include "load/text_insert_sink.h"
#include "load/transient.h"
#include "split/row_scanner.h"

namespace fastload::load {
namespace {

struct Worker {
  std::unique_ptr<Session> session;
  std::unique_ptr<Sink> sink;
};

std::string describe(const Chunk& c, const LoadJob& job) {
  return fmt::format("{}: chunk {} (bytes {}-{}, lines {}-{}, {} rows)", job.name_of(c), c.index, c.begin,
                     c.end, c.first_line, c.first_line + std::max<std::uint64_t>(c.lines, 1) - 1, c.rows);
}

// The one place the mode picks its sink.
std::unique_ptr<Sink> make_sink(const LoadJob& job, Session& session) {
  const Options& o = job.options;
  switch (o.mode) {
    case Mode::load:
    case Mode::bulk:
      return std::make_unique<LoadDataSink>(session, job.target, o);
    case Mode::server:
      return std::make_unique<LoadDataSink>(
          session, job.target, o, std::filesystem::absolute(job.inputs.front().name).lexically_normal().string());
    case Mode::insert:
      return std::make_unique<PreparedInsertSink>(session, job.target, o);
    case Mode::multirow:
      return std::make_unique<TextInsertSink>(session, job.target, o.batch_rows, o);
    case Mode::row: return std::make_unique<TextInsertSink>(session, job.target, 1, o);
  }
  throw Failure(ExitCode::internal, "fastload: unknown mode");
}

// A new connection for `w`, ready for chunks. Each chunk is one transaction,
// ended by COMMIT or ROLLBACK: autocommit=0 rather than START TRANSACTION a
// chunk, the same transactions with less server CPU a row (docs/benchmarks.md).
// Every worker takes from the one --max-rate limiter, so the cap is the load's.
void connect(Worker& w, const LoadJob& job) {
  const Options& o = job.options;
  w.sink.reset();
  w.session.reset();  // the old connection first: a user's connection limit may allow no more
  w.session = std::make_unique<Session>(o.connection, job.password, o.charset, o.compress);
  if (o.compress) spdlog::debug("a worker connected, its protocol compressed with {}", w.session->compression());
  set_loading_variables(*w.session, o);  // before any transaction: sql_log_bin cannot change inside one
  w.session->execute("SET autocommit = 0");
  w.session->set_rate_limiter(shared_rate_limiter(o.max_rate));
  std::vector<const input::MappedFile*> mapped;
  for (const JobInput& input : job.inputs)
    if (input.file) mapped.push_back(input.file);
  w.session->release_sent_pages(std::move(mapped));
  try {
    w.sink = make_sink(job, *w.session);
  } catch (const ServerError& e) {
    throw explain(e, job.target, "preparing the workers' statements");
  }
}

void rollback_quietly(Session& session) noexcept {
  try {
    session.execute("ROLLBACK");
  } catch (...) {
    // The connection is gone: the server rolls the transaction back itself.
  }
}

// The server's account must match the chunk exactly, or nothing of it is kept.
std::vector<Problem> refusals(const SinkResult& result, const Chunk& chunk) {
  std::vector<Problem> problems = result.problems;
  if (problems.empty() && !counts_match(result, chunk.rows, result.on_duplicate)) {
    Problem count;
    count.message = fmt::format("the chunk holds {} rows but the server read {}, stored {} and skipped {}",
                                chunk.rows, result.records, result.affected, result.skipped);
    problems.push_back(std::move(count));
  }
  return problems;
}

// One chunk's way through its attempts: the rows left out so far (kept
// across retries: a bad row stays bad) and the outcome.
struct ChunkLoad {
  const Chunk& chunk;
  const ChunkText& text;
  ChunkOutcome& outcome;
  std::set<std::uint64_t> left_out;  // 1-based rows of the chunk
};

// The bytes of the located row `p` of `text`, for the rejects file.
std::string text_of(const Problem& p, const ChunkText& text, const Dialect& dialect) {
  return row_text(text.bytes, p.where.byte_offset - text.chunk.begin, text.local(), dialect);
}

// Leaves the chunk's refused rows out, within --max-errors. Returns false when
// the chunk must be refused instead: a problem not tied to a row, or too many.
bool leave_out(ChunkLoad& load, std::vector<Problem>& problems, const LoadJob& job, LoadCounters& counters) {
  std::vector<Problem> rows;  // one a row: a row with several bad values has its messages joined
  for (const Problem& p : problems) {
    if (p.row_in_chunk == 0 || load.left_out.count(p.row_in_chunk) > 0) continue;
    auto same = std::find_if(rows.begin(), rows.end(),
                             [&](const Problem& r) { return r.row_in_chunk == p.row_in_chunk; });
    if (same == rows.end()) rows.push_back(p);
    else same->message += "; " + p.message;
  }
  if (rows.empty()) return false;
  std::uint64_t before = counters.rejected_rows.fetch_add(rows.size());
  if (before + rows.size() > job.options.max_errors) {
    counters.rejected_rows.fetch_sub(rows.size());
    Problem limit;
    limit.chunk_index = load.chunk.index;
    limit.where = {job.name_of(load.chunk), 0, load.chunk.begin};
    limit.message = fmt::format("more than --max-errors {} rows were rejected; nothing of this chunk was "
                                "committed", job.options.max_errors);
    problems.push_back(std::move(limit));
    return false;
  }
  for (Problem& p : rows) {
    load.left_out.insert(p.row_in_chunk);
    load.outcome.rejected_text.push_back(text_of(p, load.text, job.options.dialect));
    load.outcome.rejects.push_back(std::move(p));
  }
  return true;
}

// Sends the chunk (without the rows left out) until the server's account is
// exact, leaving out refused rows as --max-errors allows. Returns false when
// the chunk is refused. The transaction is open on return true.
bool send_until_exact(Worker& w, ChunkLoad& load, const LoadJob& job, LoadCounters& counters) {
  const Chunk& chunk = load.chunk;
  const Chunk local = load.text.local();
  for (;;) {
    ChunkWithout reduced;
    if (!load.left_out.empty())
      reduced = without_rows(load.text.bytes, local, load.left_out, job.options.dialect);
    const Chunk& sent = load.left_out.empty() ? local : reduced.chunk;
    SinkResult result = w.sink->send(sent, load.left_out.empty() ? load.text.bytes : reduced.bytes);
    // The library still sends end-of-file after a failed read: the server holds a truncated chunk.
    if (result.read_failed) {
      rollback_quietly(*w.session);
      load.outcome.state = ChunkState::failed;
      throw Failure(ExitCode::input, fmt::format("fastload: {}: {}; nothing of this chunk was committed",
                                                 describe(chunk, job), result.read_error));
    }
    std::vector<Problem> problems = refusals(result, sent);
    if (problems.empty()) {
      load.outcome.duplicates_skipped = result.skipped;  // an exact account skips and deletes only as asked
      load.outcome.rows_replaced = result.deleted;
      return true;
    }
    w.session->execute("ROLLBACK");
    for (Problem& p : problems)
      if (!load.left_out.empty() && p.row_in_chunk > 0) p.row_in_chunk = reduced.original_row.at(p.row_in_chunk - 1);
    locate(problems, load.text, job.name_of(chunk), job.options.dialect);
    if (!leave_out(load, problems, job, counters)) {
      load.outcome.problems = std::move(problems);
      return false;
    }
  }
}

// COMMIT. When its answer is lost, the chunk's outcome becomes unknown and
// the lost connection's ServerError goes on to load_chunk, which asks the
// ledger before anything else is done with the chunk.
void commit(Worker& w, const ChunkLoad& load, const LoadJob& job) {
  try {
    fault_point(FaultPoint::before_commit, load.chunk.index);
    w.session->execute("COMMIT");
    fault_point(FaultPoint::after_commit, load.chunk.index);
  } catch (const ServerError& e) {
    if (!is_connection_lost(e.code())) throw;
    load.outcome.state = ChunkState::unknown;
    if (!job.ledger_of(load.chunk))
      throw Failure(ExitCode::load_failed, fmt::format(
          "fastload: {}: the connection was lost during COMMIT ({}, error {}): whether this chunk is in the "
          "table is unknown; check it before reloading (with --resume the ledger answers this)",
          describe(load.chunk, job), e.what(), e.code()));
    throw;
  }
}

// After a lost COMMIT answer, on a new connection: whether the ledger
// recorded the chunk, i.e. whether that COMMIT happened.
bool committed_before(Worker& w, const ChunkLoad& load, const LoadJob& job) {
  bool committed = job.ledger_of(load.chunk)->is_recorded(*w.session, load.chunk.index);
  w.session->execute("ROLLBACK");  // ends the locking read's transaction
  spdlog::warn("{}: the connection was lost during COMMIT; the ledger says it was {}",
               describe(load.chunk, job), committed ? "committed" : "not committed");
  return committed;
}

// One attempt at the chunk, in one transaction. Throws ServerError as the server said it.
void attempt(Worker& w, ChunkLoad& load, const LoadJob& job, LoadCounters& counters) {
  if (!send_until_exact(w, load, job, counters)) {
    load.outcome.state = ChunkState::rejected;
    return;
  }
  if (input::Verifier* verifier = job.inputs[load.chunk.file].verifier; verifier && !load.text.verified) {
    try {
      if (!verifier->wait_verified(load.chunk.end, [] { return stop_signal() != 0; })) {
        w.session->execute("ROLLBACK");  // a signal: not committed, listed as not loaded
        load.outcome.state = ChunkState::pending;
        return;
      }
    } catch (const Failure& damaged) {
      w.session->execute("ROLLBACK");
      load.outcome.state = ChunkState::failed;
      throw Failure(damaged.code(), fmt::format("{}\nfastload: {}: not committed: the checks covering it failed",
                                                damaged.what(), describe(load.chunk, job)));
    }
  }
  if (const Ledger* ledger = job.ledger_of(load.chunk)) {
    try {
      w.session->execute(ledger->record(*w.session, load.chunk, load.outcome.rejects, load.text.last));
    } catch (const ServerError& e) {
      if (e.code() != 1062) throw;
      // Another run of the same load committed this chunk meanwhile: ours must not.
      w.session->execute("ROLLBACK");
      load.outcome.state = ChunkState::loaded_before;
      return;
    }
  }
  commit(w, load, job);
  load.outcome.state = ChunkState::committed;
}

// Loads one chunk, retrying transient errors (deadlock, lock wait timeout,
// lost connection) with backoff; throws Failure when that does not cure it.
void load_chunk(Worker& w, const ChunkText& text, const LoadJob& job, LoadCounters& counters,
                ChunkOutcome& outcome) {
  const Chunk& chunk = text.chunk;
  ChunkLoad load{chunk, text, outcome, {}};
  for (unsigned retry = 0;; ++retry) {
    try {
      if (!w.session) connect(w, job);
      if (outcome.state == ChunkState::unknown) {  // a COMMIT's answer was lost: the ledger knows
        outcome.state = committed_before(w, load, job) ? ChunkState::committed : ChunkState::pending;
        if (outcome.state == ChunkState::committed) return;
      }
      attempt(w, load, job, counters);
      return;
    } catch (const ServerError& e) {
      if (w.session) rollback_quietly(*w.session);
      if (!is_transient(e.code()) || retry >= job.options.retries) {
        Failure failure = explain(e, job.target, describe(chunk, job));
        if (outcome.state != ChunkState::unknown) outcome.state = ChunkState::failed;
        throw Failure(failure.code(), std::string(failure.what()) + (outcome.state == ChunkState::unknown
            ? "; whether this chunk is in the table is unknown" : "; nothing of this chunk was committed"));
      }
      if (is_connection_lost(e.code())) w.session.reset();
      spdlog::warn("{}: {} (error {}); trying the chunk again ({} of {})",
                   describe(chunk, job), e.what(), e.code(), retry + 1, job.options.retries);
    } catch (const Failure& f) {
      // A reconnect refused while the server restarts is worth the same retries.
      if (f.code() != ExitCode::connect || retry >= job.options.retries) {
        if (outcome.state == ChunkState::pending) outcome.state = ChunkState::failed;
        throw;
      }
      w.session.reset();
      spdlog::warn("{}; trying again ({} of {})", without_prefix(f.what()), retry + 1,
                   job.options.retries);
    }
    std::this_thread::sleep_for(backoff(retry));
  }
}

}  // namespace

void locate(std::vector<Problem>& problems, const ChunkText& text, const std::string& name,
            const Dialect& dialect) {
  const split::RowScanner scanner(dialect);
  const Chunk& chunk = text.chunk;
  for (Problem& p : problems) {
    p.chunk_index = chunk.index;
    p.where = {name, 0, chunk.begin};
    if (p.row_in_chunk == 0 || p.row_in_chunk > chunk.rows) continue;
    auto at = scanner.locate_row(text.bytes, text.local(), p.row_in_chunk);
    p.where.line = at.line;
    p.where.byte_offset = chunk.begin + at.byte_offset;
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
// the ledger says (checked to be this chunk), with the rows it left out.
bool loaded_before(const ChunkText& text, const LoadJob& job, ChunkOutcome& outcome) {
  const JobInput& input = job.inputs[text.chunk.file];
  if (!input.recorded) return false;
  auto entry = input.recorded->find(text.chunk.index);
  if (entry == input.recorded->end()) return false;
  input.ledger->check_recorded(entry->second, &text.chunk);
  outcome.state = ChunkState::loaded_before;
  outcome.rejects = entry->second.rejects;
  locate(outcome.rejects, text, input.name, job.options.dialect);
  for (const Problem& p : outcome.rejects) outcome.rejected_text.push_back(text_of(p, text, job.options.dialect));
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
  method = workers.empty() ? "" : workers[0].sink->method();
  std::mutex streamed_mutex;  // guards `streamed`, which every worker appends to
  std::atomic<bool> stop{false};  // set by the first worker whose chunk is rejected, or by parallel_for on a throw
  auto after = [&](const Chunk& chunk, const ChunkOutcome& outcome, std::uint64_t input_bytes) {
    if (outcome.state == ChunkState::rejected) stop.store(true, std::memory_order_release);
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
      const ChunkText text{piece->chunk, piece->bytes, piece->verified, piece->last};
      if (!loaded_before(text, job, outcome)) load_chunk(workers[worker], text, job, counters, outcome);
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
