#include "shard/router.h"

#include <fmt/core.h>

#include "db/db.h"

namespace fastload::shard {

sink::RowDestination ShardRouter::route(std::string_view text, text::RowEnd end) {
  if (!map_.partitioning) return {};
  fields_.clear();
  parser_.clear();
  parser_.parse_row(text, end, fields_);
  values_.clear();
  for (std::size_t field : map_.fields) {
    // LOAD DATA refuses a short row in strict mode too (1261); here it could not be placed at all.
    if (field >= fields_.size())
      return {0, er::WARN_TOO_FEW_RECORDS,
              fmt::format("the row has {} fields, and the partitioning column {} is field {}", fields_.size(),
                          map_.partitioning->columns()[values_.size()].name, field + 1)};
    values_.push_back(fields_[field]);
  }
  RowRoute placed = map_.partitioning->route(values_);
  if (auto* refused = std::get_if<RowRefusal>(&placed))
    return {0, refused->kind == RowRefusal::Kind::kNoPartition ? 1526u : 0u,
            refused->kind == RowRefusal::Kind::kNoPartition
                ? refused->message
                : refused->message + "; fastload routes rows to shards only by values it reads exactly as the "
                                     "server does (load with --via-head to leave it to the server)"};
  return {map_.shard_of_partition[std::get<std::uint32_t>(placed)], 0, {}};
}

}  // namespace fastload::shard
