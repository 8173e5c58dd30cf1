#include "schema/column_types.h"

#include <algorithm>

#include "schema/value_shape.h"

namespace fastload::schema {

void ColumnStats::add(const text::Field& field) {
  if (field.is_null) {
    ++facts_.nulls;
    return;
  }
  ++facts_.values;
  const ValueShape shape = shape_of(field.value);
  facts_.shapes |= bit(shape.shape);
  if (shape.shape == Shape::kInteger) {
    facts_.wide |= shape.wide;
    facts_.negative |= shape.negative;
    auto& most = shape.negative ? facts_.max_negative : facts_.max_positive;
    most = std::max(most, shape.magnitude);
  }
  if (shape.shape == Shape::kInteger || shape.shape == Shape::kDecimal) {
    facts_.whole_digits = std::max(facts_.whole_digits, shape.whole_digits);
    facts_.fraction_digits = std::max(facts_.fraction_digits, shape.fraction_digits);
  } else if (shape.shape == Shape::kDateTime || shape.shape == Shape::kTime) {
    facts_.seconds_digits = std::max(facts_.seconds_digits, shape.fraction_digits);
  }
  facts_.max_bytes = std::max<std::uint64_t>(facts_.max_bytes, field.value.size());
  if (!facts_.binary) {
    const Utf8Measure text = measure_utf8(field.value);
    facts_.binary = !text.valid;
    facts_.max_characters = std::max(facts_.max_characters, text.characters);
  }
}

void ColumnStats::merge(const ColumnStats& later) {
  const ColumnFacts& b = later.facts_;
  ColumnFacts& a = facts_;
  a.values += b.values;
  a.nulls += b.nulls;
  a.absent += b.absent;
  a.shapes |= b.shapes;
  a.negative |= b.negative;
  a.wide |= b.wide;
  a.binary |= b.binary;
  for (auto field : {&ColumnFacts::max_positive, &ColumnFacts::max_negative, &ColumnFacts::whole_digits,
                     &ColumnFacts::fraction_digits, &ColumnFacts::seconds_digits, &ColumnFacts::max_characters,
                     &ColumnFacts::max_bytes})
    a.*field = std::max(a.*field, b.*field);
}

void TableStats::add_row(const std::vector<text::Field>& fields) {
  while (columns_.size() < fields.size()) {
    columns_.emplace_back().add_absent(rows_);  // the rows before had no such field
  }
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    if (i < fields.size()) columns_[i].add(fields[i]);
    else columns_[i].add_absent();
  }
  ++rows_;
}

void TableStats::merge(const TableStats& later) {
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    if (i < later.columns_.size()) columns_[i].merge(later.columns_[i]);
    else columns_[i].add_absent(later.rows_);
  }
  for (std::size_t i = columns_.size(); i < later.columns_.size(); ++i) {
    columns_.push_back(later.columns_[i]);
    columns_.back().add_absent(rows_);
  }
  rows_ += later.rows_;
}

}  // namespace fastload::schema
