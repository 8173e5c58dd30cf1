#include "run/index_keys.h"

#include <fmt/core.h>
#include <fmt/ranges.h>
#include <map>

#include "run/state.h"
#include "table/table.h"
#include "text/text.h"

namespace fastload::run {
namespace {

bool is_one_of(const std::string& s, std::initializer_list<const char*> names) {
  for (const char* n : names)
    if (s == n) return true;
  return false;
}

// The time zone is a fixed offset: a TIMESTAMP then stores what DATETIME would, shifted.
bool fixed_time_zone(db::Session& control) {
  const std::string zone = control.query_value("SELECT @@session.time_zone").value_or("");
  return zone.size() == 6 && (zone[0] == '+' || zone[0] == '-') && zone[3] == ':';
}

struct PartReader {
  db::Session& control;
  const std::string& database;
  const std::string sent;
  bool fixed_zone;
  std::map<std::string, std::shared_ptr<const order::Weights>> weights;  // by collation

  order::KeyPart text(const table::KeyColumn& c, order::KeyPart part) {
    const bool nopad = c.collation.find("nopad") != std::string::npos;
    part.pad_space = !nopad || c.type == "char";  // CHAR stores no trailing spaces
    part.length = c.prefix ? c.prefix : is_one_of(c.type, {"char", "varchar"}) ? c.length : 0;
    part.kind = order::KeyKind::text;
    part.single_byte = sent != "binary" && !sent.starts_with("utf8");
    if (c.collation.ends_with("_bin") || c.collation == "binary") return part;  // by code point
    auto [at, fresh] = weights.try_emplace(c.collation);
    if (fresh) at->second = collation_weights(control, database, sent, c);
    part.weights = at->second;
    if (!part.weights) part.kind = order::KeyKind::unknown;
    return part;
  }

  order::KeyPart operator()(const table::KeyColumn& c, std::size_t field) {
    using order::KeyKind;
    order::KeyPart part;
    part.field = field;
    part.kind = KeyKind::unknown;
    const bool scaled = c.column_type.find(',') != std::string::npos;  // FLOAT(M,D) rounds: not read here
    if (is_one_of(c.type, {"tinyint", "smallint", "mediumint", "int", "bigint"}))
      part.kind = c.column_type.find("unsigned") != std::string::npos ? KeyKind::unsigned_integer
                                                                       : KeyKind::signed_integer;
    else if (is_one_of(c.type, {"decimal", "numeric"})) part.kind = KeyKind::decimal, part.scale = c.scale;
    else if (is_one_of(c.type, {"float", "double", "real"}) && !scaled)
      part.kind = KeyKind::real, part.single = c.type == "float";
    else if (c.type == "date") part.kind = KeyKind::date;
    else if (c.type == "datetime" || (c.type == "timestamp" && fixed_zone))
      part.kind = KeyKind::datetime, part.scale = c.scale;
    else if (is_one_of(c.type, {"binary", "varbinary", "tinyblob", "blob", "mediumblob", "longblob"}))
      part.kind = KeyKind::bytes, part.pad_zero = c.type == "binary",
      part.length = c.prefix ? c.prefix : c.type == "binary" || c.type == "varbinary" ? c.length : 0;
    else if (!c.collation.empty() && is_one_of(c.type, {"char", "varchar", "tinytext", "text", "mediumtext", "longtext"}))
      part = text(c, part);
    return part;
  }
};

const table::Column* column_named(const table::Target& target, const std::string& name) {
  for (const table::Column& c : target.columns)
    if (text::same_name(c.name, name)) return &c;
  return nullptr;
}

bool set_by_option(const plan::TablePlan& options, const std::string& name) {
  for (const request::Assignment& a : options.set)
    if (text::same_name(a.column, name)) return true;
  return false;
}

// `key` as read from the fields; nothing when its rows never share it (a column the server or fastload numbers).
std::optional<order::IndexKey> read_key(const table::UniqueKey& key, const plan::TablePlan& options, RunState& state,
                                        PartReader& reader) {
  order::IndexKey out;
  std::vector<std::string> names;
  for (const table::KeyColumn& k : key.columns) {
    names.push_back(k.name);
    const table::Column* column = column_named(state.target, k.name);
    if (!column) return std::nullopt;
    if (state.auto_ids && text::same_name(state.auto_ids->column, k.name)) return std::nullopt;
    const std::optional<std::size_t> field = table::field_of(k.name, state.target, options);
    if (set_by_option(options, k.name) || column->generated) {
      out.unknown = true;  // computed from the row by the server
    } else if (!field) {
      if (column->auto_increment) return std::nullopt;
      continue;  // its default: the same for every row
    } else {
      out.parts.push_back(reader(k, *field));
    }
  }
  out.name = fmt::format("{} ({})", key.index, fmt::join(names, ", "));
  return out;
}

}  // namespace

LoadKeys load_keys(const plan::TablePlan& options, RunState& state) {
  LoadKeys out;
  out.triggers = state.control->query_value(fmt::format(
      "SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE EVENT_OBJECT_SCHEMA = {} AND EVENT_OBJECT_TABLE = {}",
      state.control->quote_string(state.target.database), state.control->quote_string(state.target.table))) != "0";
  const std::vector<table::UniqueKey> keys = table::unique_keys(*state.control, state.target);
  if (keys.empty()) return out;
  PartReader reader{*state.control, state.target.database, options.sent_charset(), fixed_time_zone(*state.control), {}};
  const table::UniqueKey* clustered = table::clustered_key(keys);
  for (const table::UniqueKey& key : keys) {
    std::optional<order::IndexKey> read = read_key(key, options, state, reader);
    const bool is_clustered = &key == clustered;
    if (!read) {
      if (is_clustered) out.clustered = std::string("AUTO_INCREMENT ids are numbered in file order");
      continue;
    }
    if (is_clustered) {
      if (read->unknown || read->parts.size() < key.columns.size())
        out.clustered = fmt::format("no field holds every column of the key {} as it is", read->name);
      else out.clustered = std::size_t{0};
      out.keys.insert(out.keys.begin(), std::move(*read));
    } else {
      out.keys.push_back(std::move(*read));
    }
  }
  return out;
}

}  // namespace fastload::run
