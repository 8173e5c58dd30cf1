#include "table/schema_script.h"

#include <fmt/core.h>

#include "base/base.h"
#include "db/db.h"
#include "text/text.h"

namespace fastload::table {

void check_database(db::Session& session, const std::string& database) {
  if (std::optional<std::string> character = db::unnameable_character(session, database))
    throw Failure(ExitCode::no_table, fmt::format("database {} cannot exist: {}", database,
                                                  db::unnameable_reason(*character)));
  if (session.query_value(fmt::format("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = {}",
                                      session.quote_string(database))) != "0")
    return;
  throw Failure(ExitCode::no_table, fmt::format(
      "database {} does not exist, or the user has no privilege on it; create it first (CREATE DATABASE {}): "
      "fastload creates the tables of a dump, not its database", database, text::quote_identifier(database)));
}

bool table_exists(db::Session& session, const std::string& database, const std::string& table) {
  if (db::unnameable_character(session, database) || db::unnameable_character(session, table)) return false;
  return session.query_value(fmt::format(
             "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = {} AND TABLE_NAME = {}",
             session.quote_string(database), session.quote_string(table))) != "0";
}

void run_schema_statements(const request::ConnectionOptions& connection, const std::optional<std::string>& password,
                           const std::string& database, const std::vector<std::string>& settings,
                           const std::vector<std::string>& statements, const std::string& source) {
  db::Session session(connection, password);
  session.execute("SET SESSION foreign_key_checks = 0");
  session.execute("USE " + text::quote_identifier(database));
  try {
    for (const std::string& s : settings) session.execute(s);
    for (const std::string& s : statements) {
      try {
        session.execute(s);
      } catch (const db::ServerError& e) {
        if (e.code() != er::TRG_ALREADY_EXISTS) throw;
      }
    }
  } catch (const db::ServerError& e) {
    throw Failure(ExitCode::load_failed, fmt::format("{}: the server refused a statement of this schema file: {} "
                                                     "(error {})", source, e.server_message(), e.code()), e.code());
  }
}

}  // namespace fastload::table
