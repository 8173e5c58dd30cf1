#include "table/clustered_key.h"

#include <fmt/core.h>
#include <map>
#include <string>

namespace fastload::load {

std::optional<ClusteredKey> clustered_key(Session& control, const Target& target) {
  // Unique keys, listed in the table's key order (unordered: a sort would not keep it); NULLABLE is '' for a
  // NOT NULL column.
  const std::vector<Row> rows = control.query(fmt::format(
      "SELECT s.INDEX_NAME, s.COLUMN_NAME, s.NULLABLE, COALESCE(c.COLLATION_NAME, ''), s.SEQ_IN_INDEX "
      "FROM information_schema.STATISTICS s JOIN information_schema.COLUMNS c ON c.TABLE_SCHEMA = s.TABLE_SCHEMA "
      "AND c.TABLE_NAME = s.TABLE_NAME AND c.COLUMN_NAME = s.COLUMN_NAME "
      "WHERE s.TABLE_SCHEMA = {} AND s.TABLE_NAME = {} AND s.NON_UNIQUE = 0 AND s.INDEX_TYPE = 'BTREE'",
      control.quote_string(target.database), control.quote_string(target.table)));
  std::vector<std::string> order;  // index names as listed (PRIMARY first)
  std::map<std::string, ClusteredKey> keys;
  std::map<std::string, bool> nullable;
  for (const Row& r : rows) {
    const std::string index = r[0].value_or("");
    if (!keys.count(index)) order.push_back(index);
    ClusteredKey& key = keys[index];
    key.index = index;
    const std::size_t seq = std::stoul(r[4].value_or("1"));
    if (key.columns.size() < seq) key.columns.resize(seq);
    key.columns[seq - 1] = {r[1].value_or(""), r[3].value_or("")};
    nullable[index] = nullable[index] || !r[2].value_or("").empty();
  }
  if (keys.count("PRIMARY")) return keys["PRIMARY"];
  for (const std::string& index : order)
    if (!nullable[index]) return keys[index];
  return std::nullopt;
}

}  // namespace fastload::load
