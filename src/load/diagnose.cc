#include "load/diagnose.h"

#include <algorithm>
#include <fmt/core.h>
#include <regex>

#include "split/row_scanner.h"

namespace fastload::load {
namespace {

constexpr unsigned kMaxConditions = 100;  // per chunk; the summary says how many more there were

struct Condition {
  std::uint64_t row = 0;  // 1-based row of the statement's input; 0 unknown
  unsigned code = 0;
  std::string message;
};

// MariaDB 10.7+ tells each condition's row through GET DIAGNOSTICS, duplicate
// keys included. Every GET DIAGNOSTICS leaves the diagnostics area intact, so
// fetch them all into variables first and read the variables in one SELECT.
std::vector<Condition> conditions_with_row_numbers(Session& session, unsigned count) {
  std::string select = "SELECT 0";
  for (unsigned i = 1; i <= count; ++i) {
    session.execute(fmt::format("GET DIAGNOSTICS CONDITION {0} @fastload_r{0} = ROW_NUMBER, "
                                "@fastload_c{0} = MYSQL_ERRNO, @fastload_m{0} = MESSAGE_TEXT", i));
    select += fmt::format(", @fastload_r{0}, @fastload_c{0}, @fastload_m{0}", i);
  }
  auto rows = session.query(select);
  std::vector<Condition> conditions;
  for (unsigned i = 0; i < count && !rows.empty(); ++i) {
    const auto& row = rows[0];
    conditions.push_back({std::stoull(row[1 + 3 * i].value_or("0")),
                          static_cast<unsigned>(std::stoul(row[2 + 3 * i].value_or("0"))),
                          row[3 + 3 * i].value_or("")});
  }
  return conditions;
}

// Elsewhere (MySQL), the row is only in the message text: "... at row 3", "Row 3 was ...".
std::vector<Condition> conditions_from_show_warnings(Session& session) {
  static const std::regex row_pattern(R"((?:at row |^Row )(\d+))");
  std::vector<Condition> conditions;
  for (const auto& row : session.query(fmt::format("SHOW WARNINGS LIMIT {}", kMaxConditions))) {
    Condition c{0, static_cast<unsigned>(std::stoul(row[1].value_or("0"))), row[2].value_or("")};
    std::smatch match;
    if (std::regex_search(c.message, match, row_pattern)) c.row = std::stoull(match[1]);
    conditions.push_back(std::move(c));
  }
  return conditions;
}

std::vector<Condition> read_conditions(Session& session) {
  unsigned count = std::min(session.warning_count(), kMaxConditions);
  if (count == 0) return {};
  if (session.is_mariadb() && session.server_version() >= 100700)
    return conditions_with_row_numbers(session, count);
  return conditions_from_show_warnings(session);
}

// The server counts rows from the start of the chunk, not the file: drop its
// row number from the text so it cannot be mistaken for the line we report.
std::string without_row_number(const std::string& message) {
  static const std::regex at_row(R"( at row \d+$)"), row_first(R"(^Row \d+ )");
  return std::regex_replace(std::regex_replace(message, at_row, ""), row_first, "The row ");
}

report::Problem chunk_problem(const Chunk& chunk, const std::string& path, std::string message) {
  report::Problem p;
  p.where = {path, 0, chunk.begin};
  p.chunk_index = chunk.index;
  p.message = std::move(message);
  return p;
}

}  // namespace

bool chunk_is_clean(const SinkResult& r, const Chunk& chunk) {
  return r.records == chunk.rows && r.affected == chunk.rows && r.deleted == 0 &&
         r.skipped == 0 && r.warnings == 0;
}

std::vector<report::Problem> diagnose(Session& session, const SinkResult& result, const Chunk& chunk,
                                      std::string_view file, const std::string& path) {
  std::vector<report::Problem> problems;
  for (const Condition& c : read_conditions(session)) {
    report::Problem p = chunk_problem(chunk, path, without_row_number(c.message));
    p.code = c.code;
    if (c.row > 0 && c.row <= chunk.rows) {
      auto at = split::locate_row(file, chunk, c.row);
      p.row_in_chunk = c.row;
      p.where = {path, at.line, at.byte_offset};
    }
    problems.push_back(std::move(p));
  }
  if (result.warnings > problems.size())
    problems.push_back(chunk_problem(chunk, path, fmt::format("and {} more warnings in this chunk",
                                                              result.warnings - problems.size())));
  if (result.records != chunk.rows || result.affected + result.skipped != result.records)
    problems.push_back(chunk_problem(chunk, path, fmt::format(
        "the chunk holds {} rows but the server read {} and stored {}", chunk.rows, result.records,
        result.affected)));
  return problems;
}

}  // namespace fastload::load
