// `fastload [options] FILE|DIR... DB`: which table each file loads into, as
// mariadb-import names them (the file's name up to its first dot), and the
// table's schema file where a dump directory has one (docs/design.md, "A
// database in one run").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "dump/schema_file.h"
#include "dump/sql_dump.h"

namespace fastload::dump {

struct TableFiles {
  std::string table;
  std::vector<std::string> files;     // its rows, in the order given (a directory's in name order)
  std::optional<SchemaFile> schema;   // T.sql beside them in a dump directory; an SQL dump's CREATE and triggers
  // An SQL dump's table: one a file of `files`, its INSERTs in that file; the first says the table's CREATE, kind,
  // column list and charset (every file's must agree).
  std::vector<DumpTable> sql;
  std::string database;  // an SQL dump's: the one it restores into; empty: the run's
};

// Throws Failure(ExitCode::input) when `path`, a file of the dump directory `dir`, is a link that leads outside
// it: a link that leads elsewhere would load (or run) a file the user never pointed at.
void check_inside(const std::string& dir, const std::string& path);

// The table a file loads into: its name without the directory, up to the first dot ("t.txt.gz" -> "t").
std::string table_of(const std::string& path);

// `arguments`: files (or patterns, already expanded) and directories. A directory holds a dump: each T.txt
// (compressed too: T.txt.gz ...) with its T.sql, a T.sql alone (a view, or an empty table's) as its schema only.
// Tables in the order they were first named. Throws Failure(ExitCode::input) for an unreadable directory or
// schema file, Failure(ExitCode::usage) for a directory of no table or a mydumper directory (restored alone:
// dump/mydumper.h).
std::vector<TableFiles> tables_of(const std::vector<std::string>& arguments);

}  // namespace fastload::dump
