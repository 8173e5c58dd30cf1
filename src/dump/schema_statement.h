// One statement of a dump's schema file (T.sql) judged by what it may do: a schema file is input from someone
// else, so fastload runs only what restores the table (or view) the file is named for, and refuses the rest
// before anything is changed (docs/design.md, "What a schema file may hold").
#pragma once

#include <string>
#include <string_view>

#include "sqldump/sqldump.h"

namespace fastload::dump {

enum class StatementKind {
  ignored,       // a DROP of the file's own object (fastload drops nothing), or nothing but comments
  setting,       // SET of a session variable a dump's header sets, or of a user variable, to a plain value
  create_table,  // CREATE TABLE of one unqualified name, with its own definition (not LIKE, not SELECT)
  create_view,   // CREATE VIEW of one unqualified name
  trigger,       // CREATE TRIGGER on one unqualified table
  rows,          // INSERT, REPLACE, LOAD DATA: rows, which a --tab dump keeps in T.txt
  refused,       // anything else
  // Only from judge_dump_statement (an SQL dump's statements; a schema file's are refused):
  database,      // CREATE DATABASE [IF NOT EXISTS] db: object is db
  use,           // USE db: object is db
  dump_own,      // LOCK TABLES, UNLOCK TABLES, ALTER TABLE t DISABLE|ENABLE KEYS: the dump's own, skipped
  routine,       // CREATE PROCEDURE|FUNCTION|EVENT of one unqualified name, one statement (routine_statement.h)
  drop_routine,  // DROP PROCEDURE|FUNCTION|EVENT [IF EXISTS] of one unqualified name
};

struct SchemaStatement {
  StatementKind kind = StatementKind::refused;
  std::string object;  // the table or view it creates, or the table a trigger is on; a DROP's object
  std::string why;     // for refused: what it is, in a few words ("a SET of a global variable")
  std::string routine = {};  // routine, drop_routine: PROCEDURE, FUNCTION or EVENT (a default: others leave it out)
};

// `statement` as split_script gives it (without its delimiter).
SchemaStatement judge_statement(std::string_view statement);

// A statement of an SQL dump (`mariadb-dump db > dump.sql`): judge_statement's, and the database, dump_own and
// routine kinds a whole database's dump adds (whether routines are restored at all is the caller's to decide).
// `mode`: the session's at the statement (a routine of an ANSI_QUOTES dump names itself in double quotes).
SchemaStatement judge_dump_statement(std::string_view statement, sqldump::SqlMode mode = {});

// The start of a statement on one line, for a message.
std::string statement_excerpt(std::string_view statement);

}  // namespace fastload::dump
