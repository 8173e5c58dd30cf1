// A directory mydumper wrote (`mydumper -B DB -o DIR`): DB-schema-create.sql, each table's DB.T-schema.sql (its
// CREATE TABLE), DB.T-schema-triggers.sql, its rows in DB.T.sql or chunks DB.T.00000.sql ..., a view's
// DB.V-schema-view.sql, the routines and events of DB-schema-post.sql, compressed too (-c: .sql.gz). Read, never
// run as a whole: every file is judged as a dump's (schema files as --tab's T.sql, data files as an SQL dump, the
// routines' file as myloader reads it), so that what is not part of restoring the database is refused before
// anything is changed (docs/design.md, "mydumper directories").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dump/sql_dump.h"
#include "dump/tables.h"

namespace fastload::dump {

// What DB-schema-post.sql may restore: its procedures and functions (--routines), its events (--events).
struct MydumperAsked {
  bool routines = false, events = false;
};

struct MydumperDump {
  std::string dir;
  std::string database;         // the one its file names say
  std::string create_database;  // DB-schema-create.sql's CREATE DATABASE; empty without one
  // Each table: its schema (CREATE TABLE with its file's settings; the triggers file's statements as `after`),
  // its data files in chunk order, and `sql` one DumpTable a data file (its INSERTs), as an SQL dump's.
  std::vector<TableFiles> tables;
  std::vector<TableFiles> views;  // schema: the CREATE VIEW of DB.V-schema-view.sql (its stand-in table dropped)
  // DB-schema-post.sql's routines and events (read_schema_post); none when it has none. Its settings start with
  // the header of the schema files, which myloader runs on the connection that then makes the routines.
  std::optional<SqlDump> post;
};

// Reads and judges every file of `dir`. Throws Failure(ExitCode::input) for a file that cannot be read or holds
// a statement that is not its own (a data file anything but its table's INSERTs and session settings), data
// files of one table that disagree (INSERT kind, column list, character set, time zone), routines or events not
// asked for, and Failure(ExitCode::usage) for a dump of several databases or a file whose name is none of mydumper's.
MydumperDump read_mydumper(const std::string& dir, MydumperAsked asked = {});

// DB-schema-post.sql (`path`, its text `content`) read as myloader 0.10 reads it: a statement ends at each line
// that ends in ';' (mydumper writes a routine body's "; \n" so that it does not), and runs without it. Each
// statement judged: SETs of the character sets and the @PREV_ variables mydumper writes, a routine's DROP ... IF
// EXISTS followed by its CREATE, CREATE PROCEDURE|FUNCTION|EVENT (dump/routine_statement.h), and only those asked.
// Throws Failure(ExitCode::input) naming the file and line for anything else, for a statement myloader's reading
// would cut (its line's ';' inside a string, quoted name or comment) or join to another (two statements sent as
// one), and for text after the last such line, which myloader never runs.
SqlDump read_schema_post(const std::string& path, std::string_view content, MydumperAsked asked);

}  // namespace fastload::dump
