#include "table/indexes.h"

#include <algorithm>
#include <chrono>
#include <fmt/core.h>
#include <map>
#include <spdlog/spdlog.h>
#include <thread>

#include "base/base.h"
#include "db/db.h"
#include "table/index_record.h"
#include "text/text.h"

namespace fastload::table {
namespace {

// The backtick-quoted identifier at text[pos] (doubled backticks inside);
// moves pos past it. Empty when there is none. A name holding a line break is
// cut by parse_keys' lines: what the line holds of it is read, to its end.
std::string read_identifier(std::string_view text, std::size_t& pos) {
  if (pos >= text.size() || text[pos] != '`') return "";
  if (std::optional<text::NameRead> read = text::read_name(text, pos)) {
    pos = read->end;
    return std::move(read->name);
  }
  const std::string closed = std::string(text.substr(pos)) + '`';
  pos = text.size();
  return text::read_name(closed, 0)->name;
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

// An ALTER of the table that another session still runs (a killed run's re-creating these indexes: the server
// finishes it without its client) is waited for, so that the indexes are compared with the record after it.
// fastload's own ALTERs name the table so; one stated otherwise, or another user's the processlist does not
// show, is waited for by the metadata lock of MariaDB's ADD ... IF NOT EXISTS.
void wait_for_alters(db::Session& control, const Target& target) {
  const std::string prefix = control.quote_string("ALTER TABLE " + target.quoted);
  const std::string running = fmt::format("SELECT ID FROM information_schema.PROCESSLIST WHERE ID <> "
                                          "CONNECTION_ID() AND LEFT(INFO, CHAR_LENGTH({0})) = {0}", prefix);
  for (bool said = false;; said = true) {
    const std::vector<db::Row> rows = control.query(running);
    if (rows.empty()) return;
    if (!said)
      spdlog::warn("{}: waiting for the ALTER TABLE session {} runs on it to end (a killed run's, which the "
                   "server finishes), before re-creating the indexes it lacks", target.display,
                   rows[0].at(0).value_or("?"));
    if (db::stop_signal() != 0)
      throw Failure(ExitCode::interrupted, fmt::format(
          "{}: stopped by signal {} while waiting for an ALTER TABLE of it to end; the indexes --defer-indexes "
          "dropped are still recorded: run the same command again to re-create them", target.display,
          db::stop_signal()));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

// Re-created indexes that are not the ones recorded: another index took a recorded name since it was dropped.
Failure changed_indexes(const Target& target, const std::string& record, const IndexComparison& found) {
  std::string which;
  for (const auto& [recorded, now] : found.changed)
    which += fmt::format("{}{} is `{}`, recorded as `{}`", which.empty() ? "" : "; ", now.name, now.clause,
                         recorded.clause);
  return Failure(ExitCode::load_failed, fmt::format(
      "{}: an index has the name of one --defer-indexes dropped, with another definition: {}. Drop it (ALTER "
      "TABLE {} DROP INDEX ...) and run again to re-create the recorded one, or keep it and run DELETE FROM {} "
      "WHERE target = '{}'", target.display, which, target.quoted, record, target.quoted));
}

// The column lists of the foreign keys of other tables that reference `target`.
std::vector<std::vector<std::string>> referencing_keys(db::Session& control, const Target& target) {
  std::map<std::string, std::vector<std::string>> keys;  // by schema, table and constraint
  for (const db::Row& r : control.query(fmt::format(
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

// Whether `prefix` leads `columns`: an index a foreign key on `prefix` may use.
bool leads(const std::vector<std::string>& prefix, const std::vector<std::string>& columns) {
  return !prefix.empty() && prefix.size() <= columns.size() &&
         std::equal(prefix.begin(), prefix.end(), columns.begin(),
                    [](const std::string& a, const std::string& b) { return text::same_name(a, b); });
}

TableKeys keys_of(db::Session& control, const std::string& quoted_table) {
  // A server that does not describe the table (no row, or no definition) leaves nothing to defer.
  const std::vector<db::Row> rows = control.query("SHOW CREATE TABLE " + quoted_table);
  return parse_keys(rows.empty() || rows[0].size() < 2 ? std::string() : rows[0][1].value_or(""));
}

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
    if (line.starts_with("PRIMARY KEY (")) {
      keys.primary = read_key_parts(line, line.find('('));
      continue;
    }
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

IndexComparison compare_indexes(const std::vector<IndexDefinition>& recorded, const TableKeys& now) {
  IndexComparison out;
  for (const IndexDefinition& index : recorded) {
    auto there = std::find_if(now.indexes.begin(), now.indexes.end(),
                              [&](const IndexDefinition& n) { return text::same_name(n.name, index.name); });
    if (there == now.indexes.end()) out.missing.push_back(index);
    else if (there->clause != index.clause) out.changed.emplace_back(index, *there);
  }
  return out;
}

std::string add_indexes_statement(const std::string& table, const std::vector<IndexDefinition>& indexes,
                                  bool if_not_exists) {
  std::string alter = "ALTER TABLE " + table;
  for (std::size_t i = 0; i < indexes.size(); ++i) {
    std::string clause = indexes[i].clause;  // KEY, FULLTEXT KEY or SPATIAL KEY, then the name
    const std::size_t key = clause.find("KEY ");
    if (if_not_exists && key != std::string::npos) clause.insert(key + 4, "IF NOT EXISTS ");
    alter += (i ? ", ADD " : " ADD ") + clause;
  }
  return alter;
}

DeferredIndexes::DeferredIndexes(db::Session& control, const Target& target, const std::string& record_database)
    : target_(target), record_database_(record_database) {
  dropped_ = index_record::read(control, record_database_, target_);
  if (dropped_.empty()) return;
  const std::size_t recorded = dropped_.size();
  if (std::size_t made = recreate_missing(control))
    spdlog::warn("{}: re-creating {} indexes an earlier --defer-indexes run dropped and did not re-create",
                 target.display, made);
  else
    spdlog::info("{}: the {} indexes an earlier --defer-indexes run dropped are there (it, or the server after "
                 "it was killed, re-created them); forgetting its record", target.display, recorded);
  index_record::forget(control, record_database_, target_);
  dropped_.clear();
}

std::vector<std::string> DeferredIndexes::drop(db::Session& control, bool foreign_keys_proven) {
  TableKeys keys = keys_of(control, target_.quoted);
  if (foreign_keys_proven) keys.foreign_keys.clear();
  std::vector<IndexDefinition> indexes =
      deferrable(keys, foreign_keys_proven ? std::vector<std::vector<std::string>>{} : referencing_keys(control, target_));
  if (indexes.empty()) return {};
  std::string alter = "ALTER TABLE " + target_.quoted;
  std::vector<std::string> names;
  for (const IndexDefinition& index : indexes) {
    alter += fmt::format("{} DROP INDEX {}", names.empty() ? "" : ",", text::quote_identifier(index.name));
    names.push_back(index.name);
  }
  index_record::add(control, record_database_, target_, indexes);  // first: a run killed after the ALTER leaves it
  dropped_ = indexes;
  control.execute(alter);
  spdlog::info("{}: dropped {} secondary {} for the load; they are re-created after it. Were this run "
               "killed first, the next fastload run into it re-creates them, or run: {}", target_.display,
               names.size(), names.size() == 1 ? "index" : "indexes", restore_statement());
  return names;
}

std::optional<std::string> DeferredIndexes::drop_if_allowed(db::Session& control, bool foreign_keys_proven) {
  try {
    drop(control, foreign_keys_proven);
    return std::nullopt;
  } catch (const db::ServerError& e) {
    if (!db::is_privilege_denied(e.code())) throw;
    dropped_.clear();  // refused before or at the ALTER: nothing was dropped
    try {
      index_record::forget(control, record_database_, target_);
    } catch (const db::ServerError&) {
      // Not allowed to read or drop it either: a record of indexes the table has costs nothing (the next
      // run finds them there and forgets it).
    }
    return std::string(e.server_message());
  }
}

std::vector<std::string> DeferredIndexes::dropped_names() const {
  std::vector<std::string> names;
  for (const IndexDefinition& index : dropped_) names.push_back(index.name);
  return names;
}

std::string DeferredIndexes::restore_statement() const {
  return add_indexes_statement(target_.quoted, dropped_, false);
}

// The recorded indexes the table lacks, re-created; returns how many. Each one there must be the one recorded.
std::size_t DeferredIndexes::recreate_missing(db::Session& control) {
  wait_for_alters(control, target_);
  const std::string record = index_record::quoted(record_database_);
  IndexComparison found = compare_indexes(dropped_, keys_of(control, target_.quoted));
  if (!found.changed.empty()) throw changed_indexes(target_, record, found);
  try {
    if (!found.missing.empty())
      control.execute(add_indexes_statement(target_.quoted, found.missing, control.is_mariadb()));
  } catch (const db::ServerError& e) {
    if (db::stop_signal() != 0 && db::connection_cut() && db::is_connection_lost(e.code()))
      throw Failure(ExitCode::interrupted, fmt::format(
          "{}: stopped by signal {} while re-creating the indexes --defer-indexes dropped, {} s after it: the server "
          "goes on with that ALTER TABLE without fastload (SHOW PROCESSLIST shows it). They are recorded in {}: run "
          "the same command again, which waits for that ALTER TABLE and checks them", target_.display, db::stop_signal(),
          db::kStopGrace.count() / 1000, record));
    throw Failure(ExitCode::load_failed, fmt::format(
        "{}: re-creating the indexes --defer-indexes dropped failed: {} (error {}). They are recorded in "
        "{}: a later fastload --defer-indexes run into this table re-creates them first, or run: {}",
        target_.display, e.server_message(), e.code(), record, add_indexes_statement(target_.quoted, found.missing, false)),
        e.code());
  }
  IndexComparison after = compare_indexes(dropped_, keys_of(control, target_.quoted));
  if (!after.changed.empty()) throw changed_indexes(target_, record, after);  // one made meanwhile, by another
  if (!after.missing.empty()) throw internal_error(fmt::format("{}: ALTER TABLE ... ADD left index {} missing",
                                                               target_.display, after.missing[0].name));
  return found.missing.size();
}

void DeferredIndexes::restore(db::Session& control) {
  if (dropped_.empty()) return;
  recreate_missing(control);
  index_record::forget(control, record_database_, target_);
  dropped_.clear();
}

}  // namespace fastload::table
