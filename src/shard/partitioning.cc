// Routing rows; describe() is in describe.cc.
#include "shard/partitioning.h"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <stdexcept>

#include "base/base.h"

namespace fastload::shard {
namespace {

std::strong_ordering compare(std::span<const Element> a, std::span<const Element> b) {
  return std::lexicographical_compare_three_way(a.begin(), a.end(), b.begin(), b.end());
}

// The first index in [0, count) for which `before` is false (`before` holds
// for a prefix of them).
template <class Before>
std::size_t partition_point(std::size_t count, Before before) {
  std::size_t low = 0, high = count;
  while (low < high) {
    const std::size_t middle = low + (high - low) / 2;
    if (before(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}

// A field's text for a message: printable ASCII as it is, other bytes as \xNN, cut after 64 bytes.
std::string shown(std::string_view text) {
  std::string out = "'";
  for (unsigned char c : text.substr(0, 64)) {
    if (c >= 0x20 && c < 0x7f) out += static_cast<char>(c);
    else out += fmt::format("\\x{:02X}", c);
  }
  return out + (text.size() > 64 ? "...'" : "'");
}

std::string expected_form(const ColumnType& type) {
  switch (type.kind) {
    case ColumnKind::kDate: return "a date written YYYY-MM-DD";
    case ColumnKind::kDatetime:
      return fmt::format("a datetime written YYYY-MM-DD HH:MM:SS with at most {} fractional digits", type.precision);
    default: return "a plain integer (digits after an optional sign)";
  }
}

RowRefusal value_refusal(Conversion conversion, std::string_view text, const PartitionColumn& column) {
  const std::string value = shown(text);
  std::string why =
      conversion == Conversion::kOutOfRange
          ? fmt::format("{} is out of range for column `{}`", value, column.name)
      : conversion == Conversion::kInvalidDate
          ? fmt::format("{} for column `{}` is not a valid date and time (a zero or invalid one is stored or "
                        "refused depending on the server's sql_mode)", value, column.name)
          : fmt::format("{} for column `{}` is not {}", value, column.name, expected_form(column.type));
  return {RowRefusal::Kind::kValue, why + ", so fastload cannot tell its partition for certain"};
}

RowRefusal made_up_value(const PartitionColumn& column) {
  return {RowRefusal::Kind::kValue,
          fmt::format("column `{}` is AUTO_INCREMENT: the server makes up its value for NULL and 0, so fastload "
                      "cannot tell the row's partition", column.name)};
}

}  // namespace

RowRoute Partitioning::route(std::span<const text::Field> values) const {
  if (values.size() != columns_.size())
    throw internal_error(fmt::format("route() needs {} fields, not {}", columns_.size(), values.size()));
  std::array<Element, kMaxColumns> elements;
  for (std::size_t i = 0; i < values.size(); ++i)
    if (std::optional<RowRefusal> refusal = read(values[i], columns_[i], elements[i])) return std::move(*refusal);
  const std::span<const Element> row(elements.data(), values.size());
  switch (method_) {
    case Method::kHash:
    case Method::kLinearHash: return route_hash(row[0]);
    case Method::kRange:
    case Method::kRangeColumns: return route_range(row);
    case Method::kList:
    case Method::kListColumns: return route_list(row);
  }
  throw internal_error("unknown partitioning method");
}

// The field as a tuple element, or why it cannot be one.
std::optional<RowRefusal> Partitioning::read(const text::Field& field, const PartitionColumn& column,
                                             Element& out) const {
  if (field.is_null) {
    if (column.auto_increment) return made_up_value(column);
    if (!column.nullable)
      return RowRefusal{RowRefusal::Kind::kValue, fmt::format("column `{}` cannot be NULL", column.name)};
    out = {Element::kNull, 0};
    return std::nullopt;
  }
  out.rank = Element::kValue;
  const Conversion conversion = to_key(field.value, column.type, out.key);
  if (conversion != Conversion::kExact) return value_refusal(conversion, field.value, column);
  if (column.auto_increment && function_value(out.key, column.type.kind) == 0) return made_up_value(column);
  return std::nullopt;
}

// sql_partition.cc's get_part_id_hash and get_part_id_from_linear_hash, on
// the partition function's value: the column's (as a signed 64-bit integer),
// or the smallest one for NULL.
RowRoute Partitioning::route_hash(const Element& element) const {
  const std::int64_t value =
      element.rank == Element::kNull ? INT64_MIN : function_value(element.key, columns_[0].type.kind);
  const auto count = static_cast<std::int64_t>(partitions_.size());
  if (method_ == Method::kHash) {
    const std::int64_t remainder = value % count;
    return static_cast<std::uint32_t>(remainder < 0 ? -remainder : remainder);
  }
  const auto bits = static_cast<std::uint64_t>(value);
  std::uint64_t partition = bits & linear_mask_;
  if (partition >= partitions_.size()) partition = bits & (linear_mask_ >> 1);
  return static_cast<std::uint32_t>(partition);
}

// The first partition whose bound (VALUES LESS THAN) is above the row.
RowRoute Partitioning::route_range(std::span<const Element> row) const {
  const std::size_t partition =
      partition_point(partitions_.size(), [&](std::size_t p) { return compare(tuple(p), row) <= 0; });
  if (partition == partitions_.size()) return no_partition(row);
  if (ambiguous_from_ && row[0].rank == Element::kValue && row[0].key >= *ambiguous_from_)
    return RowRefusal{RowRefusal::Kind::kValue,
                      fmt::format("{} in column `{}` cannot be placed for certain: information_schema shows the "
                                  "last partition's bound as MAXVALUE, which it also shows for a bound of "
                                  "9223372036854775807", integer_text(row[0].key, columns_[0].type.kind),
                                  columns_[0].name)};
  return static_cast<std::uint32_t>(partition);
}

// The partition that lists the row's tuple.
RowRoute Partitioning::route_list(std::span<const Element> row) const {
  const std::size_t index =
      partition_point(owners_.size(), [&](std::size_t i) { return compare(tuple(i), row) < 0; });
  if (index < owners_.size() && compare(tuple(index), row) == 0) return owners_[index];
  return no_partition(row);
}

// The server's error 1526, as it words it.
RowRefusal Partitioning::no_partition(std::span<const Element> row) const {
  std::string value = method_ == Method::kRangeColumns || method_ == Method::kListColumns ? "from column_list"
                      : row[0].rank == Element::kNull ? "NULL"
                                                      : integer_text(row[0].key, columns_[0].type.kind);
  return {RowRefusal::Kind::kNoPartition, "Table has no partition for value " + value};
}

std::span<const Element> Partitioning::tuple(std::size_t index) const {
  return std::span<const Element>(tuples_).subspan(index * columns_.size(), columns_.size());
}

}  // namespace fastload::shard
