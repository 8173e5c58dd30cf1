// What the user asked for, parsed from argv once (cli/) and never changed after: the request's entry header.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "remote/remote.h"
#include "request/modes.h"
#include "text/text.h"

namespace fastload::request {

// --protocol: how the client reaches the server.
enum class Protocol {
  any,     // the library's choice: a socket for localhost (or no host), TCP for any other host
  tcp,     // TCP, to localhost too (as -P PORT on the command line does)
  socket,  // the unix socket
};

struct ConnectionOptions {
  std::string host;    // empty: from option files, else the library default
  unsigned port = 0;   // 0: from option files, else the library default
  std::string socket;
  std::string user;
  std::optional<std::string> password;  // given on the command line
  bool prompt_password = false;         // -p / --password without a value
  std::string defaults_file;            // --defaults-file, or the option file of a --shard: read this one only
  Protocol protocol = Protocol::any;    // --protocol, or -P/-S given last on the command line
  std::string ssl_mode;                 // DISABLED, PREFERRED, REQUIRED, VERIFY_CA, VERIFY_IDENTITY
  std::string ssl_ca;
  // The client library's options an option file gave that fastload has no flag for (ssl-cert, ...), by
  // their names there (cli/file_arguments.h): handed to the library as they are.
  std::vector<std::pair<std::string, std::string>> library_options;

  void validate() const;
};

// Reads the connection an option file gives, as --defaults-file FILE does (cli/cli.h: read_connection_file): the
// run hands it to what meets an option file's name (a --shard NAME=FILE.cnf, a Spider link's default_file).
using ConnectionFileReader = std::function<ConnectionOptions(const std::string& path)>;

// --shard NAME=WHERE: how to reach the shard server that a Spider table's
// server definition (or partition) NAME stands for, instead of that definition.
struct ShardConnection {
  std::string name;
  ConnectionOptions connection;  // an option file (defaults_file), or host/port/socket/user of a DSN
};

// --max-load / --critical-load: a global status variable of the server and the value it must stay at or under.
struct StatusLimit {
  std::string variable;  // as SHOW GLOBAL STATUS names it, e.g. Threads_running
  std::uint64_t limit = 0;
};

// Replicated servers (docs/replicas.md): when the workers must wait before their next chunk, or stop.
struct ThrottleOptions {
  double max_lag = 0;                     // --max-lag SECONDS; 0: replicas are not watched
  std::vector<ShardConnection> replicas;  // --replica [NAME=]WHERE; none: found from the server (SHOW SLAVE HOSTS)
  std::vector<StatusLimit> max_load;      // --max-load: pause while any is over its limit
  std::vector<StatusLimit> critical_load;  // --critical-load: stop cleanly when any is over its limit

  void validate() const;
};

// The format of the FILEs (--format): automatic decides a file at a time (typed/typed.h detect_format).
enum class InputFormat { automatic, text, parquet, json_lines };

// What a typed input's key or column means that no field names, or a field whose key or column it lacks.
enum class UnknownKeys { error, ignore };
enum class MissingKeys { error, null };

// What a row whose key is already in the table does (--on-duplicate).
enum class OnDuplicate {
  error,    // refuses the row like any bad value (strict, the default)
  ignore,   // keeps the row already in the table; the new one is counted as skipped
  replace,  // the new row replaces the old one
};

// One entry of --columns: where a row's field goes, as in LOAD DATA's
// column list `(a, @x, ...)`.
struct ColumnEntry {
  std::string name;       // unquoted: a column of the table, or the variable's name without '@'
  bool variable = false;  // @name: a user variable, which only --set expressions read

  bool operator==(const ColumnEntry&) const = default;
};

// One --set: LOAD DATA's `SET column = expression`, the expression as the user wrote it.
struct Assignment {
  std::string column;      // unquoted
  std::string expression;  // SQL, sent as given (but @variables in the INSERT modes, see sink/insert_shape.h)

  bool operator==(const Assignment&) const = default;
};

// A conversion the server makes without a word, which loses what the file
// says; fastload refuses the row unless --accept-conversion names it
// (docs/design.md#what-fastload-does-not-trust). A bit mask.
enum Conversion : unsigned {
  kIntFraction = 1,     // '1.5' into an integer column (or YEAR): rounded
  kTimeFraction = 2,    // fraction digits beyond a temporal column's precision: cut
  kTimestampNull = 4,   // NULL into a TIMESTAMP NOT NULL: now()
  kBitText = 8,         // '1' into BIT: the text's bytes (0x31)
  kEnumIndex = 16,      // a number, not a member's name, into ENUM (its index) or SET (a bit mask)
  kAllConversions = 31,
};

// What the user asked, grouped by concern (as a configuration file would be): each group checks the rules on its own
// fields (validate.cc); `Request::validate` adds the rules between groups. Parsed once (cli/), never copied or
// changed: what the run decides from it (the concrete mode, each table's columns and settings) is the plan
// (plan/plan.h).

// Where the rows come from and how they are read.
struct Source {
  std::vector<std::string> files;  // as given: paths or glob patterns, expanded when the run opens them
  std::string charset = "utf8mb4";
  bool convert_charset = false;  // --charset is one the file is converted from (src/input/charsets.h)
  bool charset_given = false;    // --charset was given (command line or [fastload]): a dump's text is read in it
  text::Dialect dialect;         // --csv, --fields-*, --lines-terminated-by, --skip-rows
  bool header_given = false;  // --skip-rows was given (0 too): the format check takes a first row of names as data
  bool escape_given = false;  // --fields-escaped-by was given: the escape is not the default, which the server's
                              // NO_BACKSLASH_ESCAPES takes away from its own LOAD DATA (run/format_pass.cc)
  std::uint64_t chunk_size = 0;   // 0: default_chunk_size(file size), see below
  bool sort = true;               // --no-sort turns it off: rows out of the table's key order are sorted first
  std::uint64_t sort_memory = 0;  // --sort-memory: rows held in memory before they load; beyond it, temp files
  std::string tmpdir;             // --tmpdir: where those temp files go (unnamed: they vanish with the process)
  InputFormat format = InputFormat::automatic;  // --format
  UnknownKeys unknown_keys = UnknownKeys::error;  // --unknown-keys: Parquet and JSON lines
  MissingKeys missing_keys = MissingKeys::error;  // --missing-keys: Parquet and JSON lines

  void validate() const;
};

// Where the rows go: the table, and which of its columns the fields fill.
struct Target {
  std::string database;
  std::string table;  // empty: DB alone was given, each file loads into the table named after it (dump/tables.h)
  std::vector<ColumnEntry> columns;     // --columns; empty: the fields fill the table's columns in order
  std::vector<Assignment> set;          // --set, in the order given
  std::vector<std::string> partitions;  // --partition: the (sub)partitions rows may go to, unquoted; empty: any
  bool create = false;  // --create: a missing table made from its files' inferred types (schema/)
  bool routines = false;  // --routines: an SQL dump's procedures and functions restored (else refused)
  bool events = false;    // --events: an SQL dump's events restored (else refused)

  // A run of many tables: DB was given without a table.
  bool database_run() const { return table.empty(); }
};

// How the rows are sent and what the load does to the table around them.
struct Load {
  Mode mode = kDefaultMode;
  unsigned threads = 2;
  std::uint64_t batch_rows = 0;  // insert and multirow: most rows a statement; 0: the mode's default
  bool array_binding = true;     // insert: use MariaDB's array binding where client and server have it
  unsigned retries = 5;          // attempts after a transient error (deadlock, lost connection) per chunk
  std::uint64_t max_rate = 0;    // most bytes a second all workers together send; 0: no limit
  bool atomic = false;           // all or nothing: load a staging table, then publish it in one transaction
  bool defer_indexes = false;    // drop the secondary indexes for the load, re-create them in one ALTER after it
  bool force = false;            // --defer-indexes on a table that already holds rows
  bool keep_indexes = false;  // --keep-indexes: an empty InnoDB table keeps its secondary indexes during the load
  bool analyze = false;       // ANALYZE TABLE on the target after the barrier

  void validate() const;
};

// Which options were given, for rules on options whose value alone does not tell.
struct Given {
  bool threads = false, chunk_size = false, batch_rows = false, no_array_binding = false, max_rate = false,
       ledger = false;
};

// Session options (docs/design.md#session-options): what every session of the load sets or asks of the client.
struct Sessions {
  unsigned connect_timeout = 10;  // --connect-timeout: seconds to connect and get the greeting; 0: no limit
  bool compress = false;          // the client protocol's compression on the workers' connections
  bool no_binlog = false;         // sql_log_bin = 0 in every session: replicas see none of the load
  bool disable_checks = false;    // unique_checks = 0, foreign_key_checks = 0 in the workers' sessions
};

// What a row the table cannot take as it is does: a duplicate key, a value the server would change.
struct Conflicts {
  OnDuplicate on_duplicate = OnDuplicate::error;
  std::string rejects_file;           // --rejects: bad rows go here instead of failing the load
  std::uint64_t max_errors = 0;       // most rows that may be rejected before the load fails
  unsigned accepted_conversions = 0;  // --accept-conversion: Conversion bits loaded as the server converts them
};

// --resume: what is recorded so that a rerun loads only the rest.
struct Checkpoint {
  bool resume = false;          // record chunks in the ledger; skip the ones a previous run committed
  std::string ledger_database;  // --ledger DB.TABLE; empty: the target's database
  std::string ledger_table = "fastload_ledger";
};

// What the user sees.
struct Output {
  bool json = false;           // the summary as one JSON object on stdout
  bool progress = false;       // a progress line even when stderr is not a terminal
  bool verbose = false;        // pass timers and per-chunk lines
  bool dry_run = false;        // every check, then the plan; nothing loaded, the table unchanged
  bool print_schema = false;   // --print-schema: the CREATE TABLEs --create would run printed, nothing connected
  bool quiet = false;          // --quiet: errors only on stderr (the summary, warnings and progress left out)
  std::string log_file;        // --log-file: every message also appended here, timestamped; empty: none
  bool progress_json = false;  // --progress-json: a JSON object a second on stdout while the load runs
};

// Scaling out (docs/scaling.md).
struct Scale {
  unsigned part = 1, parts = 1;         // --part K/N: this process loads the chunks of part K of N
  std::vector<ShardConnection> shards;  // --shard, once per shard server given
  bool via_head = false;                // load a Spider table through its head server, not shard-direct

  void validate() const;
};

// Remote inputs (http://, https://, s3://): how they are reached, verified and signed for.
struct Remote {
  remote::Settings settings;
  void validate() const;
};

struct Request {
  Source source;
  Remote remote;
  Target target;
  Load load;
  ConnectionOptions connection;
  Sessions sessions;
  Conflicts conflicts;
  Checkpoint checkpoint;
  Output output;
  Scale scale;
  ThrottleOptions throttle;  // replicas' lag and the server's load (docs/replicas.md)

  // Throws Failure(ExitCode::usage) naming the first rule broken: each group's own, then those between groups.
  void validate(const Given& given) const;

  bool database_run() const { return target.database_run(); }
  // The mode loads each file as one chunk, in one statement, by one session (as asked: auto is load's).
  bool whole_file() const { return traits(load.mode).whole_file; }
};

// The files a run loads in `mode` once its patterns are expanded: a whole-file mode takes one.
void validate_file_count(Mode mode, std::size_t files);

// The default chunk size: 64M, but files under 2G get 32 chunks (at least 1M
// each), so the workers finish together instead of one loading the last big
// chunk alone. It depends on the file size only, so reruns cut the same chunks.
inline std::uint64_t default_chunk_size(std::uint64_t file_size) {
  constexpr std::uint64_t most = 64ull << 20, least = 1ull << 20;
  std::uint64_t size = file_size / 32;
  return size > most ? most : size < least ? least : size;
}

// --max-lag without --chunk-size: chunks of at most a quarter MiB a second of `max_lag` (128K to 16M), so that
// the gate, which counts the chunk it lets start, can keep a replica applying more than one chunk's worth ahead
// while it stays under the limit (docs/replicas.md); no cap without --max-lag.
inline std::uint64_t lag_chunk_cap(double max_lag) {
  if (max_lag <= 0) return UINT64_MAX;
  const double bytes = max_lag * (1 << 18);
  return bytes < (128 << 10) ? 128 << 10 : bytes > double(16ull << 20) ? 16ull << 20 : std::uint64_t(bytes);
}

}  // namespace fastload::request
