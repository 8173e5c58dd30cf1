// Errors worth trying a chunk again for: the transaction is gone or can be
// rolled back, and the same statements may well succeed a moment later.
#pragma once

#include <algorithm>
#include <chrono>

namespace fastload::load {

// The connection is gone: what the server did with an unfinished transaction
// is a rollback, but a COMMIT's outcome is unknown.
inline bool is_connection_lost(unsigned code) {
  switch (code) {
    case 2002: case 2003: case 2006: case 2013: case 2055:  // client: cannot connect, gone away, lost
    case 1053: case 1927: case 4031:                          // server: shutdown, killed, idle timeout
      return true;
    default:
      return false;
  }
}

inline bool is_transient(unsigned code) {
  return code == 1213 /* deadlock */ || code == 1205 /* lock wait timeout */ || is_connection_lost(code);
}

// Server errors that mean "this row's data is refused" (bad value, duplicate
// key, constraint), as opposed to a failing server or connection.
inline bool is_data_error(unsigned code) {
  switch (code) {
    case 1048: case 1062: case 1264: case 1265: case 1292: case 1300: case 1366: case 1367: case 1406:
    case 1411: case 1451: case 1452: case 1586: case 1690: case 3819: case 4025: case 1261: case 1262:
    case 1365:  // division by 0 in a --set expression, under ERROR_FOR_DIVISION_BY_ZERO
    // The table refuses the row as it is, whatever the mode: no partition for its value, none of --partition's
    // for it, a NOT NULL column without a default left out, a view's column without one, a generated column
    // given a value, a trigger's SIGNAL, bytes that are no geometry for a spatial column. LOAD DATA LOCAL makes
    // some of them warnings; the INSERT modes and --mode server get errors.
    case 1526: case 1748: case 1364: case 1423: case 1906: case 3105: case 1644: case 1416:
      return true;
    default:
      return false;
  }
}

// 0.25 s, 0.5 s, 1 s, ... at most 8 s: about 16 s over the default 5
// retries, long enough for a server restart.
inline std::chrono::milliseconds backoff(unsigned attempt) {
  return std::chrono::milliseconds(250 << std::min(attempt, 5u));
}

}  // namespace fastload::load
