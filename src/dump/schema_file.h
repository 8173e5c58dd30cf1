// A table's schema file in a dump directory: `mariadb-dump --tab`'s T.sql
// (the CREATE TABLE, the session settings its T.txt was written in, the
// table's triggers). Read, never run as a whole: fastload runs the CREATE
// TABLE when the table is missing, never the dump's DROP TABLE (docs/design.md,
// "A database in one run").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fastload::dump {

struct SchemaFile {
  // A statement that names an object: the file's own table (or view) must be the one it names.
  struct Named {
    std::string object;  // the table or view created or dropped, or the table a trigger is on
    std::size_t line = 0;
    std::string statement;  // its start, for a message
  };
  std::string path;
  std::vector<std::string> settings;  // the SET statements before the CREATE, for the session that runs it
  std::string create;                 // CREATE TABLE or VIEW ...; empty in a data-only dump (--no-create-info)
  std::vector<std::string> after;     // what follows it but DROPs and SETs of the header: triggers, with their SETs
  bool view = false;                  // CREATE VIEW: no rows to load
  std::vector<Named> named;
  // What the header sets, as SQL literals (time_zone '+00:00', sql_mode '...') or a name (names utf8mb4).
  std::optional<std::string> time_zone, sql_mode, names;
};

// Reads `path`. Throws Failure(ExitCode::input) when it cannot be read, or holds a statement that is not one of
// those that restore a table (dump/schema_statement.h: a schema file is data, never run as a script), naming the
// file, the line and the statement.
SchemaFile read_schema_file(const std::string& path);

// Throws Failure(ExitCode::input) when a statement of `schema` names another table or view than `object` (the
// file's own, decoded from its name as the dump encoded it).
void check_names(const SchemaFile& schema, const std::string& object);

// What a dump header's SET statement sets of `out`'s time_zone, sql_mode and names (SET NAMES).
void read_settings(std::string_view statement, SchemaFile& out);

// The same from a script's text (for the tests).
SchemaFile parse_schema(const std::string& path, std::string_view script);

}  // namespace fastload::dump
