#include "sink/diagnose.h"

#include <algorithm>
#include <fmt/core.h>
#include <atomic>
#include <regex>
#include <spdlog/spdlog.h>

namespace fastload::sink {
namespace {

constexpr unsigned long kMaxConditions = 64;  // reported per statement: the server's default max_error_count

struct Condition {
  unsigned long index = 0;  // 1-based, in the server's diagnostics area
  std::uint64_t row = 0;    // 1-based row of the statement's input; 0 unknown
  unsigned code = 0;
  std::string message;
};

unsigned code_of(const db::Row& show_warnings_row) {
  return static_cast<unsigned>(std::stoul(show_warnings_row.at(1).value_or("0")));
}

std::uint64_t number(const std::optional<std::string>& value) { return std::stoull(value.value_or("0")); }

// The first `limit` conditions the server kept of the last statement, in
// order. SHOW WARNINGS lists errors too, and leaves them for GET DIAGNOSTICS.
std::vector<Condition> show_warnings(db::Session& session, unsigned long limit) {
  std::vector<Condition> conditions;
  for (const auto& row : session.query(fmt::format("SHOW WARNINGS LIMIT {}", limit)))
    conditions.push_back({conditions.size() + 1, 0, code_of(row), row.at(2).value_or("")});
  return conditions;
}

// MariaDB 10.7+ tells each condition's row through GET DIAGNOSTICS, duplicate
// keys included. Every GET DIAGNOSTICS leaves the diagnostics area intact, so
// fetch them all into variables first and read the variables in one SELECT.
void add_rows_from_diagnostics(db::Session& session, std::vector<Condition>& conditions) {
  if (conditions.empty()) return;
  std::string select = "SELECT 0";
  for (std::size_t i = 0; i < conditions.size(); ++i) {
    session.execute(fmt::format("GET DIAGNOSTICS CONDITION {} @fastload_r{} = ROW_NUMBER", conditions[i].index, i));
    select += fmt::format(", @fastload_r{}", i);
  }
  auto rows = session.query(select);
  for (std::size_t i = 0; i < conditions.size() && !rows.empty(); ++i) conditions[i].row = number(rows[0].at(1 + i));
}

// Elsewhere (MySQL), the row is only in the message text: "... at row 3", "Row 3 was ...".
void add_rows_from_messages(std::vector<Condition>& conditions) {
  static const std::regex row_pattern(R"((?:at row |^Row )(\d+))");
  for (Condition& c : conditions) {
    std::smatch match;
    if (std::regex_search(c.message, match, row_pattern)) c.row = std::stoull(match[1]);
  }
}

struct Conditions {
  std::vector<Condition> reported;  // at most kMaxConditions
  unsigned long more = 0;           // neither reported nor tolerated
  unsigned long total = 0, kept = 0;  // the server counts them all but keeps max_error_count of them
};

// The conditions worth reporting: those the server kept, but duplicate keys
// when `policy` tolerates them.
Conditions read_conditions(db::Session& session, request::OnDuplicate policy) {
  // @@warning_count counts errors too, and reading it (no table) keeps the
  // diagnostics; mysql_warning_count() is stale after an error.
  auto counts = session.query("SELECT @@warning_count, @@max_error_count");
  Conditions c;
  c.total = number(counts.at(0).at(0));
  c.kept = number(counts.at(0).at(1));
  // Under ignore the duplicates may come first: look through all the server kept for the others.
  unsigned long listed = std::min(c.total, policy == request::OnDuplicate::ignore ? c.kept : kMaxConditions);
  unsigned long tolerated = 0;
  if (listed > 0)
    for (Condition& condition : show_warnings(session, listed)) {
      if (policy == request::OnDuplicate::ignore && condition.code == er::DUP_ENTRY) ++tolerated;
      else if (c.reported.size() < kMaxConditions) c.reported.push_back(std::move(condition));
    }
  std::uint64_t accounted = tolerated + c.reported.size();
  c.more = c.total > accounted ? c.total - accounted : 0;
  if (session.is_mariadb() && session.server_version() >= 100700) add_rows_from_diagnostics(session, c.reported);
  else add_rows_from_messages(c.reported);
  return c;
}

// The statement's duplicate-key conditions, and the exact count of all its
// conditions: the protocol's warning count stops at 65535.
void count_duplicates(db::Session& session, SinkResult& statement) {
  statement.warnings = std::max(statement.warnings, number(session.query_value("SELECT @@warning_count")));
  for (const db::Row& row : session.query("SHOW WARNINGS")) statement.duplicates += code_of(row) == er::DUP_ENTRY;
}

// An INSERT whose value a column refuses (no geometry) gets a bare
// "Unknown error" after the real condition, for the same row: it adds
// nothing, and LOAD DATA does not raise it, so every mode says the same.
bool is_echo(const Condition& c, const std::vector<Condition>& all) {
  if (c.code != er::UNKNOWN_ERROR || c.message != "Unknown error") return false;
  return std::any_of(all.begin(), all.end(), [&](const Condition& other) {
    return other.code != er::UNKNOWN_ERROR && other.row == c.row;
  });
}

// The server counts rows from the start of the statement, not the file: drop
// its row number from the text so it cannot be mistaken for the line we report.
std::string without_row_number(const std::string& message) {
  static const std::regex at_row(R"( at row \d+$)"), row_first(R"(^Row \d+ )");
  return std::regex_replace(std::regex_replace(message, at_row, ""), row_first, "The row ");
}

// Warnings the statement's account counts but the server lists none of (@@warning_count, what SHOW WARNINGS
// lists, is 0): on MariaDB 10.11 a trigger's SIGNAL SQLSTATE '01...' (or a warning inside a stored function a
// --set calls) counts so, after the server stored the row; its own LOAD DATA counts them nowhere. When they are
// all that keeps the account from matching, the rows are stored as one LOAD DATA stores them: accepted, and said
// once a run. Returns whether it accepted them.
bool accept_unlisted_warnings(db::Session& session, SinkResult& statement, std::uint64_t rows, request::OnDuplicate policy) {
  if (statement.warnings == 0 || policy == request::OnDuplicate::ignore) return false;
  SinkResult quiet = statement;
  quiet.warnings = 0;
  if (!counts_match(quiet, rows, policy) || number(session.query_value("SELECT @@warning_count")) != 0) return false;
  static std::atomic<bool> said{false};
  if (!said.exchange(true))
    spdlog::warn("the server counted {} warning{} for {} rows it stored but listed none (SHOW WARNINGS is empty): "
                 "a trigger's SIGNAL SQLSTATE '01...' (or a stored function's) raises such warnings, which the "
                 "server's own LOAD DATA does not count; the rows are loaded as it loads them", statement.warnings,
                 statement.warnings == 1 ? "" : "s", rows);
  statement.warnings = 0;
  return true;
}

}  // namespace

bool counts_match(const SinkResult& r, std::uint64_t rows, request::OnDuplicate policy) {
  if (r.records != rows) return false;
  switch (policy) {
    case request::OnDuplicate::error:
      return r.affected == rows && r.deleted == 0 && r.skipped == 0 && r.warnings == 0;
    case request::OnDuplicate::ignore:
      return r.affected + r.skipped == rows && r.deleted == 0 && r.warnings == r.skipped &&
             r.duplicates == r.skipped;
    case request::OnDuplicate::replace:
      return r.affected == rows + r.deleted && r.skipped == 0 && r.warnings == 0;
  }
  return false;
}

void add_counts(SinkResult& total, const SinkResult& statement) {
  total.records += statement.records;
  total.affected += statement.affected;
  total.deleted += statement.deleted;
  total.skipped += statement.skipped;
  total.warnings += statement.warnings;
  total.duplicates += statement.duplicates;
}

std::uint64_t max_statement_rows(db::Session& session, request::OnDuplicate policy, std::uint64_t wanted) {
  if (policy != request::OnDuplicate::ignore) return wanted;
  session.execute("SET SESSION max_error_count = 65535");  // the most MariaDB and MySQL accept
  std::uint64_t kept = std::max<std::uint64_t>(number(session.query_value("SELECT @@max_error_count")), 1);
  return wanted ? std::min(wanted, kept) : kept;
}

bool check_statement(db::Session& session, SinkResult statement, std::uint64_t rows, std::uint64_t first_row,
                     SinkResult& total) {
  const request::OnDuplicate policy = total.on_duplicate;
  // Reading every condition is worth it only when they may all be the skipped rows' duplicate keys.
  if (policy == request::OnDuplicate::ignore && statement.warnings > 0 && statement.warnings == statement.skipped)
    count_duplicates(session, statement);
  accept_unlisted_warnings(session, statement, rows, policy);
  add_counts(total, statement);
  if (counts_match(statement, rows, policy)) return true;
  total.problems = server_problems(session, first_row, policy);
  return false;
}

std::vector<Problem> server_problems(db::Session& session, std::uint64_t first_row, request::OnDuplicate policy) {
  Conditions conditions = read_conditions(session, policy);
  std::vector<Problem> problems;
  for (const Condition& c : conditions.reported) {
    if (is_echo(c, conditions.reported)) continue;
    Problem p;
    p.code = c.code;
    p.message = without_row_number(c.message);
    if (c.row > 0) p.row_in_chunk = first_row - 1 + c.row;
    problems.push_back(std::move(p));
  }
  if (conditions.more > 0) {
    Problem more;
    // Under ignore, a condition the server did not keep may be a skipped row that was no duplicate.
    more.message = policy == request::OnDuplicate::ignore && conditions.total > conditions.kept
        ? fmt::format("the server kept {} of the statement's {} conditions (max_error_count), so fastload cannot "
                      "show that every skipped row had a duplicate key; --mode load cuts its statements to fit",
                      conditions.kept, conditions.total)
        : fmt::format("and {} more problems in this statement", conditions.more);
    if (policy != request::OnDuplicate::ignore || conditions.total <= conditions.kept) more.unlisted = conditions.more;
    problems.push_back(std::move(more));
  }
  return problems;
}

void note_stop(SinkResult& result, std::uint64_t first_row, unsigned code) {
  result.stopped = true;
  result.stopped_first = first_row;
  for (const Problem& p : result.problems)
    if (p.code == code && p.row_in_chunk >= first_row) result.stopped_at = p.row_in_chunk;
}

}  // namespace fastload::sink
