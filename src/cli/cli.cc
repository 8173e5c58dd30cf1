#include "cli/cli.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <climits>
#include <cstdint>
#include <tuple>
#include <map>
#include <optional>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <fmt/core.h>
#include <thread>

#include "text/dialect.h"
#include "base/errors.h"
#include "input/charsets.h"
#include "text/sql_text.h"
#include "text/identifiers.h"
#include "report/say.h"

namespace fastload {
namespace {

// Like the mysql client, `-p` and `--password` without an attached value mean
// "prompt": rewrite them so CLI11 never takes the next argument as a password.
std::vector<std::string> mark_password_prompts(std::vector<std::string> args) {
  for (auto& arg : args) {
    if (arg == "-p" || arg == "--password") arg = "--password-prompt";
  }
  return args;
}

// CLI11 reads "--fields-escaped-by=" as the option without its value and takes
// the next argument instead; '' is a value for the format options.
std::vector<std::string> keep_empty_format_values(std::vector<std::string> args) {
  static const std::string kOptions[] = {"--fields-terminated-by=", "--fields-enclosed-by=", "--fields-escaped-by=",
                                         "--lines-terminated-by=", "--lines-starting-by="};
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (std::find(std::begin(kOptions), std::end(kOptions), args[i]) == std::end(kOptions)) continue;
    args[i].pop_back();
    args.insert(args.begin() + static_cast<std::ptrdiff_t>(++i), "");
  }
  return args;
}

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
      "N");
}

// Every numeric option but the sizes (parse_size) and --part (parse_part), with the range its field holds.
void check_whole_numbers(CLI::App& app) {
  constexpr std::uint64_t any = UINT64_MAX, any_unsigned = UINT_MAX;
  const std::tuple<const char*, std::uint64_t, std::uint64_t> options[] = {
      {"--threads", 1, 256}, {"--batch-rows", 0, any}, {"--skip-rows", 0, any}, {"--max-errors", 0, any},
      {"--retries", 0, any_unsigned}, {"--port", 0, 65535}};
  for (const auto& [name, least, most] : options) app.get_option(name)->transform(whole_number(least, most));
}

unsigned default_threads() { return std::max(2u, std::thread::hardware_concurrency()); }

// Charsets in which '\\' or LF bytes can occur inside a multi-byte character,
// that fastload does not convert (input/charsets.h converts the others):
// gb18030, which MariaDB does not have.
bool charset_is_unsplittable(std::string name) {
  return load::same_name(name, "gb18030");
}

void check_options(const Options& o) {
  if (o.threads < 1 || o.threads > 256) throw usage_error("--threads must be between 1 and 256");
  bool identifier = !o.charset.empty() && std::all_of(o.charset.begin(), o.charset.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '_';
  });
  if (!identifier) throw usage_error(fmt::format("--charset '{}' is not a character set name", o.charset));
  if (charset_is_unsplittable(o.charset))
    throw usage_error(fmt::format(
        "--charset {} can hide '\\' or LF bytes inside characters, so rows cannot be split safely, and "
        "fastload does not convert it exactly as the server reads it (docs/design.md#charsets); convert the "
        "file to utf8mb4 first", o.charset));
  static const char* const modes[] = {"", "DISABLED", "PREFERRED", "REQUIRED", "VERIFY_CA", "VERIFY_IDENTITY"};
  if (std::none_of(std::begin(modes), std::end(modes), [&](const char* m) { return o.connection.ssl_mode == m; }))
    throw usage_error(fmt::format("--ssl-mode '{}' is not one of DISABLED, PREFERRED, REQUIRED, VERIFY_CA, "
                                  "VERIFY_IDENTITY", o.connection.ssl_mode));
}

// Options that mean nothing in a mode are refused rather than ignored.
void check_mode(const Options& o, bool batch_rows_given, bool threads_given, bool chunk_size_given) {
  bool batches = o.mode == Mode::insert || o.mode == Mode::multirow;
  if (batch_rows_given && !batches) throw usage_error("--batch-rows applies to --mode insert and multirow only");
  if (batch_rows_given && o.batch_rows == 0) throw usage_error("--batch-rows must be at least 1");
  if (o.whole_file() && ((threads_given && o.threads != 1) || chunk_size_given))
    throw usage_error(fmt::format("--mode {} loads the whole file in one statement: --threads and --chunk-size "
                                  "do not apply", o.mode == Mode::server ? "server" : "bulk"));
  if (o.mode == Mode::bulk && o.on_duplicate != OnDuplicate::error)
    throw usage_error("--mode bulk and --on-duplicate: the bulk path runs with unique_checks = 0, which makes the "
                      "server's account of duplicate keys inexact; use --mode load for --on-duplicate");
  if (o.defer_indexes && o.atomic)
    throw usage_error("--defer-indexes and --atomic: the publish copies the rows into the target with its "
                      "indexes, so there is nothing to defer; give one of them");
  if (o.force && !o.defer_indexes) throw usage_error("--force applies to --defer-indexes only");
}

// A string option whose value counts only when given: '' is a value.
struct GivenString {
  std::string text;
  CLI::Option* option = nullptr;
  std::optional<std::string> value() const { return option->count() > 0 ? std::optional(text) : std::nullopt; }
};

struct DialectFlags {
  DialectOptions given;  // the flags go straight in, the strings after parsing
  GivenString fields_terminated_by, fields_enclosed_by, fields_escaped_by, lines_terminated_by, lines_starting_by;
};

void add_dialect_options(CLI::App& app, DialectFlags& f) {
  auto* group = "Format (as LOAD DATA's clauses; values take \\t \\n \\r \\\\ \\0 escapes)";
  const auto add = [&](const char* name, GivenString& s, const char* help) {
    s.option = app.add_option(name, s.text, help)->group(group);
  };
  app.add_flag("--csv", f.given.csv, "FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' ESCAPED BY '' LINES "
               "TERMINATED BY '\\n'; the options below change parts of it")->group(group);
  add("--fields-terminated-by", f.fields_terminated_by, "field separator, one or more characters (default \\t)");
  add("--fields-enclosed-by", f.fields_enclosed_by, "the quote that may enclose a field (default none)");
  add("--fields-escaped-by", f.fields_escaped_by, "escape character, '' for none (default \\\\)");
  add("--lines-terminated-by", f.lines_terminated_by, "line end, one or more characters, e.g. \\r\\n (default \\n)");
  add("--lines-starting-by", f.lines_starting_by, "each row begins after this prefix; what comes before it (lines "
      "without it too) is skipped (default none)");
  app.add_flag("--fields-optionally-enclosed", f.given.fields_optionally_enclosed, "say OPTIONALLY ENCLOSED BY "
               "(loads the same)")->group(group);
  app.add_option("--skip-rows", f.given.skip_rows, "header lines to leave out, counted as IGNORE N LINES counts "
                 "them")->group(group);
}

Dialect dialect_of(DialectFlags& f) {
  f.given.fields_terminated_by = f.fields_terminated_by.value();
  f.given.fields_enclosed_by = f.fields_enclosed_by.value();
  f.given.fields_escaped_by = f.fields_escaped_by.value();
  f.given.lines_terminated_by = f.lines_terminated_by.value();
  f.given.lines_starting_by = f.lines_starting_by.value();
  try {
    return make_dialect(f.given);
  } catch (const std::invalid_argument& e) {
    throw usage_error(e.what());
  }
}

// --columns, --set and --partition; what they name is checked against the table once it is known
// (load::check_columns, load::check_partitions).
CLI::Option* add_column_options(CLI::App& app, std::string& columns, std::vector<std::string>& set,
                                std::string& partitions) {
  auto* group = "Columns (as LOAD DATA's column list and SET clause)";
  auto* option = app.add_option("--columns", columns, "where each row's fields go, in order: column names and "
                                "@variables, e.g. a,@skip,b,@x (names holding commas in backticks); default: the "
                                "table's columns")->group(group)->type_name("LIST");
  app.add_option("--partition", partitions, "the only partitions (or subpartitions) rows may go to, as LOAD DATA's "
                 "and INSERT's PARTITION (...): a row no named one takes is refused with its line, e.g. p1,p2")
      ->group(group)->type_name("LIST");
  app.add_option("--set", set, "COLUMN = EXPRESSION, as LOAD DATA's SET, e.g. 'c = UPPER(@x)'; once per column")
      ->group(group)->type_name("'COL = EXPR'")->expected(1)->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  return option;
}

// --disable-checks, --no-binlog, --compress, --max-rate and --analyze: what
// the sessions do beyond the statements (docs/design.md#session-options).
CLI::Option* add_session_options(CLI::App& app, Options& o, std::string& max_rate) {
  auto* group = "Speed";
  app.add_flag("--disable-checks", o.disable_checks, "SET unique_checks = 0, foreign_key_checks = 0 in the "
               "loading sessions. The trade-off: InnoDB may then not detect a duplicate key in a secondary UNIQUE "
               "index, so such duplicates can enter the table silently (PRIMARY KEY duplicates are still "
               "refused), and rows that violate a foreign key are accepted and never checked later. Not with "
               "--on-duplicate ignore or replace")->group(group);
  app.add_flag("--no-binlog", o.no_binlog, "SET sql_log_bin = 0 in every session: the load is not written to the "
               "binary log, so replicas never see it (needs SUPER or BINLOG ADMIN on MariaDB, "
               "SYSTEM_VARIABLES_ADMIN or SESSION_VARIABLES_ADMIN on MySQL)")->group(group);
  app.add_flag("--compress", o.compress, "compress the workers' connections (zlib; zstd where the client library "
               "and server have it), checked on the server")->group(group);
  auto* option = app.add_option("--max-rate", max_rate, "most bytes a second all workers together send to the "
                                "server, K/M/G suffixes (counted before --compress)")->group(group)->type_name("RATE");
  app.add_flag("--analyze", o.analyze, "run ANALYZE TABLE on the table after the load, so its statistics "
               "describe the new rows (an error it reports is a warning: the rows are loaded)")->group(group);
  return option;
}

// Session options that cannot keep their promise with another option are refused.
void check_session_options(const Options& o, bool max_rate_given) {
  if (o.disable_checks && o.on_duplicate != OnDuplicate::error)
    throw usage_error(fmt::format(
        "--disable-checks and --on-duplicate {}: with unique_checks = 0 the server's account of duplicate keys "
        "is not exact (a duplicate in a secondary UNIQUE index may go unseen, and MariaDB's bulk load into an "
        "empty table loses rows it reports stored next to a skipped one), and --on-duplicate rests on that "
        "account; give one of them", o.on_duplicate == OnDuplicate::ignore ? "ignore" : "replace"));
  if (o.mode == Mode::server && (max_rate_given || o.compress))
    throw usage_error(fmt::format("{}: --mode server sends no rows (the server reads the file itself); leave it "
                                  "out or use another mode", max_rate_given ? "--max-rate" : "--compress"));
  if (max_rate_given && o.max_rate == 0) throw usage_error("--max-rate must be at least 1 byte a second");
}

// --part, --shard and --via-head (docs/scaling.md).
struct ScalingFlags {
  std::string part;
  std::vector<std::string> shards;
};

void add_scaling_options(CLI::App& app, Options& o, ScalingFlags& f) {
  auto* group = "Scaling out (docs/scaling.md)";
  app.add_option("--part", f.part, "load only part K of N of the chunks (chunk i of the file when i mod N = K-1), "
                 "so N processes, on one host or several, share one load; with --resume any of them may finish "
                 "another's part")->group(group)->type_name("K/N");
  app.add_option("--shard", f.shards, "a Spider table's shard server NAME (its server definition or partition) "
                 "is reached through WHERE instead of its server definition: an option file (a path ending in "
                 ".cnf, its [client] and [fastload] groups) or [user@]host[:port] or [user@]/path/to/socket; once "
                 "per shard")->group(group)->type_name("NAME=WHERE")->expected(1)->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  app.add_flag("--via-head", o.via_head, "load a Spider table through its head server, as one table, instead of "
               "straight into its shards")->group(group);
}

// What --part and the shards cannot do together with other options.
void check_scaling(const Options& o) {
  if (o.parts > 1 && o.whole_file())
    throw usage_error(fmt::format("--part and --mode {}: the mode loads the whole file as one chunk, so there "
                                  "are no parts to share", o.mode == Mode::server ? "server" : "bulk"));
  if (o.parts > 1 && o.atomic)
    throw usage_error("--part and --atomic: each part would publish its own staging table, so readers would see "
                      "the parts one by one; load the parts without --atomic");
  if (o.parts > 1 && o.defer_indexes)
    throw usage_error("--part and --defer-indexes: one process would re-create the indexes while the others "
                      "still load; drop and re-create them around the whole load instead");
  if (!o.shards.empty() && o.via_head)
    throw usage_error("--shard and --via-head: --via-head loads through the head server, which reaches the "
                      "shards itself; give one of them");
  for (std::size_t i = 0; i < o.shards.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (o.shards[i].name == o.shards[j].name)
        throw usage_error(fmt::format("--shard {} is given twice", o.shards[i].name));
}

}  // namespace

Assignment parse_assignment(const std::string& text) {
  const load::SqlScan scan = load::scan_sql(text);
  auto bad = [&](const std::string& why) { return usage_error(fmt::format("--set '{}': {}", text, why)); };
  if (scan.unterminated) throw bad("a quote or comment is not closed");
  if (scan.equals.empty()) throw bad("give one assignment COLUMN = EXPRESSION, e.g. --set 'c = UPPER(@x)'");
  if (scan.equals.size() > 1)
    throw bad("more than one '=': give one assignment COLUMN = EXPRESSION, with a comparison in the expression "
              "in parentheses, e.g. --set 'c = (@x = 1)'");
  if (!scan.commas.empty()) throw bad("a ',' outside parentheses: give --set once for each column");
  if (!scan.placeholders.empty()) throw bad("a '?' outside quotes: an expression here takes no placeholders");
  if (std::string why = load::per_statement_use(text, scan); !why.empty()) throw bad(why);
  Assignment a;
  const std::size_t eq = scan.equals.front();
  if (!load::parse_name(std::string_view(text).substr(0, eq), a.column))
    throw bad("left of '=' must be one column name (in backticks if it holds spaces or symbols)");
  a.expression = text.substr(eq + 1);
  a.expression.erase(0, a.expression.find_first_not_of(" \t\r\n"));
  a.expression.erase(a.expression.find_last_not_of(" \t\r\n") + 1);
  if (a.expression.empty()) throw bad("the expression after '=' is empty");
  return a;
}

ParsedArgs parse_args(std::vector<std::string> args) {
  ParsedArgs parsed;
  Options& o = parsed.options;
  o.threads = default_threads();
  ConnectionOptions& c = o.connection;
  std::string chunk_size, target, password;

  CLI::App app{"fastload: load a big delimited text file into a MySQL or MariaDB table, in parallel, "
               "exactly and strictly.", "fastload"};
  app.set_help_flag("--help", "print this help and exit");  // -h is --host, as in the mysql client
  app.set_version_flag("--version", FASTLOAD_VERSION);
  std::vector<std::string> positional;
  app.add_option("FILE... DB.TABLE", positional, "the files to load (quoted glob patterns such as 'parts/*.tsv' "
                 "are expanded; by default in MySQL's text format: tab-separated, backslash escapes, LF line ends, "
                 "see Format), then the target table (quote names holding dots with backticks)")->required();
  app.add_option("--threads", o.threads, "worker threads, each with its own connection (default: cores, "
                 "at least 2)");
  const std::map<std::string, Mode> modes{{"load", Mode::load}, {"insert", Mode::insert},
                                          {"multirow", Mode::multirow}, {"row", Mode::row},
                                          {"server", Mode::server}, {"bulk", Mode::bulk}};
  app.add_option("--mode", o.mode, "how rows reach the server: load (LOAD DATA LOCAL, default), insert "
                 "(prepared INSERTs), multirow (text multi-row INSERTs), row (one INSERT a row), server "
                 "(one LOAD DATA INFILE the server reads itself), bulk (one LOAD DATA LOCAL in one transaction "
                 "into an empty InnoDB table, with unique_checks = 0 and foreign_key_checks = 0, so MariaDB 10.6+ "
                 "builds each index by sorting; a duplicate in a secondary UNIQUE index fails the COMMIT without naming its "
                 "row)")
      ->transform(CLI::CheckedTransformer(modes, CLI::ignore_case));
  auto* batch = app.add_option("--batch-rows", o.batch_rows, "insert and multirow: most rows a statement "
                               "(default: insert 1000, multirow as many as max_allowed_packet takes)");
  bool no_array_binding = false;
  auto* no_array = app.add_flag("--no-array-binding", no_array_binding, "insert: send multi-row prepared "
                                "INSERTs even where MariaDB's array binding is available");
  auto* threads = app.get_option("--threads");
  auto* chunk_size_option = app.add_option("--chunk-size", chunk_size, "bytes per chunk and transaction, K/M/G suffixes (default 64M; "
                 "files under 2G are cut in 32 chunks of at least 1M)");
  app.add_option("--charset", o.charset, "character set of the file (default utf8mb4)");
  DialectFlags dialect;
  add_dialect_options(app, dialect);
  std::string columns;
  std::vector<std::string> set;
  std::string partitions;
  auto* columns_option = add_column_options(app, columns, set, partitions);
  const std::map<std::string, OnDuplicate> duplicates{{"error", OnDuplicate::error},
                                                      {"ignore", OnDuplicate::ignore},
                                                      {"replace", OnDuplicate::replace}};
  app.add_option("--on-duplicate", o.on_duplicate, "a row whose key is already in the table: error (refuse "
                 "it, default), ignore (keep the old row) or replace (keep the new row)")
      ->transform(CLI::CheckedTransformer(duplicates, CLI::ignore_case));
  auto* safety = "Resuming, bad rows and atomic loads";
  app.add_flag("--resume", o.resume, "record each committed chunk in a ledger table, in the chunk's own "
               "transaction, and skip the chunks an earlier --resume run of this file into this table "
               "committed; give it from the first run on")->group(safety);
  std::string ledger;
  auto* ledger_option = app.add_option("--ledger", ledger, "the ledger table (default: fastload_ledger in "
                                       "the target's database)")->group(safety);
  app.add_option("--rejects", o.rejects_file, "write rows the server refuses to this file (their original "
                 "bytes) and why to FILE.reasons, and load the rest of their chunk; neither may exist, except the "
                 "ones an earlier --resume run of the same load wrote")->group(safety);
  app.add_option("--max-errors", o.max_errors, "most rows that may be rejected before the load fails "
                 "(default 0)")->group(safety);
  std::vector<std::string> accepted;
  app.add_option("--accept-conversion", accepted, "load these kinds of values the server converts without a word "
                 "(1.5 into INT: int-fraction) as it converts them, instead of refusing their rows")->group(safety)
      ->type_name("KIND,...")->expected(1)->allow_extra_args(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->delimiter(',')->check(CLI::IsMember(conversion_names()));
  app.add_flag("--atomic", o.atomic, "all or nothing: load a staging table in parallel, then publish it to "
               "the target in one transaction (readers never see part of the load)")->group(safety);
  auto* speed = "Speed";
  app.add_flag("--defer-indexes", o.defer_indexes, "drop the table's secondary indexes (not the primary key, "
               "unique ones or ones foreign keys need) before the load and re-create them in one ALTER TABLE "
               "after it, also after a failure or a signal; for an empty table (see --force)")->group(speed);
  app.add_flag("--force", o.force, "--defer-indexes on a table that already holds rows: their index entries "
               "are rebuilt too")->group(speed);
  app.add_option("--retries", o.retries, "times a chunk is retried after a deadlock, lock wait timeout or "
                 "lost connection (default 5)")->group(safety);
  std::string max_rate;
  auto* max_rate_option = add_session_options(app, o, max_rate);
  ScalingFlags scaling;
  add_scaling_options(app, o, scaling);
  app.add_flag("--json", o.json, "print the summary as one JSON object on stdout");
  app.add_flag("--progress", o.progress, "show the progress line even when stderr is not a terminal");
  app.add_flag("-v,--verbose", o.verbose, "print each pass's time and each chunk's outcome");
  auto* conn = "Connection (as the mysql client; option files' [client] and [fastload] groups apply)";
  app.add_option("-h,--host", c.host, "server host")->group(conn);
  app.add_option("-P,--port", c.port, "server TCP port")->group(conn);
  app.add_option("-S,--socket", c.socket, "server unix socket")->group(conn);
  app.add_option("-u,--user", c.user, "user name")->group(conn);
  auto* pw = app.add_option("-p,--password", password, "password: -pSECRET or --password=SECRET; "
                            "-p alone prompts without echo")->group(conn);
  app.add_flag("--password-prompt", c.prompt_password)->group("");
  app.add_option("--defaults-file", c.defaults_file, "read options from this file only")->group(conn);
  app.add_option("--ssl-mode", c.ssl_mode, "DISABLED, PREFERRED, REQUIRED, VERIFY_CA or VERIFY_IDENTITY")->group(conn);
  app.add_option("--ssl-ca", c.ssl_ca, "CA certificate file (PEM)")->group(conn);
  app.add_option("--connect-timeout", o.connect_timeout, "seconds a connection may take to be set up, the "
                 "server's greeting included (default 10; 0: no limit); statements have none")
      ->group(conn)->type_name("SECONDS")->check(CLI::NonNegativeNumber);

  check_whole_numbers(app);

  args = keep_empty_format_values(mark_password_prompts(std::move(args)));
  std::reverse(args.begin(), args.end());  // CLI11 takes a reversed vector
  try {
    app.parse(args);
  } catch (const CLI::CallForHelp&) {
    report::say_out("{}", app.help());
    parsed.exit_now = true;
    return parsed;
  } catch (const CLI::CallForVersion&) {
    report::say_out("fastload {}\n", FASTLOAD_VERSION);
    parsed.exit_now = true;
    return parsed;
  } catch (const CLI::ParseError& e) {
    throw usage_error(e.what());
  }
  if (pw->count() > 0) c.password = password;
  o.dialect = dialect_of(dialect);
  if (columns_option->count() > 0) o.columns = parse_columns(columns);
  for (const std::string& assignment : set) o.set.push_back(parse_assignment(assignment));
  if (app.get_option("--partition")->count() > 0) o.partitions = parse_partitions(partitions);
  o.array_binding = !no_array_binding;
  o.accepted_conversions = parse_conversions(accepted);
  const bool chunk_size_given = chunk_size_option->count() > 0;  // '' too: it is refused as a size
  check_mode(o, batch->count() > 0, threads->count() > 0, chunk_size_given);
  if (no_array->count() > 0 && o.mode != Mode::insert)
    throw usage_error("--no-array-binding applies to --mode insert only");
  if (chunk_size_given) o.chunk_size = parse_size(chunk_size, "--chunk-size");
  if (chunk_size_given && o.chunk_size == 0) throw usage_error("--chunk-size must be at least 1 byte");
  if (max_rate_option->count() > 0) o.max_rate = parse_size(max_rate, "--max-rate");
  check_session_options(o, max_rate_option->count() > 0);
  if (app.get_option("--part")->count() > 0) std::tie(o.part, o.parts) = parse_part(scaling.part);
  for (const std::string& shard : scaling.shards) o.shards.push_back(parse_shard(shard));
  if (positional.size() < 2) throw usage_error("give one or more FILEs, then DB.TABLE");
  target = positional.back();
  o.files.assign(positional.begin(), positional.end() - 1);
  std::tie(o.database, o.table) = parse_table_name(target);
  if (o.whole_file() && o.files.size() > 1)
    throw usage_error(fmt::format("--mode {} loads one file in one statement: run it once per file{}",
                                  o.mode == Mode::server ? "server" : "bulk",
                                  o.mode == Mode::bulk ? " (only the first finds the table empty), or use --mode "
                                                         "load" : ""));
  if (!ledger.empty()) std::tie(o.ledger_database, o.ledger_table) = parse_table_name(ledger);
  if (ledger_option->count() > 0 && !o.resume) throw usage_error("--ledger applies with --resume only");
  if (o.mode == Mode::server && (!o.rejects_file.empty() || o.max_errors > 0))
    throw usage_error("--mode server: the server reads the file itself, so rows cannot be left out of it; "
                      "--rejects and --max-errors need another mode");
  std::transform(c.ssl_mode.begin(), c.ssl_mode.end(), c.ssl_mode.begin(),
                 [](unsigned char ch) { return std::toupper(ch); });
  check_options(o);
  o.convert_charset = input::converted_charset(o.charset) != nullptr;
  check_scaling(o);
  return parsed;
}

void hide_password_in_argv(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    char* value = nullptr;
    if (std::strncmp(argv[i], "--password=", 11) == 0) value = argv[i] + 11;
    else if (std::strncmp(argv[i], "-p", 2) == 0 && argv[i][2] != '\0' && argv[i][1] != '-') value = argv[i] + 2;
    if (value) std::memset(value, 'x', std::strlen(value));
  }
}

}  // namespace fastload
