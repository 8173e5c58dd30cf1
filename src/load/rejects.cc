#include "load/rejects.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fmt/core.h>
#include <fstream>

#include "fastload/errors.h"
#include "split/row_scanner.h"

namespace fastload::load {

std::string row_text(std::string_view bytes, std::uint64_t offset, const Chunk& chunk, const Dialect& dialect) {
  const split::RowScanner scanner(dialect);
  std::string_view rest = bytes.substr(offset, chunk.end - offset);
  std::string row;
  scanner.for_each_row(rest, [&](std::string_view text, std::uint64_t, split::RowEnd) {
    row.assign(text);
    return false;
  });
  return row + scanner.line_terminator();
}

void write_rejects(const std::string& path, std::vector<RejectedRow> rows) {
  std::sort(rows.begin(), rows.end(), [](const RejectedRow& a, const RejectedRow& b) {
    if (a.file != b.file) return a.file < b.file;
    return a.problem.where.byte_offset < b.problem.where.byte_offset;
  });
  std::ofstream data(path, std::ios::binary | std::ios::trunc), reasons(path + ".reasons", std::ios::trunc);
  for (const RejectedRow& r : rows) {
    data << r.text;
    std::string message = r.problem.message;
    std::replace_if(message.begin(), message.end(), [](char c) { return c == '\t' || c == '\n'; }, ' ');
    reasons << fmt::format("{}\t{}\t{}\t{}\t{}\n", r.problem.where.file, r.problem.where.line,
                           r.problem.where.byte_offset, r.problem.code, message);
  }
  data.flush();
  reasons.flush();
  if (!data || !reasons)
    throw Failure(ExitCode::input, fmt::format("fastload: {}: cannot write the rejected rows: {}; the loaded "
                                               "rows are committed, the summary lists the rejected ones",
                                               path, std::strerror(errno)));
}

}  // namespace fastload::load
