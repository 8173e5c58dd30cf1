// A Galera cluster (docs/replicas.md "Galera"): what the node fastload loads
// into says about its cluster, the chunk size its write-set limits allow, and
// the probe that holds the workers back before flow control stalls the
// cluster. Every node certifies and applies each chunk's write-set; a node
// whose receive queue passes the flow-control limit pauses every writer of
// the cluster, the load's and everyone else's.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "plan/plan.h"
#include "db/db.h"
#include "throttle/monitor.h"
#include "throttle/replica_lag.h"

namespace fastload::throttle {

struct Galera {
  std::uint64_t max_ws_rows = 0;  // wsrep_max_ws_rows: rows a write-set may hold; 0: no limit
  std::uint64_t max_ws_size = 0;  // wsrep_max_ws_size: bytes a write-set may hold
  unsigned queue_limit = 16;      // the receive queue at which a node asks for flow control
  std::string own_address;        // wsrep_node_incoming_address (host:port, or AUTO)
  std::vector<std::string> addresses;  // wsrep_incoming_addresses: every node's, as the cluster lists them
};

// The cluster of the node `server` is, or none when wsrep is off (or the server is not MariaDB/Galera).
std::optional<Galera> read_galera(db::Session& server);

// A chunk's bytes at most, so that its write-set (the rows in binary form with a key each: up to about 7 times
// a short row's text) stays under wsrep_max_ws_size. UINT64_MAX: no cap.
std::uint64_t write_set_bytes(const Galera& galera);

// The cluster's other nodes, reached over TCP with `run`'s user and password, by their wsrep_incoming_addresses.
// `unknown` gets the addresses that name no host and port (AUTO: a node without wsrep_node_incoming_address).
std::vector<Replica> other_nodes(const Galera& galera, const request::ConnectionOptions& run,
                                 const std::optional<std::string>& password, std::vector<std::string>& unknown);

// Holds the workers while the cluster's flow control is on, the node is not ready, or a node's receive queue is
// at half the flow-control limit; between samples it lets as many chunks go as the queues have room for.
class GaleraFlow : public Probe {
 public:
  // `nodes`: the other nodes to watch (one it cannot reach is left out, with a warning: the cluster's own flow
  // control still shows on `server`).
  GaleraFlow(const Reconnecting::Open& server, const Galera& galera, std::vector<Replica> nodes);
  void sample(Reading& reading) noexcept override;

 private:
  struct Node {
    std::string name;
    std::unique_ptr<db::Session> session;
  };
  Reconnecting server_;                    // the monitor's thread only
  std::vector<Node> nodes_;                // the server first
  unsigned limit_;                         // Galera's flow-control limit
  unsigned watermark_;                     // the receive queue at which the workers wait: half of it
};

}  // namespace fastload::throttle
