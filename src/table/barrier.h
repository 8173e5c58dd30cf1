// After the last COMMIT: make the load survive a crash as far as the table's
// engine and the server's settings allow, and say which it is.
#pragma once

#include <string>

#include "db/db.h"
#include "table/target.h"

namespace fastload::table {

struct Durability {
  bool durable = false;
  std::string how;  // one sentence: why it is (or is not) durable
};

// Throws Failure(ExitCode::not_durable) when a flush the engine needs fails.
Durability make_durable(db::Session& session, const Target& target);

}  // namespace fastload::table
