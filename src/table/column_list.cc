#include "table/column_list.h"

#include <fmt/core.h>
#include <set>

#include "base/base.h"
#include "text/text.h"

namespace fastload::table {

std::optional<std::size_t> field_of(const std::string& column, const Target& target, const plan::TablePlan& options) {
  if (options.columns.empty()) {
    const std::vector<const Column*> fields = default_columns(target);
    for (std::size_t at = 0; at < fields.size(); ++at)
      if (text::same_name(fields[at]->name, column)) return at;
    return std::nullopt;
  }
  for (std::size_t at = 0; at < options.columns.size(); ++at)
    if (!options.columns[at].variable && text::same_name(options.columns[at].name, column)) return at;
  return std::nullopt;
}
namespace {

// The table's columns for a message, the first 30 of them.
std::string listed(const Target& t) {
  std::string names;
  for (std::size_t i = 0; i < t.columns.size() && i < 30; ++i) names += (i ? ", " : "") + t.columns[i].name;
  return t.columns.size() > 30 ? names + ", ..." : names;
}

const Column& existing(const Target& t, const std::string& name, const char* option) {
  if (const Column* c = find_column(t, name)) return *c;
  throw misuse(fmt::format("{}: {} has no column {}; its columns are {}{}", option, t.display,
                           text::quote_identifier(name), listed(t),
                           std::string_view(option) == "--columns"
                               ? " (an entry @name reads its field into a variable, for --set or to skip it)"
                               : ""));
}

// The columns the fields fill: those of --columns, or without it every one.
std::set<const Column*> filled_columns(const Target& t, const plan::TablePlan& o) {
  std::set<const Column*> filled;
  for (const request::ColumnEntry& e : o.columns) {
    if (e.variable) continue;
    const Column& c = existing(t, e.name, "--columns");
    if (!filled.insert(&c).second)
      throw misuse(fmt::format("--columns names column {} twice; each column takes one field (read a field "
                               "you do not need into a variable, such as @skip)", c.name));
  }
  if (o.columns.empty())
    for (const Column* c : default_columns(t)) filled.insert(c);
  return filled;
}

// The --columns that would read the fields into the default columns, each generated one into a variable.
std::string suggested_columns(const Target& t) {
  std::string list;
  for (const Column* c : default_columns(t))
    list += fmt::format("{}{}{}", list.empty() ? "" : ",", c->generated ? "@" : "", c->name);
  return list;
}

// A field for a generated column: the server computes the column and drops the field's value without a word,
// so a file whose value differs would load silently changed.
void refuse_generated(const Target& t, const plan::TablePlan& o, const std::set<const Column*>& filled) {
  for (const Column& column : t.columns) {
    const Column* c = &column;
    if (!c->generated || filled.count(c) == 0) continue;
    throw misuse(fmt::format(
        "{} is a generated column of {}: the server computes it and drops a value the file gives for it without a "
        "word, so fastload does not send it one; read that field into a variable to leave it out{}",
        text::quote_identifier(c->name), t.display,
        o.columns.empty() ? fmt::format(", e.g. --columns {}", suggested_columns(t))
                          : fmt::format(" (@{} instead of {} in --columns)", c->name, c->name)));
  }
}

}  // namespace

const Column* find_column(const Target& target, std::string_view name) {
  for (const Column& c : target.columns)
    if (text::same_name(c.name, name)) return &c;
  return nullptr;
}

namespace {

// A file fastload converts to utf8mb4 reaches these columns otherwise than
// the server's LOAD DATA ... CHARACTER SET would store it (docs/design.md#charsets).
void refuse_unconvertible(const Target& t, const plan::TablePlan& o, const std::set<const Column*>& filled) {
  if (!o.convert_charset || request::traits(o.mode).server_reads_file) return;
  const std::string how = fmt::format("load it with --mode server (the server reads the file in {} itself), or "
                                      "convert the file to utf8mb4 first", o.charset);
  for (const Column* c : filled) {
    if (c->binary || text::same_name(c->charset, o.charset))
      throw misuse(fmt::format(
          "column {} of {} is {}: the server stores a {} field's bytes there as they are, and fastload, which "
          "converts the file to utf8mb4, would store others ({}); {}", c->name, t.display,
          c->binary ? "a binary string" : "in the file's charset " + c->charset, o.charset,
          c->binary ? "the utf8mb4 bytes" : "a character the charset has twice comes back as the other", how));
  }
}

}  // namespace

void check_columns(const Target& t, const plan::TablePlan& o) {
  const std::set<const Column*> filled = filled_columns(t, o);
  refuse_generated(t, o, filled);
  refuse_unconvertible(t, o, filled);
  for (const request::Assignment& a : o.set)
    if (const Column& c = existing(t, a.column, "--set"); c.generated)
      throw misuse(fmt::format("--set {}: {} is a generated column of {}: the server computes it (LOAD DATA would drop "
                               "the value without a word, an INSERT refuses it); leave it out", c.name,
                               text::quote_identifier(c.name), t.display));
  std::set<const Column*> set;
  for (const request::Assignment& a : o.set) {
    const Column& c = existing(t, a.column, "--set");
    if (filled.count(&c) > 0 && o.columns.empty())
      throw misuse(fmt::format("--set {}: without --columns the fields fill every column of {}, {} too; say "
                               "where they go with --columns, e.g. --columns a,b,@x --set '{} = UPPER(@x)'",
                               c.name, t.display, c.name, c.name));
    if (filled.count(&c) > 0)
      throw misuse(fmt::format("--set {}: {} is in --columns too; read its field into a variable instead, e.g. "
                               "--columns ...,@x,... --set '{} = UPPER(@x)'", c.name, c.name, c.name));
    if (!set.insert(&c).second) throw misuse(fmt::format("--set names column {} twice; give it once", c.name));
  }
}

text::RowWidth row_width(const Target& t, const plan::TablePlan& o) {
  if (o.columns.empty()) {
    std::size_t columns = default_columns(t).size();
    return {columns, columns, false};
  }
  text::RowWidth width{o.columns.size(), 0, !o.columns_of_dump};  // a dump's: the table's columns, for messages
  for (std::size_t i = 0; i < o.columns.size(); ++i)
    if (!o.columns[i].variable) width.required = i + 1;
  return width;
}

std::vector<std::string> field_names(const Target& t, const plan::TablePlan& o) {
  std::vector<std::string> names;
  for (const request::ColumnEntry& e : o.columns) names.push_back(e.variable ? "" : e.name);
  if (o.columns.empty())
    for (const Column* c : default_columns(t)) names.push_back(c->name);
  return names;
}

std::string load_data_columns(const Target& t, const plan::TablePlan& o) {
  // Without --columns, the columns resolved at the start, by name: a column
  // moved by an ALTER TABLE during the load cannot take another's fields.
  std::string out;
  for (const request::ColumnEntry& e : o.columns) {
    out += out.empty() ? " (" : ", ";
    out += e.variable ? fmt::format("@{}", text::quote_identifier(e.name)) : text::quote_identifier(find_column(t, e.name)->name);
  }
  if (o.columns.empty())
    for (const Column* c : default_columns(t)) out += (out.empty() ? " (" : ", ") + text::quote_identifier(c->name);
  if (!out.empty()) out += ")";
  for (std::size_t i = 0; i < o.set.size(); ++i)
    out += fmt::format("{}{} = {}", i ? ", " : " SET ", text::quote_identifier(find_column(t, o.set[i].column)->name),
                       text::closed_expression(o.set[i].expression));
  return out;
}

}  // namespace fastload::table
