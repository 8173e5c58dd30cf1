#include "report/summary.h"
#include "report/problem_list.h"
#include "report/say.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <fmt/core.h>
#include <fmt/format.h>

#include "base/base.h"

namespace fastload::report {
namespace {

// --max-lag, --max-load: how long the workers waited, and how far behind the replicas were.
void print_throttled(const Summary& s) {
  if (!s.paused_seconds) return;
  note("throttled: paused {:.1f} s{}{}", *s.paused_seconds,
       s.first_pause.empty() ? "" : fmt::format(" (first: {})", s.first_pause),
       s.highest_lag ? fmt::format("; the replicas were at most {:.1f} s behind", *s.highest_lag) : "");
}

void print_problems(const std::vector<Problem>& problems, const char* label, bool advise) {
  for (const std::string& line : problem_lines(problems, label, advise)) tell("{}", line);
}

std::string json_problems(const std::vector<Problem>& problems);

}  // namespace

namespace {

// The length of the UTF-8 character at text[at], or 0 when the bytes there are not one (a stray continuation
// byte, a sequence cut short, an overlong form, a surrogate, past U+10FFFF).
std::size_t utf8_length(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[at + i]); };
  const unsigned char c = byte(0);
  const std::size_t n = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 0;
  if (n == 0 || c > 0xf4 || c < 0xc2 || at + n > text.size()) return 0;
  for (std::size_t i = 1; i < n; ++i)
    if ((byte(i) & 0xc0) != 0x80) return 0;
  if ((c == 0xe0 && byte(1) < 0xa0) || (c == 0xed && byte(1) >= 0xa0) ||  // overlong, surrogate
      (c == 0xf0 && byte(1) < 0x90) || (c == 0xf4 && byte(1) >= 0x90))    // overlong, past U+10FFFF
    return 0;
  return n;
}

}  // namespace

std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (std::size_t at = 0; at < text.size(); ++at) {
    const unsigned char c = static_cast<unsigned char>(text[at]);
    if (c >= 0x80) {  // JSON is UTF-8: a byte of something else (a file name in latin1) is the character it numbers
      const std::size_t n = utf8_length(text, at);
      out += n ? text.substr(at, n) : fmt::format("\\u{:04x}", c);
      at += n ? n - 1 : 0;
      continue;
    }
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) out += fmt::format("\\u{:04x}", c);
        else out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

namespace {

// A string, or null when it is empty (not set, or nothing to say).
std::string json_or_null(const std::string& text) { return text.empty() ? "null" : json_string(text); }

double per_second(double amount, double seconds) { return seconds > 0 ? amount / seconds : 0; }

// `file` names the span's file when the run has several.
std::string describe_span(const ChunkSpan& s, const std::string& file) {
  if (s.state.unread)
    return fmt::format("{}not read: the rest of the input, from chunk {} (byte {}, line {}) on",
                       file.empty() ? "" : file + ": ", s.first_chunk, s.begin, s.first_line);
  std::string chunks = s.first_chunk == s.last_chunk ? fmt::format("chunk {}", s.first_chunk)
                                                     : fmt::format("chunks {}-{}", s.first_chunk, s.last_chunk);
  if (s.sorted)  // rows from all over the file: --resume knows them by chunk
    return fmt::format("{}{} {} of the rows sorted by key ({} rows)", file.empty() ? "" : file + ": ",
                       s.state.name(), chunks, s.rows);
  return fmt::format("{}{} {} (bytes {}-{}, lines {}-{}, {} rows)", file.empty() ? "" : file + ": ", s.state.name(),
                     chunks, s.begin, s.end, s.first_line, s.last_line, s.rows);
}

// One line a file, when there are several.
void print_files(const Summary& s) {
  if (s.files.size() < 2) return;
  for (const FileCounts& f : s.files)
    tell("  {}: {} of {} rows loaded{}{}", f.path, f.rows, f.input_rows,
               f.rows_loaded_before ? fmt::format(", {} before", f.rows_loaded_before) : "",
               f.rows_rejected ? fmt::format(", {} rejected", f.rows_rejected) : "");
}

}  // namespace

std::string SpanState::name() const {
  if (unread) return "not read";
  if (unpublished) return "not published";
  std::string name;
  switch (state) {
    case ChunkState::loaded_before: name = "loaded before"; break;
    case ChunkState::committed: name = unverified ? "committed unverified" : "committed"; break;
    case ChunkState::rejected: name = "rejected"; break;
    case ChunkState::failed: name = "failed"; break;
    case ChunkState::unknown: name = "unknown"; break;
    case ChunkState::other_part: name = "another part's"; break;
    case ChunkState::pending: name = "not loaded"; break;
  }
  if (!committed_on.empty()) name += fmt::format(": committed on shard {} only", fmt::join(committed_on, ", "));
  return not_rolled_back ? name + " (not rolled back)" : name;
}

std::vector<ChunkSpan> make_spans(const std::vector<Chunk>& chunks, const std::vector<SpanState>& states) {
  std::vector<ChunkSpan> spans;
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    const Chunk& c = chunks[i];
    std::uint64_t last_line = c.first_line + (c.lines > 0 ? c.lines - 1 : 0);
    if (!spans.empty() && spans.back().state == states[i] && spans.back().file == c.file) {
      ChunkSpan& s = spans.back();
      s.last_chunk = c.index;
      s.end = c.end;
      s.last_line = last_line;
      s.rows += c.rows;
    } else {
      spans.push_back({c.file, c.index, c.index, c.begin, c.end, c.first_line, last_line, c.rows, states[i]});
    }
  }
  return spans;
}

ChunkSpan unread_span(const Chunk& next) {
  SpanState unread;
  unread.unread = true;
  return {next.file, next.index, next.index, next.begin, next.begin, next.first_line, next.first_line, 0, unread};
}

namespace {

// What the sort cost, where it ran; why it did not, with --verbose.
void print_row_order(const Summary& s, bool verbose) {
  for (const RowOrder& o : s.row_order) {
    const std::string file = s.files.size() > 1 ? o.file + " " : "";  // "sorted FILE by KEY", "not sorted FILE by KEY"
    if (o.sorted)
      note("sorted {}by {}: {} of {} rows were out of key order; reading the keys and sorting took {:.2f} s "
           "({:.2f} CPU-s), {}{}", file, o.key, o.out_of_order, o.rows, o.check_seconds + o.sort_seconds, o.cpu_seconds,
           o.spilled_bytes == 0
           ? "in memory" : fmt::format("{:.1f} MB in --tmpdir, {} runs merged", o.spilled_bytes / 1e6, o.runs),
           o.spooled_bytes == 0 ? "" : fmt::format(" (a stream: its {:.1f} MB were written to --tmpdir first)",
                                                   o.spooled_bytes / 1e6));
    else if (verbose)
      note("not sorted{}{}: {}", file.empty() ? "" : " " + o.file, o.key.empty() ? "" : " by " + o.key, o.reason);
  }
}

}  // namespace

void print_text(const Summary& s, bool verbose) {
  if (verbose)
    for (const auto& [name, seconds] : s.passes) note("pass {:<8} {:8.3f} s", name, seconds);
  if (!s.success || !quiet()) print_problems(s.rejected, "rejected ", false);  // --quiet: a load that succeeded says nothing
  print_problems(s.problems, "", true);
  if (!s.error.empty()) tell("{}", s.error);
  if (!s.load_started && !s.success) return;  // the error says it all: nothing was sent
  if (!s.plan.empty()) {  // --dry-run: the plan is what was asked for, --quiet or not
    for (const std::string& line : s.plan) tell("{}", line);
    return;
  }
  note("{} {} of {} rows ({:.1f} of {:.1f} MB) into {} in {:.2f} s: {:.0f} rows/s, "
             "{:.1f} MB/s", s.success ? "loaded" : "FAILED: committed", s.rows, s.input_rows, s.bytes / 1e6,
             s.input_bytes / 1e6, s.table, s.seconds, per_second(s.rows, s.seconds),
             per_second(s.bytes / 1e6, s.seconds));
  print_files(s);
  note("{} of {} chunks committed, {} threads, {} warnings; --mode {}{}{}",
             s.chunks_committed, s.chunks, s.threads, s.warnings, s.mode,
             s.mode_reason.empty() ? "" : " (auto: " + s.mode_reason + ")", s.method.empty() ? "" : ": " + s.method);
  print_row_order(s, verbose);
  if (!s.shards.empty()) {
    std::vector<std::string> shards;
    for (const ShardCounts& shard : s.shards) shards.push_back(fmt::format("{} {} rows", shard.name, shard.rows));
    note("shard-direct into {} shards of the Spider table: {}", s.shards.size(),
               fmt::join(shards, ", "));
  }
  if (!s.via_head.empty())
    note("the Spider table was loaded through its head server: {}", s.via_head);
  if (!s.part.empty())
    note("--part {}: {} of the {} chunks are this part's, the other parts load the rest",
               s.part, s.chunks - s.chunks_other_parts, s.chunks);
  if (s.chunks_loaded_before > 0)
    note("--resume: {} chunk{} ({} rows) loaded by an earlier run, skipped{}",
         s.chunks_loaded_before, s.chunks_loaded_before == 1 ? "" : "s", s.rows_loaded_before,
         s.chunks_not_read > 0 ? fmt::format(" ({} of them not read again: whole row groups passed over)",
                                             s.chunks_not_read) : "");
  if (s.duplicates_skipped > 0)
    note("{} of the rows committed were skipped: their key was already in the table "
               "(--on-duplicate ignore)", s.duplicates_skipped);
  if (s.rows_replaced > 0)
    note("{} rows of the table were replaced (--on-duplicate replace)", s.rows_replaced);
  if (s.key_waits > 0)
    note("{} chunk{} waited {:.2f} s in all for an earlier chunk, so that rows that may share a key (or meet "
         "the table's triggers) reach it in file order, as with one LOAD DATA", s.key_waits,
         s.key_waits == 1 ? "" : "s", s.key_wait_seconds);
  if (s.rows_rejected > 0 || !s.rejects_file.empty())
    note("{} rows rejected and left out{}", s.rows_rejected,
               s.rejects_file.empty() ? " (listed above)"
                                      : fmt::format(": rows in {0}{1}, reasons in {0}.reasons", s.rejects_file,
                                                    s.rejects_charset.empty() ? "" : fmt::format(
                                                        " (written in {0}: load it with --charset {0})",
                                                        s.rejects_charset)));
  if (!s.success)
    for (const ChunkSpan& span : s.spans) {
      if (span.state.state == ChunkState::other_part) continue;  // not this process's: listed in --json only
      std::string file = s.files.size() > 1 ? s.files[span.file].path : "";
      tell("  {}", describe_span(span, file));  // the failure's message says to reload these
    }
  if (!s.deferred_indexes.empty())
    note("secondary indexes: {} {} dropped for the load and re-created after it, each by one sort: {}",
         s.deferred_indexes.size(), s.deferred_indexes.size() == 1 ? "index" : "indexes",
         fmt::join(s.deferred_indexes, ", "));
  print_throttled(s);
  if (s.durable) note("durable: {}: {}", *s.durable ? "yes" : "NO", s.durability);
  else if (s.rows > 0) note("durable: not checked (the load did not finish)");
}

namespace {

std::string json_problems(const std::vector<Problem>& problems) {
  std::string out;
  for (const Problem& p : problems)
    out += fmt::format("{}{{\"file\":{},\"line\":{},\"byte\":{},{}\"chunk\":{},\"code\":{},\"message\":{}}}",
                       out.empty() ? "" : ",", json_string(p.where.file), p.where.line, p.where.byte_offset,
                       p.where.row_group ? fmt::format("\"row_group\":{},", *p.where.row_group) : "",
                       p.chunk_index, p.code, json_string(p.message));
  return "[" + out + "]";
}

// null after a success; else what stopped the run: its exit code's name, the server's error number and the message.
std::string json_error(const Summary& s) {
  if (s.success) return "null";
  return fmt::format("{{\"exit_code_name\":{},\"server_errno\":{},\"message\":{}}}",
                     json_string(exit_code_name(static_cast<ExitCode>(s.exit_code))),
                     s.server_errno ? std::to_string(*s.server_errno) : "null", json_string(s.error));
}

}  // namespace

std::string utc_timestamp(std::chrono::system_clock::time_point at) {
  using namespace std::chrono;
  std::time_t seconds = system_clock::to_time_t(at);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  auto millis = duration_cast<milliseconds>(at.time_since_epoch()).count() % 1000;
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z", utc.tm_year + 1900, utc.tm_mon + 1, utc.tm_mday,
                     utc.tm_hour, utc.tm_min, utc.tm_sec, millis < 0 ? millis + 1000 : millis);
}

std::string json_row_order(const std::vector<RowOrder>& orders) {
  std::string out;
  for (const RowOrder& o : orders)
    out += fmt::format("{}{{\"file\":{},\"sorted\":{},\"key\":{},\"reason\":{},\"rows\":{},\"out_of_order\":{},"
                       "\"check_seconds\":{:.3f},\"sort_seconds\":{:.3f},\"cpu_seconds\":{:.3f},\"spilled_bytes\":{},"
                       "\"spooled_bytes\":{},\"runs\":{}}}",
                       out.empty() ? "" : ",", json_string(o.file), o.sorted ? "true" : "false", json_or_null(o.key),
                       json_string(o.reason), o.rows, o.out_of_order, o.check_seconds, o.sort_seconds,
                       o.cpu_seconds, o.spilled_bytes, o.spooled_bytes, o.runs);
  return "[" + out + "]";
}

void print_json(const Summary& s) {
  say_out("{}\n", json_of(s));
  std::fflush(stdout);
}

std::string json_of(const Summary& s) {
  std::string out = "{";
  auto field = [&](const char* name, const std::string& value) {
    if (out.size() > 1) out += ",";
    out += fmt::format("\"{}\":{}", name, value);
  };
  field("status", json_string(s.success ? "ok" : "failed"));
  field("exit_code", std::to_string(s.exit_code));
  field("started_at", json_or_null(s.started_at));
  field("finished_at", json_or_null(s.finished_at));
  field("server_version", json_or_null(s.server_version));
  field("file", json_string(s.file));
  field("table", json_string(s.table));
  field("mode", json_string(s.mode));
  field("mode_reason", json_or_null(s.mode_reason));
  field("method", json_or_null(s.method));
  field("rows", std::to_string(s.rows));
  field("bytes", std::to_string(s.bytes));
  field("rows_rejected", std::to_string(s.rows_rejected));
  field("rows_loaded_before", std::to_string(s.rows_loaded_before));
  field("chunks_loaded_before", std::to_string(s.chunks_loaded_before));
  field("chunks_not_read", std::to_string(s.chunks_not_read));
  field("duplicates_skipped", std::to_string(s.duplicates_skipped));
  field("rows_replaced", std::to_string(s.rows_replaced));
  field("key_waits", std::to_string(s.key_waits));
  field("key_wait_seconds", fmt::format("{:.3f}", s.key_wait_seconds));
  field("input_rows", std::to_string(s.input_rows));
  field("input_bytes", std::to_string(s.input_bytes));
  field("seconds", fmt::format("{:.3f}", s.seconds));
  field("rows_per_second", fmt::format("{:.0f}", per_second(s.rows, s.seconds)));
  field("mb_per_second", fmt::format("{:.2f}", per_second(s.bytes / 1e6, s.seconds)));
  field("chunks", std::to_string(s.chunks));
  field("chunks_committed", std::to_string(s.chunks_committed));
  field("part", json_or_null(s.part));
  std::string shards;
  for (const ShardCounts& shard : s.shards)
    shards += fmt::format("{}{{\"name\":{},\"rows\":{}}}", shards.empty() ? "" : ",", json_string(shard.name),
                          shard.rows);
  field("shards", "[" + shards + "]");
  field("via_head", json_or_null(s.via_head));
  field("chunks_other_parts", std::to_string(s.chunks_other_parts));
  field("threads", std::to_string(s.threads));
  field("warnings", std::to_string(s.warnings));
  field("durable", s.durable ? (*s.durable ? "true" : "false") : "null");
  field("durability", json_or_null(s.durability));
  std::string deferred;
  for (const std::string& name : s.deferred_indexes) deferred += (deferred.empty() ? "" : ",") + json_string(name);
  field("deferred_indexes", "[" + deferred + "]");
  field("row_order", json_row_order(s.row_order));
  field("error", json_error(s));
  std::string spans;
  for (const ChunkSpan& c : s.spans)
    spans += fmt::format("{}{{\"file\":{},\"state\":{},\"first_chunk\":{},\"last_chunk\":{},\"begin\":{},"
                         "\"end\":{},\"first_line\":{},\"last_line\":{},\"rows\":{}}}", spans.empty() ? "" : ",",
                         json_string(c.file < s.files.size() ? s.files[c.file].path : s.file),
                         json_string(c.state.name()), c.first_chunk, c.last_chunk, c.begin, c.end, c.first_line,
                         c.last_line, c.rows);
  field("chunk_spans", "[" + spans + "]");
  std::string files;
  for (const FileCounts& f : s.files)
    files += fmt::format("{}{{\"file\":{},\"input_rows\":{},\"rows\":{},\"rows_loaded_before\":{},"
                         "\"rows_rejected\":{}}}", files.empty() ? "" : ",", json_string(f.path), f.input_rows,
                         f.rows, f.rows_loaded_before, f.rows_rejected);
  field("files", "[" + files + "]");
  field("problems", json_problems(s.problems));
  field("rejected", json_problems(s.rejected));
  std::string passes;
  for (const auto& [name, seconds] : s.passes)
    passes += fmt::format("{}{}:{:.3f}", passes.empty() ? "" : ",", json_string(name), seconds);
  field("pass_seconds", "{" + passes + "}");
  std::string plan;
  for (const std::string& line : s.plan) plan += (plan.empty() ? "" : ",") + json_string(line);
  field("plan", "[" + plan + "]");
  field("created_from", json_or_null(s.created_from));
  auto number = [](const std::optional<double>& v) { return v ? fmt::format("{:.3f}", *v) : std::string("null"); };
  field("paused_seconds", number(s.paused_seconds));
  field("highest_lag", number(s.highest_lag));
  field("first_pause", json_or_null(s.first_pause));
  return out + "}";
}

}  // namespace fastload::report

namespace fastload::report {

namespace {

// The table's line in a run of many, after a success.
void print_table_line(const Summary& t) {
  note("{}: loaded {} rows ({:.1f} MB) in {:.2f} s: {:.0f} rows/s{}{}{}", t.table, t.rows, t.bytes / 1e6, t.seconds,
       per_second(t.rows, t.seconds),
       t.rows_loaded_before ? fmt::format("; {} rows loaded before by an earlier --resume run", t.rows_loaded_before)
                            : "",
       t.created_from.empty() ? "" : fmt::format("; created from {}", t.created_from),
       t.deferred_indexes.empty() ? "" : fmt::format("; {} {} re-created (in that time)", t.deferred_indexes.size(),
                                                     t.deferred_indexes.size() == 1 ? "index" : "indexes"));
}

// What decides the exit code of a run of many tables: the run's own failure, else the first table's that is
// not another's consequence.
const Summary* deciding(const Summary& run, const std::vector<const Summary*>& tables) {
  if (!run.success) return &run;
  for (bool consequences : {false, true})
    for (const Summary* t : tables)
      if (!t->success && t->stopped_by_another == consequences) return t;
  return nullptr;
}

}  // namespace

int print_tables(const Summary& run, const std::vector<const Summary*>& tables, bool verbose, bool json) {
  std::uint64_t rows = 0, bytes = 0, before = 0;
  const Summary* failed = deciding(run, tables);
  const int exit_code = failed ? failed->exit_code : 0;
  bool durable = true;
  for (const Summary* t : tables) {
    rows += t->rows, bytes += t->bytes, before += t->rows_loaded_before;
    durable = durable && t->durable.value_or(t->rows == 0);
    if (!t->success || !t->plan.empty() || verbose) print_text(*t, verbose);  // a plan is what was asked for
    else print_table_line(*t);
  }
  print_throttled(run);
  if (!run.error.empty()) tell("{}", run.error);
  if (exit_code == 0 && std::all_of(tables.begin(), tables.end(), [](const Summary* t) { return t->plan.empty(); }))
    note("loaded {} rows ({:.1f} MB) into {} table{} of {} in {:.2f} s: {:.0f} rows/s; durable: {}{}", rows,
         bytes / 1e6, tables.size(), tables.size() == 1 ? "" : "s", run.table, run.seconds,
         per_second(rows, run.seconds), durable ? "yes" : "NO",
         before == 0 ? "" : rows == 0 ? fmt::format("; nothing left to load: an earlier --resume run loaded all "
                                                    "{} rows", before)
                                      : fmt::format("; {} rows were loaded before by an earlier --resume run", before));
  if (!json) return exit_code;
  std::string each;
  for (const Summary* t : tables) each += (each.empty() ? "" : ",") + json_of(*t);
  auto number = [](const std::optional<double>& v) { return v ? fmt::format("{:.3f}", *v) : std::string("null"); };
  say_out("{{\"status\":{},\"exit_code\":{},\"database\":{},\"rows\":{},\"bytes\":{},\"rows_loaded_before\":{},"
          "\"seconds\":{:.3f},\"paused_seconds\":{},\"highest_lag\":{},\"error\":{},\"tables\":[{}]}}\n",
          json_string(exit_code == 0 ? "ok" : "failed"), exit_code, json_string(run.table), rows, bytes, before,
          run.seconds, number(run.paused_seconds), number(run.highest_lag), failed ? json_error(*failed) : "null",
          each);
  std::fflush(stdout);
  return exit_code;
}

}  // namespace fastload::report
