#include "shard/spider.h"

#include <algorithm>
#include <cctype>
#include <fmt/core.h>
#include <fmt/ranges.h>
#include <map>
#include <unistd.h>

#include "base/base.h"
#include "table/table.h"
#include "text/text.h"

namespace fastload::shard {
namespace {

using db::Row;
using db::ServerError;
using db::Session;

// One link of a partition (or of the unpartitioned table) as Spider read it
// from the table's parameters; NULL fields take the server definition's value.
struct Link {
  std::optional<std::string> server, host, port, socket, username, password, ssl_ca, default_file, default_group,
      database, table;
};

// Spider's links for the table, by the name of what they belong to: the
// partition's name, or "" for an unpartitioned table.
std::map<std::string, std::vector<Link>> read_links(db::Session& head, const table::Target& target,
                                                    const std::string& table_file) {
  std::map<std::string, std::vector<Link>> links;
  const std::string prefix = table_file + "#P#";
  for (const db::Row& r : head.query(fmt::format(
           "SELECT table_name, server, host, port, socket, username, password, ssl_ca, default_file, "
           "default_group, tgt_db_name, tgt_table_name FROM mysql.spider_tables WHERE db_name = {} AND "
           "(table_name = {} OR table_name LIKE CONCAT({}, '%')) ORDER BY table_name, link_id",
           head.quote_string(*filename_of(target.database)), head.quote_string(table_file),
           head.quote_string(prefix)))) {
    const std::string name = r[0].value_or("");
    if (name != table_file && !name.starts_with(prefix)) continue;  // LIKE's '_' matched another character
    links[name == table_file ? "" : name.substr(prefix.size())].push_back({r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11]});
  }
  return links;
}

// The server definitions named by `links`, by name: Host, Db, Username, Password, Port, Socket.
std::map<std::string, db::Row> read_servers(db::Session& head, const std::map<std::string, std::vector<Link>>& links) {
  std::vector<std::string> names;
  for (const auto& [owner, list] : links)
    for (const Link& link : list)
      if (link.server) names.push_back(head.quote_string(*link.server));
  std::map<std::string, db::Row> servers;
  if (names.empty()) return servers;
  for (db::Row& r : head.query(fmt::format("SELECT Server_name, Host, Db, Username, Password, Port, Socket, Wrapper "
                                       "FROM mysql.servers WHERE Server_name IN ({})", fmt::join(names, ", "))))
    servers[r[0].value_or("")] = std::move(r);
  return servers;
}

std::optional<std::string> non_empty(const std::optional<std::string>& value) {
  return value && !value->empty() ? value : std::nullopt;
}

// The shard one link (of `partition`, or "" for the whole table) stands for:
// the link's own values over the server definition's, the database and table
// defaulting as Spider's do. Returns
// why fastload cannot reach it as Spider does, if so.
std::string make_shard(const Link& link, const std::map<std::string, db::Row>& servers, const table::Target& target,
                       const std::string& partition, const request::ConnectionFileReader& read_file, Shard& shard) {
  db::Row server(8);
  if (link.server) {
    auto found = servers.find(*link.server);
    if (found == servers.end())
      return fmt::format("its server definition '{}' is not in mysql.servers", *link.server);
    server = found->second;
    if (server[7].value_or("mysql") != "mysql")
      return fmt::format("server '{}' uses the wrapper '{}', not mysql", *link.server, server[7].value_or(""));
  }
  if (link.default_group) return "its link reads the option group '" + *link.default_group + "'";
  request::ConnectionOptions& c = shard.connection;
  // The link's default_file, where it is readable here (as the client library skipped one it could not
  // open): its values, under the link's and the server definition's own.
  if (link.default_file && ::access(link.default_file->c_str(), R_OK) == 0)
    c = read_file(*link.default_file);
  c.host = non_empty(link.host).value_or(non_empty(server[1]).value_or(c.host));
  c.user = non_empty(link.username).value_or(non_empty(server[3]).value_or(c.user));
  c.socket = non_empty(link.socket).value_or(non_empty(server[6]).value_or(c.socket));
  std::string port = non_empty(link.port).value_or(non_empty(server[5]).value_or(std::to_string(c.port)));
  c.port = static_cast<unsigned>(std::stoul(port));
  c.ssl_ca = link.ssl_ca.value_or(c.ssl_ca);
  c.defaults_file = link.default_file.value_or("");
  shard.password = link.password ? link.password : server[4].value_or("");
  shard.database = non_empty(link.database).value_or(non_empty(server[2]).value_or(target.database));
  // Without a table parameter Spider names the remote table as the local one, partition suffix and all.
  shard.table = non_empty(link.table).value_or(partition.empty() ? target.table : target.table + "#P#" + partition);
  shard.name = link.server ? *link.server
               : !c.socket.empty() ? c.socket
                                   : fmt::format("{}:{}", c.host.empty() ? "localhost" : c.host, c.port);
  return "";
}

// The field of each row that holds each partitioning column; why not, if one
// is not read from the row as it is.
std::string find_fields(const std::vector<std::string>& columns, const table::Target& target,
                        const plan::TablePlan& options, std::vector<std::size_t>& fields) {
  for (const std::string& column : columns) {
    std::optional<std::size_t> field = table::field_of(column, target, options);
    if (!field)
      return fmt::format("the table is partitioned by column {}, which {}", column,
                         std::any_of(options.set.begin(), options.set.end(),
                                     [&](const request::Assignment& a) { return text::same_name(a.column, column); })
                             ? "--set computes on the server"
                             : "--columns does not read from the file");
    fields.push_back(*field);
  }
  return "";
}

// The table's partitioning as the client can reproduce it (nullopt: the
// table is not partitioned), or why not.
std::variant<std::optional<Partitioning>, std::string> read_partitioning(db::Session& head, const table::Target& target) {
  std::string schema = head.quote_string(target.database), table = head.quote_string(target.table);
  std::vector<PartitionRow> partitions;
  for (const db::Row& r : head.query(fmt::format(
           "SELECT PARTITION_NAME, PARTITION_METHOD, SUBPARTITION_METHOD, PARTITION_EXPRESSION, "
           "PARTITION_DESCRIPTION, PARTITION_ORDINAL_POSITION FROM information_schema.PARTITIONS WHERE "
           "TABLE_SCHEMA = {} AND TABLE_NAME = {} ORDER BY PARTITION_ORDINAL_POSITION, "
           "SUBPARTITION_ORDINAL_POSITION", schema, table)))
    partitions.push_back({r[0], r[1], r[2], r[3], r[4], r[5] ? std::optional(std::stoull(*r[5])) : std::nullopt});
  if (partitions.empty() || !partitions.front().name) return std::nullopt;
  std::vector<ColumnRow> columns;
  for (const db::Row& r : head.query(fmt::format(
           "SELECT COLUMN_NAME, DATA_TYPE, COLUMN_TYPE, IS_NULLABLE, EXTRA FROM information_schema.COLUMNS WHERE "
           "TABLE_SCHEMA = {} AND TABLE_NAME = {} ORDER BY ORDINAL_POSITION", schema, table)))
    columns.push_back({r[0].value_or(""), r[1].value_or(""), r[2].value_or(""), r[3].value_or("") == "YES",
                       r[4].value_or("")});
  std::variant<Partitioning, Unsupported> described = describe(partitions, columns);
  if (auto* unsupported = std::get_if<Unsupported>(&described)) return unsupported->reason;
  return std::optional(std::get<Partitioning>(std::move(described)));
}

// One shard per remote table: partitions in the same table share it.
std::size_t add_shard(ShardMap& map, Shard shard) {
  for (std::size_t i = 0; i < map.shards.size(); ++i) {
    const Shard& s = map.shards[i];
    if (s.name == shard.name && s.database == shard.database && s.table == shard.table) return i;
  }
  map.shards.push_back(std::move(shard));
  return map.shards.size() - 1;
}

// --shard NAME=WHERE replaces how NAME's server is reached; naming no shard is a mistake.
void apply_overrides(ShardMap& map, const plan::TablePlan& options, const std::optional<std::string>& password,
                     const request::ConnectionFileReader& read_file,
                     const table::Target& target) {
  for (const request::ShardConnection& given : options.scale.shards) {
    bool used = false;
    for (Shard& shard : map.shards) {
      if (shard.name != given.name) continue;
      // An option file's connection is read here, when its shard is known (read_file: cli/cli.h).
      shard.connection = given.connection.defaults_file.empty() ? given.connection
                                                                : read_file(given.connection.defaults_file);
      // An option file brings its own password; a DSN takes the run's.
      shard.password = given.connection.defaults_file.empty() ? password : std::nullopt;
      used = true;
    }
    if (!used) {
      std::vector<std::string> names;
      for (const Shard& shard : map.shards) names.push_back(shard.name);
      throw misuse(fmt::format("--shard {}: {} has no shard of that name; its shards are {}", given.name,
                              target.display, fmt::join(names, ", ")));
    }
  }
}

// The map, or why the head must load the table.
std::variant<ShardMap, std::string> read_map(db::Session& head, const table::Target& target, const plan::TablePlan& options,
                                             const request::ConnectionFileReader& read_file) {
  std::variant<std::optional<Partitioning>, std::string> partitioning = read_partitioning(head, target);
  if (auto* why = std::get_if<std::string>(&partitioning)) return *why;
  ShardMap map;
  map.partitioning = std::get<std::optional<Partitioning>>(std::move(partitioning));
  std::vector<std::string> owners{""};
  if (map.partitioning) {
    owners = map.partitioning->partitions();
    std::vector<std::string> columns;
    for (const PartitionColumn& column : map.partitioning->columns()) columns.push_back(column.name);
    if (std::string why = find_fields(columns, target, options, map.fields); !why.empty()) return why;
  }
  std::optional<std::string> table_file = filename_of(target.table);
  if (!table_file || !filename_of(target.database))
    return "its name holds characters that fastload does not look up in Spider's map";
  std::map<std::string, std::vector<Link>> links;
  std::map<std::string, db::Row> servers;
  try {
    links = read_links(head, target, *table_file);
    servers = read_servers(head, links);
  } catch (const db::ServerError& e) {
    return fmt::format("fastload cannot read Spider's map of it ({}, error {}): grant SELECT on "
                       "mysql.spider_tables and mysql.servers to load it shard-direct", e.server_message(), e.code());
  }
  for (const std::string& owner : owners) {
    const std::string what = owner.empty() ? "the table" : "partition " + owner;
    std::optional<std::string> file = owner.empty() ? owner : filename_of(owner);
    auto found = file ? links.find(*file) : links.end();
    if (found == links.end()) return what + " has no link in mysql.spider_tables that fastload can find";
    if (found->second.size() > 1)
      return fmt::format("{} has {} links (Spider's multi-link or HA tables keep copies on several servers)", what,
                         found->second.size());
    Shard shard;
    if (std::string why = make_shard(found->second.front(), servers, target, owner, read_file, shard); !why.empty())
      return what + ": " + why;
    map.shard_of_partition.push_back(add_shard(map, std::move(shard)));
  }
  return map;
}

}  // namespace

std::optional<std::string> filename_of(const std::string& name) {
  std::string out;
  for (unsigned char c : name) {
    if (c >= 0x80 || c == 0) return std::nullopt;
    if (std::isalnum(c) || c == '_') out += static_cast<char>(c);
    else out += fmt::format("@{:04x}", c);
  }
  return out;
}

ShardPlan plan_shards(db::Session& head, const table::Target& target, const plan::TablePlan& options,
                      const std::optional<std::string>& password, const request::ConnectionFileReader& read_file) {
  if (target.engine != "SPIDER") {
    if (!options.scale.shards.empty())
      throw misuse(fmt::format("--shard: {} is a {} table, not a Spider table; leave out --shard", target.display,
                              target.engine.empty() ? "view" : target.engine));
    return {};
  }
  if (options.load.atomic)
    throw misuse(fmt::format("--atomic and the Spider table {}: its staging table would be a Spider table over the "
                            "same remote tables, so staged rows would be in the shards at once; load without "
                            "--atomic", target.display));
  if (options.load.defer_indexes)
    throw misuse(fmt::format("--defer-indexes and the Spider table {}: the indexes that cost are the shards' "
                            "tables', which an ALTER TABLE on the head does not change; defer them on the shards",
                            target.display));
  std::string why;
  if (options.scale.via_head) why = "--via-head";
  else if (options.whole_file()) why = fmt::format("--mode {} loads the file in one statement",
                                                   request::traits(options.mode).name);
  ShardPlan plan;
  if (why.empty()) {
    std::variant<ShardMap, std::string> map = read_map(head, target, options, read_file);
    if (auto* found = std::get_if<ShardMap>(&map)) plan.map = std::move(*found);
    else why = std::get<std::string>(map);
  }
  if (!why.empty() && !options.scale.shards.empty())
    throw misuse(fmt::format("--shard: {} is loaded through its head server ({}), so --shard does not apply",
                            target.display, why));
  if (plan.map && !options.partitions.empty())
    throw misuse(fmt::format("--partition and the Spider table {}: shard-direct loads route each row by the head's "
                            "partitioning and do not check it against --partition; give --via-head to load through "
                            "the head, which refuses the rows outside the partitions named, or leave out "
                            "--partition", target.display));
  if (plan.map) apply_overrides(*plan.map, options, password, read_file, target);
  plan.head_because = why;
  return plan;
}

}  // namespace fastload::shard
