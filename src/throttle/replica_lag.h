// --max-lag: how far behind each replica is, by a heartbeat. The monitor
// writes the primary's clock (UNIX_TIMESTAMP(NOW(6))) into a row of
// `fastload_heartbeat` on the primary at every sample; the row replicates like
// the load's rows, so a replica's copy of it is as old as what it has
// applied: its lag is the primary's clock now minus the beat the replica
// holds, within one sampling interval, whatever the replicas' own clocks say.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "plan/plan.h"
#include "db/db.h"
#include "throttle/monitor.h"

namespace fastload::throttle {

// A replica to watch, as messages name it, and how to reach it (`password` overrides the connection's).
struct Replica {
  std::string name;
  request::ConnectionOptions connection;
  std::optional<std::string> password;
};

// A session to a Galera node reads what the node has, without first waiting for the cluster's latest writes
// (a global wsrep_sync_wait would make every sample wait out the lag it measures); elsewhere it does nothing.
void read_without_waiting(db::Session& session) noexcept;

// The replicas the primary lists (SHOW SLAVE HOSTS: those started with report_host), reached over TCP with
// `run`'s user and password (`password`: the one typed at the prompt).
std::vector<Replica> listed_replicas(db::Session& primary, const request::ConnectionOptions& run,
                                     const std::optional<std::string>& password);

class ReplicaLag : public Probe {
 public:
  // Creates `database`.fastload_heartbeat when missing (on `primary`'s session), writes the first beat and
  // has `gate` count each chunk's bytes there. Throws Failure when it cannot.
  ReplicaLag(Reconnecting::Open primary, const std::string& database, std::vector<Replica> replicas,
             double max_lag, Gate& gate);
  ~ReplicaLag() override;  // deletes its heartbeat rows, and the table when no other load's are left
  void sample(Reading& reading) noexcept override;

 private:
  struct Watched {
    Replica where;
    std::unique_ptr<db::Session> session;  // connected when needed; dropped after an error
    double applied = 0;     // the load's bytes it had applied at the last sample
    double busy_since = 0;  // the primary's clock when it last had work and had not applied any of it; 0: idle
    double sampled_at = 0;  // the primary's clock at the last sample
    double rate = 0;        // bytes a second it applies the load at (smoothed); 0: not measured yet
    double backlog = 0;     // the load's bytes committed on the primary and not applied here, at the last sample
  };
  void connect_first(Watched& replica);
  void connect(Watched& replica);
  double beat();  // writes a beat; returns the primary's clock
  std::optional<std::string> replicating(Watched& replica);  // why it is not, or none
  std::optional<std::string> galera_state(Watched& replica);
  double lag_of(Watched& replica, double now);
  double applied_on(db::Session& session);  // the load's bytes the chunks counted there
  // How long `replica` will take to apply what the primary committed and the workers have in flight.
  double ahead_of(Watched& replica, double now, double committed);
  void watch(Watched& replica, double now, double committed, Reading& reading);

  Reconnecting primary_;                    // the monitor's thread only
  std::string database_;
  std::string table_;                       // `db`.`fastload_heartbeat`
  std::uint64_t id_;                        // this run's beat row; its chunks' rows follow it
  Gate& gate_;
  std::vector<Watched> replicas_;
  double max_lag_;
  double first_beat_ = 0;  // the primary's clock at the first beat: a replica without the row lags since then
};

}  // namespace fastload::throttle
