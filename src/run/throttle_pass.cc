// --max-lag, --max-load, --critical-load (docs/replicas.md): the gate the
// workers pass before each chunk, opened and closed by a monitor that samples
// the replicas' heartbeat and the server's status variables.
#include <fmt/core.h>
#include <fmt/ranges.h>
#include <spdlog/spdlog.h>

#include "cli/cli.h"
#include "run/state.h"
#include "throttle/throttle.h"

namespace fastload::run {
namespace {

constexpr auto kSampleEvery = std::chrono::milliseconds(200);

// A Galera cluster's other nodes, by the addresses the cluster lists.
std::vector<throttle::Replica> galera_nodes(const plan::TablePlan& options, const RunState& state) {
  std::vector<std::string> unknown;
  std::vector<throttle::Replica> nodes =
      throttle::other_nodes(*state.galera, options.connection, state.password, unknown);
  if (!unknown.empty())
    throw Failure(ExitCode::usage, fmt::format(
        "--max-lag: the Galera cluster lists a node's address as {} (a node without wsrep_node_incoming_address): "
        "name each other node with --replica [NAME=]WHERE", unknown.front()));
  return nodes;
}

// The replicas --replica names (an option file brings its own connection and password; a DSN takes the run's
// user and password), or those the server lists.
std::vector<throttle::Replica> watched_replicas(const plan::TablePlan& options, RunState& state) {
  std::vector<throttle::Replica> replicas;
  for (const request::ShardConnection& given : options.throttle.replicas) {
    if (!given.connection.defaults_file.empty()) {
      replicas.push_back({given.name, cli::read_connection_file(given.connection.defaults_file), std::nullopt});
      continue;
    }
    throttle::Replica r{given.name, given.connection, state.password};
    if (r.connection.user.empty()) r.connection.user = options.connection.user;
    r.connection.password = options.connection.password;
    replicas.push_back(std::move(r));
  }
  if (replicas.empty() && state.galera) return galera_nodes(options, state);
  if (replicas.empty()) replicas = throttle::listed_replicas(*state.control, options.connection, state.password);
  if (replicas.empty())
    throw Failure(ExitCode::usage, "--max-lag: the server lists no replica (SHOW SLAVE HOSTS is empty: a replica "
                                   "is listed only when it sets report_host); name each with --replica "
                                   "[NAME=]WHERE");
  return replicas;
}

// The monitor's own sessions to the server, each opened again after an error.
throttle::Reconnecting::Open session_of(const plan::TablePlan& options, const RunState& state) {
  return [connection = options.connection, password = state.password] {
    return std::make_unique<db::Session>(connection, password);
  };
}

}  // namespace

std::unique_ptr<Throttling> start_throttle(const plan::TablePlan& options, RunState& state) {
  const request::ThrottleOptions& t = options.throttle;
  std::vector<std::unique_ptr<throttle::Probe>> probes;
  auto throttling = std::make_unique<Throttling>();
  if (t.max_lag > 0) {
    std::vector<throttle::Replica> replicas = watched_replicas(options, state);
    std::vector<std::string> names;
    for (const throttle::Replica& r : replicas) names.push_back(r.name);
    spdlog::info("--max-lag {:g}: watching {}", t.max_lag, fmt::join(names, ", "));
    const std::string database = options.checkpoint.ledger_database.empty() ? options.database : options.checkpoint.ledger_database;
    probes.push_back(std::make_unique<throttle::ReplicaLag>(session_of(options, state), database,
                                                            std::move(replicas), t.max_lag, throttling->gate));
  }
  if (state.galera && !options.whole_file()) {  // flow control stalls every writer of the cluster: the load waits before it does
    std::vector<std::string> unknown;
    probes.push_back(std::make_unique<throttle::GaleraFlow>(
        session_of(options, state), *state.galera,
        throttle::other_nodes(*state.galera, options.connection, state.password, unknown)));
    if (!unknown.empty())
      spdlog::info("Galera: {} node(s) list no address (wsrep_node_incoming_address); their receive queues are "
                   "not watched, only the cluster's flow control", unknown.size());
  }
  if (!t.max_load.empty() || !t.critical_load.empty())
    probes.push_back(std::make_unique<throttle::StatusLoad>(session_of(options, state), t.max_load, t.critical_load));
  if (probes.empty()) return nullptr;
  throttling->monitor = std::make_unique<throttle::Monitor>(throttling->gate, std::move(probes), kSampleEvery);
  return throttling;
}

void account_throttle(const Throttling& throttling, report::Summary& summary) {
  const throttle::Account a = throttling.gate.account();
  summary.paused_seconds = a.paused_seconds;
  summary.highest_lag = a.highest_lag;
  summary.first_pause = a.first_pause;
}

}  // namespace fastload::run
