#include <cstring>
#include <new>

#include "parquet/metadata.h"
#include "parquet/pages.h"
#include "parquet/parquet.h"

namespace fastload::parquet {

struct File::ChunkMeta : Chunk {};

File::~File() = default;
File::File(File&&) noexcept = default;
File& File::operator=(File&&) noexcept = default;

namespace {

// Deeper than any real schema: a hostile one could otherwise recurse until the stack overflows.
constexpr int max_schema_depth = 64;

struct Flattener {
  const std::vector<SchemaElement>& schema;
  std::vector<Column>& columns;
  std::size_t next = 1;  // schema[0] is the root

  // The element at `next` and its children; `path` its parents' names, `nested` whether one is a group or
  // repeated.
  void element(const std::string& path, bool nested, int depth) {
    if (next >= schema.size()) throw Failure(ExitCode::input, "its schema lists fewer elements than its groups hold");
    if (depth > max_schema_depth) throw Failure(ExitCode::input, "its schema nests deeper than 64 levels");
    const SchemaElement& e = schema[next++];
    std::string name = path.empty() ? e.name : path + "." + e.name;
    bool repeated = e.repetition == 2;
    if (e.num_children > 0 || e.type < 0) {
      if (e.num_children < 0 || static_cast<std::size_t>(e.num_children) > schema.size() - next)
        throw Failure(ExitCode::input, "its schema's group " + name + " has more children than the schema lists");
      for (int i = 0; i < e.num_children; ++i) element(name, true, depth + 1);
      return;
    }
    if (e.type > 7) throw Failure(ExitCode::input, "its column " + name + " has an unknown physical type " + std::to_string(e.type));
    Column c;
    c.name = std::move(name);
    c.physical = static_cast<Physical>(e.type);
    c.type_length = e.type_length;
    c.logical = e.has_logical ? e.logical : logical_of_converted(e.converted, e.precision, e.scale);
    if (c.logical.kind == Logical::Kind::decimal && !e.has_logical) {
      c.logical.precision = e.precision;
      c.logical.scale = e.scale;
    }
    c.optional = e.repetition == 1;
    c.nested = nested || repeated;
    if (c.physical == Physical::fixed_len_byte_array && c.type_length <= 0)
      throw Failure(ExitCode::input, "its column " + c.name + " is a FIXED_LEN_BYTE_ARRAY of length " + std::to_string(c.type_length));
    columns.push_back(std::move(c));
  }
};

std::uint32_t le32(std::string_view bytes, std::size_t at) {
  std::uint32_t v;
  std::memcpy(&v, bytes.data() + at, 4);
  return v;
}

// The schema's leaves. Throws Failure(ExitCode::input) saying what is wrong (the caller names the file).
std::vector<Column> flatten(const FileMeta& meta) {
  if (meta.schema.empty()) throw Failure(ExitCode::input, "no schema");
  std::vector<Column> columns;
  Flattener flattener{meta.schema, columns};
  int children = meta.schema[0].num_children;
  if (children < 0 || static_cast<std::size_t>(children) > meta.schema.size() - 1)
    throw Failure(ExitCode::input, "its schema's root has more children than the schema lists");
  for (int i = 0; i < children; ++i) flattener.element("", false, 1);
  return columns;
}

}  // namespace

std::size_t footer_span(std::string_view tail) {
  if (tail.size() < 8 || tail.substr(tail.size() - 4) != "PAR1") return 0;
  return std::size_t{le32(tail, tail.size() - 8)} + 8;
}

std::vector<Column> footer_columns(std::string_view tail, const std::string& name) {
  const std::size_t span = footer_span(tail);
  if (span == 0 || span > tail.size())
    throw Failure(ExitCode::input, name + ": not a Parquet file (no \"PAR1\" at its end), or truncated: check the "
                                          "file and its format");
  try {
    return flatten(read_file_meta(tail.substr(tail.size() - span, span - 8)));
  } catch (const Failure& f) {
    throw Failure(ExitCode::input, name + ": its footer is damaged: " + f.what() + "; write the file again");
  }
}

File::File(std::string_view bytes, std::string name) : bytes_(bytes), name_(std::move(name)) {
  auto fail = [&](const std::string& what) { throw Failure(ExitCode::input, name_ + ": " + what); };
  if (bytes.size() < 12 || bytes.substr(0, 4) != "PAR1" ||
      (bytes.substr(bytes.size() - 4) != "PAR1" && bytes.substr(bytes.size() - 4) != "PARE"))
    fail("not a Parquet file (no \"PAR1\" at its start and end), or truncated: check the file and its format");
  if (bytes.substr(bytes.size() - 4) == "PARE") fail("an encrypted Parquet file, which fastload does not read: write it unencrypted");
  std::uint32_t footer = le32(bytes, bytes.size() - 8);
  if (footer > bytes.size() - 12)
    fail("its footer's length (" + std::to_string(footer) + " bytes) is more than the file holds: the file is damaged or truncated; write it again");
  std::size_t footer_at = bytes.size() - 8 - footer;
  FileMeta meta;
  try {
    meta = read_file_meta(bytes.substr(footer_at, footer));
    columns_ = flatten(meta);
  } catch (const Failure& f) {
    fail("its footer (at byte " + std::to_string(footer_at) + ") is damaged: " + f.what() + "; write the file again");
  }
  created_by_ = meta.created_by;
  if (meta.num_rows < 0) fail("its footer gives a negative row count");
  rows_ = static_cast<std::uint64_t>(meta.num_rows);
  std::uint64_t total = 0;
  for (std::size_t g = 0; g < meta.row_groups.size(); ++g) {
    const RowGroupMeta& group = meta.row_groups[g];
    std::string where = "row group " + std::to_string(g);
    if (group.columns.size() != columns_.size())
      fail(where + " has " + std::to_string(group.columns.size()) + " column chunks for " + std::to_string(columns_.size()) + " columns: the file is damaged; write it again");
    if (group.num_rows < 0) fail(where + " has a negative row count: the file is damaged; write it again");
    RowGroup rg;
    rg.rows = static_cast<std::uint64_t>(group.num_rows);
    rg.begin = footer_at;
    auto& chunks = chunks_.emplace_back();
    for (std::size_t c = 0; c < group.columns.size(); ++c) {
      const ColumnMeta& m = group.columns[c];
      std::int64_t begin = m.data_page_offset;
      if (m.dictionary_page_offset > 0 && m.dictionary_page_offset < begin) begin = m.dictionary_page_offset;
      if (begin < 4 || m.total_compressed_size < 0 || std::uint64_t(begin) > footer_at ||
          std::uint64_t(m.total_compressed_size) > footer_at - std::uint64_t(begin))
        fail(where + ", column " + columns_[c].name + ": its column chunk lies outside the file's data: the file is damaged or truncated; write it again");
      if (m.type != static_cast<int>(columns_[c].physical))
        fail(where + ", column " + columns_[c].name + ": its column chunk's type is not its schema's: the file is damaged; write it again");
      ChunkMeta chunk;
      chunk.codec = m.codec;
      chunk.begin = static_cast<std::uint64_t>(begin);
      chunk.end = chunk.begin + static_cast<std::uint64_t>(m.total_compressed_size);
      chunk.rows = rg.rows;
      rg.begin = std::min(rg.begin, chunk.begin);
      rg.end = std::max(rg.end, chunk.end);
      chunks.push_back(chunk);
    }
    if (group.columns.empty()) rg.begin = rg.end = 0;
    total += rg.rows;
    row_groups_.push_back(rg);
  }
  if (total != rows_) fail("its row groups hold " + std::to_string(total) + " rows where its footer says " + std::to_string(rows_) + ": the file is damaged; write it again");
}

void File::read_values(std::size_t group, std::size_t column, Values& out) const {
  if (group >= row_groups_.size() || column >= columns_.size())
    throw Failure(ExitCode::internal, name_ + ": no row group " + std::to_string(group) + ", column " + std::to_string(column));
  const Column& c = columns_[column];
  std::string where = name_ + ": row group " + std::to_string(group) + ", column " + c.name;
  if (c.nested)
    throw Failure(ExitCode::input, name_ + ": column " + c.name + " is nested (a list, map or struct): fastload reads flat "
                                   "columns only; write its values into flat columns (e.g. with DuckDB: COPY (SELECT "
                                   "... UNNEST ...) TO ... (FORMAT parquet)) and load that file");
  std::uint64_t page_at = chunks_[group][column].begin;
  try {
    read_chunk(bytes_, chunks_[group][column], c, out, page_at);
  } catch (const Failure& f) {
    throw f.with_message(where + ", page at byte " + std::to_string(page_at) + ": " + f.what());
  } catch (const std::bad_alloc&) {  // sizes a damaged file claims, past the memory there is
    throw Failure(ExitCode::input, where + ", page at byte " + std::to_string(page_at) +
                                       ": its values need more memory than there is: the file is damaged, or "
                                       "its row groups are too large; write it with smaller row groups");
  }
}

}  // namespace fastload::parquet
