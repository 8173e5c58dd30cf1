// A directory mydumper wrote (`mydumper -B DB -o DIR`): DB-schema-create.sql, each table's DB.T-schema.sql (its
// CREATE TABLE), DB.T-schema-triggers.sql, its rows in DB.T.sql or chunks DB.T.00000.sql ..., a view's
// DB.V-schema-view.sql, compressed too (-c: .sql.gz). Read, never run as a whole: every file is judged as a dump's
// (schema files as --tab's T.sql, data files as an SQL dump), so that what is not part of restoring the tables is
// refused before anything is changed (docs/design.md, "mydumper directories").
#pragma once

#include <string>
#include <vector>

#include "dump/tables.h"

namespace fastload::dump {

struct MydumperDump {
  std::string dir;
  std::string database;         // the one its file names say
  std::string create_database;  // DB-schema-create.sql's CREATE DATABASE; empty without one
  // Each table: its schema (CREATE TABLE with its file's settings; the triggers file's statements as `after`),
  // its data files in chunk order, and `sql` one DumpTable a data file (its INSERTs), as an SQL dump's.
  std::vector<TableFiles> tables;
  std::vector<TableFiles> views;  // schema: the CREATE VIEW of DB.V-schema-view.sql (its stand-in table dropped)
};

// Reads and judges every file of `dir`. Throws Failure(ExitCode::input) for a file that cannot be read or holds
// a statement that is not its own (a data file anything but its table's INSERTs and session settings), data
// files of one table that disagree (INSERT kind, column list, character set, time zone), and
// Failure(ExitCode::usage) for a dump of several databases or a file whose name is none of mydumper's.
MydumperDump read_mydumper(const std::string& dir);

}  // namespace fastload::dump
