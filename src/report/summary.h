// What the run did, said once at the end: on stderr for people, and with
// --json as one object on stdout for scripts.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/base.h"
#include "report/diagnostics.h"

namespace fastload::report {

// What became of a run of chunks, as the user needs it to act.
struct SpanState {
  ChunkState state = ChunkState::pending;
  bool unverified = false;       // committed from a compressed pipe, past its last check
  bool not_rolled_back = false;  // a table that cannot roll back kept rows of it
  std::vector<std::string> committed_on{};  // shard-direct, not committed: the shards its parts were committed on
  bool unread = false;           // a stream's rest, which the load stopped before reading
  bool unpublished = false;      // --atomic: committed into the stage, which was not published

  bool operator==(const SpanState&) const = default;
  // "committed", "committed unverified", "failed: committed on shard s1 only (not rolled back)", "not read", ...
  std::string name() const;
};

// Consecutive chunks in the same state, as the user needs them to act.
struct ChunkSpan {
  std::size_t file = 0;                        // index into Summary::files
  std::size_t first_chunk = 0, last_chunk = 0;
  std::uint64_t begin = 0, end = 0;            // bytes [begin, end)
  std::uint64_t first_line = 0, last_line = 0;
  std::uint64_t rows = 0;
  SpanState state;
  bool sorted = false;  // chunks of rows in key order: bytes and lines are not the file's
};

// A shard-direct load's rows on one shard.
struct ShardCounts {
  std::string name;
  std::uint64_t rows = 0;  // committed by this run
};

// Whether a mapped file's rows were sorted by the table's key before the load, and why.
struct RowOrder {
  std::string file;
  bool sorted = false;
  std::string key;     // "PRIMARY (id)"; empty when the table has none to sort by
  std::string reason;  // "out of key order", "in key order", "--no-sort", ...
  std::uint64_t rows = 0, out_of_order = 0;  // rows whose key is less than the row's before (0: not read)
  double check_seconds = 0, sort_seconds = 0;  // wall
  double cpu_seconds = 0;  // the client's CPU for both
  std::uint64_t spilled_bytes = 0;  // written to --tmpdir
  std::uint64_t spooled_bytes = 0;  // a stream's content written to --tmpdir to be sorted as a file
  std::size_t runs = 0;             // sorted runs merged
};

// One input file's rows.
struct FileCounts {
  std::string path;
  std::uint64_t input_rows = 0;
  std::uint64_t rows = 0;                 // loaded by this run
  std::uint64_t rows_loaded_before = 0;   // --resume: by earlier runs
  std::uint64_t rows_rejected = 0;        // left out (--max-errors)
};

struct Summary {
  std::string file, table;              // file: the one FILE, or "N files"
  std::vector<FileCounts> files;
  std::string mode;                     // --mode, as the run loads (--mode auto's choice)
  std::string mode_reason;              // --mode auto: why it chose `mode`, in a few words; empty otherwise
  std::string method;                   // how rows reached the server, in words
  bool success = false;
  int exit_code = 0;
  std::string error;                    // the failure that stopped the load, if any
  std::optional<unsigned> server_errno; // the server's error number it came from, if it came from one
  bool load_started = false;            // false: it failed in a check before any chunk was sent
  std::uint64_t input_bytes = 0, input_rows = 0;
  std::uint64_t bytes = 0, rows = 0;    // committed by this run
  std::uint64_t rows_rejected = 0;      // left out of committed chunks (--max-errors), earlier runs' included
  std::size_t chunks_loaded_before = 0; // --resume: skipped, an earlier run committed them
  std::size_t chunks_not_read = 0;      // of them, passed over without reading their part of the input (row groups)
  std::uint64_t rows_loaded_before = 0;
  std::string rejects_file;             // --rejects
  std::string rejects_charset;          // the charset its rows are written in when not the file's (a converted --charset)
  std::uint64_t duplicates_skipped = 0; // --on-duplicate ignore: rows of committed chunks whose key was there
  std::uint64_t rows_replaced = 0;      // --on-duplicate replace: rows of the table committed rows replaced
  std::size_t key_waits = 0;            // chunks that waited for an earlier chunk sharing a key (load/key_board.h)
  double key_wait_seconds = 0;          // how long they waited, together
  std::size_t chunks = 0, chunks_committed = 0;
  std::string part;                     // --part K/N, or empty
  std::size_t chunks_other_parts = 0;   // --part: chunks left to the other parts
  unsigned threads = 0;
  std::uint64_t warnings = 0;           // server warnings in rejected chunks
  double seconds = 0;
  std::optional<bool> durable;          // nullopt: the barrier did not run
  std::string durability;
  std::vector<std::string> deferred_indexes;  // --defer-indexes: dropped for the load and re-created
  std::vector<ShardCounts> shards;      // a Spider table loaded shard-direct: the rows of each shard
  std::string via_head;                 // a Spider table loaded through its head server: why
  std::vector<ChunkSpan> spans;         // every chunk, in file order
  std::vector<Problem> problems;         // why chunks were refused
  std::vector<Problem> rejected;         // rows left out of committed chunks, in file order
  std::vector<std::pair<std::string, double>> passes;  // name, seconds
  std::vector<RowOrder> row_order;      // each mapped file's, when the sort was considered
  std::vector<std::string> plan;        // --dry-run: what the load would do, in lines
  std::string started_at, finished_at;  // ISO 8601 UTC (utc_timestamp); the start is after the password prompt
  std::string server_version;           // as the server says it, e.g. "10.11.9-MariaDB"; empty: not connected
  std::string created_from;             // a run of many tables: the schema file the table was created from
  bool stopped_by_another = false;      // a run of many tables: not loaded (to the end) because another table failed
  // --max-lag, --max-load (docs/replicas.md): how long the workers waited, why first, and the most a replica
  // was behind in any sample; none when nothing was watched.
  std::optional<double> paused_seconds, highest_lag;
  std::string first_pause;
};

// "2026-11-27T03:50:01.123Z".
std::string utc_timestamp(std::chrono::system_clock::time_point at);

// `text` as a JSON string, quoted and escaped.
std::string json_string(const std::string& text);

// Chunk i is in state states[i]; adjacent chunks in one state make one span.
std::vector<ChunkSpan> make_spans(const std::vector<Chunk>& chunks, const std::vector<SpanState>& states);

// The part of a stream the load stopped before reading, from `next` (the
// chunk that would have come next) on: its end is not known.
ChunkSpan unread_span(const Chunk& next);

void print_text(const Summary& summary, bool verbose);  // stderr
void print_json(const Summary& summary);                 // stdout
std::string json_of(const Summary& summary);             // what print_json prints, without the line end

// A run of many tables (FILE|DIR... DB): each table's problems, one line a table that loaded, the whole of a
// table that failed, and the total; with `json`, one object with each table's, and the error of the failure
// that decides the exit code. `run`: the run's own outcome (success, or what failed outside the tables'
// passes), its seconds and DB. Returns the exit code: the run's, else the first failed table's (one that
// failed of its own before one stopped by it).
int print_tables(const Summary& run, const std::vector<const Summary*>& tables, bool verbose, bool json);

}  // namespace fastload::report
