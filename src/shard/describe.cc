// describe(): information_schema's account of a table's partitioning, checked
// and turned into what Partitioning::route() searches.
#include <fmt/core.h>

#include <algorithm>
#include <bit>
#include <utility>

#include "shard/partitioning.h"
#include "text/text.h"

namespace fastload::shard {
namespace {

constexpr std::string_view kInconsistent = "information_schema describes its partitions inconsistently";

// Advances past `c` when it is at text[pos].
bool take(std::string_view text, std::size_t& pos, char c) {
  if (pos >= text.size() || text[pos] != c) return false;
  ++pos;
  return true;
}

// "`a`,`b``c`": the names a and b`c; nullopt for anything else (an expression).
std::optional<std::vector<std::string>> column_names(std::string_view expression) {
  std::vector<std::string> names;
  std::size_t pos = 0;
  do {
    if (pos >= expression.size() || expression[pos] != '`') return std::nullopt;
    std::optional<text::NameRead> name = text::read_name(expression, pos);
    if (!name) return std::nullopt;
    names.push_back(std::move(name->name));
    pos = name->end;
  } while (take(expression, pos, ','));
  if (pos != expression.size()) return std::nullopt;
  return names;
}

// A value of PARTITION_DESCRIPTION ("10", "NULL", "MAXVALUE", "'2020-01-01'"),
// or a parenthesized tuple of them (LIST COLUMNS of several columns).
struct Item {
  std::vector<std::string_view> values;
  bool parenthesized = false;
};

// A value at text[pos]: a quoted string without quotes inside, or up to the next separator.
std::optional<std::string_view> scan_value(std::string_view text, std::size_t& pos) {
  const std::size_t begin = pos;
  if (take(text, pos, '\'')) {
    const std::size_t close = text.find('\'', pos);
    if (close == std::string_view::npos) return std::nullopt;
    pos = close + 1;
  } else {
    pos = std::min(text.find_first_of(",()'", pos), text.size());
  }
  if (pos == begin) return std::nullopt;
  return text.substr(begin, pos - begin);
}

// "1,NULL", "10,MAXVALUE", "(1,'2020-01-01'),(NULL,NULL)"; nullopt for what
// is none of these (a quote inside a string among them: no value fastload
// reads has one).
std::optional<std::vector<Item>> scan_description(std::string_view text) {
  std::vector<Item> items;
  std::size_t pos = 0;
  do {
    Item item;
    item.parenthesized = take(text, pos, '(');
    do {
      std::optional<std::string_view> value = scan_value(text, pos);
      if (!value) return std::nullopt;
      item.values.push_back(*value);
    } while (item.parenthesized && take(text, pos, ','));
    if (item.parenthesized && !take(text, pos, ')')) return std::nullopt;
    items.push_back(std::move(item));
  } while (take(text, pos, ','));
  if (pos != text.size()) return std::nullopt;
  return items;
}

}  // namespace

class Describer {
 public:
  Describer(std::span<const PartitionRow> rows, std::span<const ColumnRow> table) : rows_(rows), table_(table) {}

  std::variant<Partitioning, Unsupported> run() {
    for (auto step : {&Describer::read_method, &Describer::read_partitions, &Describer::read_columns,
                      &Describer::read_bounds})
      if (std::optional<std::string> reason = (this->*step)()) return Unsupported{std::move(*reason)};
    return std::move(p_);
  }

 private:
  using Tuple = std::vector<Element>;

  std::optional<std::string> read_method();
  std::optional<std::string> read_partitions();
  std::optional<std::string> read_columns();
  std::optional<std::string> add_column(const std::string& name);
  std::optional<std::string> read_bounds();
  std::optional<std::string> read_ranges();
  std::optional<std::string> read_lists();
  std::optional<Tuple> range_bound(std::size_t partition) const;
  std::optional<Tuple> list_tuple(const Item& item) const;
  std::optional<Element> value(std::string_view text, const PartitionColumn& column) const;
  std::optional<Element> function_value_element(std::string_view text, const PartitionColumn& column) const;
  Element maxvalue(std::size_t partition) const;
  std::uint64_t literal_maxvalue() const;
  std::string unreadable(std::size_t partition) const;

  bool columns_form() const {
    return p_.method_ == Method::kRangeColumns || p_.method_ == Method::kListColumns;
  }

  std::span<const PartitionRow> rows_;
  std::span<const ColumnRow> table_;
  Partitioning p_;
};

std::optional<std::string> Describer::read_method() {
  if (rows_.empty() || !rows_[0].method) return "it is not partitioned";
  const std::string& method = *rows_[0].method;
  if (rows_[0].subpartition_method)
    return fmt::format("it is sub-partitioned (SUBPARTITION BY {}), which fastload does not route",
                       *rows_[0].subpartition_method);
  static constexpr std::pair<std::string_view, Method> kMethods[] = {
      {"HASH", Method::kHash},   {"LINEAR HASH", Method::kLinearHash},     {"RANGE", Method::kRange},
      {"LIST", Method::kList},   {"RANGE COLUMNS", Method::kRangeColumns}, {"LIST COLUMNS", Method::kListColumns}};
  for (const auto& [name, value] : kMethods)
    if (method == name) {
      p_.method_ = value;
      return std::nullopt;
    }
  if (method == "KEY" || method == "LINEAR KEY")
    return fmt::format("it is partitioned BY {}, whose hash fastload does not reproduce", method);
  return fmt::format("it is partitioned BY {}, which fastload does not route", method);
}

// One row a partition, all of the same method and expression, in order.
std::optional<std::string> Describer::read_partitions() {
  for (std::size_t i = 0; i < rows_.size(); ++i) {
    const PartitionRow& row = rows_[i];
    if (!row.name || row.method != rows_[0].method || row.subpartition_method ||
        row.expression != rows_[0].expression || row.ordinal != i + 1)
      return std::string(kInconsistent);
    p_.partitions_.push_back(*row.name);
  }
  return std::nullopt;
}

std::optional<std::string> Describer::read_columns() {
  if (!rows_[0].expression) return std::string(kInconsistent);
  const std::string& expression = *rows_[0].expression;
  const std::optional<std::vector<std::string>> names = column_names(expression);
  if (!names || (!columns_form() && names->size() != 1))
    return fmt::format("it is partitioned by the expression {}, not by a plain column", expression);
  if (names->size() > Partitioning::kMaxColumns) return std::string(kInconsistent);
  for (const std::string& name : *names)
    if (std::optional<std::string> reason = add_column(name)) return reason;
  return std::nullopt;
}

std::optional<std::string> Describer::add_column(const std::string& name) {
  const auto row = std::ranges::find_if(table_, [&](const ColumnRow& c) { return text::same_name(c.name, name); });
  if (row == table_.end()) return std::string(kInconsistent);
  if (row->extra.find("GENERATED") != std::string::npos)
    return fmt::format("its partitioning column `{}` is generated by the server", row->name);
  const std::optional<ColumnType> type = column_type(row->data_type, row->column_type);
  if (!type || (!columns_form() && !type->integer()))
    return fmt::format("its partitioning column `{}` is {}, which fastload does not route by (it routes by integer "
                       "columns, and by DATE and DATETIME ones with RANGE COLUMNS and LIST COLUMNS)",
                       row->name, row->column_type);
  p_.columns_.push_back({row->name, static_cast<std::size_t>(row - table_.begin()), *type, row->nullable,
                         row->extra.find("auto_increment") != std::string::npos});
  return std::nullopt;
}

std::optional<std::string> Describer::read_bounds() {
  switch (p_.method_) {
    case Method::kHash: return std::nullopt;
    case Method::kLinearHash:
      p_.linear_mask_ = std::bit_ceil(rows_.size()) - 1;
      return std::nullopt;
    case Method::kRange:
    case Method::kRangeColumns: return read_ranges();
    default: return read_lists();
  }
}

// Each partition's VALUES LESS THAN, strictly increasing.
std::optional<std::string> Describer::read_ranges() {
  for (std::size_t p = 0; p < rows_.size(); ++p) {
    const std::optional<Tuple> bound = range_bound(p);
    if (!bound) return unreadable(p);
    if (p > 0 && !std::ranges::lexicographical_compare(p_.tuple(p - 1), *bound)) return std::string(kInconsistent);
    p_.tuples_.insert(p_.tuples_.end(), bound->begin(), bound->end());
  }
  if (p_.method_ == Method::kRange && p_.tuples_.back().rank == Element::kMaxValue) {
    const std::uint64_t literal = literal_maxvalue();
    // After a bound 9223372036854775807 (bounds increase strictly) it can only be a real MAXVALUE.
    if (rows_.size() == 1 || p_.tuples_[rows_.size() - 2].key < literal) p_.ambiguous_from_ = literal;
  }
  return std::nullopt;
}

std::optional<Describer::Tuple> Describer::range_bound(std::size_t partition) const {
  if (!rows_[partition].description) return std::nullopt;
  const std::optional<std::vector<Item>> items = scan_description(*rows_[partition].description);
  if (!items || items->size() != p_.columns_.size()) return std::nullopt;
  Tuple bound;
  for (std::size_t c = 0; c < items->size(); ++c) {
    const Item& item = (*items)[c];
    if (item.parenthesized) return std::nullopt;
    const std::optional<Element> element =
        item.values[0] == "MAXVALUE" ? maxvalue(partition) : value(item.values[0], p_.columns_[c]);
    if (!element) return std::nullopt;
    bound.push_back(*element);
  }
  return bound;
}

// RANGE COLUMNS' MAXVALUE, and RANGE's in the last partition, is above every
// value; RANGE's elsewhere is the bound 9223372036854775807, which
// information_schema writes so too.
Element Describer::maxvalue(std::size_t partition) const {
  if (p_.method_ == Method::kRange && partition + 1 < rows_.size()) return {Element::kValue, literal_maxvalue()};
  return {Element::kMaxValue, 0};
}

// 9223372036854775807 as a key of RANGE's partition function on this column.
std::uint64_t Describer::literal_maxvalue() const {
  std::uint64_t key = 0;
  to_key("9223372036854775807", bigint_type(p_.columns_[0].type.kind == ColumnKind::kUnsigned), key);
  return key;
}

// Every partition's VALUES IN, each tuple in one partition only, sorted for route_list's search.
std::optional<std::string> Describer::read_lists() {
  std::vector<std::pair<Tuple, std::uint32_t>> listed;
  for (std::size_t p = 0; p < rows_.size(); ++p) {
    const std::optional<std::vector<Item>> items =
        rows_[p].description ? scan_description(*rows_[p].description) : std::nullopt;
    if (!items) return unreadable(p);
    for (const Item& item : *items) {
      std::optional<Tuple> tuple = list_tuple(item);
      if (!tuple) return unreadable(p);
      listed.emplace_back(std::move(*tuple), static_cast<std::uint32_t>(p));
    }
  }
  std::ranges::sort(listed);
  for (std::size_t i = 0; i < listed.size(); ++i) {
    if (i > 0 && listed[i].first == listed[i - 1].first) return std::string(kInconsistent);
    p_.tuples_.insert(p_.tuples_.end(), listed[i].first.begin(), listed[i].first.end());
    p_.owners_.push_back(listed[i].second);
  }
  return std::nullopt;
}

// A value of VALUES IN: a tuple in parentheses with several columns, a bare value with one.
std::optional<Describer::Tuple> Describer::list_tuple(const Item& item) const {
  const std::size_t width = p_.columns_.size();
  if (item.parenthesized != (width > 1) || item.values.size() != width) return std::nullopt;
  Tuple tuple;
  for (std::size_t c = 0; c < width; ++c) {
    const std::optional<Element> element = value(item.values[c], p_.columns_[c]);
    if (!element) return std::nullopt;
    tuple.push_back(*element);
  }
  return tuple;
}

// A value of the description for `column`: NULL (in a list), an integer bare
// or a date quoted, as the server writes them; nullopt for anything else.
std::optional<Element> Describer::value(std::string_view text, const PartitionColumn& column) const {
  if (text == "NULL") {
    if (p_.method_ == Method::kList || p_.method_ == Method::kListColumns) return Element{Element::kNull, 0};
    return std::nullopt;
  }
  const bool quoted = text.size() >= 2 && text.front() == '\'' && text.back() == '\'';
  if (quoted == column.type.integer()) return std::nullopt;
  if (quoted) text = text.substr(1, text.size() - 2);
  if (!columns_form()) return function_value_element(text, column);
  Element element;
  if (to_key(text, column.type, element.key) != Conversion::kExact) return std::nullopt;
  return element;
}

// RANGE and LIST values are the partition function's, whatever the column's
// range; information_schema writes RANGE bounds of an unsigned column from
// 2^63 up as the signed integer of their bits.
std::optional<Element> Describer::function_value_element(std::string_view text,
                                                         const PartitionColumn& column) const {
  const bool is_unsigned = column.type.kind == ColumnKind::kUnsigned;
  Element element;
  if (to_key(text, bigint_type(is_unsigned), element.key) == Conversion::kExact) return element;
  if (!is_unsigned || p_.method_ != Method::kRange ||
      to_key(text, bigint_type(false), element.key) != Conversion::kExact)
    return std::nullopt;
  element.key = static_cast<std::uint64_t>(function_value(element.key, ColumnKind::kSigned));
  return element;
}

std::string Describer::unreadable(std::size_t partition) const {
  return fmt::format("the values of partition `{}` ({}) are not in a form fastload reads exactly",
                     p_.partitions_[partition], rows_[partition].description.value_or("none"));
}

std::variant<Partitioning, Unsupported> describe(std::span<const PartitionRow> partitions,
                                                 std::span<const ColumnRow> columns) {
  return Describer(partitions, columns).run();
}

}  // namespace fastload::shard
