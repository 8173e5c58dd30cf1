// The run's one time in SQL: the calls of an expression that read the
// statement's clock (NOW(), CURRENT_TIMESTAMP, CURDATE(), UTC_TIME(3),
// UNIX_TIMESTAMP() ...) made literals of the time the run read once at its
// start. Then every row gets the same time, as one LOAD DATA gives them, while
// the server's own clock, and with it the time of every binary-log event, is
// left alone (docs/design.md#the-runs-time). Pure: no server is asked.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace fastload::text {

// The run's time as the server said it in one statement (one instant):
// NOW(6) in the session's time zone, UTC_TIMESTAMP(6), UNIX_TIMESTAMP(NOW(6)).
struct ClockReading {
  std::string local;         // "2026-11-28 20:01:02.123456"
  std::string utc;           // same form
  std::string unix_seconds;  // "1795896062.123456"
};

struct ClockRewrite {
  std::string text;                // the expression, each clock call it could read made a literal
  std::vector<std::string> kept;   // clock calls left as they are: a precision that is not a number 0-6
  bool changed = false;            // a call was replaced
};

// `sql` with each clock call outside literals, quoted names and comments
// replaced by a typed literal of its value at `clock`: NOW(3) by
// TIMESTAMP'2026-11-28 20:01:02.123', CURDATE() by DATE'2026-11-28', CURTIME() by
// TIME'20:01:02', UTC_* the same from `clock.utc`, UNIX_TIMESTAMP() by 1795896062.
// A literal has the call's type and precision, so it converts as the call would.
// SYSDATE() is left: it reads the wall clock, not the statement's.
ClockRewrite with_clock(std::string_view sql, const ClockReading& clock, bool backslash_escapes = true);

// Whether `sql` calls one of those functions.
bool reads_clock(std::string_view sql, bool backslash_escapes = true);

}  // namespace fastload::text
