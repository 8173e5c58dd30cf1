// A table's partitioning, reproduced on the client: which partition the
// server puts a row in, computed from the values LOAD DATA reads for the
// partitioning columns. For loading each partition's rows straight into the
// server that holds it, where a row routed otherwise than the server would
// route it is silently on the wrong shard: whatever fastload cannot
// reproduce exactly is refused, the whole table by describe() or one row by
// route().
//
// Reproduced as MariaDB computes it (sql_partition.cc): HASH and LINEAR HASH
// of an integer column (the partition function value modulo the partition
// count, made positive; or masked by the next power of two); RANGE and LIST
// of an integer column (in the column's signed or unsigned order); RANGE
// COLUMNS and LIST COLUMNS of integer, DATE and DATETIME columns (tuples
// compared column by column, NULL below every value, MAXVALUE above).
//
// Reasons and messages are plain sentences without the "fastload:" prefix,
// for the caller to embed in its own message.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "shard/column_value.h"
#include "text/text.h"

namespace fastload::shard {

// One row of
//   SELECT PARTITION_NAME, PARTITION_METHOD, SUBPARTITION_METHOD, PARTITION_EXPRESSION,
//          PARTITION_DESCRIPTION, PARTITION_ORDINAL_POSITION
//   FROM information_schema.PARTITIONS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?
//   ORDER BY PARTITION_ORDINAL_POSITION, SUBPARTITION_ORDINAL_POSITION
// with SQL NULL as nullopt. A table without partitions has one row of NULLs.
struct PartitionRow {
  std::optional<std::string> name;
  std::optional<std::string> method;              // "HASH", "LINEAR HASH", "RANGE COLUMNS", "KEY", ...
  std::optional<std::string> subpartition_method;
  std::optional<std::string> expression;          // "`id`", "`a`,`b`", "year(`ts`)"
  std::optional<std::string> description;         // "100", "MAXVALUE", "NULL,1", "(1,'2020-01-01'),(2,NULL)"
  std::optional<std::uint64_t> ordinal;           // 1-based
};

// One row of
//   SELECT COLUMN_NAME, DATA_TYPE, COLUMN_TYPE, IS_NULLABLE, EXTRA FROM information_schema.COLUMNS
//   WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION
struct ColumnRow {
  std::string name;
  std::string data_type;    // "int", "bigint", "date", "varchar", ...
  std::string column_type;  // "int(10) unsigned", "datetime(3)", ...
  bool nullable = true;     // IS_NULLABLE = 'YES'
  std::string extra;        // "auto_increment", "VIRTUAL GENERATED", ...
};

enum class Method { kHash, kLinearHash, kRange, kList, kRangeColumns, kListColumns };

// A column the partitioning reads, in the order route() takes their values.
struct PartitionColumn {
  std::string name;          // as the table spells it
  std::size_t table_index;   // its position among the ColumnRows describe() was given
  ColumnType type;
  bool nullable = true;
  bool auto_increment = false;  // the server makes up its value for NULL and 0
};

// Why a row is not given a partition.
struct RowRefusal {
  enum class Kind {
    kNoPartition,  // the server has no partition for it either: its error 1526, in its words
    kValue,        // a field fastload does not convert exactly as the server would (the server may refuse it too)
  };
  Kind kind;
  std::string message;  // e.g. "Table has no partition for value 100"
};

// The partition's 0-based ordinal position, or why there is none.
using RowRoute = std::variant<std::uint32_t, RowRefusal>;

class Partitioning {
 public:
  Method method() const { return method_; }
  // The partitions' names, by ordinal position.
  const std::vector<std::string>& partitions() const { return partitions_; }
  const std::vector<PartitionColumn>& columns() const { return columns_; }

  // The partition of a row whose partitioning columns LOAD DATA reads from
  // `values` (one field a column, in columns() order: the value after
  // unescaping, or NULL), as the server computes it when it stores those
  // fields into the columns directly (no SET). Allocates only to refuse, and
  // keeps no state: threads may share one Partitioning.
  // NULL: HASH as the server's NULL (-2^63), LINEAR HASH partition 0, RANGE
  // the first partition, LIST the partition that lists NULL. Throws
  // internal_error (a bug) when `values` does not hold a field a column.
  RowRoute route(std::span<const text::Field> values) const;

 private:
  static constexpr std::size_t kMaxColumns = 16;  // the server's limit too

  friend class Describer;  // describe()
  Partitioning() = default;

  std::optional<RowRefusal> read(const text::Field& field, const PartitionColumn& column, Element& out) const;
  RowRoute route_hash(const Element& value) const;
  RowRoute route_range(std::span<const Element> row) const;
  RowRoute route_list(std::span<const Element> row) const;
  RowRefusal no_partition(std::span<const Element> row) const;
  std::span<const Element> tuple(std::size_t index) const;

  Method method_ = Method::kHash;
  std::vector<std::string> partitions_;
  std::vector<PartitionColumn> columns_;
  // RANGE: each partition's bound, columns_.size() elements a partition.
  // LIST: the listed tuples in ascending order, with owners_ their partitions.
  std::vector<Element> tuples_;
  std::vector<std::uint32_t> owners_;
  std::uint64_t linear_mask_ = 0;  // LINEAR HASH: the next power of two of the partition count, minus one
  // RANGE: information_schema writes the bound 9223372036854775807 as
  // MAXVALUE too, so values from that key up are refused when the last
  // partition says MAXVALUE (a bound there would leave them without one).
  std::optional<std::uint64_t> ambiguous_from_;
};

// Why fastload cannot route rows the way the server partitions the table,
// e.g. "it is partitioned BY KEY, whose hash fastload does not reproduce".
struct Unsupported {
  std::string reason;
};

// The table's partitioning from what information_schema says of it.
std::variant<Partitioning, Unsupported> describe(std::span<const PartitionRow> partitions,
                                                 std::span<const ColumnRow> columns);

}  // namespace fastload::shard
