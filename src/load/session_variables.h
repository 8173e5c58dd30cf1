// The session variables --disable-checks and --no-binlog ask for
// (docs/design.md#session-options). Set right after connecting: sql_log_bin
// cannot change inside a transaction.
#pragma once

#include "fastload/options.h"
#include "load/session.h"

namespace fastload::load {

// A worker: with --disable-checks unique_checks = 0 and foreign_key_checks = 0,
// with --no-binlog sql_log_bin = 0. Throws Failure(ExitCode::privilege) when
// the user may not set sql_log_bin.
void set_loading_variables(Session& session, const Options& options);

// The control session: sql_log_bin = 0 with --no-binlog, because it writes
// too (--atomic's stage and publish, the --resume ledger, --defer-indexes'
// ALTERs, the barrier's FLUSH TABLES, --analyze), so replicas see none of the
// load. It keeps the checks: its preflight and --atomic's publish into the
// target stay checked. Throws as above, before any chunk is sent.
void set_control_variables(Session& session, const Options& options);

}  // namespace fastload::load
