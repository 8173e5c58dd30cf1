#include "load/session_variables.h"

#include <fmt/core.h>

#include "fastload/errors.h"

namespace fastload::load {
namespace {

constexpr unsigned kAccessDenied = 1227;  // ER_SPECIFIC_ACCESS_DENIED_ERROR: a privilege the SET needs

// Even where the server keeps no binary log (log_bin OFF) the SET needs the
// privilege; it is made anyway, so a command is refused or not alike on every server.
void skip_binlog(Session& session) {
  try {
    session.execute("SET SESSION sql_log_bin = 0");
  } catch (const ServerError& e) {
    if (e.code() != kAccessDenied) throw;
    throw Failure(ExitCode::privilege, fmt::format(
        "fastload: --no-binlog: the user may not turn off the binary log of its sessions ({}); it needs SUPER "
        "or BINLOG ADMIN on MariaDB, SYSTEM_VARIABLES_ADMIN or SESSION_VARIABLES_ADMIN on MySQL 8: GRANT one "
        "of them ON *.* to the user, or leave out --no-binlog", e.what()));
  }
}

}  // namespace

void set_loading_variables(Session& session, const Options& options) {
  if (options.no_binlog) skip_binlog(session);
  // --mode bulk: MariaDB takes its empty-table bulk path only without these checks.
  if (options.disable_checks || options.mode == Mode::bulk)
    session.execute("SET SESSION unique_checks = 0, foreign_key_checks = 0");
}

void set_control_variables(Session& session, const Options& options) {
  if (options.no_binlog) skip_binlog(session);
}

}  // namespace fastload::load
