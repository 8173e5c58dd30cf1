#include "db/session_variables.h"

#include <algorithm>
#include <fmt/core.h>
#include <fmt/ranges.h>
#include <regex>
#include <spdlog/spdlog.h>

#include "base/base.h"

namespace fastload::db {
namespace {

// Fixed values that make the server tell what it did, and check what the table says.
const std::vector<std::pair<std::string, std::string>>& fixed_values() {
  static const std::vector<std::pair<std::string, std::string>> values = {
      {"sql_notes", "1"},                        // notes (a decimal rounded, spaces cut) are counted as warnings
      {"sql_warnings", "0"},                     // MariaDB: no warning text in a one-row INSERT's info
      {"max_error_count", "65535"},              // every warning kept, so each is tied to its row
      {"sql_select_limit", "18446744073709551615"},  // fastload's own reads see every row
      {"explicit_defaults_for_timestamp", "1"},  // NULL into a TIMESTAMP NOT NULL is refused, not made now()
      {"check_constraint_checks", "1"},          // MariaDB: the table's CHECK constraints are checked
      {"unique_checks", "1"},                    // --disable-checks and --mode bulk turn these off
      {"foreign_key_checks", "1"},
  };
  return values;
}

// The run's values: how the first session converted, kept for every later one.
const std::vector<std::string>& run_variables() {
  static const std::vector<std::string> names = {
      "time_zone", "lc_time_names", "div_precision_increment", "default_week_format",
      "auto_increment_increment", "auto_increment_offset", "group_concat_max_len", "block_encryption_mode"};
  return names;
}

// A value as SQL: numbers as they are, other text quoted (as hex when it holds a quote or backslash, which
// NO_BACKSLASH_ESCAPES would read otherwise).
std::string literal(const std::string& value) {
  static const std::regex number("-?[0-9]+(\\.[0-9]+)?");
  if (std::regex_match(value, number)) return value;
  if (value.find_first_of("'\\") == std::string::npos) return "'" + value + "'";
  std::string hex = "X'";
  for (unsigned char c : value) hex += fmt::format("{:02X}", c);
  return hex + "'";
}

std::optional<std::string> server_value(const std::vector<std::pair<std::string, std::optional<std::string>>>& server,
                                        std::string_view name) {
  for (const auto& [n, v] : server)
    if (n == name) return v;
  return std::nullopt;
}

bool known(const std::vector<std::pair<std::string, std::optional<std::string>>>& server, std::string_view name) {
  return std::any_of(server.begin(), server.end(), [&](const auto& p) { return p.first == name && p.second; });
}

// Even where the server keeps no binary log (log_bin OFF) the SET needs the
// privilege; it is made anyway, so a command is refused or not alike on every server.
void skip_binlog(Session& session) {
  try {
    session.execute("SET SESSION sql_log_bin = 0");
  } catch (const ServerError& e) {
    if (e.code() != er::SPECIFIC_ACCESS_DENIED_ERROR) throw;  // a privilege the SET needs
    throw Failure(ExitCode::privilege, fmt::format(
        "--no-binlog: the user may not turn off the binary log of its sessions ({}); it needs SUPER "
        "or BINLOG ADMIN on MariaDB, SYSTEM_VARIABLES_ADMIN or SESSION_VARIABLES_ADMIN on MySQL 8: GRANT one "
        "of them ON *.* to the user, or leave out --no-binlog", e.server_message()));
  }
}

}  // namespace

std::string SessionPins::statement() const {
  std::vector<std::string> sets;
  for (const auto& [name, value] : values) sets.push_back(fmt::format("{} = {}", name, value));
  return sets.empty() ? "" : fmt::format("SET SESSION {}", fmt::join(sets, ", "));
}

const std::string* SessionPins::value_of(std::string_view variable) const {
  for (const auto& [name, value] : values)
    if (name == variable) return &value;
  return nullptr;
}

void pin_dump_settings(SessionPins& pins, const std::optional<std::string>& time_zone) {
  for (auto& [name, value] : pins.values) {
    if (name == "time_zone" && time_zone) value = *time_zone;
    if (name == "sql_mode" && value.find("NO_AUTO_VALUE_ON_ZERO") == std::string::npos && value.size() >= 2)
      value.insert(value.size() - 1, value.size() == 2 ? "NO_AUTO_VALUE_ON_ZERO" : ",NO_AUTO_VALUE_ON_ZERO");
  }
}

std::string run_sql_mode(const std::string& server_sql_mode) {
  static const std::vector<std::string> kept = {"NO_AUTO_VALUE_ON_ZERO", "NO_ZERO_IN_DATE", "NO_ZERO_DATE",
                                                "ALLOW_INVALID_DATES", "TIME_ROUND_FRACTIONAL",
                                                "ONLY_FULL_GROUP_BY"};
  std::vector<std::string> mode = {"STRICT_ALL_TABLES", "ERROR_FOR_DIVISION_BY_ZERO", "NO_ENGINE_SUBSTITUTION"};
  std::size_t begin = 0;
  while (begin <= server_sql_mode.size()) {
    std::size_t end = std::min(server_sql_mode.find(',', begin), server_sql_mode.size());
    std::string flag = server_sql_mode.substr(begin, end - begin);
    if (std::find(kept.begin(), kept.end(), flag) != kept.end()) mode.push_back(flag);
    begin = end + 1;
  }
  return fmt::format("{}", fmt::join(mode, ","));
}

const std::vector<std::string>& pinned_variables() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all = {"sql_mode"};
    for (const auto& fixed : fixed_values()) all.push_back(fixed.first);
    all.insert(all.end(), run_variables().begin(), run_variables().end());
    return all;
  }();
  return names;
}

SessionPins make_session_pins(const std::vector<std::pair<std::string, std::optional<std::string>>>& server) {
  SessionPins pins;
  pins.values.emplace_back("sql_mode", "'" + run_sql_mode(server_value(server, "sql_mode").value_or("")) + "'");
  for (const auto& [name, value] : fixed_values())
    if (known(server, name)) pins.values.emplace_back(name, value);
  for (const std::string& name : run_variables())
    if (known(server, name)) pins.values.emplace_back(name, literal(*server_value(server, name)));
  return pins;
}

SessionPins read_session_pins(Session& control) {
  std::vector<std::pair<std::string, std::optional<std::string>>> server;
  for (const std::string& name : pinned_variables()) {
    try {
      server.emplace_back(name, control.query_value("SELECT @@SESSION." + name).value_or(""));
    } catch (const ServerError&) {
      server.emplace_back(name, std::nullopt);  // not a variable of this server (MySQL has no check_constraint_checks)
    }
  }
  SessionPins pins = make_session_pins(server);
  pins.clock = read_run_clock(control);
  return pins;
}

RunClock read_run_clock(Session& control) {
  // One statement: every function in it reads the same instant. The last column converts the local time back:
  // where it gives another instant, the zone's clock shows that time twice (the hour a clock change repeats).
  const std::vector<Row> rows = control.query(
      "SELECT NOW(6), UTC_TIMESTAMP(6), UNIX_TIMESTAMP(NOW(6)), UNIX_TIMESTAMP(CAST(NOW(6) AS DATETIME(6))), "
      "@@SESSION.time_zone");
  RunClock clock;
  if (rows.empty() || rows.front().size() < 5) return clock;  // a proxy's answer of its own: no time to give
  const Row& r = rows.front();
  clock.reading = {r[0].value_or(""), r[1].value_or(""), r[2].value_or("")};
  clock.ambiguous = r[2] != r[3];
  clock.time_zone = r[4].value_or("");
  return clock;
}

void pin_session(Session& session, const SessionPins& pins) {
  if (pins.values.empty()) return;
  try {
    session.execute(pins.statement());
  } catch (const ServerError& e) {
    throw Failure(ExitCode::connect, fmt::format("the server refused the session settings every "
                                                 "session of the load uses ({}, error {}): {}", e.server_message(), e.code(),
                                                 pins.statement()));
  }
}

void set_loading_variables(Session& session, const plan::TablePlan& options) {
  if (options.sessions.no_binlog) skip_binlog(session);
  // --mode bulk: MariaDB takes its empty-table bulk path only without these checks.
  if (options.sessions.disable_checks || request::traits(options.mode).bulk_path)
    session.execute("SET SESSION unique_checks = 0, foreign_key_checks = 0");
  else if (options.prove_foreign_keys)
    session.execute("SET SESSION foreign_key_checks = 0");
}

void set_control_variables(Session& session, const plan::TablePlan& options) {
  if (options.sessions.no_binlog) skip_binlog(session);
  // Foreign keys proved after the load: their indexes may be dropped for it.
  if (options.prove_foreign_keys) session.execute("SET SESSION foreign_key_checks = 0");
}

}  // namespace fastload::db
