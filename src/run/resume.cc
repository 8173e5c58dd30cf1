// --resume: each file's ledger read before any chunk is sent; the chunks an
// earlier run committed are skipped, a changed file or table refused.
#include "run/state.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <fmt/core.h>
#include <spdlog/spdlog.h>
#include <xxhash.h>

#include "input/input.h"
#include "remote/remote.h"
#include "table/table.h"

namespace fastload::run {
namespace {

constexpr std::size_t kFormatBytes = 255;  // the ledger's format column

const char* duplicate_policy(request::OnDuplicate policy) {
  switch (policy) {
    case request::OnDuplicate::error: return "error";
    case request::OnDuplicate::ignore: return "ignore";
    case request::OnDuplicate::replace: return "replace";
  }
  return "?";
}

// The file's bytes as they are on disk: a compressed file's compressed bytes
// (what is known of it before it is read).
input::FileIdentity identify(const plan::TablePlan& options, const Input& input) {
  if (input.file && !input.stream) return input::identify(*input.file, options.load.threads);  // not spooled
  if (remote::is_url(input.path)) return input::identify_remote(input.path);
  return input::identify(input::MappedFile(input.path), options.load.threads);
}

// Each input's identity, and which copy of its bytes it is among the FILEs:
// two FILEs of the same bytes are two loads, each loaded once.
void identify_inputs(const plan::TablePlan& options, RunState& state) {
  for (std::size_t i = 0; i < state.inputs.size(); ++i) {
    Input& input = state.inputs[i];
    input.identity = identify(options, input);
    input.copy = static_cast<std::size_t>(std::count_if(state.inputs.begin(), state.inputs.begin() + i,
                                                        [&](const Input& earlier) {
      return earlier.identity.size == input.identity.size &&
             earlier.identity.fingerprint == input.identity.fingerprint;
    }));
  }
}

// What makes a rerun of `input` the same load (see table/ledger.h) on
// destination `d`: a shard's ledger names the shard's table beside the target.
table::LoadIdentity identity_of(const plan::TablePlan& options, RunState& state, const Input& input,
                               const std::vector<Chunk>& chunks, std::size_t d) {
  const input::FileIdentity& file = input.identity;
  const sink::Destination& to = state.destinations[d];
  table::LoadIdentity id;
  id.target = to.shard.empty() ? state.target.quoted
                               : fmt::format("{} shard {} {}", state.target.quoted, to.shard, to.target.quoted);
  id.file = remote::is_url(input.path) ? remote::shown(input.path)
                                       : std::filesystem::weakly_canonical(std::filesystem::absolute(input.path)).string();
  id.file_size = file.size;
  id.file_mtime = file.mtime;
  id.fingerprint = file.fingerprint;
  id.copy = input.copy;
  id.chunk_size = input.chunk_size;
  id.chunks = chunks.size();
  // --partition's clause (empty without it, so older ledgers still match) decides which rows are refused.
  id.format = fmt::format("{}; --mode {}; --on-duplicate {}{}{}", describe(options.source.dialect), request::traits(options.mode).name,
                          duplicate_policy(options.on_duplicate), state.target.partitions,
                          table::load_data_columns(state.target, options));
  if (input.sorted) id.format += "; sorted by " + state.summary.row_order.at(0).key;  // the key is the table's
  if (id.format.size() > kFormatBytes)  // long --columns/--set/--partition: a readable start and a hash of the whole
    id.format = fmt::format("{}... #{:016x}", id.format.substr(0, kFormatBytes - 21), XXH3_64bits(
        id.format.data(), id.format.size()));
  id.atomic = options.load.atomic;
  // --defer-indexes alters the table itself (a new creation time): a recreated table is caught by its emptiness.
  // So may the default for an empty InnoDB table, where only the creation time can be read (the InnoDB table id,
  // which the ALTERs keep, needs the PROCESS privilege).
  id.table = options.load.defer_indexes ? "not compared: --defer-indexes alters it"
                                   : table::table_identity(control_of(state, d), to.target.database, to.target.table);
  if (options.defer_indexes_if_empty && id.table.rfind("InnoDB table id ", 0) != 0)
    id.table = "not compared: its deferred indexes alter it";
  return id;
}

// Destination `d`'s ledger of `input`, created where missing: in --ledger's
// database, else the destination table's.
table::Ledger& open_ledger(const plan::TablePlan& options, RunState& state, Input& input, const std::vector<Chunk>& chunks,
                          std::size_t d) {
  std::string database = options.checkpoint.ledger_database.empty() ? state.destinations[d].target.database
                                                         : options.checkpoint.ledger_database;
  try {
    input.ledgers.push_back(std::make_unique<table::Ledger>(control_of(state, d), database, options.checkpoint.ledger_table,
                                                           identity_of(options, state, input, chunks, d)));
  } catch (const db::ServerError& e) {
    if (db::is_read_only(e))
      throw Failure(ExitCode::privilege, fmt::format("--resume: cannot create or use the ledger table "
                                                     "{}.{}{}: {}", database, options.checkpoint.ledger_table,
                                                     state.destinations[d].where(), table::read_only_advice(e)));
    throw Failure(ExitCode::cannot_resume, fmt::format(
        "--resume: cannot create or use the ledger table {}.{}{}: {} (error {}); grant CREATE on that "
        "database, or name another with --ledger DB.TABLE", database, options.checkpoint.ledger_table,
        state.destinations[d].where(), e.server_message(), e.code()));
  }
  return *input.ledgers.back();
}

// --resume makes a file's bytes be in the table once: a finished load of the
// same bytes (whatever its path or day) is done, and the run says so loudly.
void finished_before(const RunState& state, const Input& input, const table::Ledger& ledger,
                     const std::pair<std::string, std::string>& when) {
  spdlog::warn("--resume: {}: these {} bytes were loaded into {} completely by an earlier --resume run (of {}, "
               "last chunk committed at {}): nothing of them is loaded again. To load the same rows a second time, "
               "run without --resume, or first run {}", input.name(), input.identity.size, state.target.display,
               when.first, when.second, ledger.forget());
}

// The chunks every destination's ledger records alike with no row left out: a stream may pass over them unread
// (the rejects of the others are located in their text).
std::map<std::size_t, chunks::RecordedChunk> whole_chunks(
    const std::vector<std::map<std::size_t, table::LedgerEntry>>& recorded) {
  std::map<std::size_t, chunks::RecordedChunk> whole;
  if (recorded.empty()) return whole;
  for (const auto& [index, entry] : recorded[0]) {
    bool everywhere = entry.rejected == 0;
    for (std::size_t d = 1; everywhere && d < recorded.size(); ++d) {
      auto other = recorded[d].find(index);
      everywhere = other != recorded[d].end() && other->second.rejected == 0 && other->second.begin == entry.begin &&
                   other->second.end == entry.end && other->second.rows == entry.rows;
    }
    if (everywhere) whole.emplace(index, chunks::RecordedChunk{entry.begin, entry.end, entry.rows});
  }
  return whole;
}

// One file's ledgers, one a destination: the chunks an earlier run committed
// on every destination become "loaded before"; a chunk committed on some
// shards only keeps those parts as loaded. Returns the rows of the chunks
// loaded before and whether that run published (--atomic).
std::pair<std::uint64_t, bool> read_ledger(const plan::TablePlan& options, RunState& state, Input& input) {
  std::vector<Chunk> chunks(state.chunks.begin() + input.first_chunk,
                            state.chunks.begin() + input.first_chunk + input.chunk_count);
  bool published = false;
  std::map<std::size_t, std::pair<std::size_t, std::uint64_t>> parts;  // chunk -> parts recorded, rows kept
  input.recorded.assign(state.destinations.size(), {});
  for (std::size_t d = 0; d < state.destinations.size(); ++d) {
    table::Ledger& ledger = open_ledger(options, state, input, chunks, d);
    table::LedgerState recorded = ledger.read(control_of(state, d), input.file ? &chunks : nullptr);
    published = published || recorded.published;
    if (recorded.finished && d == 0) finished_before(state, input, ledger, *recorded.finished);
    input.finished_before = (d == 0 || input.finished_before) && recorded.finished;
    for (table::LedgerEntry& entry : recorded.committed) {
      parts[entry.chunk] = {parts[entry.chunk].first + 1, entry.rows - entry.rejected};
      std::size_t index = entry.chunk;
      input.recorded[d].emplace(index, std::move(entry));
    }
  }
  std::uint64_t rows_before = 0;
  for (const auto& [chunk, recorded] : parts)
    if (recorded.first == state.destinations.size()) rows_before += recorded.second;
  // A file split before the load has its chunks settled now, as the workers settle a stream's as it is cut.
  std::vector<const table::Ledger*> ledgers;
  for (const auto& ledger : input.ledgers) ledgers.push_back(ledger.get());
  for (std::size_t i = 0; input.file && i < chunks.size(); ++i)
    load::apply_recorded({chunks[i], input.file->bytes().substr(chunks[i].begin, chunks[i].size())}, input.path,
                         input.recorded, ledgers, options.source.dialect, state.outcomes[input.first_chunk + i]);
  if (input.chunker && !input.file) input.chunker->pass_over(whole_chunks(input.recorded));
  return {rows_before, published};
}

}  // namespace

bool loaded_before(const RunState& state) {
  return std::any_of(state.outcomes.begin(), state.outcomes.end(), [](const load::ChunkOutcome& o) {
    return o.state == load::ChunkState::loaded_before;
  }) || std::any_of(state.inputs.begin(), state.inputs.end(), [](const Input& i) {
    return std::any_of(i.recorded.begin(), i.recorded.end(), [](const auto& chunks) { return !chunks.empty(); });
  });
}

bool something_to_load(const RunState& state) {
  return std::any_of(state.outcomes.begin(), state.outcomes.end(), [](const load::ChunkOutcome& o) {
    return o.state == load::ChunkState::pending;
  }) || std::any_of(state.inputs.begin(), state.inputs.end(), [](const Input& i) {
    return i.chunker && !i.finished_before;  // a stream's chunks are cut as it loads
  });
}

// The ledgers' word on these files and this table: chunks an earlier --resume
// run committed are skipped; a mismatch (changed file, recreated table) is refused.
void resume_pass(const plan::TablePlan& options, RunState& state) {
  for (const sink::Destination& to : state.destinations)
    table::require_transactional(to.target, ExitCode::cannot_resume, "--resume", "the rows of a failed chunk would "
                                "stay in it, so a rerun could not know which of them are there", "Run without "
                                "--resume", to.where());
  for (const Input& input : state.inputs)
    if (input.stream && !input.stream->compressed_size())
      throw Failure(ExitCode::cannot_resume, fmt::format(
          "{}: --resume needs a file, which it can fingerprint and read again; this is {}. "
          "Save it to a file first, or run without --resume", input.name(), what_stream(*input.stream)));
  identify_inputs(options, state);
  std::uint64_t rows_before = 0;
  std::size_t published = 0;
  for (Input& input : state.inputs) {
    auto [rows, was_published] = read_ledger(options, state, input);
    rows_before += rows;
    published += was_published;
  }
  if (published > 0 && published < state.inputs.size())
    throw Failure(ExitCode::cannot_resume, "--resume: an earlier --atomic run published some of these "
                  "files but not the others: the list of files changed; load the new files in a run of their own");
  state.published_before = published > 0;
  // Without the PROCESS privilege a TRUNCATE keeps the table's identity; its emptiness still tells.
  const table::Target& loaded = state.stage ? state.stage->target : state.target;
  if (rows_before > 0 && !state.published_before &&
      state.control->query("SELECT 1 FROM " + loaded.quoted + " LIMIT 1").empty())
    throw Failure(ExitCode::cannot_resume, fmt::format(
        "--resume: the ledger {} says {} rows of this load are in {}, but it is empty: it was truncated "
        "or emptied since. Run {} and rerun to load the whole file", state.inputs[0].ledgers[0]->quoted(),
        rows_before, loaded.display, state.inputs.size() == 1 ? state.inputs[0].ledgers[0]->forget()
                                                              : "its DELETE for each file's load"));
}

}  // namespace fastload::run
