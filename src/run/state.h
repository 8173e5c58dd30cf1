// What the passes of a run (run/run.cc) share: the inputs, the chunks and their
// outcomes, the summary. Each pass is a function of the table's plan (plan/plan.h) and RunState.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "base/base.h"
#include "plan/plan.h"
#include "input/input.h"
#include "chunks/chunks.h"
#include "order/order.h"
#include "run/index_keys.h"
#include "table/table.h"
#include "load/load.h"
#include "db/db.h"
#include "dump/dump.h"
#include "typed/typed.h"
#include "sink/sink.h"
#include "shard/shard.h"
#include "report/report.h"
#include "throttle/throttle.h"

namespace fastload::run {

// One FILE and what the passes learn about it: a plain regular file is
// mapped and split before the load; standard input, pipes and compressed
// files are streams, cut into chunks while the workers load.
struct Input {
  std::string path;
  std::unique_ptr<input::MappedFile> file;     // mapped
  std::unique_ptr<input::ByteStream> stream;   // or streamed
  std::unique_ptr<chunks::StreamChunks> chunker;
  std::unique_ptr<chunks::ReadAhead> ahead;  // a compressed regular file's chunks, cut ahead of the commits
  std::unique_ptr<order::SortedOrder> sorted;  // a mapped file out of key order: its rows in key order
  // A stream whose first chunk was out of key order: its content, written to --tmpdir, is `file` (of this size).
  std::uint64_t spooled_bytes = 0;
  std::optional<report::RowOrder> stream_order;  // a stream left as it is: its first chunk's order, and why
  std::uint64_t chunk_size = 0;  // a pure function of the options and the file size
  std::size_t first_chunk = 0, chunk_count = 0;  // its chunks in RunState::chunks (a stream's: after the load)
  std::vector<std::unique_ptr<table::Ledger>> ledgers;  // --resume: one per destination, on its server
  input::FileIdentity identity;  // --resume: its bytes on disk (a compressed file's compressed bytes)
  std::size_t copy = 0;          // --resume: how many FILEs before it in this run have the same bytes
  // --resume, a stream's: the chunks an earlier run committed, one map per destination.
  std::vector<std::map<std::size_t, table::LedgerEntry>> recorded;
  bool finished_before = false;  // --resume: an earlier run loaded all of it
  // --mode server with a converted charset: the converted text's last chunk and its rows (load::JobInput).
  std::optional<std::string> converted_last;
  std::uint64_t converted_last_rows = 0;
  std::uint64_t rows_before = 0;  // the rows of the FILEs before it (numbering the ids: table/auto_ids.h)

  const std::string& name() const { return stream ? stream->name() : path; }
  // A stream's chunks not handed out (after the load): where the rest of it begins.
  std::optional<Chunk> unread() const { return ahead ? ahead->unread() : chunker ? chunker->unread() : std::nullopt; }
};

using Clock = std::chrono::steady_clock;

// --max-lag, --max-load, --critical-load: the gate the workers pass before each chunk and the monitor that
// opens and closes it (docs/replicas.md). Declared in this order: the monitor stops before the gate goes.
struct Throttling {
  throttle::Gate gate;
  std::unique_ptr<throttle::Monitor> monitor;
};

// Everything the passes produce besides the plan (which the connect pass completes).
struct RunState {
  Clock::time_point start = Clock::now();  // the run's time starts here, or after the password prompt
  std::optional<std::string> password;  // from the prompt, when -p had no value
  std::unique_ptr<db::Session> control;  // preflight and barrier; workers have their own
  db::SessionPins pins;  // the session variables every session of the run sets first
  table::Target target;
  shard::ShardPlan shards;  // a Spider table: its map (shard-direct), or why the head loads it
  std::vector<sink::Destination> destinations;  // the target (or --atomic's stage), or the shards
  std::optional<table::Stage> stage;  // --atomic: where the workers load, until the publish
  std::optional<table::AutoIds> auto_ids;  // the AUTO_INCREMENT column the fields leave out, numbered in file order
  // The ids the server makes up for a NULL or 0 the file gives the AUTO_INCREMENT column, worked out in file order.
  std::optional<table::GivenIdPlan> given_ids;
  std::optional<table::DeferredIndexes> deferred;  // --defer-indexes: dropped, until re-created
  std::vector<Input> inputs;  // the FILEs, patterns expanded, in the order given
  std::vector<Chunk> chunks;  // every input's, in order; chunk.file indexes `inputs`
  bool published_before = false;         // --resume --atomic: an earlier run published the staging table
  std::vector<load::ChunkOutcome> outcomes;  // one per chunk, from the split on
  load::LoadCounters counters;
  std::optional<throttle::Galera> galera;  // the target's server is a Galera node: its cluster (connect)
  throttle::Gate* gate = nullptr;  // the gate its workers pass: the run's (run/tables.h), if any
  report::Summary summary;
  load::StepHook* hook = nullptr;  // tests only: steps of a chunk's transaction (load/link.h)
  // The table's unique keys as the rows' fields hold them (the sort orders rows by the clustered one, the load
  // keeps rows that share one in file order); looked up once (sort_pass.cc, table_keys).
  std::optional<LoadKeys> keys;
  bool connected = false;  // the connect pass ended: the table is checked, the plan's mode concrete
  // An SQL dump's table (its TableRun's, which outlives this): input i is a dump, its rows (*sql)[i]'s INSERTs.
  const std::vector<dump::DumpTable>* sql = nullptr;
  // Its columns the rows' values fill, read once in the connect pass (sql_columns) for the stream's literals.
  std::optional<std::vector<dump::ColumnType>> sql_columns;
  // Its dump's content as the scan copied it (ScannedDump::copy), which its rows are read from (none: the dump
  // itself); set on the run's thread before the passes, the file written by the scan alone, before.
  std::shared_ptr<const input::SpillFile> sql_copy;
  // Its FILEs' columns when they are Parquet (every FILE's the same), read in the connect pass (a remote object's
  // from its footer alone), and each FILE's bytes: a file mapped in the connect pass, a remote object copied to
  // --tmpdir in the fetch pass (none until then).
  std::optional<std::vector<typed::ParquetColumn>> parquet;
  std::vector<std::shared_ptr<const input::MappedFile>> parquet_bytes;
};

// Times `pass` and records it under `name`.
template <class Pass>
void timed(RunState& state, const char* name, Pass&& pass) {
  auto start = Clock::now();
  pass();
  double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  state.summary.passes.emplace_back(name, seconds);
}

// run.cc: a table's summary before and after the passes (passes.cc).
void start_table(const plan::TablePlan& options, RunState& state, load::StepHook* hook);  // the summary's fields
void end_table(RunState& state);  // however it ended: --atomic's stage abandoned, indexes restored, times
// After a failure: a table this run created (--create, a dump's T.sql) into which nothing was committed is dropped
// again, and the summary's error says so (or why it stays).
void drop_created_if_empty(const plan::TablePlan& options, RunState& state);

// throttle_pass.cc: the gate and its monitor, when --max-lag, --max-load or --critical-load asks for them (or
// none); the gate's account in the summary.
std::unique_ptr<Throttling> start_throttle(const plan::TablePlan& options, RunState& state);
void account_throttle(const Throttling& throttling, report::Summary& summary);

// infer_pass.cc: --create's table made from `files`' inferred column types when the target is missing (true
// then), in the connect pass; --print-schema's statements on stdout (returns the exit code).
bool create_inferred(const plan::TablePlan& options, RunState& state, const std::vector<std::string>& files);
int print_schemas(const request::Request& request);

// database_outcomes.cc: a table whose load another failure stopped (`cause`: "db.t failed ...") says so, with that
// failure's exit code; mark_not_loaded gives each table left without an outcome (another failed its checks, or
// the run failed: `run`) that of the first failure.
Failure stopped_by(const report::Summary& table, const std::string& cause, ExitCode code, bool resume);
void mark_not_loaded(const std::vector<report::Summary*>& tables, const report::Summary& run);

// inputs.cc: opening, mapping and splitting the FILEs.
void open_input(const plan::TablePlan& options, RunState& state, std::size_t index);  // mapped, or a stream
void split_input(const plan::TablePlan& options, RunState& state, std::size_t index);
std::uint64_t progress_total(const RunState& state);
// The progress line (on a terminal, or --progress; not with --quiet) and --progress-json's objects, reading
// `counters` (a table's, or every table's of a run), showing why `gate` holds the workers; none when neither
// is wanted.
std::unique_ptr<report::ProgressLine> make_progress(const plan::TablePlan& options, std::uint64_t total,
                                                    std::vector<const report::ProgressCounters*> counters,
                                                    const throttle::Gate* gate = nullptr);
// --part: the chunks of the other parts are theirs, whatever the ledger says of them.
void mark_other_parts(const plan::TablePlan& options, RunState& state);
std::string what_stream(const input::ByteStream& stream);

// sort_pass.cc: the table's unique keys, read once; what the load keeps in order (docs/design.md, "Which row
// wins"): the keys a chunk holds, or nothing when no order need be kept.
const LoadKeys& table_keys(const plan::TablePlan& options, RunState& state);
std::function<chunks::ChunkKeys(const chunks::ChunkText&)> chunk_keys(const plan::TablePlan& options, RunState& state);
// Each mapped file out of the table's key order sorted by the key (order/sorter.h); the
// run's chunks are then its sorted chunks. Throws Failure(ExitCode::temp_space).
void sort_inputs(const plan::TablePlan& options, RunState& state);
// In the map pass, a stream (pipe, compressed file) judged by its first chunk: out of key order, its content
// is written to an unnamed file in --tmpdir and mapped as `file`, then split and sorted as a file is; true then.
bool spool_unsorted_stream(const plan::TablePlan& options, RunState& state, std::size_t index);

// resolve_mode.cc, in the connect pass once the table is checked: the plan's --mode auto made the concrete mode
// that costs this table's server least (plan/auto_mode.h), its --set given the run's clock, and the mode's test
// statement run (sink/probe.h); a server refusing LOAD DATA LOCAL turns auto to the INSERT path, with a warning.
void resolve_mode(plan::TablePlan& plan, RunState& state);

// sql_dump_tables.cc: an SQL dump's table's rows in input `index` (`state.sql`), read from that dump as delimited
// text for the table's columns (the control session reads them), once the table is checked.
// Typed inputs (typed_inputs.cc): the FILEs' format decided (the plan's), their Parquet schema read and the
// sessions' time zone pinned to UTC for a UTC timestamp of it, before the sessions are pinned; the plan's fields
// mapped to the FILEs' columns once the table is checked; an input's rows as text.
void plan_format(plan::TablePlan& options, RunState& state);
typed::Format detect(const std::string& path);  // by the first bytes and the name
typed::Format format_of(const plan::TablePlan& options, const std::string& path);  // --format, else detect
void plan_typed_fields(plan::TablePlan& options, RunState& state);
// A remote Parquet object (its schema read from its footer) copied whole to --tmpdir, once the table is checked:
// whether there is one, and the copy.
bool fetches(const plan::TablePlan& options, const RunState& state);
void fetch_inputs(const plan::TablePlan& options, RunState& state);
std::unique_ptr<input::ByteStream> typed_rows(const plan::TablePlan& options, const RunState& state, std::size_t index,
                                              std::unique_ptr<input::ByteStream> stream);
std::unique_ptr<input::ByteStream> sql_rows_stream(const plan::TablePlan& options, RunState& state, std::size_t index);

// plan.cc: --dry-run's plan, in the summary, after every check and instead of the load.
void plan_pass(const plan::TablePlan& options, RunState& state);

// format_pass.cc: the first rows of each input read as the load will read them (text/format_check.h); a
// mapped file's now, a stream's as its first chunk is cut. Throws Failure(ExitCode::rejected).
void check_formats(const plan::TablePlan& options, RunState& state);


// One table's load as the workers take it (load::load_tables), for a pool that loads several.
class TableLoad {
 public:
  TableLoad(const plan::TablePlan& options, RunState& state);  // after prepare_load
  ~TableLoad();
  load::TableWork& work() { return work_; }
  // After the workers: the tally of what they did, and the failure that stopped them (returned, not thrown, so
  // that the barrier still runs).
  Result<void> settle();

 private:
  struct Parts;
  Result<void> settle(Result<void> stopped);
  const plan::TablePlan& options_;
  RunState& state_;
  std::unique_ptr<Parts> parts_;
  load::TableWork work_;
};

// resume.cc: --resume's ledgers read before any chunk is sent.
void resume_pass(const plan::TablePlan& options, RunState& state);
// Whether an earlier --resume run of this load committed some of it (so rows in the table may be ours).
bool loaded_before(const RunState& state);
// Whether the load has rows to send: a chunk not loaded before, or a stream an earlier --resume run did not finish.
bool something_to_load(const RunState& state);

// destinations.cc: where the rows go, and what is done on every server when they are there.
void plan_shards(const plan::TablePlan& options, RunState& state);  // a Spider table's map, or why the head loads it
void plan_destinations(const plan::TablePlan& options, RunState& state);
void make_destinations_durable(RunState& state);
void analyze_destinations(RunState& state);
// The control session of destination `d`'s server.
db::Session& control_of(RunState& state, std::size_t d);

// bulk.cc: --mode bulk's table checks, once --resume knows what is left to load.
void check_bulk_target(const plan::TablePlan& options, RunState& state);

// auto_ids.cc: the AUTO_INCREMENT ids of rows the file gives none (table/auto_ids.h). plan_auto_ids after
// the target is checked (refuses what cannot be numbered), number_rows once the inputs are split and the
// ledgers read (the first id, the counter moved past the load's ids), finish_auto_ids after a load that
// succeeded (the counter where one LOAD DATA leaves it, where the row count was not known before).
void plan_auto_ids(const plan::TablePlan& options, RunState& state);
void number_rows(const plan::TablePlan& options, RunState& state);
void finish_auto_ids(RunState& state);
// plan_given_ids after the split, before the sort: what each chunk's rows do to the cursor of the ids the server
// makes up for a NULL or 0 the file gives the AUTO_INCREMENT column (table/given_ids.h), read in parallel.
void plan_given_ids(const plan::TablePlan& options, RunState& state);

// indexes.cc: --defer-indexes. restore_indexes returns what stopped re-creating them, not thrown.
void defer_indexes(const plan::TablePlan& options, RunState& state);
// What a killed run left dropped re-created, nothing dropped (a table that holds rows). Without
// --defer-indexes, a user who may not read the record is let be: returns the server's refusal.
std::optional<std::string> recover_indexes(const plan::TablePlan& options, RunState& state);
Result<void> restore_indexes(RunState& state) noexcept;

// atomic.cc: --atomic's publish, or the stage abandoned after a failure.
void publish(const plan::TablePlan& options, RunState& state);
void abandon(RunState& state);

}  // namespace fastload::run
