#include "request/request.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <fmt/core.h>

#include "base/base.h"
#include "input/input.h"
#include "text/text.h"

namespace fastload::request {
namespace {

// Options that mean nothing in a mode are refused rather than ignored.
void check_mode(const Request& o, const Given& given) {
  const ModeTraits& mode = traits(o.load.mode);
  if (given.batch_rows && !mode.batches)
    throw usage_error(fmt::format("--batch-rows applies to --mode {} only", names_of_modes(&ModeTraits::batches)));
  if (given.batch_rows && o.load.batch_rows == 0) throw usage_error("--batch-rows must be at least 1");
  if (mode.whole_file && ((given.threads && o.load.threads != 1) || given.chunk_size))
    throw usage_error(fmt::format("--mode {} loads the whole file in one statement: --threads and --chunk-size "
                                  "do not apply", mode.name));
  if (mode.bulk_path && o.conflicts.on_duplicate != OnDuplicate::error)
    throw usage_error(fmt::format("--mode {} and --on-duplicate: the bulk path runs with unique_checks = 0, which "
                                  "makes the server's account of duplicate keys inexact; use --mode {} for "
                                  "--on-duplicate", mode.name, traits(Mode::load).name));
  if (given.no_array_binding && !mode.array_binding)
    throw usage_error(fmt::format("--no-array-binding applies to --mode {} only",
                                  names_of_modes(&ModeTraits::array_binding)));
}

}  // namespace

void Load::validate() const {
  if (threads < 1 || threads > 256) throw usage_error("--threads must be between 1 and 256");
  if (defer_indexes && atomic)
    throw usage_error("--defer-indexes and --atomic: the publish copies the rows into the target with its "
                      "indexes, so there is nothing to defer; give one of them");
  if (force && !defer_indexes) throw usage_error("--force applies to --defer-indexes only");
  if (keep_indexes && defer_indexes)
    throw usage_error("--keep-indexes and --defer-indexes: give one of them");
}

namespace {

// Session options that cannot keep their promise with another option are refused.
void check_session_options(const Request& o, const Given& given) {
  if (o.sessions.disable_checks && o.conflicts.on_duplicate != OnDuplicate::error)
    throw usage_error(fmt::format(
        "--disable-checks and --on-duplicate {}: with unique_checks = 0 the server's account of duplicate keys "
        "is not exact (a duplicate in a secondary UNIQUE index may go unseen, and MariaDB's bulk load into an "
        "empty table loses rows it reports stored next to a skipped one), and --on-duplicate rests on that "
        "account; give one of them", o.conflicts.on_duplicate == OnDuplicate::ignore ? "ignore" : "replace"));
  const ModeTraits& mode = traits(o.load.mode);
  if (mode.server_reads_file && (given.max_rate || o.sessions.compress))
    throw usage_error(fmt::format("{}: --mode {} sends no rows (the server reads the file itself); leave it "
                                  "out or use another mode", given.max_rate ? "--max-rate" : "--compress",
                                  mode.name));
  if (given.max_rate && o.load.max_rate == 0) throw usage_error("--max-rate must be at least 1 byte a second");
}

// What the server reading the file itself, or fastload converting it, cannot do.
void check_reading(const Request& o, const Given& given) {
  const ModeTraits& mode = traits(o.load.mode);
  if (given.ledger && !o.checkpoint.resume) throw usage_error("--ledger applies with --resume only");
  if (mode.server_reads_file && (!o.conflicts.rejects_file.empty() || o.conflicts.max_errors > 0))
    throw usage_error(fmt::format("--mode {}: the server reads the file itself, so rows cannot be left out of "
                                  "it; --rejects and --max-errors need another mode", mode.name));
}

// Charsets in which '\\' or LF bytes can occur inside a multi-byte character,
// that fastload does not convert (input/charsets.h converts the others):
// gb18030, which MariaDB does not have.
bool charset_is_unsplittable(std::string name) {
  return text::same_name(name, "gb18030");
}

}  // namespace

void Source::validate() const {
  bool identifier = !charset.empty() && std::all_of(charset.begin(), charset.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '_';
  });
  if (!identifier) throw usage_error(fmt::format("--charset '{}' is not a character set name", charset));
  if (charset_is_unsplittable(charset))
    throw usage_error(fmt::format(
        "--charset {} can hide '\\' or LF bytes inside characters, so rows cannot be split safely, and "
        "fastload does not convert it exactly as the server reads it (docs/design.md#charsets); convert the "
        "file to utf8mb4 first", charset));
  if (sort_memory < (16u << 20)) throw usage_error("--sort-memory must be at least 16M");
}

// --ssl-mode is one of the client's modes, in any case; the message quotes it as it was typed.
void ConnectionOptions::validate() const {
  static const char* const modes[] = {"", "DISABLED", "PREFERRED", "REQUIRED", "VERIFY_CA", "VERIFY_IDENTITY"};
  auto is = [&](const char* mode) {
    return ssl_mode.size() == std::strlen(mode) &&
           std::equal(ssl_mode.begin(), ssl_mode.end(), mode, [](unsigned char a, unsigned char b) {
             return std::toupper(a) == b;
           });
  };
  if (std::none_of(std::begin(modes), std::end(modes), is))
    throw usage_error(fmt::format("--ssl-mode '{}' is not an SSL mode: give one of DISABLED, PREFERRED, REQUIRED, "
                                  "VERIFY_CA, VERIFY_IDENTITY (in any case)", ssl_mode));
}

namespace {

// A file fastload converts (input/charsets.h), or one the server reads in its own charset. These two were
// once checked with the file and the table, and say so without usage_error's pointer to --help.
void check_conversion(const Request& o) {
  if (!o.source.convert_charset) return;
  const ModeTraits& mode = traits(o.load.mode);
  if (mode.server_reads_file && input::converted_charset(o.source.charset)->unit > 1)
    throw misuse(fmt::format("--mode {} with --charset {}: the server's LOAD DATA matches terminators byte "
                                  "by byte, so it cannot read a {} file; use another --mode (fastload converts "
                                  "it)", mode.name, o.source.charset, o.source.charset));
  if (!mode.server_reads_file && !o.target.set.empty())
    throw misuse(fmt::format("--set with --charset {}: fastload converts the file to utf8mb4, so the "
                                  "variables would hold utf8mb4 strings where LOAD DATA gives {} ones (HEX, LENGTH "
                                  "and CAST differ); load it with --mode server (the server reads the file in {} "
                                  "itself), or convert the file to utf8mb4 first", o.source.charset, o.source.charset,
                                  o.source.charset));
}

// --shard and --replica name each server once.
void refuse_repeated(const char* option, const std::vector<ShardConnection>& servers) {
  for (std::size_t i = 0; i < servers.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (servers[i].name == servers[j].name)
        throw usage_error(fmt::format("{} {} is given twice", option, servers[i].name));
}

// What --part and the shards cannot do together with other options.
void check_scaling(const Request& o) {
  if (o.scale.parts > 1 && o.whole_file())
    throw usage_error(fmt::format("--part and --mode {}: the mode loads the whole file as one chunk, so there "
                                  "are no parts to share", traits(o.load.mode).name));
  if (o.scale.parts > 1 && o.load.atomic)
    throw usage_error("--part and --atomic: each part would publish its own staging table, so readers would see "
                      "the parts one by one; load the parts without --atomic");
  if (o.scale.parts > 1 && o.load.defer_indexes)
    throw usage_error("--part and --defer-indexes: one process would re-create the indexes while the others "
                      "still load; drop and re-create them around the whole load instead");
}

// --max-lag and its company with the other options (docs/replicas.md).
void check_throttle(const Request& o) {
  const ThrottleOptions& t = o.throttle;
  if (t.max_lag > 0 && o.load.atomic)
    throw usage_error("--max-lag with --atomic: the publish copies the whole load in one transaction, which a "
                      "replica applies at once, whatever the pauses before it; give one of them");
  if (t.max_lag > 0 && o.sessions.no_binlog)
    throw usage_error("--max-lag with --no-binlog: the replicas get none of the load, so there is no lag to wait "
                      "for; give one of them");
  if ((t.max_lag > 0 || !t.max_load.empty() || !t.critical_load.empty()) && o.whole_file())
    throw usage_error(fmt::format("--mode {} loads each file in one statement, which no pause can divide; use "
                                  "a chunked mode with --max-lag, --max-load or --critical-load",
                                  traits(o.load.mode).name));
}

// DB alone: options that name one table's columns or parts, or publish one table, mean nothing for many.
void check_database_run(const Request& o) {
  const char* one_table = !o.target.columns.empty() ? "--columns" : !o.target.set.empty() ? "--set" : !o.target.partitions.empty()
                          ? "--partition" : o.load.atomic ? "--atomic" : o.scale.parts > 1 ? "--part" : !o.scale.shards.empty()
                          ? "--shard" : o.scale.via_head ? "--via-head" : nullptr;
  if (one_table)
    throw usage_error(fmt::format("{} with DB alone as the target: it applies to one table; give DB.TABLE and "
                                  "load that table in a run of its own", one_table));
}

// The files as given, before their patterns are expanded.
void check_files(const Request& o) {
  const ModeTraits& mode = traits(o.load.mode);
  if (o.database_run()) return check_database_run(o);  // whole-file modes: one file a table, checked per table
  if (mode.whole_file && o.source.files.size() > 1)
    throw usage_error(fmt::format("--mode {} loads one file in one statement: run it once per file{}", mode.name,
                                  mode.bulk_path ? fmt::format(" (only the first finds the table empty), or use "
                                                               "--mode {}", traits(Mode::load).name)
                                                 : ""));
}

}  // namespace

void Scale::validate() const {
  if (!shards.empty() && via_head)
    throw usage_error("--shard and --via-head: --via-head loads through the head server, which reaches the "
                      "shards itself; give one of them");
  refuse_repeated("--shard", shards);
}

void ThrottleOptions::validate() const {
  if (!replicas.empty() && max_lag <= 0)
    throw usage_error("--replica names a replica for --max-lag to watch; give --max-lag SECONDS too");
  refuse_repeated("--replica", replicas);
}

void Remote::validate() const {
  const remote::Settings& r = settings;
  if (!r.http_bearer_token.empty() && !r.http_user.empty())
    throw usage_error("http-user and http-bearer-token: an HTTP server takes one kind of credentials; give one");
  if (!r.http_password.empty() && r.http_user.empty())
    throw usage_error("http-password without http-user: give the user name too");
  if (r.anonymous && (!r.aws_profile.empty()))
    throw usage_error("--s3-no-sign with --aws-profile: unsigned requests use no credentials; give one of them");
  if (r.connect_timeout_ms <= 0 || r.stall_timeout_ms <= 0)
    throw usage_error("--http-connect-timeout and --http-stall-timeout take 1 second or more");
}

// Each group's own rules first, then the rules between groups.
void Request::validate(const Given& given) const {
  source.validate();
  remote.validate();
  load.validate();
  connection.validate();
  scale.validate();
  throttle.validate();
  const Request& o = *this;
  if (o.target.create && o.output.dry_run)
    throw usage_error("--create with --dry-run: a dry run creates nothing; --print-schema prints the table --create "
                      "would make");
  check_mode(o, given);
  if (given.chunk_size && o.source.chunk_size == 0) throw usage_error("--chunk-size must be at least 1 byte");
  check_session_options(o, given);
  check_files(o);
  check_reading(o, given);
  check_scaling(o);
  check_throttle(o);
  check_conversion(o);
}

void validate_file_count(Mode mode, std::size_t files) {
  if (traits(mode).whole_file && files > 1)
    throw Failure(ExitCode::usage, fmt::format("--mode {} loads one file in one statement, and the "
                                               "patterns name several: run it once per file", traits(mode).name));
}

}  // namespace fastload::request
