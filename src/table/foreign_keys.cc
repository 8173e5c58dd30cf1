#include "table/foreign_keys.h"

#include <fmt/core.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <map>

#include "table/indexes.h"
#include "text/text.h"

namespace fastload::table {

std::vector<ForeignKey> foreign_keys_of(db::Session& session, const std::string& database, const std::string& table) {
  std::map<std::string, ForeignKey> keys;
  const auto rows = session.query(fmt::format(
      "SELECT CONSTRAINT_NAME, COLUMN_NAME, REFERENCED_TABLE_SCHEMA, REFERENCED_TABLE_NAME, REFERENCED_COLUMN_NAME "
      "FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = {} AND TABLE_NAME = {} AND "
      "REFERENCED_TABLE_NAME IS NOT NULL ORDER BY CONSTRAINT_NAME, ORDINAL_POSITION",
      session.quote_string(database), session.quote_string(table)));
  for (const auto& r : rows) {
    ForeignKey& key = keys[r.at(0).value_or("")];
    key.name = r.at(0).value_or("");
    key.columns.push_back(r.at(1).value_or(""));
    key.parent_db = r.at(2).value_or("");
    key.parent_table = r.at(3).value_or("");
    key.parent_columns.push_back(r.at(4).value_or(""));
  }
  std::vector<ForeignKey> out;
  for (auto& [name, key] : keys) out.push_back(std::move(key));
  return out;
}

namespace {

// The child rows whose key has no NULL and no parent row: NULL in any column means no reference (MATCH SIMPLE).
// A LEFT JOIN, not NOT EXISTS: MariaDB runs this one as an index lookup a row ("Not exists"), where it
// materialises the parent for NOT EXISTS (4 times the server CPU on a 2,000,000-row child, bench/restore.sh).
// `index`: read the child through it (its first columns are the key's), so the parent is looked up in key order.
std::string anti_join(const std::string& child, const ForeignKey& key, const std::string& index, std::size_t limit) {
  std::vector<std::string> selected, not_null, match;
  for (std::size_t i = 0; i < key.columns.size(); ++i) {
    const std::string c = "c." + text::quote_identifier(key.columns[i]);
    selected.push_back(c);
    not_null.push_back(c + " IS NOT NULL");
    match.push_back("p." + text::quote_identifier(key.parent_columns[i]) + " = " + c);
  }
  // A parent row that matches has a non-NULL first column: it equals the child's.
  const std::string hint = index.empty() ? "" : " FORCE INDEX (" + text::quote_identifier(index) + ")";
  return fmt::format("SELECT {} FROM {} AS c{} LEFT JOIN {}.{} AS p ON {} WHERE {} AND p.{} IS NULL LIMIT {}",
                     fmt::join(selected, ", "), child, hint, text::quote_identifier(key.parent_db),
                     text::quote_identifier(key.parent_table), fmt::join(match, " AND "), fmt::join(not_null, " AND "),
                     text::quote_identifier(key.parent_columns.at(0)), limit);
}

// The child's index that begins with the key's columns, the narrowest first (a secondary index holds the key and
// the primary key; PRIMARY, the whole row, comes last); "" when none does. Read through it, the parent's rows
// are looked up in key order, one page after the next: left to itself, MariaDB 10.11 may read the child
// through another covering index and look the parent up at random (bench/restore.sh SHAPE=shop: order_items'
// key to orders took 1.8 s read through its product index, 0.6 s through its primary key).
std::string key_order_index(db::Session& session, const std::string& child, const ForeignKey& key) {
  const TableKeys keys = keys_of(session, child);
  // Among the indexes the key's columns lead: a secondary one before the primary key (its rows are smaller), the
  // fewest columns first.
  std::string best;
  std::size_t best_width = SIZE_MAX;
  for (const IndexDefinition& index : keys.indexes)
    if (!index.clause.starts_with("FULLTEXT") && !index.clause.starts_with("SPATIAL") &&
        leads(key.columns, index.columns) && index.columns.size() < best_width)
      best = index.name, best_width = index.columns.size();
  if (best.empty() && leads(key.columns, keys.primary)) best = "PRIMARY";
  return best;
}

}  // namespace

std::optional<Orphans> find_orphans(db::Session& session, const std::string& database, const std::string& table,
                                    const ForeignKey& key, std::size_t most) {
  const std::string child = text::quote_identifier(database) + "." + text::quote_identifier(table);
  const auto rows = session.query(anti_join(child, key, key_order_index(session, child, key), most + 1));
  if (rows.empty()) return std::nullopt;
  Orphans o{key.name, database + "." + table, key.parent_db + "." + key.parent_table, key.columns, {},
            rows.size() > most};
  for (std::size_t r = 0; r < rows.size() && r < most; ++r) {
    std::vector<std::string> values;
    for (const auto& v : rows[r]) values.push_back(v.value_or("NULL"));
    o.rows.push_back(std::move(values));
  }
  return o;
}

}  // namespace fastload::table
