// The load as a list of passes:
//   open -> connect -> map -> split -> load -> barrier -> report
// Each pass is timed; --verbose prints the timings.
#include "run.h"

#include <chrono>
#include <fmt/core.h>
#include <memory>
#include <optional>
#include <spdlog/spdlog.h>

#include "fastload/errors.h"
#include "input/mapped_file.h"
#include "input/password.h"
#include "load/barrier.h"
#include "load/loader.h"
#include "load/session.h"
#include "load/target.h"
#include "report/progress.h"
#include "report/summary.h"
#include "split/splitter.h"

namespace fastload {
namespace {

using Clock = std::chrono::steady_clock;

// Everything the passes produce; Options stay as parsed.
struct RunState {
  std::optional<std::string> password;  // from the prompt, when -p had no value
  std::unique_ptr<load::Session> control;  // preflight and barrier; workers have their own
  load::Target target;
  std::unique_ptr<input::MappedFile> file;
  std::vector<Chunk> chunks;
  std::vector<load::ChunkOutcome> outcomes;
  load::LoadCounters counters;
  std::unique_ptr<report::ProgressLine> progress;
  report::Summary summary;
};

// Times `pass` and records it under `name`.
template <class Pass>
void timed(RunState& state, const char* name, Pass&& pass) {
  auto start = Clock::now();
  pass();
  double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  state.summary.passes.emplace_back(name, seconds);
}

const char* mode_name(Mode mode) {
  switch (mode) {
    case Mode::load: return "load";
    case Mode::insert: return "insert";
    case Mode::multirow: return "multirow";
    case Mode::row: return "row";
    case Mode::server: return "server";
  }
  return "?";
}

const char* state_name(load::ChunkState s) {
  switch (s) {
    case load::ChunkState::committed: return "committed";
    case load::ChunkState::rejected: return "rejected";
    case load::ChunkState::failed: return "failed";
    case load::ChunkState::unknown: return "unknown";
    case load::ChunkState::pending: break;
  }
  return "not loaded";
}

void tally(RunState& state) {
  report::Summary& s = state.summary;
  // No outcomes at all when the workers could not even connect.
  std::vector<std::string> states(state.chunks.size(), state_name(load::ChunkState::pending));
  for (std::size_t i = 0; i < state.outcomes.size(); ++i) {
    const load::ChunkOutcome& o = state.outcomes[i];
    states[i] = state_name(o.state);
    for (const auto& p : o.problems) {
      s.problems.push_back(p);
      if (p.code) ++s.warnings;
    }
  }
  s.spans = report::make_spans(state.chunks, states);
  s.rows = state.counters.committed_rows.load();
  s.bytes = state.counters.committed_bytes.load();
  s.chunks_committed = state.counters.committed_chunks.load();
}

// Runs the workers; returns the failure that stopped them (a server error, or
// rejected rows) instead of throwing, so the barrier still runs.
std::optional<Failure> load_pass(const Options& options, RunState& state) {
  std::optional<Failure> stopped;
  try {
    load::LoadJob job{options, state.password, state.target, *state.file, state.chunks};
    load::load_chunks(job, state.outcomes, state.counters, state.summary.method);
  } catch (const Failure& failure) {
    stopped = failure;
  }
  tally(state);
  if (!stopped && !state.summary.problems.empty())
    stopped = Failure(ExitCode::rejected, fmt::format(
        "fastload: {}: rows were rejected (see above); nothing of the rejected chunk was committed. Fix "
        "those rows, then reload the chunks that are not committed (listed below)", options.file));
  if (stopped && !state.target.transactional)
    stopped = Failure(stopped->code(), fmt::format(
        "{}\nfastload: engine {} cannot roll back: the rows the server accepted from the failing chunk "
        "before the error stay in {}", stopped->what(), state.target.engine, state.target.display));
  return stopped;
}

void load_and_barrier(const Options& options, RunState& state) {
  // open: a missing or unreadable file fails in milliseconds, before connecting.
  timed(state, "open", [&] { input::check_readable(options.file); });
  // connect: the password prompt, then the table and LOAD DATA LOCAL checks, before reading the file.
  timed(state, "connect", [&] {
    if (options.connection.prompt_password) state.password = input::read_password("Enter password: ");
    state.control = std::make_unique<load::Session>(options.connection, state.password, options.charset);
    state.target = load::check_target(*state.control, options);
  });
  // map: the file's bytes in place, read by the splitter and sent by the workers.
  timed(state, "map", [&] { state.file = std::make_unique<input::MappedFile>(options.file); });
  std::string_view bytes = state.file->bytes();
  state.summary.input_bytes = bytes.size();
  // split: chunks at exact row ends, rows counted, checked to tile the file.
  timed(state, "split", [&] {
    // --mode server: the server reads the whole file in one statement.
    std::uint64_t chunk_size = options.mode == Mode::server ? std::max<std::uint64_t>(bytes.size(), 1)
                               : options.chunk_size         ? options.chunk_size
                                                            : default_chunk_size(bytes.size());
    state.chunks = split::split(bytes, chunk_size, options.threads,
                                [&](std::uint64_t b, std::uint64_t e) { state.file->release(b, e); });
    split::verify_chunks(bytes, state.chunks);
    for (const Chunk& c : state.chunks) state.summary.input_rows += c.rows;
  });
  state.summary.chunks = state.chunks.size();
  if (report::progress_wanted(options.progress))
    state.progress = std::make_unique<report::ProgressLine>(bytes.size(), state.counters.committed_bytes,
                                                            state.counters.committed_rows);
  // load: one transaction per chunk, committed only when the server's account is exact.
  state.summary.load_started = true;
  std::optional<Failure> stopped;
  timed(state, "load", [&] { stopped = load_pass(options, state); });
  // barrier: what is committed is crash-safe before the run reports, failed or not.
  if (!stopped || state.summary.chunks_committed > 0) timed(state, "barrier", [&] {
    load::Durability d = load::make_durable(*state.control, state.target);
    state.summary.durable = d.durable;
    state.summary.durability = d.how;
    spdlog::debug("barrier returned: {}", d.how);
  });
  if (stopped) throw *stopped;
  if (state.progress) state.progress->complete();
}

}  // namespace

int run(const Options& options) {
  RunState state;
  report::Summary& s = state.summary;
  s.file = options.file;
  s.table = options.database + "." + options.table;
  s.threads = options.mode == Mode::server ? 1 : options.threads;
  s.mode = mode_name(options.mode);
  auto start = Clock::now();
  try {
    load_and_barrier(options, state);
    s.success = true;
  } catch (const Failure& failure) {
    s.exit_code = static_cast<int>(failure.code());
    s.error = failure.what();
  } catch (const load::ServerError& e) {
    s.exit_code = static_cast<int>(ExitCode::load_failed);
    s.error = fmt::format("fastload: the server failed a statement: {} (error {})", e.what(), e.code());
  }
  state.progress.reset();
  s.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  report::print_text(s, options.verbose);
  if (options.json) report::print_json(s);
  return s.exit_code;
}

}  // namespace fastload
