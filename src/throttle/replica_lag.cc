#include "throttle/replica_lag.h"

#include <algorithm>
#include <fmt/core.h>
#include <random>

#include "base/base.h"
#include "db/db.h"
#include "text/text.h"

namespace fastload::throttle {
namespace {

std::size_t column(const std::vector<std::string>& names, std::string_view name) {
  return static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
}

std::string field(const db::Row& row, std::size_t i) { return i < row.size() ? row[i].value_or("") : ""; }

double seconds_of(const std::optional<std::string>& value) {
  try {
    return value ? std::stod(*value) : 0;
  } catch (const std::exception&) {
    return 0;
  }
}

// A replica that has not applied the heartbeat table's creation yet holds no beat and no byte of the load.
std::optional<std::string> value_on(db::Session& session, const std::string& sql) {
  try {
    return session.query_value(sql);
  } catch (const db::ServerError& e) {
    if (e.code() == er::NO_SUCH_TABLE) return std::nullopt;
    throw;
  }
}

}  // namespace

void read_without_waiting(db::Session& session) noexcept {
  try {
    session.execute("SET SESSION wsrep_sync_wait = 0");
  } catch (const std::exception&) {  // a server without Galera has no such variable, and nothing to wait for
  }
}

std::vector<Replica> listed_replicas(db::Session& primary, const request::ConnectionOptions& run,
                                     const std::optional<std::string>& password) {
  std::vector<std::string> names;
  const std::vector<db::Row> rows = primary.query("SHOW SLAVE HOSTS", &names);
  std::vector<Replica> replicas;
  for (const db::Row& row : rows) {
    request::ConnectionOptions c = run;
    c.host = field(row, column(names, "Host"));
    c.port = static_cast<unsigned>(std::stoul("0" + field(row, column(names, "Port"))));
    c.socket.clear();
    c.defaults_file.clear();
    c.protocol = request::Protocol::tcp;
    replicas.push_back({fmt::format("{}:{}", c.host, c.port), c, password});
  }
  return replicas;
}

ReplicaLag::ReplicaLag(Reconnecting::Open primary, const std::string& database,
                       std::vector<Replica> replicas, double max_lag, Gate& gate)
    : primary_(std::move(primary)),
      database_(database),
      table_(text::quote_identifier(database) + "." + text::quote_identifier("fastload_heartbeat")),
      id_(static_cast<std::uint64_t>(std::random_device{}() & 0x7fffffff) << 32),
      gate_(gate),
      max_lag_(max_lag) {
  for (Replica& r : replicas) replicas_.push_back({std::move(r), nullptr});
  for (Watched& r : replicas_) connect_first(r);
  try {
    // With its first row under the lock the last run to end drops the table under: never dropped between.
    db::NamedLock lock(*primary_, "fastload_heartbeat " + database, 30);
    primary_->execute(fmt::format(
        "CREATE TABLE IF NOT EXISTS {} (id BIGINT UNSIGNED NOT NULL PRIMARY KEY, beat DECIMAL(20,6) NOT NULL, "
        "applied BIGINT UNSIGNED NOT NULL DEFAULT 0) ENGINE=InnoDB COMMENT='fastload --max-lag: each running "
        "load''s clock and the bytes of its chunks, as its replicas have applied them'", table_));
    first_beat_ = beat();
    applied_on(*primary_);  // a table of another shape fails here, not at every sample
    gate_.set_marks(table_, id_, max_lag_);
  } catch (const db::ServerError& e) {
    throw Failure(ExitCode::privilege, fmt::format(
        "--max-lag: cannot write the heartbeat table {} on the server: {} (error {}); the load's user needs "
        "CREATE, INSERT, SELECT and DELETE on it", table_, e.server_message(), e.code()), e.code());
  }
}

// Before the load: a replica that cannot be reached or read at all is a mistake to fix, not a pause.
void ReplicaLag::connect_first(Watched& r) {
  try {
    connect(r);
    replicating(r);
  } catch (const db::ServerError& e) {  // first: a ServerError is a Failure too
    throw Failure(ExitCode::privilege, fmt::format(
        "--max-lag: replica {}: SHOW SLAVE STATUS failed: {} (error {}); the load's user needs the SLAVE MONITOR "
        "(or REPLICATION CLIENT) privilege there", r.where.name, e.server_message(), e.code()), e.code());
  } catch (const Failure& f) {
    throw Failure(f.code(), fmt::format("--max-lag: replica {}: {}", r.where.name, f.what()), f.server_code());
  }
}

void ReplicaLag::connect(Watched& r) {
  r.session = std::make_unique<db::Session>(r.where.connection, r.where.password);
  read_without_waiting(*r.session);
}

ReplicaLag::~ReplicaLag() {
  try {
    primary_->execute(fmt::format("DELETE FROM {} WHERE id BETWEEN {} AND {}", table_, id_, id_ + 0xffffffffu));
    // Nothing of fastload's own stays once no load beats in it (a running load's row keeps it; a lock not held,
    // on a Galera node say, keeps it too: another run may be about to write its first row).
    db::NamedLock lock(*primary_, "fastload_heartbeat " + database_, 30);
    if (lock.held() && primary_->query("SELECT 1 FROM " + table_ + " LIMIT 1").empty())
      primary_->execute("DROP TABLE IF EXISTS " + table_);
  } catch (const std::exception&) {  // a row or an empty table left behind is a few bytes; the next run uses it
  }
}

double ReplicaLag::beat() {
  primary_->execute(fmt::format("REPLACE INTO {} (id, beat) VALUES ({}, UNIX_TIMESTAMP(NOW(6)))", table_, id_));
  return seconds_of(primary_->query_value("SELECT UNIX_TIMESTAMP(NOW(6))"));
}

std::optional<std::string> ReplicaLag::replicating(Watched& r) {
  std::vector<std::string> names;
  const std::vector<db::Row> rows = r.session->query("SHOW SLAVE STATUS", &names);
  if (rows.empty()) return galera_state(r);
  const std::string io = field(rows[0], column(names, "Slave_IO_Running"));
  const std::string sql = field(rows[0], column(names, "Slave_SQL_Running"));
  if (io == "Yes" && sql == "Yes") return std::nullopt;
  std::string error = field(rows[0], column(names, sql != "Yes" ? "Last_SQL_Error" : "Last_IO_Error"));
  return fmt::format("replica {} is not replicating (Slave_IO_Running {}, Slave_SQL_Running {}{}): start it "
                     "(START SLAVE) and the load goes on", r.where.name, io, sql, error.empty() ? "" : ": " + error);
}

// A node of a Galera cluster has no SHOW SLAVE STATUS: it applies the load while it is Synced.
std::optional<std::string> ReplicaLag::galera_state(Watched& r) {
  std::vector<db::Row> rows = r.session->query(
      "SHOW GLOBAL STATUS WHERE Variable_name IN ('wsrep_ready', 'wsrep_local_state_comment')");
  std::string ready, state;
  for (const db::Row& row : rows)
    if (row.size() == 2 && row[0]) (*row[0] == "wsrep_ready" ? ready : state) = row[1].value_or("");
  if (ready.empty())
    return fmt::format("replica {} replicates from no server (SHOW SLAVE STATUS is empty)", r.where.name);
  if (ready == "ON" && state == "Synced") return std::nullopt;
  return fmt::format("Galera node {} is not synced (wsrep_local_state_comment {}); the load goes on when it is",
                     r.where.name, state);
}

double ReplicaLag::lag_of(Watched& r, double now) {
  const std::optional<std::string> beat =
      value_on(*r.session, fmt::format("SELECT beat FROM {} WHERE id = {}", table_, id_));
  return now - (beat ? seconds_of(beat) : first_beat_);  // no beat yet: behind since the first
}

double ReplicaLag::applied_on(db::Session& session) {
  return seconds_of(value_on(session, fmt::format("SELECT COALESCE(SUM(applied), 0) FROM {} WHERE id BETWEEN {} "
                                                  "AND {}", table_, id_ + 1, id_ + 0xffffffffu)));
}

// The replica's pace: the bytes it applied since it last had work and none of it applied (or, when it had none
// at the last sample, since that sample: a lower bound), smoothed over a few samples. Until it is measured, a
// replica with committed work to apply counts as behind by the limit itself. (The gate adds what is in flight.)
double ReplicaLag::ahead_of(Watched& r, double now, double committed) {
  const double applied = applied_on(*r.session);
  const double moved = applied - r.applied;
  const double since = r.busy_since > 0 ? r.busy_since : r.sampled_at;
  if (moved > 0 && since > 0) {
    const double rate = moved / std::max(now - since, 1e-3);
    r.rate = r.rate > 0 ? 0.7 * r.rate + 0.3 * rate : rate;
  }
  const double backlog = std::max(0.0, committed - applied);
  if (moved > 0 || backlog <= 0 || r.busy_since == 0) r.busy_since = backlog > 0 ? now : 0;
  r.applied = applied;
  r.sampled_at = now;
  r.backlog = backlog;
  if (r.rate <= 0) return backlog > 0 ? max_lag_ : 0;
  return backlog / r.rate;
}

void ReplicaLag::watch(Watched& r, double now, double committed, Reading& reading) {
  if (!r.session) connect(r);
  if (std::optional<std::string> stopped = replicating(r)) return add_reason(reading.pause, *stopped);
  const double lag = std::max(0.0, lag_of(r, now));
  reading.lag = std::max(reading.lag.value_or(0), lag);
  if (lag > max_lag_)
    return add_reason(reading.pause, fmt::format("replica {} is {:.1f} s behind (--max-lag {:g})", r.where.name,
                                                 lag, max_lag_));
  // What is committed and in flight but not applied: the lag it will have once it applies the last of it.
  const double ahead = ahead_of(r, now, committed);
  const std::string behind = fmt::format("replica {} has about {:.1f} s of the load to apply (--max-lag {:g})",
                                         r.where.name, ahead, max_lag_);
  if (r.rate > 0 && (reading.rate <= 0 || ahead > reading.backlog / reading.rate)) {
    reading.backlog = r.backlog, reading.rate = r.rate;  // the replica furthest behind sets the gate's pace
    reading.hold = behind;
  }
  if (r.rate <= 0 && reading.hold.empty())
    reading.hold = fmt::format("replica {}: measuring how fast it applies the load, one chunk at a time",
                               r.where.name);
  if (ahead >= max_lag_) add_reason(reading.pause, behind);
}

void ReplicaLag::sample(Reading& reading) noexcept {
  double now = 0, committed = 0;
  try {
    now = beat();
    committed = applied_on(*primary_);
  } catch (const std::exception& e) {
    primary_.drop();
    add_reason(reading.pause, fmt::format("cannot write the heartbeat on the server: {}", db::message_of(e)));
    return;
  }
  for (Watched& r : replicas_) {
    try {
      watch(r, now, committed, reading);
    } catch (const std::exception& e) {
      r.session.reset();  // reconnected at the next sample
      add_reason(reading.pause, fmt::format("cannot reach replica {}: {}", r.where.name, db::message_of(e)));
    }
  }
}

}  // namespace fastload::throttle
