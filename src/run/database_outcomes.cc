// A run of many tables stops every table when one fails (its checks, a refused chunk) or the run itself does:
// each table the failure stopped says so, with the exit code of that failure, so that --json's tables and the
// exit code tell the same story (docs/design.md, "A database in one run").
#include "run/state.h"

#include <algorithm>
#include <fmt/core.h>

namespace fastload::run {

namespace {

// Every row of the table's input is in it (loaded now or before, or left out as rejected).
bool all_in(const report::Summary& s) {
  return s.rows + s.rows_loaded_before + s.rows_rejected == s.input_rows &&
         std::none_of(s.spans.begin(), s.spans.end(), [](const report::ChunkSpan& span) { return span.state.unread; });
}

}  // namespace

Failure stopped_by(const report::Summary& table, const std::string& cause, ExitCode code, bool resume) {
  const std::string why = "the run stopped because " + cause;
  if (table.chunks_committed == 0 && table.chunks_loaded_before == 0)
    return Failure(code, fmt::format("{}: not loaded: {}", table.table, why));
  if (all_in(table))
    return Failure(code, fmt::format("{}: its rows are loaded, but {} before its foreign keys were proved and its "
                                     "triggers made{}", table.table, why,
                                     resume ? ": the same command with --resume does that" : ""));
  return Failure(code, fmt::format("{}: not loaded to the end: {}; the chunks of this table committed and not "
                                   "loaded are listed below{}", table.table, why,
                                   resume ? ": the same command with --resume loads only what is missing" : ""));
}

void mark_not_loaded(const std::vector<report::Summary*>& tables, const report::Summary& run) {
  const report::Summary* cause = run.success ? nullptr : &run;
  for (const report::Summary* t : tables)
    if (!cause && t->exit_code != 0 && !t->stopped_by_another) cause = t;
  if (!cause) return;
  for (report::Summary* t : tables) {
    if (t->success || t->exit_code != 0) continue;  // an outcome of its own
    const Failure f = stopped_by(*t, cause == &run ? "of the failure below" : cause->table + " failed (its "
                                 "message says what to do)",
                                 static_cast<ExitCode>(cause->exit_code), false);
    t->exit_code = cause->exit_code;
    t->error = f.what();
    t->stopped_by_another = true;
  }
}

}  // namespace fastload::run
