// The load pass: workers, each with its own connection, take chunks in file
// order (the mapped files' chunks, then the streams' as they are cut) and load
// each as one transaction, committed only when the server's account of it is
// exact.
#pragma once

#include <algorithm>
#include <cstdint>

#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/chunk.h"
#include "cli/options.h"
#include "input/mapped_file.h"
#include "chunks/stream_chunks.h"
#include "input/verifier.h"
#include "table/auto_ids.h"
#include "sink/destination.h"
#include "sink/route.h"
#include "table/ledger.h"
#include "table/target.h"
#include "report/diagnostics.h"

namespace fastload::load {

enum class ChunkState {
  pending,    // not taken (the load stopped first)
  loaded_before,  // committed by an earlier run, as the ledger says: skipped
  committed,  // COMMIT returned
  rejected,   // the server's account did not match: rolled back, problems say why
  failed,     // a server or connection error: rolled back
  unknown,    // COMMIT was sent but its answer lost: committed or not
  other_part,  // --part: another process's to load
};

struct ChunkOutcome {
  ChunkState state = ChunkState::pending;
  // Shard-direct: the chunk's part on each destination (pending, committed,
  // loaded_before or unknown); state is committed once every part is. Empty
  // until the chunk is taken, or --resume finds parts an earlier run loaded.
  std::vector<ChunkState> parts;
  std::vector<std::uint64_t> rows_on;  // rows this run committed on each destination
  std::vector<Problem> problems;  // why a rejected chunk was refused
  std::vector<Problem> rejects;   // rows left out of a committed chunk (--max-errors), located
  std::vector<std::string> rejected_text;  // their bytes, as rejects_file writes them (this run's only)
  std::uint64_t duplicates_skipped = 0;  // --on-duplicate ignore: rows skipped, their key already there
  std::uint64_t rows_replaced = 0;       // --on-duplicate replace: rows of the table replaced
  // A table that cannot roll back: what this chunk, not committed, left in it (load/kept_rows.h).
  std::string left_behind;
};

// Counters the progress line reads while workers run. Each worker adds to them
// after its COMMIT returns; relaxed atomics, no lock.
struct LoadCounters {
  std::atomic<std::uint64_t> committed_bytes{0};
  std::atomic<std::uint64_t> committed_rows{0};
  std::atomic<std::uint64_t> committed_chunks{0};
  // What the committed chunks took of the inputs as read: their bytes, or for
  // a compressed input the compressed bytes read to cut them. For progress.
  std::atomic<std::uint64_t> input_bytes_done{0};
  // Rows left out so far, committed or about to be: checked against
  // --max-errors when a worker leaves a row out. fetch_add/fetch_sub only.
  std::atomic<std::uint64_t> rejected_rows{0};
};

// One input as the workers see it: a mapped file, split before the load, or
// a stream, cut into chunks as the workers ask for them.
struct JobInput {
  std::string name;                         // the path, or "standard input"
  const input::MappedFile* file = nullptr;  // mapped: its chunks are in LoadJob::chunks
  input::StreamChunks* stream = nullptr;    // streamed
  input::Verifier* verifier = nullptr;      // a compressed file: commits wait for its checks
  // --resume: each chunk recorded in its transaction, one ledger per destination (on its server).
  std::vector<const Ledger*> ledgers;
  // --resume on a stream: the chunks an earlier run committed, by index, skipped as they are cut; one
  // map per destination.
  const std::vector<std::map<std::size_t, LedgerEntry>>* recorded = nullptr;
  // --mode server with a charset fastload converts: the converted text's last chunk and its rows, where
  // the last row is checked (in the file's bytes a trail byte 0x5C may look like an escape).
  const std::string* converted_last = nullptr;
  std::uint64_t converted_last_rows = 0;
  std::uint64_t rows_before = 0;  // the rows of the inputs before it: its row k is the load's row rows_before + k
};

struct LoadJob {
  const Options& options;
  const std::vector<Destination>& destinations;  // one, or a shard-direct load's shards
  MakeRowRouter make_router;                     // several destinations: a router for each worker
  const std::vector<JobInput>& inputs;  // chunk.file indexes them
  const std::vector<Chunk>& chunks;     // the mapped inputs', in order
  const AutoIds* ids = nullptr;         // the AUTO_INCREMENT column the fields leave out, numbered by fastload

  const std::string& name_of(const Chunk& c) const { return inputs[c.file].name; }
  // A destination whose engine cannot roll back (MyISAM, Aria, MEMORY), or nullptr.
  const Destination* untransactional() const {
    for (const Destination& d : destinations)
      if (!d.target.transactional) return &d;
    return nullptr;
  }
  const Ledger* ledger_of(const Chunk& c, std::size_t destination) const {
    return inputs[c.file].ledgers.empty() ? nullptr : inputs[c.file].ledgers[destination];
  }
};

// A chunk cut from a stream, and what became of it.
struct StreamedChunk {
  Chunk chunk;
  ChunkOutcome outcome;
};

// A chunk's bytes: for a mapped chunk, its part of the mapping; for a stream
// chunk, the bytes it was cut with.
struct ChunkText {
  const Chunk& chunk;      // as numbered in its input
  std::string_view bytes;  // [chunk.begin, chunk.end) of the input
  bool verified = true;    // its integrity checks have passed (false: a compressed stream's, not yet)
  bool last = false;       // a stream's last chunk
  const input::OffsetMap* offsets = nullptr;  // a converted stream's chunk: its row starts in the file

  // The file offset of the byte `local` bytes into `bytes`; with a map, exact at row starts.
  std::uint64_t file_offset(std::uint64_t local) const {
    if (!offsets || offsets->empty()) return chunk.begin + local;
    auto at = std::upper_bound(offsets->begin(), offsets->end(), std::make_pair(local, UINT64_MAX));
    if (at != offsets->begin()) --at;
    return at->second + (local - at->first);
  }
  // The inverse, for a file offset file_offset() gave.
  std::uint64_t local_offset(std::uint64_t file) const {
    if (!offsets || offsets->empty()) return file - chunk.begin;
    for (const auto& [local, in_file] : *offsets)
      if (in_file == file) return local;
    return file - offsets->front().second;
  }

  // The chunk as the sinks take it: the same rows over `bytes` alone.
  Chunk local() const {
    Chunk c = chunk;
    c.begin = 0;
    c.end = bytes.size();
    return c;
  }
};

// Loads the mapped chunks whose outcome is pending, then the streams' chunks.
// `outcomes` has one element per job.chunks; element i is written only by the
// worker that took chunk i and read after the workers join. The streams'
// chunks and outcomes are appended to `streamed`, in no order. Sets `method`
// (how rows reached the server). Throws Failure for the first error retries
// did not cure, after every worker has stopped; returns early, leaving chunks
// pending or not cut, when a signal asks to stop.
void load_chunks(const LoadJob& job, std::vector<ChunkOutcome>& outcomes, std::vector<StreamedChunk>& streamed,
                 LoadCounters& counters, std::string& method);

// Where each problem's row is in the input (line, byte offset); a problem of
// the whole chunk points at its start.
void locate(std::vector<Problem>& problems, const ChunkText& text, const std::string& name,
            const Dialect& dialect);

}  // namespace fastload::load
