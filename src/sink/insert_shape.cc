#include "sink/insert_shape.h"

#include <fmt/core.h>
#include <optional>

#include "table/table.h"
#include "text/text.h"
#include "sink/statement_batch.h"

namespace fastload::sink {
namespace {

// The entry of --columns a variable holds: its last one, as LOAD DATA sets it field after field.
std::optional<std::size_t> variable_field(const std::vector<request::ColumnEntry>& columns, std::string_view name) {
  for (std::size_t i = columns.size(); i-- > 0;)
    if (columns[i].variable && text::same_name(columns[i].name, name)) return i;
  return std::nullopt;
}

}  // namespace

InsertShape::InsertShape(const table::Target& target, const plan::TablePlan& options, bool backslash_escapes, const table::AutoIds* ids)
    : head_(fmt::format("{} {} ", insert_verb(options.on_duplicate), target.into())),
      introducer_(text::same_name(options.sent_charset(), db::kConnectionCharset) ? "" : "_" + options.sent_charset()),
      file_charset_(options.sent_charset()) {
  text_.back().push_back('(');
  std::string names;
  if (options.columns.empty()) add_table_columns(target, names);
  else add_listed_columns(target, options, names);
  add_assignments(target, options, backslash_escapes, names);
  if (ids) add_id(target, *ids, names);
  head_ += fmt::format("({}) ", names);
  width_ = table::row_width(target, options);
  text_.back() += ")";
  head_ += "VALUES ";
}

std::string InsertShape::placeholders(std::uint64_t rows) const {
  std::string tuple;
  append_tuple(tuple, [&](std::string& out, const ValueSlot& slot) {
    out += converted(slot) ? fmt::format("CONVERT(? USING {})", file_charset_) : "?";
  });
  std::string sql = head_;
  for (std::uint64_t r = 0; r < rows; ++r) {
    if (r > 0) sql += ',';
    sql += tuple;
  }
  return sql;
}

void InsertShape::add_slot(const ValueSlot& slot) {
  slots_.push_back(slot);
  text_.emplace_back();
}

// No --columns: the table's visible columns, named, as LOAD DATA fills them.
void InsertShape::add_table_columns(const table::Target& target, std::string& names) {
  std::vector<const table::Column*> columns = table::default_columns(target);
  for (std::size_t i = 0; i < columns.size(); ++i) {
    add_name(target, columns[i]->name, names);
    add_slot({i, columns[i]});
  }
}

// The columns of --columns, in order (names checked by check_columns).
void InsertShape::add_listed_columns(const table::Target& target, const plan::TablePlan& options, std::string& names) {
  for (std::size_t i = 0; i < options.columns.size(); ++i) {
    if (options.columns[i].variable) continue;
    add_name(target, options.columns[i].name, names);
    add_slot({i, table::find_column(target, options.columns[i].name)});
  }
}

// Those of --set (and the run's time, table/run_clock.h) after the fields' columns, as LOAD DATA's SET.
void InsertShape::add_assignments(const table::Target& target, const plan::TablePlan& options, bool backslash_escapes,
                                  std::string& names) {
  for (const request::Assignment& a : options.set) {
    add_name(target, a.column, names);
    add_expression(a.expression, options, backslash_escapes);
  }
}

void InsertShape::add_name(const table::Target& target, std::string_view name, std::string& names) {
  if (!names.empty()) {
    names += ',';
    text_.back() += ',';
  }
  names += text::quote_identifier(table::find_column(target, name)->name);
}

// The id last, after the --set columns, as the LOAD DATA modes assign it last.
void InsertShape::add_id(const table::Target& target, const table::AutoIds& ids, std::string& names) {
  add_name(target, ids.column, names);
  add_slot({ValueSlot::kId, table::find_column(target, ids.column)});
}

// The expression with each variable of --columns made its field's value.
// Other variables stay: the session's own, as LOAD DATA would read them.
void InsertShape::add_expression(const std::string& expression, const plan::TablePlan& options, bool backslash_escapes) {
  std::size_t at = 0;
  for (const text::SqlScan::Variable& v : text::scan_sql(expression, backslash_escapes).variables) {
    std::optional<std::size_t> field = variable_field(options.columns, v.name);
    if (!field) continue;
    // CAST: a string with a variable's collation derivation (IMPLICIT), not a literal's.
    text_.back().append(expression, at, v.begin - at).append("CAST(");
    add_slot({*field, nullptr});
    expressions_read_fields_ = true;
    text_.back() += fmt::format(" AS CHAR CHARACTER SET {})", options.sent_charset());
    at = v.end;
  }
  text_.back() += text::closed_expression(expression.substr(at));
}

void InsertShape::check_ids(bool zero_is_a_value) {
  for (const ValueSlot& slot : slots_)
    if (slot.field != ValueSlot::kId && slot.column && slot.column->auto_increment) given_id_ = slot;
  zero_is_a_value_ = zero_is_a_value;
}

InsertShape make_insert_shape(db::Session& session, const table::Target& target, const plan::TablePlan& options, const table::AutoIds* ids) {
  bool backslashes = options.set.empty() ||
      session.query_value("SELECT @@sql_mode LIKE '%NO_BACKSLASH_ESCAPES%'").value_or("0") == "0";
  InsertShape shape(target, options, backslashes, ids);
  if (table::filled_auto_increment(target, options)) shape.check_ids(table::zero_is_a_value(session));
  return shape;
}

}  // namespace fastload::sink
