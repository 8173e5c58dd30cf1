// The footer's structs (parquet.thrift's FileMetaData and what it holds) and the page header, as far as a flat
// reader needs them, read from Thrift's compact protocol (thrift.h). Field ids are parquet.thrift's.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "parquet/parquet.h"

namespace fastload::parquet {

struct SchemaElement {
  int type = -1;  // Physical, or -1 for a group
  int type_length = 0;
  int repetition = 0;  // 0 required, 1 optional, 2 repeated
  std::string name;
  int num_children = 0;
  int converted = -1;  // ConvertedType, -1 when absent
  int scale = 0, precision = 0;
  bool has_logical = false;
  Logical logical;
};

struct ColumnMeta {
  int type = -1;
  std::vector<std::string> path;
  int codec = 0;
  std::int64_t num_values = 0;
  std::int64_t total_compressed_size = 0;
  std::int64_t data_page_offset = -1;
  std::int64_t dictionary_page_offset = -1;  // -1: none
};

struct RowGroupMeta {
  std::vector<ColumnMeta> columns;
  std::int64_t num_rows = 0;
};

struct FileMeta {
  std::vector<SchemaElement> schema;
  std::int64_t num_rows = 0;
  std::vector<RowGroupMeta> row_groups;
  std::string created_by;
};

// PageType.
namespace page_type {
constexpr int data = 0, index = 1, dictionary = 2, data_v2 = 3;
}

struct PageHeader {
  int type = -1;
  std::int32_t uncompressed_size = -1, compressed_size = -1;
  std::int32_t num_values = -1;  // of the data or dictionary page header present
  int encoding = -1;
  int definition_encoding = -1, repetition_encoding = -1;  // v1
  std::int32_t num_nulls = 0, num_rows = -1;  // v2
  std::int32_t definition_bytes = 0, repetition_bytes = 0;  // v2
  bool is_compressed = true;  // v2
  bool has_kind = false;  // the header for its page type was there
};

// Throw Failure with a message saying what is wrong and where in `bytes` (the caller names the file).
FileMeta read_file_meta(std::string_view bytes);
// Reads the header at the start of `bytes`; `size` is set to the header's length.
PageHeader read_page_header(std::string_view bytes, std::size_t& size);

// The schema's top-level fields, its leaf columns appended to `columns` (Failure for a schema that does not hold
// together).
std::vector<Field> read_schema(const std::vector<SchemaElement>& schema, std::vector<Column>& columns);

// The logical type a legacy ConvertedType stands for (kind none when it adds nothing the reader uses).
Logical logical_of_converted(int converted, int precision, int scale);

}  // namespace fastload::parquet
