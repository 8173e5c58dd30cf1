#include "table/unique_keys.h"

#include <fmt/core.h>
#include <map>
#include <string>

namespace fastload::table {

std::vector<UniqueKey> unique_keys(db::Session& control, const Target& target) {
  // Listed in the table's key order (unordered: a sort would not keep it); NULLABLE is '' for a NOT NULL column.
  const std::vector<db::Row> rows = control.query(fmt::format(
      "SELECT s.INDEX_NAME, s.COLUMN_NAME, s.NULLABLE, COALESCE(c.COLLATION_NAME, ''), s.SEQ_IN_INDEX, "
      "s.INDEX_TYPE, COALESCE(c.CHARACTER_SET_NAME, ''), c.DATA_TYPE, c.COLUMN_TYPE, "
      "COALESCE(c.NUMERIC_SCALE, c.DATETIME_PRECISION, 0), COALESCE(c.CHARACTER_MAXIMUM_LENGTH, 0), "
      "COALESCE(s.SUB_PART, 0) "
      "FROM information_schema.STATISTICS s JOIN information_schema.COLUMNS c ON c.TABLE_SCHEMA = s.TABLE_SCHEMA "
      "AND c.TABLE_NAME = s.TABLE_NAME AND c.COLUMN_NAME = s.COLUMN_NAME "
      "WHERE s.TABLE_SCHEMA = {} AND s.TABLE_NAME = {} AND s.NON_UNIQUE = 0",
      control.quote_string(target.database), control.quote_string(target.table)));
  std::vector<std::string> order;  // index names as listed
  std::map<std::string, UniqueKey> keys;
  for (const db::Row& r : rows) {
    const std::string index = r[0].value_or("");
    if (!keys.count(index)) order.push_back(index);
    UniqueKey& key = keys[index];
    key.index = index;
    const std::size_t seq = std::stoul(r[4].value_or("1"));
    if (key.columns.size() < seq) key.columns.resize(seq);
    key.columns[seq - 1] = {r[1].value_or(""), r[3].value_or(""), r[6].value_or(""), r[7].value_or(""),
                            r[8].value_or(""), static_cast<unsigned>(std::stoul(r[9].value_or("0"))),
                            std::stoull(r[10].value_or("0")), std::stoull(r[11].value_or("0"))};
    key.nullable = key.nullable || !r[2].value_or("").empty();
    key.btree = key.btree && r[5].value_or("") == "BTREE";
  }
  std::vector<UniqueKey> out;
  if (keys.count("PRIMARY")) out.push_back(keys["PRIMARY"]);
  for (const std::string& index : order)
    if (index != "PRIMARY") out.push_back(keys[index]);
  return out;
}

const UniqueKey* clustered_key(const std::vector<UniqueKey>& keys) {
  for (const UniqueKey& key : keys)
    if (key.index == "PRIMARY") return &key;
  for (const UniqueKey& key : keys)
    if (!key.nullable && key.btree) return &key;
  return nullptr;
}

}  // namespace fastload::table
