// The session variables of a run (docs/design.md#session-variables).
//
// What the server reports and how it converts a value depend on session
// variables whose defaults come from the server's globals: sql_notes=0 hides
// the notes that say a decimal was rounded, max_error_count=0 hides every
// warning's row, an sql_mode flag can turn '' into NULL or change how a --set
// expression parses, explicit_defaults_for_timestamp=0 turns NULL into now().
// fastload does not trust them: every session it opens sets the same values
// first, fixed ones that make the server tell, and the run's own ones
// (time_zone, ...) read once when the run starts, so that sessions opened
// later (a reconnect, a shard) convert as the first did. The run's time is
// read then too, but never set: SET timestamp would also date every event
// of the binary log (text/clock_calls.h says how rows get it instead).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "plan/plan.h"
#include "db/session.h"
#include "text/text.h"

namespace fastload::db {

// The run's time, read once at its start on the control session.
struct RunClock {
  text::ClockReading reading;    // empty where the server said nothing
  bool ambiguous = false;  // the session's zone shows this local time twice: a literal of it could mean either
  std::string time_zone;   // the session's, for messages
};

struct SessionPins {
  std::vector<std::pair<std::string, std::string>> values;  // variable, SQL literal, in the order set
  RunClock clock;  // not set on sessions: the time every row's clock calls and defaults get

  // "SET SESSION a = 1, b = 'x'"; "" without values.
  std::string statement() const;
  const std::string* value_of(std::string_view variable) const;
};

// What the run's sessions set, from what the control session reads right
// after connecting: `server` holds each variable of pinned_variables() with
// its session value there (nullopt where the server has no such variable).
// Pure, for the unit tests.
SessionPins make_session_pins(const std::vector<std::pair<std::string, std::optional<std::string>>>& server);

// The run's time on `control`, without changing its clock.
RunClock read_run_clock(Session& control);

// Every variable the run's sessions set, in the order set.
const std::vector<std::string>& pinned_variables();

// Reads those values on the control session (one query each; a variable the
// server lacks is left out) and the run's time (read_run_clock).
SessionPins read_session_pins(Session& control);

// A dump's rows read as they were written: `time_zone` (a SQL literal, e.g. '+00:00') the zone its TIMESTAMP
// values are in, and NO_AUTO_VALUE_ON_ZERO: a dump holds each AUTO_INCREMENT id as stored, 0 included, which
// would otherwise draw a new id.
void pin_dump_settings(SessionPins& pins, const std::optional<std::string>& time_zone);

// Sets `pins` on `session`: the first statement of every session of the run.
// Throws Failure(ExitCode::connect) when the server refuses one.
void pin_session(Session& session, const SessionPins& pins);

// The sql_mode the run's sessions use: strict for every engine, division by
// zero an error, no engine substitution, and of the server's own flags only
// those that make it refuse more (the zero-date ones, ONLY_FULL_GROUP_BY) or
// that say what a value means (NO_AUTO_VALUE_ON_ZERO, ALLOW_INVALID_DATES,
// TIME_ROUND_FRACTIONAL). Never ANSI_QUOTES, PIPES_AS_CONCAT,
// NO_BACKSLASH_ESCAPES, EMPTY_STRING_IS_NULL and the like, which change what
// a row or an expression means.
std::string run_sql_mode(const std::string& server_sql_mode);

// A worker: with --disable-checks unique_checks = 0 and foreign_key_checks = 0,
// with --no-binlog sql_log_bin = 0. Throws Failure(ExitCode::privilege) when
// the user may not set sql_log_bin.
void set_loading_variables(Session& session, const plan::TablePlan& options);

// The control session: sql_log_bin = 0 with --no-binlog, because it writes
// too (--atomic's stage and publish, the --resume ledger, --defer-indexes'
// ALTERs, the barrier's FLUSH TABLES, --analyze), so replicas see none of the
// load. It keeps the checks: its preflight and --atomic's publish into the
// target stay checked. Throws as above, before any chunk is sent.
void set_control_variables(Session& session, const plan::TablePlan& options);

}  // namespace fastload::db
