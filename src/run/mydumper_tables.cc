// DIR [DB] of mydumper's restored through the passes (passes.cc) as an SQL dump is (sql_dump_tables.cc): every file
// read and judged first (dump/mydumper.h), then each table created from its schema file when missing, its rows the
// INSERTs of its data files (one input a file, in chunk order, read by dump::SqlRowsStream), its triggers and the
// views after every table's rows (docs/design.md, "mydumper directories").
#include <algorithm>
#include <map>
#include <fmt/core.h>

#include "base/base.h"
#include "db/db.h"
#include "dump/dump.h"
#include "input/input.h"
#include "report/report.h"
#include "run/state.h"
#include "run/tables.h"

namespace fastload::run {

bool mydumper_asked(const request::Request& request) {
  const std::vector<std::string>& files = request.source.files;
  const auto dir = std::find_if(files.begin(), files.end(), input::mydumper_directory);
  if (dir == files.end()) return false;
  if (!request.database_run())  // never SQL text loaded as rows
    throw Failure(ExitCode::usage, fmt::format("{}: a mydumper directory, not a table's rows: give DB, not DB.TABLE "
                                               "(fastload {} {})", *dir, *dir, request.target.database));
  if (files.size() > 1)
    throw Failure(ExitCode::usage, fmt::format("{}: a mydumper directory given with other files: restore it alone "
                                               "(fastload DIR [DB]) and load the other files in a run of their own",
                                               *dir));
  return true;
}

int mydumper_run(const request::Request& request, load::StepHook* hook) {
  const std::string& dir = request.source.files.front();
  refuse_text_options(request, dir);
  dump::MydumperDump d = dump::read_mydumper(dir, {request.target.routines, request.target.events});
  Run run(request, hook, request.target.database.empty() ? d.database : std::string());
  run.mydumper = std::move(d);
  return run_passes(run);
}

void find_mydumper_tables(Run& run) {
  const plan::TablePlan& options = run.plan;
  open_session(run);
  dump::MydumperDump& d = *run.mydumper;
  std::map<std::string, std::string> creates;
  if (!d.create_database.empty()) creates[d.database] = d.create_database;
  check_dump_database(run, options.database, creates, d.dir);
  if (options.output.dry_run && d.post)  // listed as an SQL dump's are; made after the tables and triggers
    for (const dump::DumpRoutine& r : d.post->routines) report::tell("{} {}.{}", r.kind, options.database, r.name);
  for (dump::TableFiles& f : d.tables) {
    auto table = std::make_unique<TableRun>(sql_table_options(options, f, f.files.empty() ? d.dir : f.files.front()));
    for (const dump::DumpTable& t : f.sql)
      for (const dump::InsertRange& r : t.inserts) table->bytes += r.end - r.begin;
    table->files = std::move(f);
    if (!table->files.sql.empty()) table->state.sql = &table->files.sql;
    run.tables.push_back(std::move(table));
  }
  for (dump::TableFiles& v : d.views) run.views.push_back(std::move(v));
  start_tables(run);
}

}  // namespace fastload::run
