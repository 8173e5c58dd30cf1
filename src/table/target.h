// The target table, checked before the file is read: it exists, the user may
// load into it, and LOAD DATA LOCAL is allowed on both ends.
#pragma once

#include <string>
#include <vector>

#include "base/base.h"
#include "plan/plan.h"
#include "db/db.h"

namespace fastload::table {

struct Column {
  std::string name;
  bool integer = false;      // an integer type: the insert mode sends it binary
  bool exact_number = false; // integer or decimal: a plain number can go unquoted in SQL text
  bool is_unsigned = false;
  bool invisible = false;    // MariaDB's INVISIBLE: a row's fields fill it only when --columns names it
  bool generated = false;    // VIRTUAL or STORED: computed by the server, which drops a value given for it
  // For the values the server converts without a word (load/value_checks.h):
  std::string type{};        // information_schema's DATA_TYPE: "int", "datetime", "enum", ...
  unsigned fraction_digits = 0;  // a temporal column's precision (DATETIME_PRECISION)
  bool nullable = true;
  std::vector<std::string> members{};  // an ENUM's or SET's, in order
  std::string charset{};     // a text column's; empty for others
  bool single_byte = false;  // its charset has one byte a character (latin1, cp1250...); read for a dump's check only
  bool binary = false;       // BINARY, VARBINARY or a BLOB: stores a field's bytes as they are
  bool auto_increment = false;  // the server numbers it where a row gives none (or NULL, or 0)
  std::string default_sql{};    // its DEFAULT as SQL ('text', 0, current_timestamp(6), curdate() + 1); "" for none
  // Its values must be JSON text: MySQL's JSON type, or MariaDB's JSON (LONGTEXT with CHECK (json_valid(`col`)), as
  // any column with that check): a typed input's JSON value is sent as its JSON text, a string's quotes kept.
  bool json = false;
};

struct Target {
  std::string database;
  std::string table;
  std::string quoted;        // `db`.`table`, safe to put in SQL
  std::string display;       // db.table as the user wrote it, for messages
  std::string engine;        // empty for a view
  bool transactional = false;  // a failed chunk can be rolled back
  std::vector<Column> columns;  // in table order; the fields of a row fill the visible ones in this order
  std::string definition;       // its columns as read at the start (names, types, order): see same_definition
  std::string partitions;       // --partition's " PARTITION (`p1`, ...)", checked (table/partitions.h), or ""

  // The table as the statements that write rows name it: `db`.`table`, with --partition's clause.
  std::string into() const { return quoted + partitions; }
};

// The columns a row's fields fill without --columns: the visible ones, in table order.
std::vector<const Column*> default_columns(const Target& target);

// Sets each column's `json`: MySQL's JSON type (information_schema says "json"), or on MariaDB a LONGTEXT that one
// of the table's CHECK clauses (`checks`, information_schema.CHECK_CONSTRAINTS' CHECK_CLAUSE) holds to json_valid
// (MariaDB's JSON type is that, and information_schema says "longtext").
void mark_json(std::vector<Column>& columns, const std::vector<std::string>& checks, bool mariadb);

// Whether the table's columns are still those read at the start. Meant for
// a chunk's transaction after its statements ran: their metadata lock keeps
// the definition from changing until COMMIT, so a true answer holds for
// the rows about to be committed.
bool same_definition(db::Session& session, const Target& target);

// Throws Failure with ExitCode::no_table, local_infile or privilege. First
// sets the control session's variables (--no-binlog: db/session_variables.h),
// as `session` is the control session for the rest of the run; once the table
// is found, its database is the session's default database.
Target check_target(db::Session& session, const plan::TablePlan& options);

// Throws Failure(code) when `t` cannot roll back a failed chunk (MyISAM,
// Aria, MEMORY; or `t` is a view), where `option` cannot keep its promise:
// `because` says why, `instead` what to do besides converting the table;
// `where` names a shard's server.
void require_transactional(const Target& t, ExitCode code, const std::string& option, const std::string& because,
                           const std::string& instead, const std::string& where = "");

// Whether the table holds rows (the caller decides what that means for the run).
bool has_rows(db::Session& session, const Target& target);

// The server's refusal as the Failure a user can act on (exit code by cause);
// `context` says what was being done ("chunk 3 of nodes.tsv ..."). The
// mode tells what a file error means: only --mode server has the server
// read the file, so only there is it the input's (ExitCode::input).
Failure explain(const db::ServerError& error, const Target& target, const std::string& context, request::Mode mode);

// What to say about a read-only server's refusal (db/server_errors.h
// is_read_only), its message included, and what to do.
std::string read_only_advice(const db::ServerError& error);

}  // namespace fastload::table
