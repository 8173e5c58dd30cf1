// A table's schema file in a dump directory: `mariadb-dump --tab`'s T.sql
// (the CREATE TABLE, the session settings its T.txt was written in, the
// table's triggers). Read, never run as a whole: fastload runs the CREATE
// TABLE when the table is missing, never the dump's DROP TABLE (docs/design.md,
// "A database in one run").
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace fastload::dump {

struct SchemaFile {
  std::string path;
  std::vector<std::string> settings;  // the SET statements before the CREATE, for the session that runs it
  std::string create;                 // CREATE TABLE ...; empty when the file makes a view
  std::vector<std::string> after;     // what follows it but DROPs and SETs of the header: triggers, with their SETs
  bool view = false;                  // CREATE VIEW: no rows to load
  // What the header sets, as SQL literals (time_zone '+00:00', sql_mode '...') or a name (names utf8mb4).
  std::optional<std::string> time_zone, sql_mode, names;
};

// Reads `path`. Throws Failure(ExitCode::input) when it cannot be read or holds no CREATE TABLE or VIEW, naming
// the file and what it found.
SchemaFile read_schema_file(const std::string& path);

// The same from a script's text (for the tests).
SchemaFile parse_schema(const std::string& path, std::string_view script);

}  // namespace fastload::dump
