#include "load/loader.h"

#include <filesystem>
#include <fmt/core.h>
#include <memory>
#include <spdlog/spdlog.h>

#include "fastload/errors.h"
#include "fastload/parallel_for.h"
#include "load/diagnose.h"
#include "load/load_data_sink.h"
#include "load/prepared_insert_sink.h"
#include "load/text_insert_sink.h"
#include "load/session.h"
#include "split/row_scanner.h"

namespace fastload::load {
namespace {

struct Worker {
  std::unique_ptr<Session> session;
  std::unique_ptr<Sink> sink;
};

std::string describe(const Chunk& c, const std::string& path) {
  return fmt::format("{}: chunk {} (bytes {}-{}, lines {}-{}, {} rows)", path, c.index, c.begin, c.end,
                     c.first_line, c.first_line + std::max<std::uint64_t>(c.lines, 1) - 1, c.rows);
}

// The one place the mode picks its sink.
std::unique_ptr<Sink> make_sink(const LoadJob& job, Session& session) {
  const Options& o = job.options;
  switch (o.mode) {
    case Mode::load: return std::make_unique<LoadDataSink>(session, job.target.quoted, o.charset);
    case Mode::server:
      return std::make_unique<LoadDataSink>(session, job.target.quoted, o.charset,
                                            std::filesystem::absolute(o.file).lexically_normal().string());
    case Mode::insert: return std::make_unique<PreparedInsertSink>(session, job.target, o.batch_rows, o.array_binding);
    case Mode::multirow: return std::make_unique<TextInsertSink>(session, job.target, o.batch_rows);
    case Mode::row: return std::make_unique<TextInsertSink>(session, job.target, 1);
  }
  throw Failure(ExitCode::internal, "fastload: unknown mode");
}

void rollback_quietly(Session& session) noexcept {
  try {
    session.execute("ROLLBACK");
  } catch (...) {
    // The connection is gone: the server rolls the transaction back itself.
  }
}

// Where each refused row is in the file; a problem of the whole chunk points at its start.
void locate(std::vector<Problem>& problems, const Chunk& chunk, const LoadJob& job) {
  for (Problem& p : problems) {
    p.chunk_index = chunk.index;
    p.where = {job.file.path(), 0, chunk.begin};
    if (p.row_in_chunk == 0 || p.row_in_chunk > chunk.rows) continue;
    auto at = split::locate_row(job.file.bytes(), chunk, p.row_in_chunk);
    p.where.line = at.line;
    p.where.byte_offset = at.byte_offset;
  }
}

// The server's account must match the chunk exactly, or nothing of it is kept.
std::vector<Problem> refusals(const SinkResult& result, const Chunk& chunk) {
  std::vector<Problem> problems = result.problems;
  if (problems.empty() && !counts_match(result, chunk)) {
    Problem count;
    count.message = fmt::format("the chunk holds {} rows but the server read {}, stored {} and skipped {}",
                                chunk.rows, result.records, result.affected, result.skipped);
    problems.push_back(std::move(count));
  }
  return problems;
}

[[noreturn]] void fail_chunk(Worker& w, ChunkOutcome& outcome, ChunkState state, ExitCode code,
                             const std::string& message) {
  rollback_quietly(*w.session);
  outcome.state = state;
  throw Failure(code, message);
}

// Loads one chunk in one transaction and records its outcome; throws Failure
// after recording the chunk as failed or unknown.
void load_chunk(Worker& w, const Chunk& chunk, const LoadJob& job, ChunkOutcome& outcome) {
  const std::string where = describe(chunk, job.file.path());
  SinkResult result;
  try {
    result = w.sink->send(chunk, job.file.bytes());
  } catch (const ServerError& e) {
    Failure failure = explain(e, job.target, where);
    fail_chunk(w, outcome, ChunkState::failed, failure.code(),
               std::string(failure.what()) + "; nothing of this chunk was committed");
  }
  // The library still sends end-of-file after a failed read: the server holds a truncated chunk.
  if (result.read_failed)
    fail_chunk(w, outcome, ChunkState::failed, ExitCode::input,
               fmt::format("fastload: {}: {}; nothing of this chunk was committed", where, result.read_error));
  outcome.problems = refusals(result, chunk);
  if (!outcome.problems.empty()) {
    locate(outcome.problems, chunk, job);
    w.session->execute("ROLLBACK");
    outcome.state = ChunkState::rejected;
    return;
  }
  try {
    w.session->execute("COMMIT");
  } catch (const ServerError& e) {
    outcome.state = ChunkState::unknown;
    throw Failure(ExitCode::load_failed, fmt::format("fastload: {}: COMMIT failed: {} (error {}); whether this "
                                                     "chunk is in the table is unknown: check it before "
                                                     "reloading", where, e.what(), e.code()));
  }
  outcome.state = ChunkState::committed;
}

}  // namespace

void load_chunks(const LoadJob& job, std::vector<ChunkOutcome>& outcomes, LoadCounters& counters,
                 std::string& method) {
  outcomes.assign(job.chunks.size(), {});
  unsigned threads = static_cast<unsigned>(std::min<std::size_t>(job.options.threads, job.chunks.size()));
  // Connect every worker before the first chunk, so a refused connection fails
  // the load before anything is committed.
  std::vector<Worker> workers(threads);
  for (Worker& w : workers) {
    w.session = std::make_unique<Session>(job.options.connection, job.password, job.options.charset);
    // Each chunk is one transaction, ended by COMMIT or ROLLBACK. autocommit=0
    // rather than START TRANSACTION a chunk: the same transactions, and the
    // server spent less CPU a row (docs/benchmarks.md).
    w.session->execute("SET autocommit = 0");
    try {
      w.sink = make_sink(job, *w.session);
    } catch (const ServerError& e) {
      throw explain(e, job.target, "preparing the workers' statements");
    }
  }
  method = workers.empty() ? "" : workers[0].sink->method();
  std::atomic<bool> stop{false};  // set by the first worker whose chunk is rejected, or by parallel_for on a throw
  parallel_for(job.chunks.size(), threads, stop, [&](std::size_t index, unsigned worker) {
    const Chunk& chunk = job.chunks[index];
    ChunkOutcome& outcome = outcomes[index];
    load_chunk(workers[worker], chunk, job, outcome);
    job.file.release(chunk.begin, chunk.end);
    if (outcome.state == ChunkState::rejected) {
      stop.store(true, std::memory_order_release);
      return;
    }
    counters.committed_bytes.fetch_add(chunk.size(), std::memory_order_relaxed);
    counters.committed_rows.fetch_add(chunk.rows, std::memory_order_relaxed);
    counters.committed_chunks.fetch_add(1, std::memory_order_relaxed);
    spdlog::debug("{}: committed", describe(chunk, job.file.path()));
  });
}

}  // namespace fastload::load
