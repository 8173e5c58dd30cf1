// The load pass: workers, each with its own connection, take chunks in file
// order and load each as one transaction, committed only when the server's
// account of it is exact.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fastload/chunk.h"
#include "fastload/options.h"
#include "input/mapped_file.h"
#include "load/ledger.h"
#include "load/target.h"
#include "report/diagnostics.h"

namespace fastload::load {

enum class ChunkState {
  pending,    // not taken (the load stopped first)
  loaded_before,  // committed by an earlier run, as the ledger says: skipped
  committed,  // COMMIT returned
  rejected,   // the server's account did not match: rolled back, problems say why
  failed,     // a server or connection error: rolled back
  unknown,    // COMMIT was sent but its answer lost: committed or not
};

struct ChunkOutcome {
  ChunkState state = ChunkState::pending;
  std::vector<Problem> problems;  // why a rejected chunk was refused
  std::vector<Problem> rejects;   // rows left out of a committed chunk (--max-errors), located
  std::uint64_t duplicates_skipped = 0;  // --on-duplicate ignore: rows skipped, their key already there
  std::uint64_t rows_replaced = 0;       // --on-duplicate replace: rows of the table replaced
};

// Counters the progress line reads while workers run. Each worker adds to them
// after its COMMIT returns; relaxed atomics, no lock.
struct LoadCounters {
  std::atomic<std::uint64_t> committed_bytes{0};
  std::atomic<std::uint64_t> committed_rows{0};
  std::atomic<std::uint64_t> committed_chunks{0};
  // Rows left out so far, committed or about to be: checked against
  // --max-errors when a worker leaves a row out. fetch_add/fetch_sub only.
  std::atomic<std::uint64_t> rejected_rows{0};
};

struct LoadJob {
  const Options& options;
  const std::optional<std::string>& password;
  const Target& target;
  const std::vector<const input::MappedFile*>& files;  // chunk.file indexes them
  const std::vector<Chunk>& chunks;                    // every file's, in order
  const std::vector<const Ledger*>& ledgers;  // --resume: one per file, each chunk recorded in its transaction

  const input::MappedFile& file_of(const Chunk& c) const { return *files[c.file]; }
  const Ledger* ledger_of(const Chunk& c) const { return ledgers.empty() ? nullptr : ledgers[c.file]; }
};

// Loads the chunks whose outcome is pending. `outcomes` has one element per
// chunk; element i is written only by the worker that took chunk i and read
// after the workers join. Sets `method` (how rows reached the server). Throws
// Failure for the first error retries did not cure, after every worker has
// stopped; returns early, leaving chunks pending, when a signal asks to stop.
void load_chunks(const LoadJob& job, std::vector<ChunkOutcome>& outcomes, LoadCounters& counters,
                 std::string& method);

// Where each problem's row is in the file (line, byte offset); a problem of
// the whole chunk points at its start.
void locate(std::vector<Problem>& problems, const Chunk& chunk, const input::MappedFile& file,
            const Dialect& dialect);

}  // namespace fastload::load
