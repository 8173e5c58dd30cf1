#include <algorithm>
#include <fmt/core.h>
#include <fmt/ranges.h>

#include "run/foreign_key_proofs.h"
#include "table/table.h"
#include "text/text.h"

namespace fastload::run {
namespace {

// The fields of the file's rows that hold `columns` (no --columns in a run of many tables: a row's fields fill
// the visible columns in table order).
std::vector<std::size_t> fields_of(const table::Target& target, const std::vector<std::string>& columns) {
  const std::vector<const table::Column*> filled = table::default_columns(target);
  std::vector<std::size_t> fields;
  for (const std::string& name : columns) {
    auto at = std::find_if(filled.begin(), filled.end(), [&](const table::Column* c) {
      return text::same_name(c->name, name);
    });
    fields.push_back(at == filled.end() ? SIZE_MAX : static_cast<std::size_t>(at - filled.begin()));
  }
  return fields;
}

// "file line N", where a row of a mapped file holds `values` in `fields`; "" where none does (or it is a stream).
std::string where_is(const RunState& state, const text::Dialect& dialect, const std::vector<std::size_t>& fields,
                     const std::vector<std::string>& values) {
  const text::RowScanner scanner(dialect);
  text::FieldParser parser(dialect);
  std::vector<text::Field> row;
  for (const Input& input : state.inputs) {
    if (!input.file || input.stream) continue;
    const std::string_view bytes = input.file->bytes();
    const std::uint64_t start = scanner.first_row_start(bytes);
    std::uint64_t line = 1 + static_cast<std::uint64_t>(std::count(bytes.data(), bytes.data() + start, '\n'));
    std::string found;
    scanner.for_each_row(bytes.substr(start), [&](std::string_view text, std::uint64_t, text::RowEnd end) {
      row.clear();
      parser.parse_row(text, end, row);
      bool same = true;
      for (std::size_t i = 0; i < fields.size() && same; ++i)
        same = fields[i] < row.size() && !row[fields[i]].is_null && row[fields[i]].value == values[i];
      parser.clear();
      if (same) found = fmt::format("{} line {}", input.name(), line);
      line += static_cast<std::uint64_t>(std::count(text.begin(), text.end(), '\n')) + 1;
      return found.empty();
    });
    if (!found.empty()) return found;
  }
  return "";
}

std::string describe(const table::Orphans& o, const RunState& state, const text::Dialect& dialect) {
  const std::vector<std::size_t> fields = fields_of(state.target, o.columns);
  std::vector<std::string> rows;
  for (const auto& values : o.rows) {
    std::vector<std::string> pairs;
    for (std::size_t i = 0; i < values.size(); ++i) pairs.push_back(o.columns[i] + "=" + values[i]);
    const std::string where = where_is(state, dialect, fields, values);
    rows.push_back(fmt::format("{}({})", where.empty() ? "" : where + " ", fmt::join(pairs, ", ")));
  }
  return fmt::format("{}: rows whose foreign key {} ({}) finds no row in {}: {}{}", o.child, o.constraint,
                     fmt::join(o.columns, ", "), o.parent, fmt::join(rows, "; "), o.more ? "; and more" : "");
}

}  // namespace

ForeignKeyProofs::ForeignKeyProofs(std::vector<const RunState*> tables, const text::Dialect& dialect)
    : tables_(std::move(tables)), dialect_(dialect), loaded_(tables_.size(), false) {
  for (std::size_t t = 0; t < tables_.size(); ++t) {
    const table::Target& child = tables_[t]->target;
    for (table::ForeignKey& key : table::foreign_keys_of(*tables_[t]->control, child.database, child.table)) {
      std::optional<std::size_t> parent;
      for (std::size_t p = 0; p < tables_.size(); ++p)
        if (tables_[p]->target.database == key.parent_db && tables_[p]->target.table == key.parent_table) parent = p;
      keys_.push_back({t, parent, std::move(key)});
    }
  }
}

void ForeignKeyProofs::loaded(std::size_t table, db::Session& session) noexcept {
  std::vector<const Key*> ready;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    loaded_[table] = true;
    for (Key& k : keys_)
      if (!k.claimed && loaded_[k.child] && (!k.parent || loaded_[*k.parent])) {
        k.claimed = true;
        ready.push_back(&k);
      }
  }
  for (const Key* k : ready) {
    try {
      prove(*k, session);
    } catch (const std::exception& e) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (failure_.ok()) failure_ = Failure(ExitCode::load_failed, fmt::format(
          "{}: proving its foreign key {} failed: {}", tables_[k->child]->target.display, k->key.name,
          db::message_of(e)));
    }
  }
}

void ForeignKeyProofs::prove(const Key& k, db::Session& session) {
  const RunState& child = *tables_[k.child];
  std::optional<table::Orphans> o = table::find_orphans(session, child.target.database, child.target.table, k.key);
  if (!o) return;
  std::string line = describe(*o, child, dialect_);
  std::lock_guard<std::mutex> lock(mutex_);
  found_.push_back(std::move(line));
}

void ForeignKeyProofs::check(db::Session& session) {
  for (Key& k : keys_) {  // the workers are done: no lock is needed, and none is held while a proof runs
    if (k.claimed) continue;
    k.claimed = true;
    prove(k, session);
  }
  failure_.or_throw();
  if (found_.empty()) return;
  std::sort(found_.begin(), found_.end());  // the workers found them in any order
  throw Failure(ExitCode::orphan_rows, fmt::format(
      "{}\nthe tables were loaded with foreign_key_checks = 0 (a child's rows may load before its parent's) and "
      "these rows are committed: load the missing parent rows, or delete the rows named (the foreign key's "
      "columns find them)", fmt::join(found_, "\n")));
}

}  // namespace fastload::run
