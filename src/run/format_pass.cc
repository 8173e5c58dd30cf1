// check: the first rows of each input read as the load will read them, before any of them is sent
// (text/format_check.h).
#include <algorithm>
#include <fmt/core.h>

#include "load/load.h"
#include "table/table.h"
#include "text/text.h"
#include "run/state.h"

namespace fastload::run {
namespace {

// The last field goes to a @variable that a --set expression reads: what it holds is the user's to shape.
bool last_field_read_by_set(const plan::TablePlan& o) {
  if (o.columns.empty() || !o.columns.back().variable) return false;
  const std::string& name = o.columns.back().name;
  return std::any_of(o.set.begin(), o.set.end(), [&](const request::Assignment& a) {
    return a.expression.find("@" + name) != std::string::npos || a.expression.find("@`" + name) != std::string::npos;
  });
}

text::FormatExpectation expectation(const plan::TablePlan& o, const RunState& state) {
  text::FormatExpectation e;
  e.width = table::row_width(state.target, o);
  e.names = table::field_names(state.target, o);
  e.cr_meant = o.source.dialect.line_terminator.find('\r') != std::string::npos || last_field_read_by_set(o);
  e.header_given = o.source.header_given;
  e.max_errors = o.conflicts.max_errors;
  return e;
}

Failure refused(const text::FormatMismatch& m) {
  return Failure(ExitCode::rejected, fmt::format("{}:{} (byte {}): {}; nothing was loaded", m.where.file,
                                                 m.where.line, m.where.byte_offset, m.message));
}

// A dump read as bytes (no --charset): its first chunk's text checked for another charset (load/dump_charset.h)
// before any row of any table is sent, so that such a dump is refused whole, not after the tables before it
// loaded; the load checks every chunk. `bytes` holds the chunk at chunk.begin; `base`: their offset in the input.
void check_dump_charset(const plan::TablePlan& o, const RunState& state, std::string_view bytes, const Chunk& chunk,
                        const std::string& name, std::uint64_t base) {
  plan::TablePlan charsets_only = o;  // the value checks stay the load's, row by row, within --max-errors
  charsets_only.accepted_conversions = request::kAllConversions;
  load::ValueChecker checker(state.target, charsets_only);
  const std::vector<Problem> problems = checker.check(bytes, chunk);
  if (problems.size() <= o.conflicts.max_errors) return;
  const text::RowPosition at =
      text::RowScanner(o.source.dialect).locate_row(bytes, chunk, problems.front().row_in_chunk);
  const std::string more = problems.size() > 1 ? fmt::format(" (and {} more of the first {} rows)",
                                                             problems.size() - 1, chunk.rows) : "";
  throw refused({{name, at.line, base + at.byte_offset}, problems.front().message + more});
}

// Whether the server's own LOAD DATA reads the format without the escape fastload reads: a new session's
// sql_mode (the global one) has NO_BACKSLASH_ESCAPES, under which a LOAD DATA that does not say ESCAPED BY has
// none; fastload's sessions drop the flag (db/session_variables.h) and read backslash escapes.
bool server_reads_no_escape(const plan::TablePlan& o, RunState& state) {
  if (o.source.escape_given || o.source.dialect.escape != '\\') return false;
  return state.control->query_value("SELECT @@GLOBAL.sql_mode LIKE '%NO_BACKSLASH_ESCAPES%'").value_or("0") == "1";
}

Failure escape_undecided(const std::string& where) {
  return Failure(ExitCode::usage, fmt::format(
      "{}: the server's sql_mode has NO_BACKSLASH_ESCAPES, under which its own LOAD DATA reads this format without "
      "an escape character (a backslash is an ordinary character, \\N the two characters, not NULL), where "
      "fastload reads backslash escapes; say which reading is meant: --fields-escaped-by '' loads the file as "
      "the server's LOAD DATA would, --fields-escaped-by '\\\\' reads the escapes; nothing was loaded", where));
}

// A mapped file whose bytes hold a backslash, read differently by the two readings: refused at the line of
// the first one (a file without one reads the same either way and loads).
void check_backslashes(const plan::TablePlan& o, const Input& input, const Chunk& first) {
  std::string_view bytes = input.file->bytes();
  std::size_t at = bytes.find('\\', first.begin);
  if (at == std::string_view::npos) return;
  std::uint64_t line = first.first_line;
  const std::string& end = o.source.dialect.line_terminator;
  for (std::size_t p = bytes.find(end, first.begin); p < at; p = bytes.find(end, p + end.size())) ++line;
  throw escape_undecided(fmt::format("{}:{} (byte {})", input.name(), line, at));
}

}  // namespace

void check_formats(const plan::TablePlan& options, RunState& state) {
  const text::FormatExpectation expected = expectation(options, state);
  const bool no_escape = server_reads_no_escape(options, state);
  for (Input& input : state.inputs) {
    if (no_escape && !input.file)
      throw escape_undecided(input.name() + " (a stream, not read ahead for a backslash)");
    if (no_escape && input.chunk_count > 0) check_backslashes(options, input, state.chunks[input.first_chunk]);
    // A mapped file in a charset fastload converts is one the server reads itself (--mode server): its
    // multi-byte characters can hold a byte of the field terminator, which a byte-wise parse would split at.
    if (input.file && options.convert_charset) continue;
    if (input.file && input.chunk_count > 0) {
      const Chunk& first = state.chunks[input.first_chunk];
      text::FormatSample sample{input.file->bytes().substr(first.begin), input.name(), first.begin, first.first_line};
      if (auto mismatch = text::check_format(options.source.dialect, sample, expected)) throw refused(*mismatch);
      if (options.check_dump_charset)
        check_dump_charset(options, state, input.file->bytes(), first, input.name(), 0);
    } else if (input.chunker) {  // a stream: its first chunk, as it is cut (byte offsets of a converted one's text)
      input.chunker->inspect_first([&options, &state, expected, name = input.name()](const chunks::StreamChunk& chunk) {
        text::FormatSample sample{chunk.bytes, name, chunk.chunk.begin, chunk.chunk.first_line};
        if (auto mismatch = text::check_format(options.source.dialect, sample, expected)) throw refused(*mismatch);
        Chunk local = chunk.chunk;  // over chunk.bytes alone
        local.begin = 0;
        local.end = chunk.bytes.size();
        if (options.check_dump_charset)
          check_dump_charset(options, state, chunk.bytes, local, name, chunk.chunk.begin);
      });
    }
  }
}

}  // namespace fastload::run
