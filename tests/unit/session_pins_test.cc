// The session variables every session of a run sets (db/session_variables.h): which, and to what.
#include <gtest/gtest.h>

#include "db/db.h"

namespace fastload {
namespace {

using Values = std::vector<std::pair<std::string, std::optional<std::string>>>;

// What a MariaDB 10.11 session reads, its sql_mode and time zone as given.
Values mariadb(const std::string& sql_mode, const std::string& time_zone = "SYSTEM") {
  Values server;
  for (const std::string& name : db::pinned_variables()) server.emplace_back(name, "0");
  for (auto& [name, value] : server) {
    if (name == "sql_mode") value = sql_mode;
    if (name == "time_zone") value = time_zone;
    if (name == "lc_time_names") value = "de_DE";
    if (name == "div_precision_increment") value = "7";
  }
  return server;
}

TEST(SessionPins, RunSqlModeKeepsOnlyFlagsThatRefuseMoreOrSayWhatAValueMeans) {
  EXPECT_EQ(db::run_sql_mode(""), "STRICT_ALL_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION");
  EXPECT_EQ(db::run_sql_mode("STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,"
                               "NO_ENGINE_SUBSTITUTION"),
            "STRICT_ALL_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION");
  EXPECT_EQ(db::run_sql_mode("ANSI_QUOTES,PIPES_AS_CONCAT,NO_BACKSLASH_ESCAPES,EMPTY_STRING_IS_NULL,"
                               "NO_AUTO_VALUE_ON_ZERO,NO_ZERO_DATE,IGNORE_SPACE,ORACLE,TIME_ROUND_FRACTIONAL"),
            "STRICT_ALL_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION,NO_AUTO_VALUE_ON_ZERO,"
            "NO_ZERO_DATE,TIME_ROUND_FRACTIONAL");
}

TEST(SessionPins, FixedValuesThenTheRunsOwnNeverTheTimestamp) {
  db::SessionPins pins = db::make_session_pins(mariadb("ANSI_QUOTES", "+05:00"));
  const std::string sql = pins.statement();
  EXPECT_EQ(sql.rfind("SET SESSION sql_mode = 'STRICT_ALL_TABLES,ERROR_FOR_DIVISION_BY_ZERO,"
                      "NO_ENGINE_SUBSTITUTION', sql_notes = 1, sql_warnings = 0, max_error_count = 65535, ", 0), 0u)
      << sql;
  for (const char* part : {"explicit_defaults_for_timestamp = 1", "check_constraint_checks = 1",
                           "unique_checks = 1", "foreign_key_checks = 1", "time_zone = '+05:00'",
                           "lc_time_names = 'de_DE'", "div_precision_increment = 7",
                           "sql_select_limit = 18446744073709551615"})
    EXPECT_NE(sql.find(part), std::string::npos) << part << " in " << sql;
  // The binary log dates each event by the session's timestamp: a pinned one would date the whole load at its start.
  EXPECT_EQ(sql.find(" timestamp ="), std::string::npos) << sql;
  EXPECT_EQ(*pins.value_of("time_zone"), "'+05:00'");
  EXPECT_EQ(pins.value_of("no_such_variable"), nullptr);
}

TEST(SessionPins, VariablesTheServerLacksAreLeftOut) {
  Values server = mariadb("");
  for (auto& [name, value] : server)
    if (name == "check_constraint_checks" || name == "lc_time_names") value.reset();
  db::SessionPins pins = db::make_session_pins(server);
  EXPECT_EQ(pins.value_of("check_constraint_checks"), nullptr);
  EXPECT_EQ(pins.value_of("lc_time_names"), nullptr);
  ASSERT_NE(pins.value_of("sql_notes"), nullptr);
}

TEST(SessionPins, TextWithQuotesOrBackslashesGoesAsHex) {
  Values server = mariadb("", "it's\\");
  EXPECT_EQ(*db::make_session_pins(server).value_of("time_zone"),
            "X'697427735C'");
}

}  // namespace
}  // namespace fastload
