// Column types for --create and --print-schema, inferred from every value of the file
// (docs/design.md#type-inference---create): statistics fed one field at a time, per chunk and in parallel,
// merged in chunk order, then the narrowest MariaDB type that stores every value exactly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "text/text.h"

namespace fastload::schema {

// What a column's values were, as far as its type depends on them.
struct ColumnFacts {
  std::uint64_t values = 0;  // fields that were not NULL
  std::uint64_t nulls = 0;   // \N, or NULL unquoted in CSV
  std::uint64_t absent = 0;  // rows that ended before this column
  std::uint16_t shapes = 0;  // the bits (value_shape.h) of the shapes seen
  // Integers and decimals:
  bool negative = false;              // some integer is negative
  bool wide = false;                  // some integer's magnitude passes 64 bits
  std::uint64_t max_positive = 0;     // the largest non-negative integer
  std::uint64_t max_negative = 0;     // the largest magnitude of a negative integer
  std::uint64_t whole_digits = 0;     // the most digits before a point (integers too)
  std::uint64_t fraction_digits = 0;  // the most digits after a decimal point
  std::uint64_t seconds_digits = 0;   // the most fraction digits of a datetime's or time's seconds
  // As text:
  std::uint64_t max_characters = 0;  // UTF-8 code points, while every value is valid UTF-8
  std::uint64_t max_bytes = 0;
  bool binary = false;  // some value is not valid UTF-8
};

class ColumnStats {
 public:
  void add(const text::Field& field);
  // `rows` rows ended before this column.
  void add_absent(std::uint64_t rows = 1) { facts_.absent += rows; }
  // Adds what `later` (the next chunk's column) saw.
  void merge(const ColumnStats& later);
  const ColumnFacts& facts() const { return facts_; }

 private:
  ColumnFacts facts_;
};

class TableStats {
 public:
  // The fields of one row (a header row is not a row: give its names to infer_columns).
  void add_row(const std::vector<text::Field>& fields);
  // Appends the rows of `later`, the next chunk's statistics.
  void merge(const TableStats& later);
  std::size_t columns() const { return columns_.size(); }
  std::uint64_t rows() const { return rows_; }
  const ColumnStats& column(std::size_t index) const { return columns_[index]; }

 private:
  std::vector<ColumnStats> columns_;  // as many as the longest row has fields
  std::uint64_t rows_ = 0;
};

struct InferredColumn {
  std::string name;  // unquoted
  std::string type;  // "bigint unsigned", "decimal(12,3)", "varchar(17)"
  bool nullable = false;
  std::string why;  // a short phrase for --verbose: "leading zeros: kept as text"
};

// One column for each of max(stats.columns(), header.size()), named from `header` where it has a usable name
// (empty header: c1, c2, ...). An empty result when there is neither a row nor a header.
std::vector<InferredColumn> infer_columns(const TableStats& stats, const std::vector<std::string>& header);

// CREATE TABLE `database`.`table` (...) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4, one column a line, no keys.
// `columns` must not be empty (MariaDB has no table without columns).
std::string create_table_sql(std::string_view database, std::string_view table,
                             const std::vector<InferredColumn>& columns);

}  // namespace fastload::schema
