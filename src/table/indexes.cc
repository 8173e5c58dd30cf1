#include "table/indexes.h"

#include <algorithm>
#include <fmt/core.h>
#include <map>
#include <spdlog/spdlog.h>

#include "base/errors.h"
#include "text/identifiers.h"

namespace fastload::load {
namespace {

// The backtick-quoted identifier at text[pos] (doubled backticks inside);
// moves pos past it. Empty when there is none. A name holding a line break is
// cut by parse_keys' lines: what the line holds of it is read, to its end.
std::string read_identifier(std::string_view text, std::size_t& pos) {
  if (pos >= text.size() || text[pos] != '`') return "";
  if (std::optional<NameRead> read = read_name(text, pos)) {
    pos = read->end;
    return std::move(read->name);
  }
  const std::string closed = std::string(text.substr(pos)) + '`';
  pos = text.size();
  return read_name(closed, 0)->name;
}

// The column names of the parenthesised key part list at text[pos] == '('
// ("(`a`,`b`(10) DESC)"): each part's leading identifier.
std::vector<std::string> read_key_parts(std::string_view text, std::size_t pos) {
  std::vector<std::string> columns;
  if (pos >= text.size() || text[pos] != '(') return columns;
  int depth = 0;
  bool part_start = true;
  for (; pos < text.size(); ++pos) {
    char c = text[pos];
    if (c == '`' && depth == 1 && part_start) {
      columns.push_back(read_identifier(text, pos));
      part_start = false;
      --pos;
    } else if (c == '`') {
      read_identifier(text, pos);  // a quoted name elsewhere: skipped whole
      --pos;
    } else if (c == '(') {
      ++depth;
    } else if (c == ')' && --depth == 0) {
      break;
    } else if (c == ',' && depth == 1) {
      part_start = true;
    }
  }
  return columns;
}

// Whether `prefix` leads `columns`: an index a foreign key on `prefix` may use.
bool leads(const std::vector<std::string>& prefix, const std::vector<std::string>& columns) {
  return !prefix.empty() && prefix.size() <= columns.size() &&
         std::equal(prefix.begin(), prefix.end(), columns.begin(),
                    [](const std::string& a, const std::string& b) { return same_name(a, b); });
}

std::vector<std::string> index_names(Session& control, const Target& target) {
  std::vector<std::string> names;
  auto rows = control.query("SHOW CREATE TABLE " + target.quoted);
  for (const IndexDefinition& index : parse_keys(rows.at(0).at(1).value_or("")).indexes) names.push_back(index.name);
  return names;
}

// The column lists of the foreign keys of other tables that reference `target`.
std::vector<std::vector<std::string>> referencing_keys(Session& control, const Target& target) {
  std::map<std::string, std::vector<std::string>> keys;  // by schema, table and constraint
  for (const Row& r : control.query(fmt::format(
           "SELECT CONCAT_WS('.', CONSTRAINT_SCHEMA, TABLE_NAME, CONSTRAINT_NAME), REFERENCED_COLUMN_NAME "
           "FROM information_schema.KEY_COLUMN_USAGE WHERE REFERENCED_TABLE_SCHEMA = {} AND "
           "REFERENCED_TABLE_NAME = {} ORDER BY 1, POSITION_IN_UNIQUE_CONSTRAINT",
           control.quote_string(target.database), control.quote_string(target.table))))
    keys[r.at(0).value_or("")].push_back(r.at(1).value_or(""));
  std::vector<std::vector<std::string>> lists;
  for (auto& [name, columns] : keys) lists.push_back(std::move(columns));
  return lists;
}

}  // namespace

TableKeys parse_keys(const std::string& create_table) {
  TableKeys keys;
  std::size_t start = 0;
  while (start < create_table.size()) {
    std::size_t end = create_table.find('\n', start);
    if (end == std::string::npos) end = create_table.size();
    std::string_view line(create_table.data() + start, end - start);
    start = end + 1;
    line.remove_prefix(std::min(line.find_first_not_of(' '), line.size()));
    if (line.ends_with(',')) line.remove_suffix(1);
    if (line.starts_with("CONSTRAINT ")) {
      std::size_t fk = line.find(" FOREIGN KEY (");
      if (fk != std::string_view::npos) keys.foreign_keys.push_back(read_key_parts(line, fk + 13));
      continue;
    }
    bool unique = line.starts_with("UNIQUE KEY ");
    if (!unique && !line.starts_with("KEY ") && !line.starts_with("FULLTEXT KEY ") &&
        !line.starts_with("SPATIAL KEY "))
      continue;
    std::size_t pos = line.find('`');
    if (pos == std::string_view::npos) continue;
    IndexDefinition index;
    index.name = read_identifier(line, pos);
    index.columns = read_key_parts(line, line.find('(', pos));
    index.clause = line;
    index.unique = unique;
    keys.indexes.push_back(std::move(index));
  }
  return keys;
}

std::vector<IndexDefinition> deferrable(const TableKeys& keys,
                                        const std::vector<std::vector<std::string>>& referenced) {
  std::vector<IndexDefinition> out;
  for (const IndexDefinition& index : keys.indexes) {
    auto needed = [&](const std::vector<std::string>& fk) { return leads(fk, index.columns); };
    if (index.unique || std::any_of(keys.foreign_keys.begin(), keys.foreign_keys.end(), needed) ||
        std::any_of(referenced.begin(), referenced.end(), needed))
      continue;
    out.push_back(index);
  }
  return out;
}

DeferredIndexes::DeferredIndexes(Session& control, const Target& target, const std::string& record_database)
    : target_(target), record_(quote_identifier(record_database) + "." + quote_identifier("fastload_deferred_indexes")) {
  control.execute(fmt::format(
      "CREATE TABLE IF NOT EXISTS {} (target VARBINARY(1024) NOT NULL, name VARBINARY(255) NOT NULL, "
      "clause MEDIUMBLOB NOT NULL, dropped_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), "
      "PRIMARY KEY (target, name)) ENGINE=InnoDB "
      "COMMENT='fastload --defer-indexes: indexes dropped for a load and not yet re-created'", record_));
  dropped_ = pending_from_record(control);
  if (dropped_.empty()) return;
  spdlog::warn("{}: re-creating {} indexes an earlier --defer-indexes run dropped and did not re-create",
               target.display, dropped_.size());
  restore(control);
}

std::vector<IndexDefinition> DeferredIndexes::pending_from_record(Session& control) {
  std::vector<IndexDefinition> pending;
  for (const Row& r : control.query(fmt::format("SELECT name, clause FROM {} WHERE target = {} ORDER BY dropped_at, "
                                                "name", record_, control.quote_string(target_.quoted))))
    pending.push_back({r.at(0).value_or(""), r.at(1).value_or(""), {}, false});
  return pending;
}

std::vector<std::string> DeferredIndexes::drop(Session& control, bool foreign_keys_proven) {
  auto rows = control.query("SHOW CREATE TABLE " + target_.quoted);
  TableKeys keys = parse_keys(rows.at(0).at(1).value_or(""));
  if (foreign_keys_proven) keys.foreign_keys.clear();
  std::vector<IndexDefinition> indexes =
      deferrable(keys, foreign_keys_proven ? std::vector<std::vector<std::string>>{} : referencing_keys(control, target_));
  if (indexes.empty()) return {};
  // dropped_at a microsecond apart: a later run re-creates them in this order, the table's own.
  std::string record = "INSERT INTO " + record_ + " (target, name, clause, dropped_at) VALUES ";
  std::string alter = "ALTER TABLE " + target_.quoted;
  std::vector<std::string> names;
  for (const IndexDefinition& index : indexes) {
    record += fmt::format("{}({}, {}, {}, CURRENT_TIMESTAMP(6) + INTERVAL {} MICROSECOND)",
                          names.empty() ? "" : ", ", control.quote_string(target_.quoted),
                          control.quote_string(index.name), control.quote_string(index.clause), names.size());
    alter += fmt::format("{} DROP INDEX {}", names.empty() ? "" : ",", quote_identifier(index.name));
    names.push_back(index.name);
  }
  control.execute(record);  // first: a run killed after the ALTER leaves the record
  dropped_ = indexes;
  control.execute(alter);
  spdlog::info("{}: dropped {} secondary {} for the load; they are re-created after it. Were this run "
               "killed first, the next --defer-indexes run into it re-creates them, or run: {}", target_.display,
               names.size(), names.size() == 1 ? "index" : "indexes", restore_statement());
  return names;
}

std::string DeferredIndexes::restore_statement() const {
  std::string alter = "ALTER TABLE " + target_.quoted;
  for (std::size_t i = 0; i < dropped_.size(); ++i) alter += (i ? ", ADD " : " ADD ") + dropped_[i].clause;
  return alter;
}

void DeferredIndexes::restore(Session& control) {
  if (dropped_.empty()) return;
  // A run killed between its ALTER and forgetting the record re-created some already.
  std::vector<std::string> existing = index_names(control, target_);
  std::erase_if(dropped_, [&](const IndexDefinition& index) {
    return std::any_of(existing.begin(), existing.end(), [&](const std::string& n) { return n == index.name; });
  });
  try {
    if (!dropped_.empty()) control.execute(restore_statement());
  } catch (const ServerError& e) {
    throw Failure(ExitCode::load_failed, fmt::format(
        "{}: re-creating the indexes --defer-indexes dropped failed: {} (error {}). They are recorded in "
        "{}: a later fastload --defer-indexes run into this table re-creates them first, or run: {}",
        target_.display, e.what(), e.code(), record_, restore_statement()));
  }
  control.execute(fmt::format("DELETE FROM {} WHERE target = {}", record_, control.quote_string(target_.quoted)));
  dropped_.clear();
}

}  // namespace fastload::load
