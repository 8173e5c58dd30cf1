// The target table, checked before the file is read: it exists, the user may
// load into it, and LOAD DATA LOCAL is allowed on both ends.
#pragma once

#include <string>

#include "fastload/options.h"
#include "load/session.h"

namespace fastload::load {

struct Target {
  std::string database;
  std::string table;
  std::string quoted;        // `db`.`table`, safe to put in SQL
  std::string display;       // db.table as the user wrote it, for messages
  std::string engine;        // empty for a view
  bool transactional = false;  // a failed chunk can be rolled back
};

// Throws Failure with ExitCode::no_table, local_infile or privilege.
Target check_target(Session& session, const Options& options);

}  // namespace fastload::load
