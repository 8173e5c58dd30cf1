// A Spider table's map, read from its head server: which partition each row
// belongs to (the partitioning, from information_schema.PARTITIONS), and which
// remote table on which server each partition is (Spider's own reading of the
// table's and partitions' parameters, in mysql.spider_tables, and the server
// definitions in mysql.servers). With it, fastload loads the shards directly
// (docs/scaling.md).
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "plan/plan.h"
#include "db/db.h"
#include "table/table.h"
#include "shard/partitioning.h"

namespace fastload::shard {

// A remote table that partitions live in, and how to reach its server.
struct Shard {
  std::string name;                     // the server definition's name, else host:port or socket
  request::ConnectionOptions connection;
  std::optional<std::string> password;  // the server definition's, or the run's for a --shard DSN
  std::string database, table;
};

struct ShardMap {
  std::optional<Partitioning> partitioning;  // none: one remote table takes every row
  std::vector<Shard> shards;
  std::vector<std::size_t> shard_of_partition;  // by partition, 0-based in the table's order
  std::vector<std::size_t> fields;  // the row's field (0-based) holding each partitioning column
};

// How a table is loaded: not a Spider table (neither set), shard-direct (map),
// or through the head (head_because says why, for the user).
struct ShardPlan {
  std::optional<ShardMap> map;
  std::string head_because;
};

// Reads the map of `target` on `head`. Throws Failure for what no path can
// load (a Spider table with --atomic or --defer-indexes, a --shard naming no
// shard); `password` is the run's (prompted or given), for --shard DSNs; `read_file` reads the option file a
// --shard or a link's default_file names.
ShardPlan plan_shards(db::Session& head, const table::Target& target, const plan::TablePlan& options,
                      const std::optional<std::string>& password, const request::ConnectionFileReader& read_file);

// `name` as the server stores table names in its data dictionary (and Spider
// in mysql.spider_tables): letters, digits and '_' as they are, any other
// ASCII character as @ and 4 hex digits; nullopt for names with other bytes.
std::optional<std::string> filename_of(const std::string& name);

}  // namespace fastload::shard
