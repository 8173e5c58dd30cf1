// --resume: each file's ledger read before any chunk is sent; the chunks an
// earlier run committed are skipped, a changed file or table refused.
#include "run/state.h"

#include <algorithm>
#include <filesystem>
#include <fmt/core.h>
#include <xxhash.h>

#include "input/fingerprint.h"
#include "load/column_list.h"

namespace fastload {
namespace {

constexpr std::size_t kFormatBytes = 255;  // the ledger's format column

const char* duplicate_policy(OnDuplicate policy) {
  switch (policy) {
    case OnDuplicate::error: return "error";
    case OnDuplicate::ignore: return "ignore";
    case OnDuplicate::replace: return "replace";
  }
  return "?";
}

// The file's bytes as they are on disk: a compressed file's compressed bytes,
// hashed in pieces of 64M as the chunks of a mapped file are.
input::FileIdentity identify(const Options& options, const Input& input, const std::vector<Chunk>& chunks) {
  if (input.file) return input::identify(*input.file, chunks, options.threads);
  input::MappedFile compressed(input.path);
  std::vector<Chunk> pieces;
  const std::uint64_t size = compressed.bytes().size(), piece = 64ull << 20;
  for (std::uint64_t begin = 0; begin < size; begin += piece)
    pieces.push_back({pieces.size(), begin, std::min(size, begin + piece)});
  return input::identify(compressed, pieces, options.threads);
}

// What makes a rerun of `input` the same load (see load/ledger.h).
load::LoadIdentity identity_of(const Options& options, const RunState& state, const Input& input,
                               const std::vector<Chunk>& chunks) {
  input::FileIdentity file = identify(options, input, chunks);
  load::LoadIdentity id;
  id.target = state.target.quoted;
  id.file = std::filesystem::absolute(input.path).lexically_normal().string();
  id.file_size = file.size;
  id.file_mtime = file.mtime;
  id.fingerprint = file.fingerprint;
  id.chunk_size = input.chunk_size;
  id.chunks = chunks.size();
  id.format = fmt::format("{}; --mode {}; --on-duplicate {}{}", describe(options.dialect), mode_name(options.mode),
                          duplicate_policy(options.on_duplicate), load::load_data_columns(state.target, options));
  if (id.format.size() > kFormatBytes)  // long --columns/--set: a readable start and a hash of the whole
    id.format = fmt::format("{}... #{:016x}", id.format.substr(0, kFormatBytes - 21), XXH3_64bits(
        id.format.data(), id.format.size()));
  id.atomic = options.atomic;
  const load::Target& loaded = state.stage ? state.stage->target : state.target;  // where the chunks go
  // --defer-indexes alters the table itself (a new creation time): a recreated table is caught by its emptiness.
  id.table = options.defer_indexes ? "not compared: --defer-indexes alters it"
                                   : load::table_identity(*state.control, loaded.database, loaded.table);
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
  load::LedgerState recorded = input.ledger->read(*state.control, input.file ? &chunks : nullptr);
  std::uint64_t rows_before = 0;
  for (load::LedgerEntry& entry : recorded.committed) {
    if (!input.file) {  // a compressed file: skipped, checked and located as it is cut (load::load_chunks)
      rows_before += entry.rows - entry.rejected;
      std::size_t index = entry.chunk;
      input.recorded.emplace(index, std::move(entry));
      continue;
    }
    load::ChunkOutcome& o = state.outcomes[input.first_chunk + entry.chunk];
    o.state = load::ChunkState::loaded_before;
    o.rejects = std::move(entry.rejects);
    const Chunk& chunk = chunks[entry.chunk];
    load::locate(o.rejects, {chunk, input.file->bytes().substr(chunk.begin, chunk.size())}, input.path,
                 options.dialect);
    rows_before += entry.rows - entry.rejected;
  }
  return {rows_before, recorded.published};
}

}  // namespace

bool loaded_before(const RunState& state) {
  return std::any_of(state.outcomes.begin(), state.outcomes.end(), [](const load::ChunkOutcome& o) {
    return o.state == load::ChunkState::loaded_before;
  }) || std::any_of(state.inputs.begin(), state.inputs.end(), [](const Input& i) { return !i.recorded.empty(); });
}

const char* mode_name(Mode mode) {
  switch (mode) {
    case Mode::load: return "load";
    case Mode::insert: return "insert";
    case Mode::multirow: return "multirow";
    case Mode::row: return "row";
    case Mode::server: return "server";
    case Mode::bulk: return "bulk";
  }
  return "?";
}

// The ledgers' word on these files and this table: chunks an earlier --resume
// run committed are skipped; a mismatch (changed file, recreated table) is refused.
void resume_pass(const Options& options, RunState& state) {
  if (!state.target.transactional)
    throw Failure(ExitCode::cannot_resume, fmt::format(
        "fastload: --resume: engine {} of {} cannot roll back a failed chunk, so a rerun could not know which of "
        "its rows are in the table; load into InnoDB, or run without --resume", state.target.engine,
        state.target.display));
  for (const Input& input : state.inputs)
    if (input.stream && !input.stream->compressed_size())
      throw Failure(ExitCode::cannot_resume, fmt::format(
          "fastload: {}: --resume needs a file, which it can fingerprint and read again; this is {}. "
          "Save it to a file first, or run without --resume", input.name(), what_stream(*input.stream)));
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

}  // namespace fastload
