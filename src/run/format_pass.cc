// check: the first rows of each input read as the load will read them, before any of them is sent
// (text/format_check.h).
#include <algorithm>
#include <fmt/core.h>

#include "table/column_list.h"
#include "text/format_check.h"
#include "run/state.h"

namespace fastload {
namespace {

// The last field goes to a @variable that a --set expression reads: what it holds is the user's to shape.
bool last_field_read_by_set(const Options& o) {
  if (o.columns.empty() || !o.columns.back().variable) return false;
  const std::string& name = o.columns.back().name;
  return std::any_of(o.set.begin(), o.set.end(), [&](const Assignment& a) {
    return a.expression.find("@" + name) != std::string::npos || a.expression.find("@`" + name) != std::string::npos;
  });
}

load::FormatExpectation expectation(const Options& o, const RunState& state) {
  load::FormatExpectation e;
  e.width = load::row_width(state.target, o);
  e.names = load::field_names(state.target, o);
  e.cr_meant = o.dialect.line_terminator.find('\r') != std::string::npos || last_field_read_by_set(o);
  e.header_given = o.header_given;
  e.max_errors = o.max_errors;
  return e;
}

Failure refused(const load::FormatMismatch& m) {
  return Failure(ExitCode::rejected, fmt::format("{}:{} (byte {}): {}; nothing was loaded", m.where.file,
                                                 m.where.line, m.where.byte_offset, m.message));
}

}  // namespace

void check_formats(const Options& options, RunState& state) {
  const load::FormatExpectation expected = expectation(options, state);
  for (Input& input : state.inputs) {
    // A mapped file in a charset fastload converts is one the server reads itself (--mode server): its
    // multi-byte characters can hold a byte of the field terminator, which a byte-wise parse would split at.
    if (input.file && options.convert_charset) continue;
    if (input.file && input.chunk_count > 0) {
      const Chunk& first = state.chunks[input.first_chunk];
      load::FormatSample sample{input.file->bytes().substr(first.begin), input.name(), first.begin, first.first_line};
      if (auto mismatch = load::check_format(options.dialect, sample, expected)) throw refused(*mismatch);
    } else if (input.chunker) {  // a stream: its first chunk, as it is cut (byte offsets of a converted one's text)
      input.chunker->inspect_first([&options, expected, name = input.name()](const input::StreamChunk& chunk) {
        load::FormatSample sample{chunk.bytes, name, chunk.chunk.begin, chunk.chunk.first_line};
        if (auto mismatch = load::check_format(options.dialect, sample, expected)) throw refused(*mismatch);
      });
    }
  }
}

}  // namespace fastload
