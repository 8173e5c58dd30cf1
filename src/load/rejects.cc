#include "load/rejects.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fmt/core.h>
#include <fstream>

#include "fastload/errors.h"
#include "split/field_parser.h"

namespace fastload::load {

ChunkWithout without_rows(std::string_view file, const Chunk& chunk, const std::set<std::uint64_t>& excluded) {
  ChunkWithout out;
  out.chunk = chunk;
  std::string_view bytes = file.substr(chunk.begin, chunk.size());
  std::uint64_t row = 0;
  split::for_each_row(bytes, [&](std::string_view text, std::uint64_t offset, split::RowEnd end) {
    if (excluded.count(++row) == 0) {
      out.bytes.append(bytes.substr(offset, text.size() + (end == split::RowEnd::kNewline ? 1 : 0)));
      out.original_row.push_back(row);
    }
    return true;
  });
  out.chunk.begin = 0;
  out.chunk.end = out.bytes.size();
  out.chunk.rows = out.original_row.size();
  return out;
}

namespace {

// The row that starts at `offset`, with its terminator when it has one.
std::string_view row_at(std::string_view file, std::uint64_t offset, const Chunk& chunk) {
  std::string_view rest = file.substr(offset, chunk.end - offset);
  std::string_view row = rest;
  split::for_each_row(rest, [&](std::string_view text, std::uint64_t, split::RowEnd end) {
    row = rest.substr(0, text.size() + (end == split::RowEnd::kNewline ? 1 : 0));
    return false;
  });
  return row;
}

}  // namespace

void write_rejects(const std::string& path, const std::vector<const input::MappedFile*>& files,
                   std::vector<RejectedRow> rows) {
  std::sort(rows.begin(), rows.end(), [](const RejectedRow& a, const RejectedRow& b) {
    if (a.chunk.file != b.chunk.file) return a.chunk.file < b.chunk.file;
    return a.problem.where.byte_offset < b.problem.where.byte_offset;
  });
  std::ofstream data(path, std::ios::binary | std::ios::trunc), reasons(path + ".reasons", std::ios::trunc);
  for (const RejectedRow& r : rows) {
    std::string_view row = row_at(files.at(r.chunk.file)->bytes(), r.problem.where.byte_offset, r.chunk);
    data << row;
    if (row.empty() || row.back() != '\n') data << '\n';
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
