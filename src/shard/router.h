// Which shard each row of a shard-direct load goes to: its partitioning
// columns read from the row as LOAD DATA reads them, the partition computed
// as the server computes it, the partition's shard. One router a worker (its
// parser keeps unescaped values between rows).
#pragma once

#include <string_view>
#include <vector>

#include "text/text.h"
#include "sink/sink.h"
#include "shard/spider.h"

namespace fastload::shard {

class ShardRouter final : public sink::RowRouter {
 public:
  ShardRouter(const ShardMap& map, const text::Dialect& dialect) : map_(map), parser_(dialect) {}

  // The shard of the row `text` (without its line terminator), or why it has none.
  sink::RowDestination route(std::string_view text, text::RowEnd end) override;

 private:
  const ShardMap& map_;
  text::FieldParser parser_;
  std::vector<text::Field> fields_, values_;  // reused from row to row
};

}  // namespace fastload::shard
