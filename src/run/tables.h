// A run: one table (FILE... DB.TABLE) or a database's (FILE|DIR... DB), the same list of passes for both
// (passes.cc). What differs is how the tables are found (the one the user named, or a table a file) and what a run
// of many adds after its loads: the foreign keys proved, a dump's triggers and views (database.cc).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "dump/dump.h"
#include "run/foreign_key_proofs.h"
#include "run/state.h"

namespace fastload::run {

// One table of a run through the passes. Written by the passes on the run's thread, but `finished` and
// `reindexed`, written by the worker that settles its last chunk (in its `finished` hook) before load_tables
// returns, and read after it.
struct TableRun {
  explicit TableRun(plan::TablePlan p) : options(std::move(p)) {}

  plan::TablePlan options;  // this table's (table_options for a run of many), completed by the connect pass
  RunState state;
  dump::TableFiles files;   // its files, and a dump's schema file
  std::uint64_t bytes = 0;  // its files' sizes: the largest table loads first
  bool created = false;     // created from its schema file by this run
  std::unique_ptr<TableLoad> load;
  Result<void> reindexed;            // what re-creating its indexes said, when that failed
  bool finished = false;             // the workers settled its last chunk (and finished it)
  std::uint64_t progress_total = 0;  // its input, for the run's progress line
};

// One SQL dump of the run as its scan found it: `path` as given ("-": standard input), `into`, the database its
// tables go to (DB, or none when each goes to the one the dump names for it), and `copy`, its content as the scan
// copied it (standard input's, a compressed file's), which its tables' rows are read from; none for a plain file
// (mapped), or a compressed one whose copy found no room in --tmpdir (each table decodes it again).
struct ScannedDump {
  std::string path;
  dump::SqlDump dump;
  std::string into;
  std::shared_ptr<const input::SpillFile> copy;  // written by the scan alone, before any table starts
};

// The run's own state; the tables' is theirs. Written on the run's thread only.
struct Run {
  // `database`: the run's, where the request names none (an SQL dump's own).
  Run(const request::Request& request, load::StepHook* hook, const std::string& database = {})
      : plan(planned(request, database)), hook(hook), database_from_dump(!database.empty()) {}

  const plan::TablePlan plan;  // as asked: each table's starts from it
  load::StepHook* hook;        // tests only: steps of a chunk's transaction (load/link.h)
  bool many() const { return plan.database_run(); }
  Clock::time_point start = Clock::now();
  report::Summary summary;  // a run of many tables: what failed before or after the tables' passes
  std::vector<std::unique_ptr<TableRun>> tables;  // in the order they load
  std::vector<dump::TableFiles> views;            // a dump's views, made after the tables
  std::optional<std::string> password;            // from the prompt, when -p had no value
  std::unique_ptr<db::Session> session;           // a run of many tables' own questions: names, views
  std::unique_ptr<Throttling> throttling;         // the run's one gate (--max-lag, --max-load), if any
  std::unique_ptr<report::ProgressLine> progress;  // one line for every table
  std::optional<ForeignKeyProofs> proofs;         // a run of many tables: its foreign keys, proved as they load
  std::vector<ScannedDump> sql_dumps;             // DUMP.sql... [DB]: the dumps, in the order given
  std::vector<std::string> databases;             // SQL dumps': the databases restored into, in dump order
  std::optional<dump::MydumperDump> mydumper;     // DIR [DB] of mydumper's: its files as read and judged
  const bool database_from_dump;                  // the database is the dump's, not one DB named

  static plan::TablePlan planned(const request::Request& request, const std::string& database) {
    plan::TablePlan p(request);
    if (!database.empty()) p.database = database;
    return p;
  }

  // Where a failure of the run's own passes is told: a run of many tables' summary, or the one table's.
  report::Summary& outcome() { return many() ? summary : tables.front()->state.summary; }
};

// passes.cc: the run, pass by pass; returns the exit code.
int run_passes(Run& run);

// database.cc: a run of many tables. find_tables: its tables from the files (a dump's schema files judged), in the
// order they load, the password asked first (the run's questions need a session); before_check: the connect
// pass's extra step for a dump's table (its settings, its table created when missing); planned_missing: a
// --dry-run's table that the run would create, planned instead of checked; finish_schema: after every table
// loaded, a dump's triggers and views.
void find_tables(Run& run);
// The run's own session (the password asked first, when -p had no value); the tables found, in the order they
// load (the largest first), their summaries started.
void open_session(Run& run);
// A table's plan in a run of many, from the run's: its name and files, its own rejects file (FILE.T), its foreign
// keys proved after the load, an empty InnoDB table's indexes deferred unless --keep-indexes.
plan::TablePlan table_of_many(const plan::TablePlan& o, const dump::TableFiles& t);
void start_tables(Run& run);
// sql_dump_tables.cc: find_tables of SQL dumps (run.sql_dumps): each database they restore into made when a dump
// creates it, each table's plan (its database, its rows' charset, its INSERT IGNORE or REPLACE), its views.
void find_dump_tables(Run& run);
// An SQL dump's table plan (its rows' charset, its INSERT IGNORE or REPLACE), `dump` naming it in messages.
plan::TablePlan sql_table_options(const plan::TablePlan& o, const dump::TableFiles& f, const std::string& dump);
// `database` checked: without DB, made from the dump's CREATE DATABASE (`creates`, by name) when missing.
void check_dump_database(Run& run, const std::string& database, const std::map<std::string, std::string>& creates,
                         const std::string& dump);
// The connect pass's step for an SQL dump's table once it exists: the columns its rows' values fill, read once
// (state.sql_columns, which its rows' stream reads too), and the fields its rows' text has (its INSERTs' column
// list, a generated column's value read into a variable).
void sql_columns(TableRun& t);
void before_check(TableRun& t);
bool planned_missing(TableRun& t, db::Session* session);
void finish_schema(Run& run);
// routines.cc: an SQL dump's or a mydumper directory's routines and events (--routines, --events), made in the
// run's database after the triggers; throws Failure(load_failed) naming the dump's line when the server refuses one.
void restore_routines(Run& run);

// sql_dump_run.cc: DUMP.sql... [DB]. sql_dump_asked: whether a database run's files are SQL dumps (files named
// .sql or starting with a dump's header, or "-"); throws Failure(ExitCode::usage) when one is given with other
// files, or to DB.TABLE. sql_dump_run: every dump scanned (all they would run judged before anything is
// changed), then their tables listed under --dry-run, or restored by the passes as one run; returns the exit code.
bool sql_dump_asked(const request::Request& request);
int sql_dump_run(const request::Request& request, load::StepHook* hook);
// Throws Failure(ExitCode::usage) for an option that says how text is read (--csv, --charset, --columns, ...):
// a dump's INSERTs say it.
void refuse_text_options(const request::Request& request, const std::string& file);

// mydumper_tables.cc: DIR [DB] of mydumper's. mydumper_asked: whether the run's files are one mydumper directory
// (throws Failure(ExitCode::usage) for one given with others, or to DB.TABLE); mydumper_run: its files read and
// judged, then its tables restored by the passes; find_mydumper_tables: find_tables of it (run.mydumper).
bool mydumper_asked(const request::Request& request);
int mydumper_run(const request::Request& request, load::StepHook* hook);
void find_mydumper_tables(Run& run);

}  // namespace fastload::run
