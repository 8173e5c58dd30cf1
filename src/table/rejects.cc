#include "table/rejects.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fmt/core.h>
#include <filesystem>
#include <fstream>

#include "base/base.h"
#include "text/text.h"

namespace fastload::table {

std::string row_text(std::string_view bytes, std::uint64_t offset, const Chunk& chunk, const text::Dialect& dialect) {
  const text::RowScanner scanner(dialect);
  std::string_view rest = bytes.substr(offset, chunk.end - offset);
  std::string row;
  scanner.for_each_row(rest, [&](std::string_view text, std::uint64_t, text::RowEnd) {
    row.assign(text);
    return false;
  });
  return scanner.line_start() + row + scanner.line_terminator();  // read again as the same row
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
    throw Failure(ExitCode::input, fmt::format("{}: cannot write the rejected rows: {}; the loaded "
                                               "rows are committed, the summary lists the rejected ones",
                                               path, std::strerror(errno)));
}

namespace {

bool exists(const std::string& path) {
  std::error_code error;
  return std::filesystem::exists(std::filesystem::symlink_status(path, error));
}

// Whether `reasons` reads as a reasons file write_rejects wrote for `inputs`: five fields a line, the first
// one of them.
bool written_for(const std::string& reasons, const std::vector<std::string>& inputs) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(reasons, error)) return false;
  std::ifstream in(reasons);
  for (std::string line; std::getline(in, line);) {
    const std::string file = line.substr(0, line.find('\t'));
    if (std::count(line.begin(), line.end(), '\t') != 4 ||
        std::find(inputs.begin(), inputs.end(), file) == inputs.end())
      return false;
  }
  return !in.bad();
}

bool is_an_input(const std::string& path, const std::vector<std::string>& inputs) {
  std::error_code error;
  return std::any_of(inputs.begin(), inputs.end(), [&](const std::string& input) {
    return std::filesystem::equivalent(path, input, error);
  });
}

}  // namespace

void check_rejects_file(const std::string& path, const std::vector<std::string>* own_inputs) {
  const std::string reasons = path + ".reasons";
  const std::string existing = exists(path) ? path : exists(reasons) ? reasons : "";
  if (existing.empty()) return;
  if (own_inputs && written_for(reasons, *own_inputs) && !is_an_input(path, *own_inputs)) return;
  throw Failure(ExitCode::usage, fmt::format(
      "--rejects {}: {} already exists, and fastload never replaces a file with the rejected rows "
      "(FILE) and their reasons (FILE.reasons){}: remove it or choose another name", path, existing,
      own_inputs ? " other than the ones an earlier --resume run of this load wrote" : ""));
}

}  // namespace fastload::table
