// The load as a list of passes:
//   open -> connect -> [stage] -> map -> split -> [resume] -> load -> [publish] -> barrier -> report
// ([ ] only with --atomic or --resume). Each pass is timed; --verbose prints the timings.
#include "run.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fmt/core.h>
#include <memory>
#include <optional>
#include <spdlog/spdlog.h>

#include "fastload/errors.h"
#include "input/file_list.h"
#include "input/fingerprint.h"
#include "input/mapped_file.h"
#include "input/password.h"
#include "load/barrier.h"
#include "load/ledger.h"
#include "load/loader.h"
#include "load/rejects.h"
#include "load/session.h"
#include "load/stage.h"
#include "load/stop_signal.h"
#include "load/target.h"
#include "report/progress.h"
#include "report/summary.h"
#include "split/splitter.h"

namespace fastload {
namespace {

using Clock = std::chrono::steady_clock;

// One FILE and what the passes learn about it.
struct Input {
  std::string path;
  std::unique_ptr<input::MappedFile> file;
  std::uint64_t chunk_size = 0;  // the split's: a pure function of the options and the file size
  std::size_t first_chunk = 0, chunk_count = 0;  // its chunks in RunState::chunks
  std::unique_ptr<load::Ledger> ledger;          // --resume
};

// Everything the passes produce; Options stay as parsed.
struct RunState {
  std::optional<std::string> password;  // from the prompt, when -p had no value
  std::unique_ptr<load::Session> control;  // preflight and barrier; workers have their own
  load::Target target;
  std::optional<load::Stage> stage;  // --atomic: where the workers load, until the publish
  std::vector<Input> inputs;  // the FILEs, patterns expanded, in the order given
  std::vector<Chunk> chunks;  // every input's, in order; chunk.file indexes `inputs`
  bool published_before = false;         // --resume --atomic: an earlier run published the staging table
  std::vector<load::ChunkOutcome> outcomes;  // one per chunk, from the split on
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
    case load::ChunkState::loaded_before: return "loaded before";
    case load::ChunkState::committed: return "committed";
    case load::ChunkState::rejected: return "rejected";
    case load::ChunkState::failed: return "failed";
    case load::ChunkState::unknown: return "unknown";
    case load::ChunkState::pending: break;
  }
  return "not loaded";
}

const char* duplicate_policy(OnDuplicate policy) {
  switch (policy) {
    case OnDuplicate::error: return "error";
    case OnDuplicate::ignore: return "ignore";
    case OnDuplicate::replace: return "replace";
  }
  return "?";
}

void tally(RunState& state) {
  report::Summary& s = state.summary;
  std::vector<std::string> states;
  for (std::size_t i = 0; i < state.chunks.size(); ++i) {
    const load::ChunkOutcome& o = state.outcomes[i];
    states.push_back(state_name(o.state));
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
  s.spans = report::make_spans(state.chunks, states);
  s.rows = state.counters.committed_rows.load();
  s.bytes = state.counters.committed_bytes.load();
  s.chunks_committed = state.counters.committed_chunks.load();
}

std::vector<const input::MappedFile*> mapped_files(const RunState& state) {
  std::vector<const input::MappedFile*> files;
  for (const Input& input : state.inputs) files.push_back(input.file.get());
  return files;
}

// The rows left out of the committed chunks, this run's and earlier runs', in file order.
void write_rejects_file(const Options& options, const RunState& state) {
  std::vector<load::RejectedRow> rows;
  for (std::size_t i = 0; i < state.outcomes.size(); ++i) {
    const load::ChunkOutcome& o = state.outcomes[i];
    if (o.state != load::ChunkState::committed && o.state != load::ChunkState::loaded_before) continue;
      for (const Problem& p : o.rejects) rows.push_back({state.chunks[i], p});
  }
  load::write_rejects(options.rejects_file, mapped_files(state), std::move(rows), options.dialect);
}

// Runs the workers; returns the failure that stopped them (a server error, or
// rejected rows) instead of throwing, so the barrier still runs.
std::optional<Failure> load_pass(const Options& options, RunState& state) {
  std::optional<Failure> stopped;
  try {
    std::vector<const input::MappedFile*> files = mapped_files(state);
    std::vector<const load::Ledger*> ledgers;
    for (const Input& input : state.inputs)
      if (input.ledger) ledgers.push_back(input.ledger.get());
    load::LoadJob job{options, state.password, state.stage ? state.stage->target : state.target, files,
                      state.chunks, ledgers};
    load::load_chunks(job, state.outcomes, state.counters, state.summary.method);
  } catch (const Failure& failure) {
    stopped = failure;
  }
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
        "fastload: {}: rows were rejected (see above); nothing of the rejected chunk was committed. Fix "
        "those rows, then reload the chunks that are not committed (listed below)", state.summary.file));
  if (stopped && !state.target.transactional)
    stopped = Failure(stopped->code(), fmt::format(
        "{}\nfastload: engine {} cannot roll back: the rows the server accepted from the failing chunk "
        "before the error stay in {}", stopped->what(), state.target.engine, state.target.display));
  return stopped;
}

// What makes a rerun of `input` the same load (see load/ledger.h).
load::LoadIdentity identity_of(const Options& options, const RunState& state, const Input& input,
                               const std::vector<Chunk>& chunks) {
  input::FileIdentity file = input::identify(*input.file, chunks, options.threads);
  load::LoadIdentity id;
  id.target = state.target.quoted;
  id.file = std::filesystem::absolute(input.path).lexically_normal().string();
  id.file_size = file.size;
  id.file_mtime = file.mtime;
  id.fingerprint = file.fingerprint;
  id.chunk_size = input.chunk_size;
  id.chunks = chunks.size();
  id.format = fmt::format("{}; --mode {}; --on-duplicate {}", describe(options.dialect), mode_name(options.mode),
                          duplicate_policy(options.on_duplicate));
  id.atomic = options.atomic;
  const load::Target& loaded = state.stage ? state.stage->target : state.target;  // where the chunks go
  id.table = load::table_identity(*state.control, loaded.database, loaded.table);
  return id;
}

// One file's ledger: its chunks an earlier run committed become "loaded
// before". Returns their rows and whether that run published (--atomic).
std::pair<std::uint64_t, bool> read_ledger(const Options& options, RunState& state, Input& input) {
  std::vector<Chunk> chunks(state.chunks.begin() + input.first_chunk,
                            state.chunks.begin() + input.first_chunk + input.chunk_count);
  std::string database = options.ledger_database.empty() ? options.database : options.ledger_database;
  try {
    input.ledger = std::make_unique<load::Ledger>(*state.control, database, options.ledger_table,
                                                  identity_of(options, state, input, chunks));
  } catch (const load::ServerError& e) {
    throw Failure(ExitCode::cannot_resume, fmt::format(
        "fastload: --resume: cannot create or use the ledger table {}.{}: {} (error {}); grant CREATE on that "
        "database, or name another with --ledger DB.TABLE", database, options.ledger_table, e.what(), e.code()));
  }
  load::LedgerState recorded = input.ledger->read(*state.control, chunks);
  std::uint64_t rows_before = 0;
  for (load::LedgerEntry& entry : recorded.committed) {
    load::ChunkOutcome& o = state.outcomes[input.first_chunk + entry.chunk];
    o.state = load::ChunkState::loaded_before;
    o.rejects = std::move(entry.rejects);
    load::locate(o.rejects, chunks[entry.chunk], *input.file, options.dialect);
    rows_before += entry.rows - entry.rejected;
  }
  return {rows_before, recorded.published};
}

// The ledgers' word on these files and this table: chunks an earlier --resume
// run committed are skipped; a mismatch (changed file, recreated table) is refused.
void resume_pass(const Options& options, RunState& state) {
  if (!state.target.transactional)
    throw Failure(ExitCode::cannot_resume, fmt::format(
        "fastload: --resume: engine {} of {} cannot roll back a failed chunk, so a rerun could not know which of "
        "its rows are in the table; load into InnoDB, or run without --resume", state.target.engine,
        state.target.display));
  std::uint64_t rows_before = 0;
  std::size_t published = 0;
  for (Input& input : state.inputs) {
    auto [rows, was_published] = read_ledger(options, state, input);
    rows_before += rows;
    published += was_published;
  }
  if (published > 0 && published < state.inputs.size())
    throw Failure(ExitCode::cannot_resume, "fastload: --resume: an earlier --atomic run published some of these "
                  "files but not the others: the list of files changed; load the new files in a run of their own");
  state.published_before = published > 0;
  // Without the PROCESS privilege a TRUNCATE keeps the table's identity; its emptiness still tells.
  const load::Target& loaded = state.stage ? state.stage->target : state.target;
  if (rows_before > 0 && !state.published_before &&
      state.control->query("SELECT 1 FROM " + loaded.quoted + " LIMIT 1").empty())
    throw Failure(ExitCode::cannot_resume, fmt::format(
        "fastload: --resume: the ledger {} says {} rows of this load are in {}, but it is empty: it was truncated "
        "or emptied since. Run {} and rerun to load the whole file", state.inputs[0].ledger->quoted(),
        rows_before, loaded.display, state.inputs.size() == 1 ? state.inputs[0].ledger->forget()
                                                              : "its DELETE for each file's load"));
}

// --atomic: the target never held any of the load, so nothing counts as
// committed; `state` names what the staged chunks are now.
void unpublished(report::Summary& s, const char* state) {
  for (report::ChunkSpan& span : s.spans)
    if (span.state == "committed") span.state = state;
  s.rows = s.bytes = s.chunks_committed = 0;
}

// --atomic, after a failure before the publish: the stage goes (or stays for
// --resume) and the user learns that the target is unchanged.
void abandon(RunState& state) {
  if (!state.stage) return;
  state.summary.error += "\n" + load::abandon_stage(*state.control, state.target, *state.stage);
  if (!state.stage->keep) unpublished(state.summary, "not published");
  state.stage.reset();
}

// --atomic: the staged rows into the target in one transaction (see load/stage.h).
void publish(const Options& options, RunState& state) {
  load::Stage stage = std::move(*state.stage);
  state.stage.reset();  // publish_stage drops it, or abandons it on failure
  if (state.published_before) {  // --resume: an earlier run published; its stage may be left
    load::drop_stage(*state.control, stage);
    return;
  }
  const report::Summary& s = state.summary;
  try {
    load::Published p = load::publish_stage(
        *state.control, state.target, stage, s.rows + s.rows_loaded_before, options.on_duplicate,
        [&](load::Session& control) {  // --resume: "published" commits with the rows
          for (const Input& input : state.inputs)
            if (input.ledger) control.execute(input.ledger->record_published(control));
        });
    if (p.kept) spdlog::info("{} rows had the key of a row already in {}, which kept its row", p.kept, s.table);
  } catch (const load::PublishUnknown&) {
    unpublished(state.summary, "unknown");
    throw;
  } catch (const Failure&) {
    unpublished(state.summary, "not published");
    throw;
  }
}

// One file's chunks, at exact row ends, counted and checked to tile it.
void split_input(const Options& options, RunState& state, std::size_t index) {
  Input& input = state.inputs[index];
  std::string_view bytes = input.file->bytes();
  // --mode server: the server reads the whole file in one statement.
  input.chunk_size = options.mode == Mode::server ? std::max<std::uint64_t>(bytes.size(), 1)
                     : options.chunk_size         ? options.chunk_size
                                                  : default_chunk_size(bytes.size());
  std::vector<Chunk> chunks = split::split(bytes, input.chunk_size, options.threads, options.dialect,
                                           [&](std::uint64_t b, std::uint64_t e) { input.file->release(b, e); });
  split::verify_chunks(bytes, chunks, options.dialect);
  input.first_chunk = state.chunks.size();
  input.chunk_count = chunks.size();
  for (Chunk& c : chunks) {
    c.file = index;
    state.summary.input_rows += c.rows;
    state.chunks.push_back(c);
  }
}

// The chunks, and with --resume the ones an earlier run loaded.
void map_and_split(const Options& options, RunState& state) {
  // map: the files' bytes in place, read by the splitter and sent by the workers.
  timed(state, "map", [&] {
    for (Input& input : state.inputs) {
      input.file = std::make_unique<input::MappedFile>(input.path);
      state.summary.input_bytes += input.file->bytes().size();
    }
  });
  // split: chunks at exact row ends, rows counted, checked to tile each file.
  timed(state, "split", [&] {
    for (std::size_t i = 0; i < state.inputs.size(); ++i) split_input(options, state, i);
  });
  state.outcomes.assign(state.chunks.size(), {});
  // resume: hash the files and read the ledger, before any chunk is sent.
  if (options.resume) timed(state, "resume", [&] { resume_pass(options, state); });
  if (state.stage && state.stage->resumed &&  // --atomic: a kept stage holds only chunks the ledger lists
      std::none_of(state.outcomes.begin(), state.outcomes.end(),
                   [](const load::ChunkOutcome& o) { return o.state == load::ChunkState::loaded_before; }))
    load::clear_stage(*state.control, *state.stage);
}

void load_and_barrier(const Options& options, RunState& state) {
  // open: a missing or unreadable file fails in milliseconds, before connecting.
  timed(state, "open", [&] {
    for (const std::string& path : input::expand_files(options.files)) {
      state.inputs.emplace_back();
      state.inputs.back().path = path;
    }
    if (options.mode == Mode::server && state.inputs.size() > 1)
      throw Failure(ExitCode::usage, "fastload: --mode server loads one file in one statement, and the patterns "
                    "name several: run it once per file");
    for (const Input& input : state.inputs) state.summary.files.push_back({input.path});
    state.summary.file = state.inputs.size() == 1 ? state.inputs[0].path
                                                  : fmt::format("{} files", state.inputs.size());
  });
  // connect: the password prompt, then the table and LOAD DATA LOCAL checks, before reading the file.
  timed(state, "connect", [&] {
    if (options.connection.prompt_password) state.password = input::read_password("Enter password: ");
    state.control = std::make_unique<load::Session>(options.connection, state.password, options.charset);
    state.target = load::check_target(*state.control, options);
  });
  // stage: --atomic loads a staging table, so the target is untouched until the publish.
  if (options.atomic) timed(state, "stage", [&] {
    state.stage = load::prepare_stage(*state.control, state.target, options.resume);  // --resume continues it
  });
  map_and_split(options, state);
  state.summary.chunks = state.chunks.size();
  if (report::progress_wanted(options.progress))
    state.progress = std::make_unique<report::ProgressLine>(
        state.summary.input_bytes, state.counters.committed_bytes, state.counters.committed_rows);
  // load: one transaction per chunk, committed only when the server's account is exact.
  state.summary.load_started = true;
  std::optional<Failure> stopped;
  timed(state, "load", [&] { stopped = load_pass(options, state); });
  // publish: --atomic moves the staged rows into the target in one transaction: all or nothing.
  if (state.stage && !stopped) timed(state, "publish", [&] { publish(options, state); });
  // barrier: what is committed is crash-safe before the run reports, failed or not.
  if (!stopped || (state.summary.chunks_committed > 0 && !state.stage)) timed(state, "barrier", [&] {
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
  s.table = options.database + "." + options.table;
  s.threads = options.mode == Mode::server ? 1 : options.threads;
  s.mode = mode_name(options.mode);
  s.rejects_file = options.rejects_file;
  auto start = Clock::now();
  load::StopSignals stop_signals;
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
  abandon(state);  // --atomic: any failure before the publish
  state.progress.reset();
  s.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  report::print_text(s, options.verbose);
  if (options.json) report::print_json(s);
  return s.exit_code;
}

}  // namespace fastload
