// The retry policy's pace. Which errors are worth a retry is a class of
// db/server_errors.h (is_transient, is_connection_lost), included here for
// the callers that retry.
#pragma once

#include <algorithm>
#include <chrono>

#include "db/server_errors.h"

namespace fastload::db {

// 0.25 s, 0.5 s, 1 s, ... at most 8 s: about 16 s over the default 5
// retries, long enough for a server restart.
inline std::chrono::milliseconds backoff(unsigned attempt) {
  return std::chrono::milliseconds(250 << std::min(attempt, 5u));
}

}  // namespace fastload::db
