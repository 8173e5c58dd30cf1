#include "load/diagnose.h"

#include <algorithm>
#include <fmt/core.h>
#include <regex>

namespace fastload::load {
namespace {

constexpr unsigned long kMaxConditions = 64;  // per statement: the server's default max_error_count

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

std::vector<Condition> read_conditions(Session& session, unsigned long& total) {
  // @@warning_count counts errors too, and reading it (no table) keeps the
  // diagnostics; mysql_warning_count() is stale after an error.
  auto counts = session.query("SELECT @@warning_count, @@max_error_count");
  total = std::stoul(counts.at(0).at(0).value_or("0"));
  unsigned long kept = std::stoul(counts.at(0).at(1).value_or("0"));  // the server keeps no more
  unsigned count = static_cast<unsigned>(std::min({total, kept, kMaxConditions}));
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

}  // namespace

bool counts_match(const SinkResult& r, const Chunk& chunk) {
  return r.records == chunk.rows && r.affected == chunk.rows && r.deleted == 0 && r.skipped == 0 &&
         r.warnings == 0;
}

std::vector<Problem> server_problems(Session& session, std::uint64_t first_row) {
  std::vector<Problem> problems;
  unsigned long total = 0;
  for (const Condition& c : read_conditions(session, total)) {
    Problem p;
    p.code = c.code;
    p.message = without_row_number(c.message);
    if (c.row > 0) p.row_in_chunk = first_row - 1 + c.row;
    problems.push_back(std::move(p));
  }
  if (problems.size() < total) {
    Problem more;
    more.message = fmt::format("and {} more problems in this statement", total - problems.size());
    problems.push_back(std::move(more));
  }
  return problems;
}

bool is_data_error(unsigned code) {
  switch (code) {
    case 1048: case 1062: case 1264: case 1265: case 1292: case 1300: case 1366: case 1367: case 1406:
    case 1411: case 1451: case 1452: case 1586: case 1690: case 3819: case 4025: case 1261: case 1262:
      return true;
    default:
      return false;
  }
}

}  // namespace fastload::load
