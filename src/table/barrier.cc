#include "table/barrier.h"

#include <chrono>
#include <fmt/core.h>
#include <thread>

#include "base/base.h"

namespace fastload::table {
namespace {

std::string variable(db::Session& session, const char* name, const char* fallback) {
  try {
    return session.query_value(fmt::format("SELECT @@{}", name)).value_or(fallback);
  } catch (const db::ServerError&) {
    return fallback;  // not every server has every variable
  }
}

std::string binlog_note(db::Session& session) {
  std::string log_bin = variable(session, "log_bin", "0");
  std::string sync_binlog = variable(session, "sync_binlog", "0");
  if (log_bin == "0" || log_bin == "OFF" || sync_binlog == "1") return "";
  return fmt::format(" The binary log is not synced at commit (sync_binlog={}): a replica may miss the "
                     "last transactions after a crash.", sync_binlog);
}

Durability innodb(db::Session& session) {
  std::string at_commit = variable(session, "innodb_flush_log_at_trx_commit", "1");
  if (at_commit == "1" || at_commit == "3")
    return {true, fmt::format("InnoDB with innodb_flush_log_at_trx_commit={}: every COMMIT was synced to the "
                              "redo log.{}", at_commit, binlog_note(session))};
  // 0 and 2: the server syncs the redo log once per innodb_flush_log_at_timeout
  // seconds; waiting a full period longer covers the last COMMIT.
  int timeout = std::stoi(variable(session, "innodb_flush_log_at_timeout", "1"));
  std::this_thread::sleep_for(std::chrono::seconds(timeout + 1));
  return {true, fmt::format("InnoDB with innodb_flush_log_at_trx_commit={}: the server syncs its redo log every "
                            "{} s and fastload waited {} s after the last COMMIT.{}", at_commit, timeout,
                            timeout + 1, binlog_note(session))};
}

Durability flush_tables(db::Session& session, const Target& target) {
  try {
    // NO_WRITE_TO_BINLOG: the flush is this server's durability; a replica flushes on its own terms.
    session.execute(fmt::format("FLUSH NO_WRITE_TO_BINLOG TABLES {}", target.quoted));
  } catch (const db::ServerError& e) {
    throw Failure(ExitCode::not_durable, fmt::format(
        "the committed chunks are in the table, but FLUSH TABLES {} failed: {}; the {} table is not "
        "crash-safe until it is flushed: GRANT RELOAD to the user, or run FLUSH TABLES yourself", target.display,
        e.server_message(), target.engine));
  }
  std::string note = target.engine == "MyISAM" && variable(session, "flush", "OFF") != "1"
                         ? " MyISAM leaves the fsync to the OS (the server's flush option is off)."
                         : "";
  return {true, fmt::format("{} table: FLUSH TABLES wrote it to disk.{}", target.engine, note)};
}

}  // namespace

Durability make_durable(db::Session& session, const Target& target) {
  const std::string& engine = target.engine;
  if (engine == "InnoDB") return innodb(session);
  if (engine == "MyISAM" || engine == "Aria") return flush_tables(session, target);
  if (engine == "MEMORY" || engine == "BLACKHOLE")
    return {false, fmt::format("engine {} keeps nothing on disk.", engine)};
  if (engine.empty()) return {false, "the target is a view: durability depends on its base tables."};
  return {false, fmt::format("fastload does not know how engine {} makes data durable.", engine)};
}

}  // namespace fastload::table
