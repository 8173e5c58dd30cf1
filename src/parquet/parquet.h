// Parquet files read without a Parquet library (Debian 12 has none): the footer's metadata in Thrift's compact
// protocol, each column chunk's pages (data pages v1 and v2, dictionary pages) decompressed by the codec's own
// library (SNAPPY, GZIP, ZSTD, LZ4_RAW, BROTLI) and decoded (PLAIN, RLE/bit-packed levels and booleans,
// dictionary, DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY, BYTE_STREAM_SPLIT), into one dense
// array of physical values a column, and those values written as the text the server reads back into the same
// value (value_text.h). A top-level field that is a list, map or struct (nested) is read from its leaf columns'
// repetition and definition levels and written as the JSON text of its value, a row at a time (nested.cc).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/base.h"

namespace fastload::parquet {

// The physical types, numbered as parquet.thrift's Type.
enum class Physical : std::uint8_t {
  boolean = 0,
  int32 = 1,
  int64 = 2,
  int96 = 3,
  float32 = 4,
  float64 = 5,
  byte_array = 6,
  fixed_len_byte_array = 7,
};

enum class TimeUnit : std::uint8_t { millis, micros, nanos };

// What the values mean: the schema's LogicalType, or its legacy ConvertedType read as the LogicalType it stands
// for (UTF8 -> string, TIMESTAMP_MILLIS -> timestamp millis UTC, INT_8 -> integer 8 signed, ...).
struct Logical {
  enum class Kind : std::uint8_t {
    none,       // the physical type alone (a BYTE_ARRAY without one is bytes; an INT96 is a timestamp)
    string,     // UTF-8 text (STRING, UTF8)
    enum_text,  // ENUM: UTF-8 text
    json,       // JSON text
    bson,       // bytes
    uuid,       // FIXED_LEN_BYTE_ARRAY(16)
    decimal,    // precision, scale
    date,       // INT32 days since 1970-01-01
    time,       // unit, utc
    timestamp,  // unit, utc
    integer,    // bit_width, is_signed
    float16,    // FIXED_LEN_BYTE_ARRAY(2)
    unknown,    // UNKNOWN/NULL: every value is null
    other,      // a logical type this reader does not know (named in `name`)
  };
  Kind kind = Kind::none;
  int precision = 0, scale = 0;  // decimal
  TimeUnit unit = TimeUnit::micros;
  bool utc = false;       // time and timestamp: isAdjustedToUTC
  int bit_width = 0;      // integer: 8, 16, 32, 64
  bool is_signed = true;  // integer
  std::string name;       // other: the type's name in parquet.thrift, for messages
};

// A leaf column of the schema.
struct Column {
  std::string name;  // its own name; a nested column's is its path, joined by '.'
  Physical physical = Physical::byte_array;
  int type_length = 0;  // FIXED_LEN_BYTE_ARRAY's size in bytes
  Logical logical;
  bool optional = false;  // may hold nulls (max definition level 1)
  bool nested = false;    // inside a group, or repeated: its levels are read with its values (Values' levels)
  int max_definition = 0, max_repetition = 0;  // its levels' largest values
};

// A top-level field's shape, for writing a nested one's values as JSON: its schema tree with each node's levels
// (Dremel's: the definition level counts the optional and repeated nodes on the path that have a value, the
// repetition level the repeated ones), legacy list and map forms read as the Parquet format's compatibility
// rules say.
struct Shape {
  enum class Kind : std::uint8_t { leaf, structure, list, map };
  Kind kind = Kind::leaf;
  std::string name;                // its field name (a struct's keys)
  int definition = 0;              // at and above this definition level it is not null
  int repetition = 0;              // list and map: its repeated node's repetition level
  int elements = 0;                // list and map: at and above this definition level it has an element
  std::size_t column = 0;          // leaf: its column; else its first leaf's, whose levels stand for its own
  std::size_t columns = 1;         // its leaf columns: [column, column + columns)
  std::vector<Shape> children;     // struct: its fields; list: the element; map: the key and the value
};

// A top-level field of the schema: one flat column, or a list, map or struct over its leaf columns.
struct Field {
  std::string name;
  bool nested = false;  // a list, map or struct: its value is written as JSON text (NestedRows)
  bool optional = false;
  Shape shape;
};

// One row group: its rows, and the bytes its column chunks cover (for progress and for chunk identity).
struct RowGroup {
  std::uint64_t rows = 0;
  std::uint64_t begin = 0, end = 0;  // byte offsets in the file: the lowest chunk start, one past the highest end
};

// One column of one row group, decoded: row i's value at index i of the array its physical type uses (a null
// row's entry is zero or empty); `present` says which rows have a value (empty when the column is required).
// A nested column's values are dense instead (value k at index k, nulls left out) and its levels say where each
// belongs: one entry a value, a null or an empty list, in `repetition` and `definition`.
struct Values {
  Physical physical = Physical::byte_array;
  std::uint64_t rows = 0;
  std::vector<std::uint8_t> present;  // 1: a value, 0: null; empty: every row has one
  std::vector<std::int32_t> int32s;   // int32 (and boolean: 0 or 1)
  std::vector<std::int64_t> int64s;   // int64
  std::vector<float> floats;          // float32
  std::vector<double> doubles;        // float64
  // byte_array, fixed_len_byte_array and int96 (12 bytes each): row i is bytes[offsets[i], offsets[i + 1]).
  std::string bytes;
  std::vector<std::uint32_t> offsets;
  std::vector<std::uint8_t> repetition, definition;  // a nested column's levels (empty when its maximum is 0)
  std::uint64_t entries = 0;                          // a nested column's level entries

  bool is_null(std::uint64_t row) const { return !present.empty() && !present[row]; }
  std::string_view bytes_of(std::uint64_t row) const {
    return std::string_view(bytes).substr(offsets[row], offsets[row + 1] - offsets[row]);
  }
};

// "BOOLEAN", "INT32", ... as parquet.thrift names the physical types, for messages.
std::string physical_name(Physical physical);

// How many of a Parquet file's last bytes hold its footer (the footer, its length and "PAR1"), read from `tail`,
// its last bytes (at least 8); 0 when `tail` is not the end of a Parquet file.
std::size_t footer_span(std::string_view tail);
// A file's schema: its top-level fields and its leaf columns (File::fields(), File::columns()).
struct Schema {
  std::vector<Field> fields;
  std::vector<Column> columns;
};
// The schema of the file whose last bytes are `tail` (footer_span() of them at least), read before the file is
// read whole (a remote object's). Throws Failure(ExitCode::input) naming `name` as File's constructor.
Schema footer_schema(std::string_view tail, const std::string& name);

class File {
 public:
  // `bytes` is the whole file (mapped; it must outlive the File), `name` names it in messages. Throws
  // Failure(ExitCode::input) naming the file when it is not Parquet ("PAR1" at both ends) or its footer is
  // damaged or truncated.
  File(std::string_view bytes, std::string name);

  const std::string& name() const { return name_; }
  const std::vector<Column>& columns() const { return columns_; }  // the leaves
  const std::vector<Field>& fields() const { return fields_; }      // the top-level fields
  const std::vector<RowGroup>& row_groups() const { return row_groups_; }
  std::uint64_t rows() const { return rows_; }
  // The footer's created_by ("parquet-cpp-arrow version 15.0.0", "DuckDB version ..."), for messages.
  const std::string& created_by() const { return created_by_; }

  // Decodes column `column` of row group `group` into `out` (its arrays reused). Throws
  // Failure(ExitCode::input) naming the file, the row group, the column and the page's byte offset for damaged
  // data, or a codec or encoding it does not read.
  void read_values(std::size_t group, std::size_t column, Values& out) const;

 private:
  struct ChunkMeta;  // a column chunk's metadata (its codec, offsets, value count)
  std::string_view bytes_;
  std::string name_;
  std::vector<Column> columns_;
  std::vector<Field> fields_;
  std::vector<RowGroup> row_groups_;
  std::vector<std::vector<ChunkMeta>> chunks_;  // [group][column]
  std::uint64_t rows_ = 0;
  std::string created_by_;

 public:
  ~File();
  File(File&&) noexcept;
  File& operator=(File&&) noexcept;
};

// Appends the value of non-null row `row` of `values` (a chunk of `column`) to `out` as the text the server reads
// back into the same value (value_text.h says how each type is written). Throws Failure(ExitCode::input) for a
// value no text can stand for (a DECIMAL of negative scale).
void append_text(const Column& column, const Values& values, std::uint64_t row, std::string& out);

// A nested field's rows of one row group, written as JSON text in turn: a struct as an object of its fields in
// schema order, a list as an array, a map as an object when its keys are text (else an array of {"key", "value"}
// objects), null where a level says so; a leaf as a number (integers, DECIMAL, floats: value_text.h's text), true
// or false, or a string (text, dates, times, timestamps, UUIDs: value_text.h's text; bytes when they are UTF-8).
class NestedRows {
 public:
  // Decodes the field's leaf columns of row group `group` (File::read_values' Failures).
  void read(const File& file, std::size_t group, std::size_t field);
  // The next row's value appended to `out` as JSON; false when the field is NULL (nothing appended). A value
  // JSON has no form for (NaN, infinity, bytes that are not UTF-8) sets `why` to say which and what to do, the
  // row's other values still read. Throws Failure(ExitCode::input) when the levels do not fit the schema.
  bool next(std::string& out, std::string& why);
  // read() over values already decoded: `columns` the file's, `values` the field's leaves' in order (tests).
  void assign(const Field& field, const std::vector<Column>& columns, std::vector<Values> values);

 private:
  struct Leaf {
    const Column* column = nullptr;
    Values values;
    std::uint64_t entry = 0, value = 0;  // the next entry and the next value
  };
  int definition(const Shape& shape) const;
  int repetition(const Shape& shape) const;
  void skip(const Shape& shape);
  void value(const Shape& shape, std::string& out, std::string& why);
  void elements(const Shape& shape, bool object, std::string& out, std::string& why);
  void leaf(const Shape& shape, std::string& out, std::string& why);

  const Field* field_ = nullptr;
  std::vector<Leaf> leaves_;  // the field's columns, leaves_[0] its first
  std::size_t first_ = 0;     // the field's first column
};

}  // namespace fastload::parquet
