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

bool is_group(const SchemaElement& e) { return e.num_children > 0 || e.type < 0; }

// A group annotated LIST, or MAP (MAP_KEY_VALUE too, which old writers put on a map's group), logical or converted.
bool annotated(const SchemaElement& e, const char* logical, int converted, int legacy = -1) {
  if (e.has_logical && e.logical.kind == Logical::Kind::other && e.logical.name == logical) return true;
  return e.converted == converted || (legacy >= 0 && e.converted == legacy);
}

// The schema's elements (a depth-first list) read into top-level fields' shapes and the leaf columns.
struct SchemaReader {
  const std::vector<SchemaElement>& schema;
  std::vector<Column>& columns;
  std::size_t next = 1;  // schema[0] is the root

  const SchemaElement& take(const std::string& parent, int depth) {
    if (next >= schema.size()) throw Failure(ExitCode::input, "its schema lists fewer elements than its groups hold");
    if (depth > max_schema_depth) throw Failure(ExitCode::input, "its schema nests deeper than 64 levels");
    const SchemaElement& e = schema[next++];
    if (is_group(e) && (e.num_children < 0 || static_cast<std::size_t>(e.num_children) > schema.size() - next))
      throw Failure(ExitCode::input, "its schema's group " + (parent.empty() ? e.name : parent + "." + e.name) +
                                         " has more children than the schema lists");
    return e;
  }

  // Whether the element at `next` is repeated (a list's or map's middle level).
  bool repeated_next() const { return next < schema.size() && schema[next].repetition == 2; }

  // Element `e` (taken) and its children, as a value whose parent is at levels `def` and `rep`; `path` names the
  // parent. `as_required`: e is a list's repeated node standing for its element (2-level lists), so not itself
  // a list.
  Shape node(const SchemaElement& e, const std::string& path, int def, int rep, bool as_required, int depth) {
    const int repetition = as_required ? 0 : e.repetition;
    if (repetition == 2) {  // repeated with no LIST around it: a list of required elements
      Shape list;
      list.kind = Shape::Kind::list;
      list.name = e.name;
      list.definition = def;
      list.repetition = rep + 1;
      list.elements = def + 1;
      list.children.push_back(node(e, path, def + 1, rep + 1, true, depth));
      list.column = list.children[0].column;
      list.columns = list.children[0].columns;
      return list;
    }
    const int d = def + (repetition == 1);
    std::string name = path.empty() ? e.name : path + "." + e.name;
    if (!is_group(e)) return leaf(e, std::move(name), d, rep, path.empty() && e.repetition != 2);
    Shape s;
    s.name = e.name;
    s.definition = d;
    s.column = columns.size();
    if (e.num_children == 1 && repeated_next() && annotated(e, "LIST", 3)) {
      const SchemaElement& r = take(name, depth + 1);
      s.kind = Shape::Kind::list;
      s.repetition = rep + 1;
      s.elements = d + 1;
      // The format's backward-compatibility rules: a repeated group of one field, not named "array" or
      // "<list>_tuple", holds the element; otherwise the repeated node is the element (2-level lists).
      if (is_group(r) && r.num_children == 1 && r.name != "array" && r.name != e.name + "_tuple")
        s.children.push_back(node(take(name + "." + r.name, depth + 2), name + "." + r.name, d + 1, rep + 1, false, depth + 2));
      else
        s.children.push_back(node(r, name, d + 1, rep + 1, true, depth + 1));
    } else if (e.num_children == 1 && repeated_next() && schema[next].num_children == 2 && annotated(e, "MAP", 1, 2)) {
      const SchemaElement& kv = take(name, depth + 1);
      s.kind = Shape::Kind::map;
      s.repetition = rep + 1;
      s.elements = d + 1;
      for (int i = 0; i < 2; ++i)
        s.children.push_back(node(take(name + "." + kv.name, depth + 2), name + "." + kv.name, d + 1, rep + 1, false, depth + 2));
    } else {
      s.kind = Shape::Kind::structure;
      for (int i = 0; i < e.num_children; ++i) s.children.push_back(node(take(name, depth + 1), name, d, rep, false, depth + 1));
    }
    s.columns = columns.size() - s.column;
    if (s.columns == 0) throw Failure(ExitCode::input, "its schema's group " + name + " has no columns");
    return s;
  }

  Shape leaf(const SchemaElement& e, std::string name, int def, int rep, bool flat) {
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
    c.nested = !flat;
    c.max_definition = def;
    c.max_repetition = rep;
    if (c.physical == Physical::fixed_len_byte_array && c.type_length <= 0)
      throw Failure(ExitCode::input, "its column " + c.name + " is a FIXED_LEN_BYTE_ARRAY of length " + std::to_string(c.type_length));
    Shape s;
    s.name = e.name;
    s.definition = def;
    s.column = columns.size();
    columns.push_back(std::move(c));
    return s;
  }

  Field field() {
    const SchemaElement& e = take("", 1);
    Field f;
    f.name = e.name;
    f.nested = is_group(e) || e.repetition == 2;
    f.optional = e.repetition == 1;
    f.shape = node(e, "", 0, 0, false, 1);
    return f;
  }
};

}  // namespace

std::vector<Field> read_schema(const std::vector<SchemaElement>& schema, std::vector<Column>& columns) {
  if (schema.empty()) throw Failure(ExitCode::input, "no schema");
  SchemaReader reader{schema, columns};
  int children = schema[0].num_children;
  if (children < 0 || static_cast<std::size_t>(children) > schema.size() - 1)
    throw Failure(ExitCode::input, "its schema's root has more children than the schema lists");
  std::vector<Field> fields;
  for (int i = 0; i < children; ++i) fields.push_back(reader.field());
  return fields;
}

namespace {

std::uint32_t le32(std::string_view bytes, std::size_t at) {
  std::uint32_t v;
  std::memcpy(&v, bytes.data() + at, 4);
  return v;
}

}  // namespace

std::size_t footer_span(std::string_view tail) {
  if (tail.size() < 8 || tail.substr(tail.size() - 4) != "PAR1") return 0;
  return std::size_t{le32(tail, tail.size() - 8)} + 8;
}

Schema footer_schema(std::string_view tail, const std::string& name) {
  const std::size_t span = footer_span(tail);
  if (span == 0 || span > tail.size())
    throw Failure(ExitCode::input, name + ": not a Parquet file (no \"PAR1\" at its end), or truncated: check the "
                                          "file and its format");
  try {
    Schema schema;
    schema.fields = read_schema(read_file_meta(tail.substr(tail.size() - span, span - 8)).schema, schema.columns);
    return schema;
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
    fields_ = read_schema(meta.schema, columns_);
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
