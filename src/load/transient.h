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

// 0.25 s, 0.5 s, 1 s, ... at most 8 s: about 16 s over the default 5
// retries, long enough for a server restart.
inline std::chrono::milliseconds backoff(unsigned attempt) {
  return std::chrono::milliseconds(250 << std::min(attempt, 5u));
}

}  // namespace fastload::load
