#include "throttle/replica_lag.h"

#include <algorithm>
#include <fmt/core.h>
#include <random>

#include "base/errors.h"
#include "text/identifiers.h"

namespace fastload::throttle {
namespace {

std::size_t column(const std::vector<std::string>& names, std::string_view name) {
  return static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
}

std::string field(const load::Row& row, std::size_t i) { return i < row.size() ? row[i].value_or("") : ""; }

double seconds_of(const std::optional<std::string>& value) {
  try {
    return value ? std::stod(*value) : 0;
  } catch (const std::exception&) {
    return 0;
  }
}

}  // namespace

std::vector<Replica> listed_replicas(load::Session& primary, const ConnectionOptions& run,
                                     const std::optional<std::string>& password) {
  std::vector<std::string> names;
  const std::vector<load::Row> rows = primary.query("SHOW SLAVE HOSTS", &names);
  std::vector<Replica> replicas;
  for (const load::Row& row : rows) {
    ConnectionOptions c = run;
    c.host = field(row, column(names, "Host"));
    c.port = static_cast<unsigned>(std::stoul("0" + field(row, column(names, "Port"))));
    c.socket.clear();
    c.defaults_file.clear();
    c.protocol = Protocol::tcp;
    replicas.push_back({fmt::format("{}:{}", c.host, c.port), c, password});
  }
  return replicas;
}

ReplicaLag::ReplicaLag(std::unique_ptr<load::Session> primary, const std::string& database,
                       std::vector<Replica> replicas, double max_lag)
    : primary_(std::move(primary)),
      table_(load::quote_identifier(database) + "." + load::quote_identifier("fastload_heartbeat")),
      id_(std::to_string(std::random_device{}() & 0x7fffffff)),
      max_lag_(max_lag) {
  for (Replica& r : replicas) replicas_.push_back({std::move(r), nullptr});
  for (Watched& r : replicas_) connect_first(r);
  try {
    primary_->execute(fmt::format(
        "CREATE TABLE IF NOT EXISTS {} (id BIGINT UNSIGNED NOT NULL PRIMARY KEY, beat DECIMAL(20,6) NOT NULL) "
        "ENGINE=InnoDB COMMENT='fastload --max-lag: each running load''s clock, as its replicas have applied it'",
        table_));
    first_beat_ = beat();
  } catch (const load::ServerError& e) {
    throw Failure(ExitCode::privilege, fmt::format(
        "--max-lag: cannot write the heartbeat table {} on the server: {} (error {}); the load's user needs CREATE "
        "and INSERT on it", table_, e.what(), e.code()), e.code());
  }
}

// Before the load: a replica that cannot be reached or read at all is a mistake to fix, not a pause.
void ReplicaLag::connect_first(Watched& r) {
  try {
    r.session = std::make_unique<load::Session>(r.where.connection, r.where.password);
    replicating(r);
  } catch (const Failure& f) {
    throw Failure(f.code(), fmt::format("--max-lag: replica {}: {}", r.where.name, f.what()), f.server_code());
  } catch (const load::ServerError& e) {
    throw Failure(ExitCode::privilege, fmt::format(
        "--max-lag: replica {}: SHOW SLAVE STATUS failed: {} (error {}); the load's user needs the SLAVE MONITOR "
        "(or REPLICATION CLIENT) privilege there", r.where.name, e.what(), e.code()), e.code());
  }
}

ReplicaLag::~ReplicaLag() {
  try {
    primary_->execute(fmt::format("DELETE FROM {} WHERE id = {}", table_, id_));
  } catch (const std::exception&) {  // a row left behind is a few bytes; the next run writes its own
  }
}

double ReplicaLag::beat() {
  primary_->execute(fmt::format("REPLACE INTO {} (id, beat) VALUES ({}, UNIX_TIMESTAMP(NOW(6)))", table_, id_));
  return seconds_of(primary_->query_value("SELECT UNIX_TIMESTAMP(NOW(6))"));
}

std::optional<std::string> ReplicaLag::replicating(Watched& r) {
  std::vector<std::string> names;
  const std::vector<load::Row> rows = r.session->query("SHOW SLAVE STATUS", &names);
  if (rows.empty()) return fmt::format("replica {} replicates from no server (SHOW SLAVE STATUS is empty)",
                                       r.where.name);
  const std::string io = field(rows[0], column(names, "Slave_IO_Running"));
  const std::string sql = field(rows[0], column(names, "Slave_SQL_Running"));
  if (io == "Yes" && sql == "Yes") return std::nullopt;
  std::string error = field(rows[0], column(names, sql != "Yes" ? "Last_SQL_Error" : "Last_IO_Error"));
  return fmt::format("replica {} is not replicating (Slave_IO_Running {}, Slave_SQL_Running {}{}): start it "
                     "(START SLAVE) and the load goes on", r.where.name, io, sql, error.empty() ? "" : ": " + error);
}

double ReplicaLag::lag_of(Watched& r, double now) {
  const std::optional<std::string> beat =
      r.session->query_value(fmt::format("SELECT beat FROM {} WHERE id = {}", table_, id_));
  return now - (beat ? seconds_of(beat) : first_beat_);  // no beat yet: behind since the first
}

void ReplicaLag::sample(Reading& reading) noexcept {
  double now = 0;
  try {
    now = beat();
  } catch (const std::exception& e) {
    add_reason(reading.pause, fmt::format("cannot write the heartbeat on the server: {}", e.what()));
    return;
  }
  for (Watched& r : replicas_) {
    try {
      if (!r.session) r.session = std::make_unique<load::Session>(r.where.connection, r.where.password);
      if (std::optional<std::string> stopped = replicating(r)) {
        add_reason(reading.pause, *stopped);
        continue;
      }
      const double lag = std::max(0.0, lag_of(r, now));
      reading.lag = std::max(reading.lag.value_or(0), lag);
      if (lag > max_lag_)
        add_reason(reading.pause, fmt::format("replica {} is {:.1f} s behind (--max-lag {:g})", r.where.name, lag,
                                              max_lag_));
    } catch (const std::exception& e) {
      r.session.reset();  // reconnected at the next sample
      add_reason(reading.pause, fmt::format("cannot reach replica {}: {}", r.where.name, e.what()));
    }
  }
}

}  // namespace fastload::throttle
