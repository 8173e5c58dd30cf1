#include "cli/flags.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <fmt/core.h>
#include <map>
#include <thread>
#include <tuple>
#include <unistd.h>

#include "cli/cli_values.h"
#include "cli/help.h"
#include "input/input.h"

namespace fastload::cli {

std::optional<std::string> GivenString::value() const {
  return option->count() > 0 ? std::optional(text) : std::nullopt;
}

namespace {

// CLI11 reads an unsigned option with strtoull, which takes "-1" (wrapping it to 2^64 - 1), blanks, "0x10" and
// octal "010": each numeric option's value is checked here first and reaches CLI11 as plain decimal digits.
CLI::Validator whole_number(std::uint64_t least, std::uint64_t most) {
  return CLI::Validator(
      [least, most](std::string& text) {
        std::optional<std::uint64_t> value = parse_whole_number(text, least, most);
        if (!value) return fmt::format("'{}' is not a whole number from {} to {}", text, least, most);
        text = std::to_string(*value);
        return std::string();
      },
      "");  // the range is in the message: --help shows the type name only
}

// --connect-timeout's seconds, as whole_number reads them: 0 (no limit) or more.
CLI::Validator whole_seconds() {
  return CLI::Validator(
      [](std::string& text) {
        std::optional<std::uint64_t> value = parse_whole_number(text, 0, UINT_MAX);
        if (!value)
          return fmt::format("'{}' is not a whole number of seconds: give 0 or more, at most {} (0: no limit), "
                             "e.g. --connect-timeout 30", text, UINT_MAX);
        text = std::to_string(*value);
        return std::string();
      },
      "");
}

// A flag's value (--resume=0) is one of kFlagWords; CLI11 alone took any number ("-1" as false, "2" as true)
// and "t", "y", "+", "-", "enable". It reaches CLI11 as true or false.
void check_flag_values(CLI::App& app) {
  for (CLI::Option* flag : app.get_options([&](CLI::Option* o) {
         return o->get_expected_max() == 0 && o != app.get_help_ptr() && o != app.get_version_ptr();
       })) {
    const std::string name = "--" + flag->get_lnames().front();  // every flag has one; get_name() hides some
    flag->check(CLI::Validator(
        [name](std::string& text) {
          std::optional<bool> value = parse_flag_value(text);
          if (!value)
            return fmt::format("'{}' is not a flag's value: give {} alone, or {}=0 to turn it off ({})", text,
                               name, name, kFlagWords);
          text = *value ? "true" : "false";
          return std::string();
        },
        ""));
  }
}

// Every numeric option but the sizes (parse_size) and --part (parse_part), with the range its field holds.
void check_whole_numbers(CLI::App& app) {
  constexpr std::uint64_t any = UINT64_MAX, any_unsigned = UINT_MAX;
  const std::tuple<const char*, std::uint64_t, std::uint64_t> options[] = {
      {"--threads", 1, 256}, {"--batch-rows", 0, any}, {"--skip-rows", 0, any}, {"--max-errors", 0, any},
      {"--retries", 0, any_unsigned}, {"--port", 0, 65535}};
  for (const auto& [name, least, most] : options)
    app.get_option(name)->transform(whole_number(least, most))->type_name("N");
}

// --help's names of the values it would call TEXT.
void name_values(CLI::App& app) {
  const std::pair<const char*, const char*> names[] = {
      {"--chunk-size", "SIZE"}, {"--sort-memory", "SIZE"}, {"--tmpdir", "DIR"}, {"--charset", "NAME"}, {"--fields-terminated-by", "STRING"},
      {"--fields-enclosed-by", "CHAR"}, {"--fields-escaped-by", "CHAR"}, {"--lines-terminated-by", "STRING"},
      {"--lines-starting-by", "STRING"}, {"--ledger", "DB.TABLE"}, {"--rejects", "FILE"}, {"--host", "HOST"},
      {"--socket", "PATH"}, {"--user", "NAME"}, {"--password", "PASSWORD"}, {"--ssl-mode", "MODE"},
      {"--ssl-ca", "FILE"}};
  for (const auto& [option, name] : names) app.get_option(option)->type_name(name);
}

// 1G, but at most a quarter of the machine's memory.
std::uint64_t default_sort_memory() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  const std::uint64_t quarter = pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * page / 4 : 0;
  return std::clamp<std::uint64_t>(quarter, 64 << 20, 1 << 30);
}

std::string default_tmpdir() {
  const char* dir = std::getenv("TMPDIR");
  return dir && *dir ? dir : "/tmp";
}

unsigned default_threads() { return std::max(2u, std::thread::hardware_concurrency()); }

void add_string(CLI::App& app, const char* name, GivenString& s, const char* help, const char* type = nullptr) {
  s.option = app.add_option(name, s.text, help);
  if (type) s.option->type_name(type);
}

// CLI11's own section, for options without one.
constexpr const char* kMainGroup = "Options";

// The --help section the options added next belong to.
void start_group(CLI::App& app, const char* name) { app.option_defaults()->group(name); }

// An option given once per item (--shard, --replica): every one is kept, one value each.
void add_repeated(CLI::App& app, const char* name, std::vector<std::string>& values, const char* help,
                  const char* type) {
  app.add_option(name, values, help)->type_name(type)->expected(1)->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

// --mode's help and values come from the mode table (request/modes.h).
void add_mode_option(CLI::App& app, request::Request& o) {
  std::string help = "how rows reach the server: ";
  std::vector<std::pair<std::string, request::Mode>> modes;
  for (const request::ModeTraits& m : request::all_modes()) {
    help += fmt::format("{}{} ({})", m.mode == request::kDefaultMode ? "" : ", ", m.name, m.help);
    modes.emplace_back(m.name, m.mode);
  }
  app.add_option("--mode", o.load.mode, help)->transform(named_values(modes, "mode"))->type_name("MODE");
}

// The file and the table, and how the rows are cut and sent (CLI11's own --help section).
void add_load_options(CLI::App& app, request::Request& o, Flags& f) {
  start_group(app, kMainGroup);
  app.add_option("FILE... DB.TABLE", f.positional, "the files to load (quoted glob patterns such as 'parts/*.tsv' "
                 "are expanded; by default in MySQL's text format: tab-separated, backslash escapes, LF line ends, "
                 "see Format), then the target table (quote names holding dots with backticks); or FILE|DIR... DB: "
                 "each file into the table named by its name up to the first dot, and each table of a directory "
                 "mariadb-dump wrote a file a table into (T.txt, created from T.sql when missing); or DUMP.sql... [DB]: "
                 "plain SQL dumps (named .sql, or - for standard input, copied to --tmpdir as it is read): their "
                 "tables, rows, triggers and views restored into DB, or without it into the databases they name "
                 "(a dump of several databases too); or DIR [DB] of mydumper's, restored the same way")
      ->required()->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  f.threads = app.add_option("--threads", o.load.threads, "worker threads, each with its own connection (default: "
                             "cores, at least 2)");
  add_mode_option(app, o);
  f.batch_rows = app.add_option("--batch-rows", o.load.batch_rows, "insert and multirow: most rows a statement "
                                "(default: insert 1000, multirow as many as max_allowed_packet takes)");
  f.no_array = app.add_flag("--no-array-binding", f.no_array_binding, "insert: send multi-row prepared "
                            "INSERTs even where MariaDB's array binding is available");
  add_string(app, "--chunk-size", f.chunk_size, "bytes per chunk and transaction, K/M/G suffixes (default 64M; "
             "files under 2G are cut in 32 chunks of at least 1M)");
  app.add_flag("--no-sort", f.no_sort, "load the rows in file order even when they are out of the table's key "
               "order (by default such rows are sorted by the key first, see Row order)");
  add_string(app, "--sort-memory", f.sort_memory, "memory for rows held before they load (sorting; compressed "
             "input awaiting its checksum), K/M/G suffixes (default 1G, at most a quarter of RAM); beyond it, "
             "temporary files in --tmpdir");
  app.add_option("--tmpdir", o.source.tmpdir, "directory for temporary files (default $TMPDIR, else /tmp): sorted runs, "
                 "an unsorted stream's content, and an SQL dump read from standard input (its uncompressed size); "
                 "they have no name and vanish with the process");
  f.charset = app.add_option("--charset", o.source.charset, "character set of the file (default utf8mb4; a dump "
                             "directory's default: the bytes its columns store, checked)");
  const std::vector<std::pair<std::string, request::OnDuplicate>> duplicates{
      {"error", request::OnDuplicate::error}, {"ignore", request::OnDuplicate::ignore}, {"replace", request::OnDuplicate::replace}};
  app.add_option("--on-duplicate", o.conflicts.on_duplicate, "a row whose key is already in the table: error (refuse "
                 "it, default), ignore (keep the old row) or replace (keep the new row)")
      ->transform(named_values(duplicates, "way to treat a duplicate key"))->type_name("ACTION");
}

void add_dialect_options(CLI::App& app, Flags& f) {
  start_group(app, "Format (as LOAD DATA's clauses; values take \\t \\n \\r \\\\ \\0 escapes)");
  app.add_flag("--csv", f.dialect.csv, "FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' ESCAPED BY '' LINES "
               "TERMINATED BY '\\n'; the options below change parts of it");
  add_string(app, "--fields-terminated-by", f.fields_terminated_by, "field separator, one or more characters "
             "(default \\t)");
  add_string(app, "--fields-enclosed-by", f.fields_enclosed_by, "the quote that may enclose a field (default none)");
  add_string(app, "--fields-escaped-by", f.fields_escaped_by, "escape character, '' for none (default \\\\)");
  add_string(app, "--lines-terminated-by", f.lines_terminated_by, "line end, one or more characters, e.g. \\r\\n "
             "(default \\n)");
  add_string(app, "--lines-starting-by", f.lines_starting_by, "each row begins after this prefix; what comes before "
             "it (lines without it too) is skipped (default none)");
  app.add_flag("--fields-optionally-enclosed", f.dialect.fields_optionally_enclosed, "say OPTIONALLY ENCLOSED BY "
               "(loads the same)");
  f.skip_rows = app.add_option("--skip-rows", f.dialect.skip_rows, "header lines to leave out, counted as IGNORE N LINES counts "
                 "them");
}

// --columns, --set and --partition; what they name is checked against the table once it is known
// (table::check_columns, table::check_partitions).
void add_column_options(CLI::App& app, Flags& f) {
  start_group(app, "Columns (as LOAD DATA's column list and SET clause)");
  add_string(app, "--columns", f.columns, "where each row's fields go, in order: column names and @variables, e.g. "
             "a,@skip,b,@x (names holding commas in backticks); default: the table's columns", "LIST");
  add_string(app, "--partition", f.partitions, "the only partitions (or subpartitions) rows may go to, as LOAD "
             "DATA's and INSERT's PARTITION (...): a row no named one takes is refused with its line, e.g. p1,p2",
             "LIST");
  app.add_option("--set", f.set, "COLUMN = EXPRESSION, as LOAD DATA's SET, e.g. 'c = UPPER(@x)'; once per column")
      ->type_name("'COL = EXPR'")->expected(1)->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

void add_safety_options(CLI::App& app, request::Request& o, Flags& f) {
  start_group(app, "Resuming, bad rows and atomic loads");
  app.add_flag("--resume", o.checkpoint.resume, "record each committed chunk in a ledger table, in the chunk's own "
               "transaction, and skip the chunks an earlier --resume run of this file into this table "
               "committed; give it from the first run on");
  add_string(app, "--ledger", f.ledger, "the ledger table (default: fastload_ledger in the target's database)");
  app.add_option("--rejects", o.conflicts.rejects_file, "write rows the server refuses to this file (their original "
                 "bytes) and why to FILE.reasons, and load the rest of their chunk; neither may exist, except the "
                 "ones an earlier --resume run of the same load wrote");
  app.add_option("--max-errors", o.conflicts.max_errors, "most rows that may be rejected before the load fails "
                 "(default 0)");
  app.add_option("--accept-conversion", f.accepted, "load these kinds of values the server converts without a word "
                 "(1.5 into INT: int-fraction) as it converts them, instead of refusing their rows; KIND: "
                 "int-fraction, time-fraction, timestamp-null, bit-text, enum-index or all")
      ->type_name("KIND,...")->expected(1)->allow_extra_args(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->delimiter(',');  // the names are checked by parse_conversions, which names them all
  app.add_flag("--atomic", o.load.atomic, "all or nothing: load a staging table in parallel, then publish it to "
               "the target in one transaction (readers never see part of the load)");
  app.add_option("--retries", o.load.retries, "times a chunk is retried after a deadlock, lock wait timeout or "
                 "lost connection (default 5)");
}

// --defer-indexes and --force; --disable-checks, --no-binlog, --compress, --max-rate and --analyze: what
// the sessions do beyond the statements (docs/design.md#session-options).
void add_speed_options(CLI::App& app, request::Request& o, Flags& f) {
  start_group(app, "Speed");
  app.add_flag("--defer-indexes", o.load.defer_indexes, "drop the table's secondary indexes (not the primary key, "
               "unique ones or ones foreign keys need) before the load and re-create them in one ALTER TABLE "
               "after it, also after a failure or a signal. An empty InnoDB table has this by default (not on a "
               "Galera node); the option asks for it on any table, and on one that holds rows with --force");
  app.add_flag("--keep-indexes", o.load.keep_indexes, "keep an empty InnoDB table's secondary indexes in place during "
               "the load (by default they are dropped and re-created after it, each built by one sort)");
  app.add_flag("--force", o.load.force, "--defer-indexes on a table that already holds rows: their index entries "
               "are rebuilt too");
  app.add_flag("--disable-checks", o.sessions.disable_checks, "SET unique_checks = 0, foreign_key_checks = 0 in the "
               "loading sessions. The trade-off: InnoDB may then not detect a duplicate key in a secondary UNIQUE "
               "index, so such duplicates can enter the table silently (PRIMARY KEY duplicates are still "
               "refused), and rows that violate a foreign key are accepted and never checked later. Not with "
               "--on-duplicate ignore or replace");
  app.add_flag("--no-binlog", o.sessions.no_binlog, "SET sql_log_bin = 0 in every session: the load is not written to the "
               "binary log, so replicas never see it (needs SUPER or BINLOG ADMIN on MariaDB, "
               "SYSTEM_VARIABLES_ADMIN or SESSION_VARIABLES_ADMIN on MySQL)");
  app.add_flag("--compress", o.sessions.compress, "compress the workers' connections (zlib; zstd where the client library "
               "and server have it), checked on the server");
  add_string(app, "--max-rate", f.max_rate, "most bytes a second all workers together send to the server, K/M/G "
             "suffixes (counted before --compress)", "RATE");
  app.add_flag("--analyze", o.load.analyze, "run ANALYZE TABLE on the table after the load, so its statistics "
               "describe the new rows (an error it reports is a warning: the rows are loaded)");
}

// --part, --shard and --via-head (docs/scaling.md).
void add_scaling_options(CLI::App& app, request::Request& o, Flags& f) {
  start_group(app, "Scaling out (docs/scaling.md)");
  add_string(app, "--part", f.part, "load only part K of N of the chunks (chunk i of the file when i mod N = K-1), "
             "so N processes, on one host or several, share one load; with --resume any of them may finish "
             "another's part", "K/N");
  add_repeated(app, "--shard", f.shards, "a Spider table's shard server NAME (its server definition or "
               "partition) is reached through WHERE instead of its server definition: an option file (a path "
               "ending in .cnf, its [client] and [fastload] groups) or [user@]host[:port] or "
               "[user@]/path/to/socket; once per shard", "NAME=WHERE");
  app.add_flag("--via-head", o.scale.via_head, "load a Spider table through its head server, as one table, instead of "
               "straight into its shards");
}

// --max-lag, --replica, --max-load, --critical-load (docs/replicas.md).
void add_replica_options(CLI::App& app, Flags& f) {
  start_group(app, "Replicated servers (docs/replicas.md)");
  add_string(app, "--max-lag", f.max_lag, "before each chunk, wait until every replica is at most SECONDS behind "
             "(fractions allowed; measured by a heartbeat row, not whole seconds); a replica that stops "
             "replicating or cannot be reached pauses the load too", "SECONDS");
  add_repeated(app, "--replica", f.replicas, "a replica --max-lag watches, reached through WHERE as --shard's: "
               "an option file (*.cnf) or [user@]host[:port] or [user@]/path/to/socket; once per replica "
               "(default: the replicas the server lists in SHOW SLAVE HOSTS, with the load's user and password)",
               "[NAME=]WHERE");
  add_string(app, "--max-load", f.max_load, "before each chunk, wait while a global status variable of the "
             "server is over its limit, e.g. Threads_running=40 (several: comma-separated)", "VAR=N[,VAR=N]");
  add_string(app, "--critical-load", f.critical_load, "stop the load cleanly (chunks in flight finish; exit 15, "
             "rerun with --resume) when a global status variable of the server passes its limit", "VAR=N[,VAR=N]");
}

void add_connection_options(CLI::App& app, request::Request& o, Flags& f) {
  request::ConnectionOptions& c = o.connection;
  start_group(app, kConnectionGroup);
  app.add_option("-h,--host", c.host, "server host");
  app.add_option("-P,--port", c.port, "server TCP port; on the command line it also means --protocol TCP, "
                 "to localhost too, as in the mariadb client");
  app.add_option("-S,--socket", c.socket, "server unix socket; on the command line it also means --protocol "
                 "SOCKET");
  app.add_option("--protocol", c.protocol, "TCP or SOCKET (default: a socket for localhost, else TCP)")
      ->transform(named_values(std::vector<std::pair<std::string, request::Protocol>>{{"TCP", request::Protocol::tcp},
                                                                              {"SOCKET", request::Protocol::socket}},
                               "protocol fastload speaks"))
      ->type_name("PROTOCOL");
  app.add_option("-u,--user", c.user, "user name");
  add_string(app, "-p,--password", f.password, "password: -pSECRET or --password=SECRET; -p alone prompts without "
             "echo");
  app.add_flag("--password-prompt", c.prompt_password)->group("");
  app.add_option("--ssl-mode", c.ssl_mode, "DISABLED, PREFERRED, REQUIRED, VERIFY_CA or VERIFY_IDENTITY");
  app.add_option("--ssl-ca", c.ssl_ca, "CA certificate file (PEM)");
  app.add_option("--connect-timeout", o.sessions.connect_timeout, "seconds a connection may take to be set up, the "
                 "server's greeting included (default 10; 0: no limit); statements have none")
      ->type_name("SECONDS")->transform(whole_seconds());
}

// Read before the rest, by cli/option_files.h; registered for --help and so that CLI11 takes them.
void add_option_file_options(CLI::App& app, request::Request& o) {
  start_group(app, "Option files (as the mariadb client reads them; the command line wins)");
  const std::string none = "read no option file (by default: /etc/my.cnf, /etc/mysql/my.cnf, $MARIADB_HOME/my.cnf, "
                           "~/.my.cnf; their groups [client], [client-server], [client-mariadb], [fastload])";
  app.add_flag("--no-defaults", none);
  app.add_option("--defaults-file", o.connection.defaults_file, "read this option file only")->type_name("FILE");
  app.add_option("--defaults-extra-file", "read this option file after the global ones, before ~/.my.cnf")
      ->type_name("FILE");
  app.add_option("--defaults-group-suffix", "also read the groups named with this suffix, e.g. [fastload_SUF]")
      ->type_name("SUFFIX");
  const std::string print = "print the options the option files give, then exit";
  app.add_flag("--print-defaults", print);
}

// What a run writes besides --json (docs/design.md#output).
void add_output_options(CLI::App& app, request::Request& o) {
  start_group(app, "Output");
  app.add_flag("-q,--quiet", o.output.quiet, "errors only: no summary, progress or warnings on stderr; a failure and "
               "the rows it refused are still said, the exit code is the same (for cron)");
  app.add_option("--log-file", o.output.log_file, "also append every message (warnings, the failure, the summary; "
                 "with --quiet too) to FILE, each line with its local time (ISO 8601, milliseconds)")
      ->type_name("FILE");
  app.add_flag("--progress-json", o.output.progress_json, "while the load runs, a JSON object a second on stdout "
               "(bytes read, sent and committed, rows, rates, percent, eta_seconds, state), one a line, before "
               "--json's summary");
}

text::Dialect dialect_of(Flags& f) {
  f.dialect.fields_terminated_by = f.fields_terminated_by.value();
  f.dialect.fields_enclosed_by = f.fields_enclosed_by.value();
  f.dialect.fields_escaped_by = f.fields_escaped_by.value();
  f.dialect.lines_terminated_by = f.lines_terminated_by.value();
  f.dialect.lines_starting_by = f.lines_starting_by.value();
  return text::make_dialect(f.dialect);
}

}  // namespace

void add_options(CLI::App& app, request::Request& o, Flags& f) {
  o.load.threads = default_threads();
  // A repeated option: the last one wins, as in the mysql tools, so a script may append to a command line
  // (and the command line to the option files, cli/option_files.h). The options given once per item
  // (--set, --shard, --replica, --accept-conversion) collect every one: they say TakeAll themselves.
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.set_help_flag("-?,--help", "print this help and exit");  // -h is --host, as in the mysql client
  format_help(app);
  app.set_version_flag("--version", FASTLOAD_VERSION, "print the version and exit");
  add_load_options(app, o, f);
  add_dialect_options(app, f);
  add_column_options(app, f);
  add_safety_options(app, o, f);
  add_speed_options(app, o, f);
  add_scaling_options(app, o, f);
  add_replica_options(app, f);
  start_group(app, kMainGroup);
  app.add_flag("--json", o.output.json, "print the summary as one JSON object on stdout");
  app.add_flag("--dry-run", o.output.dry_run, "run every check (connection, table, file format), then print the plan "
               "(files, chunks, threads, mode, statement) without loading a row or changing the table");
  app.add_flag("--create", o.target.create, "create a missing table from its files: each column the narrowest type "
               "that holds every value exactly (leading zeros kept as text), named by the header with --skip-rows "
               "1 (see Type inference)");
  app.add_flag("--routines", o.target.routines, "an SQL dump's stored procedures and functions (mariadb-dump "
               "--routines), or a mydumper directory's (mydumper -R, as myloader makes them), created in the database "
               "after its tables' rows and triggers, before its views, each with its DEFINER and the settings the "
               "dump gives it; without it they are refused before anything is changed");
  app.add_flag("--events", o.target.events, "an SQL dump's events (mariadb-dump --events), or a mydumper "
               "directory's (mydumper -E), created the same way; the server's event scheduler then runs them as "
               "their DEFINER");
  app.add_flag("--print-schema", o.output.print_schema, "print the CREATE TABLE --create would run for each table, "
               "inferred from its files, without connecting or loading");
  app.add_flag("--progress", o.output.progress, "show the progress line even when stderr is not a terminal");
  app.add_flag("-v,--verbose", o.output.verbose, "print each pass's time and each chunk's outcome");
  add_output_options(app, o);
  add_remote_options(app, o);
  add_typed_options(app, o);
  add_connection_options(app, o, f);
  add_option_file_options(app, o);
  check_whole_numbers(app);
  check_flag_values(app);
  name_values(app);
}

Failure files_and_table_missing() {
  return usage_error("give one or more FILEs, then DB.TABLE (or DB: each FILE, or each table of a dump DIR, into "
                     "the table named after it)");
}

request::Given read_flags(Flags& f, request::Request& o) {
  if (auto password = f.password.value()) o.connection.password = *password;
  o.source.dialect = dialect_of(f);
  o.source.header_given = f.skip_rows->count() > 0;
  o.source.escape_given = f.dialect.fields_escaped_by.has_value();
  if (auto columns = f.columns.value()) o.target.columns = parse_columns(*columns);
  for (const std::string& assignment : f.set) o.target.set.push_back(parse_assignment(assignment));
  if (auto partitions = f.partitions.value()) o.target.partitions = parse_partitions(*partitions);
  o.load.array_binding = !f.no_array_binding;
  o.conflicts.accepted_conversions = parse_conversions(f.accepted);
  if (auto size = f.chunk_size.value()) o.source.chunk_size = parse_size(*size, "--chunk-size");  // '' is refused
  o.source.sort = !f.no_sort;
  o.source.sort_memory = default_sort_memory();
  if (auto size = f.sort_memory.value()) o.source.sort_memory = parse_size(*size, "--sort-memory");
  if (o.source.tmpdir.empty()) o.source.tmpdir = default_tmpdir();
  if (auto rate = f.max_rate.value()) o.load.max_rate = parse_size(*rate, "--max-rate");
  if (auto part = f.part.value()) std::tie(o.scale.part, o.scale.parts) = parse_part(*part);
  for (const std::string& shard : f.shards) o.scale.shards.push_back(parse_shard(shard));
  if (auto lag = f.max_lag.value()) o.throttle.max_lag = parse_seconds(*lag, "--max-lag");
  for (const std::string& replica : f.replicas) o.throttle.replicas.push_back(parse_replica(replica));
  if (auto load = f.max_load.value()) o.throttle.max_load = parse_status_limits(*load, "--max-load");
  if (auto load = f.critical_load.value()) o.throttle.critical_load = parse_status_limits(*load, "--critical-load");
  const auto& given = f.positional;
  const bool dumps = !given.empty() && std::all_of(given.begin(), given.end(), [](const std::string& p) {
    return input::sql_file_name(p);
  });
  if (dumps || (given.size() == 1 && (input::mydumper_directory(given[0]) || given[0] == "-"))) {
    o.source.files = f.positional;  // DUMP.sql..., - or a mydumper DIR alone: the databases are the dumps' own
  } else {
    if (f.positional.size() < 2) throw files_and_table_missing();
    o.source.files.assign(f.positional.begin(), f.positional.end() - 1);
    std::tie(o.target.database, o.target.table) = parse_target(f.positional.back());
  }
  if (!f.ledger.text.empty())
    std::tie(o.checkpoint.ledger_database, o.checkpoint.ledger_table) = parse_table_name(f.ledger.text, "--ledger");
  o.source.convert_charset = input::converted_charset(o.source.charset) != nullptr;
  o.source.charset_given = f.charset->count() > 0;  // an option file's [fastload] charset= is parsed as given too
  return {.threads = f.threads->count() > 0, .chunk_size = f.chunk_size.option->count() > 0,
          .batch_rows = f.batch_rows->count() > 0, .no_array_binding = f.no_array->count() > 0,
          .max_rate = f.max_rate.option->count() > 0, .ledger = f.ledger.option->count() > 0};
}

}  // namespace fastload::cli
