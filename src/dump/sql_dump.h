// A plain SQL dump (`mariadb-dump db > dump.sql`, compressed too, or standard input) scanned in one pass and in
// bounded memory: what it creates (databases, tables, views, triggers) and where its rows are (each INSERT's byte
// range and the session it starts in), judged statement by statement as a schema file is, so that anything that
// is not part of restoring its tables is refused before anything is changed (docs/design.md, "SQL dumps").
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "input/input.h"
#include "sqldump/sqldump.h"

namespace fastload::dump {

// INSERT or REPLACE statements of one table: their bytes [begin, end) in the dump's content (from the first's
// start to the last's end, without its delimiter), and the session at the start, so that each range can be
// converted to rows on its own. Statements that follow one another with nothing else between (a dump's
// --skip-extended-insert writes one a row) share a range up to ScanLimits::max_range bytes, so that the ranges
// kept stay few: one a statement would grow with the rows.
struct InsertRange {
  std::uint64_t begin = 0, end = 0;
  std::uint64_t line = 1;        // of begin
  std::uint64_t rows = 0;        // their tuples
  std::uint64_t statements = 1;  // the INSERTs in it
  sqldump::SqlMode mode;
  std::string charset;  // character_set_client
};

struct DumpTable {
  std::string database;  // "" before any USE: the DB the command line names
  std::string table;
  std::string create;              // CREATE TABLE ...; empty when the dump has none for it (--no-create-info)
  std::vector<std::string> after;  // its triggers, each with the SET statements before it
  std::uint64_t statements = 0, rows = 0;  // INSERT/REPLACE statements and their tuples
  std::optional<sqldump::InsertKind> kind;  // none without rows
  std::vector<std::string> columns;         // the first INSERT's column list (--complete-insert), as written
  bool columns_listed = false;              // it has one
  std::vector<InsertRange> inserts;
  std::size_t triggers = 0;
};

struct DumpView {
  std::string database, name;
  std::string create;  // the last CREATE VIEW (mariadb-dump's stand-in first, the view's own at the end)
  std::vector<std::string> settings;  // the SET statements just before it (its client charset and collation)
};

// A routine or event (with --routines, --events): the statements that make it, run in one session after the
// tables' triggers: the SET statements since the statement before it (its sql_mode, character sets, an event's
// time zone, and the last one's put back), the DROP ... IF EXISTS of it when the dump has one, its CREATE.
struct DumpRoutine {
  std::string database;  // "" before any USE
  std::string kind;      // PROCEDURE, FUNCTION or EVENT
  std::string name;
  std::vector<std::string> statements;
  std::uint64_t line = 0;  // of its CREATE
};

struct SqlDump {
  std::string name;                    // the file, or "standard input"
  std::vector<std::string> databases;  // those it creates or uses, in order, each once
  std::map<std::string, std::string> create_database;  // a database's CREATE DATABASE statement, by its name
  std::vector<std::string> settings;   // the SET statements before its first table
  std::vector<DumpTable> tables;       // in dump order
  std::vector<DumpView> views;
  std::vector<DumpRoutine> routines;  // in dump order; none unless asked (ScanLimits)
};

struct ScanLimits {
  std::size_t max_statement = std::size_t{64} << 20;  // a longer statement comes in parts: only an INSERT may
  std::size_t block = std::size_t{1} << 20;           // bytes read at a time
  std::uint64_t max_range = std::uint64_t{64} << 20;  // consecutive INSERTs share a range up to this many bytes
  // A string, quoted name or comment longer is refused as soon as it is: a restore reads a tuple of at most as
  // many bytes (dump/sql_rows.h), and a dump is not read to its end (or copied) for it.
  std::uint64_t max_literal = std::uint64_t{64} << 20;
  // Each INSERT's tuples read and counted (the listing's rows); false: its head alone, the restore reading the
  // rest (rows and statements then count nothing but the statements).
  bool count_rows = true;
  // A dump's procedures and functions (--routines), its events (--events) kept to be restored; without, refused.
  bool routines = false, events = false;
};

// Reads `stream` (named `name` in messages) to its end. Throws Failure(ExitCode::input) naming the dump, the line
// and the statement's start for a statement that is not one of a dump's own (dump/schema_statement.h: GRANT,
// SET GLOBAL, CREATE USER, DELETE, a routine not asked for, a DROP of a routine its CREATE does not follow ...),
// an unterminated literal or one longer than the limit, an INSERT the reader refuses, a table whose INSERTs mix INSERT, INSERT IGNORE and
// REPLACE, a statement over the limit that is no INSERT, or a character set whose bytes cannot be read one by one.
SqlDump scan_sql_dump(input::ByteStream& stream, const std::string& name, const ScanLimits& limits = {});

// The same of statements split already (whole pieces, without their delimiter), as another reader splits them
// (myloader's DB-schema-post.sql: dump/mydumper.h).
SqlDump scan_statements(const std::vector<sqldump::Piece>& statements, const std::string& name,
                        const ScanLimits& limits = {});

// Whether `path` names an SQL dump: its name ends in .sql (before a compression suffix: .sql.gz, .sql.zst, ...),
// or its content starts with mariadb-dump's or mysqldump's header line. A directory, "-" or a file that cannot
// be read is not one (a database run reads "-" as an SQL dump itself).
bool is_sql_dump(const std::string& path);

}  // namespace fastload::dump
