#include "throttle/galera.h"

#include <cmath>
#include <fmt/core.h>
#include <map>
#include <regex>
#include <spdlog/spdlog.h>
#include <strings.h>

#include "base/base.h"

namespace fastload::throttle {
namespace {

struct Less {
  bool operator()(const std::string& a, const std::string& b) const { return strcasecmp(a.c_str(), b.c_str()) < 0; }
};
using Values = std::map<std::string, std::string, Less>;

// SHOW GLOBAL VARIABLES or STATUS (`what`) of the names listed, by name (case as the server spells it aside).
Values read_values(db::Session& server, const char* what, const char* names) {
  Values values;
  for (const db::Row& row : server.query(fmt::format("SHOW GLOBAL {} WHERE Variable_name IN ({})", what, names)))
    if (row.size() == 2 && row[0]) values[*row[0]] = row[1].value_or("");
  return values;
}

std::uint64_t number(const Values& values, const char* name) {
  const auto it = values.find(name);
  try {
    return it == values.end() ? 0 : std::stoull(it->second);
  } catch (const std::exception&) {
    return 0;
  }
}

std::string text(const Values& values, const char* name) {
  const auto it = values.find(name);
  return it == values.end() ? "" : it->second;
}

// One provider option of wsrep_provider_options ("name = value; ..."); `otherwise` when it is not there.
std::string provider_option(const std::string& options, const std::string& name, const std::string& otherwise) {
  std::smatch m;
  const std::regex re("(^|;)\\s*" + std::regex_replace(name, std::regex("\\."), "\\.") + "\\s*=\\s*([^;]*)");
  if (!std::regex_search(options, m, re)) return otherwise;
  std::string value = m[2];
  while (!value.empty() && value.back() == ' ') value.pop_back();
  return value;
}

// Galera 4 asks for flow control at gcs.fc_limit write-sets times the square root of the cluster's size, unless
// one node is the only writer (gcs.fc_single_primary, or the older gcs.fc_master_slave).
unsigned queue_limit(const std::string& provider_options, std::uint64_t cluster_size) {
  unsigned limit = 16;
  try {
    limit = static_cast<unsigned>(std::stoul(provider_option(provider_options, "gcs.fc_limit", "16")));
  } catch (const std::exception&) {
  }
  const auto yes = [&](const char* name) {
    const std::string v = provider_option(provider_options, name, "no");
    return strcasecmp(v.c_str(), "yes") == 0 || strcasecmp(v.c_str(), "true") == 0 || v == "1";
  };
  if (yes("gcs.fc_single_primary") || yes("gcs.fc_master_slave") || cluster_size < 2) return limit;
  return static_cast<unsigned>(std::lround(limit * std::sqrt(static_cast<double>(cluster_size))));
}

// host:port or [v6-host]:port; none when it names no port (AUTO).
std::optional<std::pair<std::string, unsigned>> host_and_port(const std::string& address) {
  static const std::regex form("^\\s*\\[?([^\\]\\s]+?)\\]?:([0-9]{1,5})\\s*$");
  std::smatch m;
  if (!std::regex_match(address, m, form)) return std::nullopt;
  return std::make_pair(m[1].str(), static_cast<unsigned>(std::stoul(m[2].str())));
}

const char* const kFlowStatus =
    "'wsrep_local_recv_queue', 'wsrep_flow_control_active', 'wsrep_ready', 'wsrep_local_state_comment'";

}  // namespace

std::optional<Galera> read_galera(db::Session& server) {
  const Values variables = read_values(server, "VARIABLES",
      "'wsrep_on', 'wsrep_max_ws_rows', 'wsrep_max_ws_size', 'wsrep_provider_options', 'wsrep_node_incoming_address'");
  if (strcasecmp(text(variables, "wsrep_on").c_str(), "ON") != 0) return std::nullopt;
  const Values status = read_values(server, "STATUS", "'wsrep_cluster_size', 'wsrep_incoming_addresses'");
  const std::uint64_t size = number(status, "wsrep_cluster_size");
  if (size == 0) return std::nullopt;  // wsrep on, and no provider: a server alone
  Galera g;
  g.max_ws_rows = number(variables, "wsrep_max_ws_rows");
  g.max_ws_size = number(variables, "wsrep_max_ws_size");
  g.queue_limit = queue_limit(text(variables, "wsrep_provider_options"), size);
  g.own_address = text(variables, "wsrep_node_incoming_address");
  const std::string listed = text(status, "wsrep_incoming_addresses");
  for (std::size_t at = 0; at <= listed.size();) {
    const std::size_t comma = std::min(listed.find(',', at), listed.size());
    if (comma > at) g.addresses.push_back(listed.substr(at, comma - at));
    at = comma + 1;
  }
  return g;
}

std::uint64_t write_set_bytes(const Galera& galera) {
  return galera.max_ws_size == 0 ? UINT64_MAX : std::max<std::uint64_t>(galera.max_ws_size / 8, 1);
}

std::vector<Replica> other_nodes(const Galera& galera, const request::ConnectionOptions& run,
                                 const std::optional<std::string>& password, std::vector<std::string>& unknown) {
  std::vector<Replica> nodes;
  for (const std::string& address : galera.addresses) {
    if (address == galera.own_address) continue;
    const auto where = host_and_port(address);
    if (!where) {
      unknown.push_back(address);
      continue;
    }
    request::ConnectionOptions c = run;
    c.host = where->first, c.port = where->second;
    c.socket.clear(), c.defaults_file.clear();
    c.protocol = request::Protocol::tcp;
    nodes.push_back({address, c, password});
  }
  return nodes;
}

GaleraFlow::GaleraFlow(const Reconnecting::Open& server, const Galera& galera, std::vector<Replica> nodes)
    : server_([server] {
        std::unique_ptr<db::Session> session = server();
        read_without_waiting(*session);
        return session;
      }),
      limit_(galera.queue_limit),
      watermark_(std::max(galera.queue_limit / 2, 1u)) {
  for (Replica& r : nodes) try {
      auto session = std::make_unique<db::Session>(r.connection, r.password);
      read_without_waiting(*session);
      read_values(*session, "STATUS", kFlowStatus);
      nodes_.push_back({r.name, std::move(session)});
    } catch (const std::exception& e) {
      spdlog::warn("Galera node {}: cannot read its receive queue ({}); the load waits for the cluster's flow "
                   "control only, not before it: give the load's user access there (SHOW STATUS needs no "
                   "privilege)", r.name, db::message_of(e));
    }
}

void GaleraFlow::sample(Reading& reading) noexcept {
  unsigned deepest = 0;
  try {
    const Values own = read_values(*server_, "STATUS", kFlowStatus);
    if (strcasecmp(text(own, "wsrep_ready").c_str(), "ON") != 0)
      return add_reason(reading.pause, fmt::format("the Galera node is not ready (wsrep_local_state_comment {})",
                                                   text(own, "wsrep_local_state_comment")));
    if (text(own, "wsrep_flow_control_active") == "true")
      add_reason(reading.pause, "Galera flow control is on (a node's receive queue passed its limit)");
    deepest = static_cast<unsigned>(number(own, "wsrep_local_recv_queue"));
  } catch (const std::exception& e) {
    server_.drop();
    return add_reason(reading.pause, fmt::format("cannot read the Galera node's status: {}", db::message_of(e)));
  }
  std::string deepest_node = "the loaded node";
  for (Node& n : nodes_) {
    if (!n.session) continue;
    try {
      const unsigned queue = static_cast<unsigned>(number(read_values(*n.session, "STATUS", kFlowStatus),
                                                          "wsrep_local_recv_queue"));
      if (queue > deepest) deepest = queue, deepest_node = "node " + n.name;
    } catch (const std::exception& e) {  // a node that left the cluster holds no one back
      spdlog::warn("Galera node {}: {}; its receive queue is no longer watched", n.name, db::message_of(e));
      n.session.reset();
    }
  }
  if (deepest >= watermark_)
    add_reason(reading.pause, fmt::format("Galera {} has {} write-sets to apply (flow control at {})", deepest_node,
                                          deepest, limit_));
  if (reading.hold.empty())
    reading.hold = fmt::format("Galera {} had {} write-sets to apply, and the chunks since fill its queue to {} "
                               "(flow control at {})", deepest_node, deepest, watermark_, limit_);
  reading.room = deepest >= watermark_ ? 0 : watermark_ - deepest;
}

}  // namespace fastload::throttle
