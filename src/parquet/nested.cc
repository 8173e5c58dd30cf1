// A nested field's rows reassembled from its leaf columns' levels (Dremel's record assembly), written as JSON as
// they are read: each node looks at its first leaf's next entry, whose definition level says whether the node
// (or a list's first element) has a value; a null or empty node takes one entry from each leaf below it, and a
// list goes on while its first leaf's next entry repeats at the list's repetition level.
#include "parquet/encodings.h"
#include "parquet/parquet.h"

namespace fastload::parquet {

namespace {

using Kind = Logical::Kind;

// A map whose keys are text is a JSON object; any other key (a number, a date, bytes) has no object form that
// keeps its type, so such a map is an array of {"key", "value"} objects.
bool text_keys(const Column& key) {
  return key.physical == Physical::byte_array && (key.logical.kind == Kind::string || key.logical.kind == Kind::enum_text);
}

bool is_quoted(const Column& c) {
  switch (c.logical.kind) {
    case Kind::date:
    case Kind::time:
    case Kind::timestamp:
    case Kind::uuid: return true;
    case Kind::decimal:
    case Kind::float16:
    case Kind::integer: return false;
    default: break;
  }
  return c.physical == Physical::int96 || c.physical == Physical::byte_array || c.physical == Physical::fixed_len_byte_array;
}

// Value `k` of leaf column `c` as JSON; `why` set when it has no JSON form.
void append_json(const Column& c, const Values& values, std::uint64_t k, std::string& out, std::string& why) {
  if (c.logical.kind == Kind::unknown) {
    out += "null";
    return;
  }
  if (c.physical == Physical::boolean) {
    out += values.int32s[k] ? "true" : "false";
    return;
  }
  if (!is_quoted(c)) {
    const std::size_t from = out.size();
    append_text(c, values, k, out);
    const char first = out[from] == '-' ? out[from + 1] : out[from];
    if ((first == 'n' || first == 'i') && why.empty())  // nan, inf, -inf
      why = "column " + c.name + " holds " + out.substr(from) +
            ", which JSON has no number for; write it as null, or load it from a flat column";
    return;
  }
  thread_local std::string text;
  text.clear();
  append_text(c, values, k, text);
  if (!is_utf8(text)) {
    if (why.empty())
      why = "column " + c.name + " holds bytes that are not UTF-8, which JSON text cannot hold; write them as a "
            "base64 or hex STRING";
    out += "null";
    return;
  }
  append_json_string(out, text);
}

}  // namespace

void NestedRows::assign(const Field& field, const std::vector<Column>& columns, std::vector<Values> values) {
  field_ = &field;
  first_ = field.shape.column;
  leaves_.resize(field.shape.columns);
  for (std::size_t i = 0; i < leaves_.size(); ++i) {
    leaves_[i].column = &columns[first_ + i];
    leaves_[i].entry = leaves_[i].value = 0;
    leaves_[i].values = std::move(values[i]);
  }
}

void NestedRows::read(const File& file, std::size_t group, std::size_t field) {
  field_ = &file.fields()[field];
  first_ = field_->shape.column;
  leaves_.resize(field_->shape.columns);
  for (std::size_t i = 0; i < leaves_.size(); ++i) {
    Leaf& leaf = leaves_[i];
    leaf.column = &file.columns()[first_ + i];
    leaf.entry = leaf.value = 0;
    file.read_values(group, first_ + i, leaf.values);
  }
}

int NestedRows::definition(const Shape& shape) const {
  const Leaf& leaf = leaves_[shape.column - first_];
  if (leaf.entry >= leaf.values.entries)
    damaged("column " + leaf.column->name + " holds fewer values than the other columns of its field " + field_->name);
  return leaf.values.definition.empty() ? 0 : leaf.values.definition[leaf.entry];
}

int NestedRows::repetition(const Shape& shape) const {
  const Leaf& leaf = leaves_[shape.column - first_];
  if (leaf.entry >= leaf.values.entries) return -1;
  return leaf.values.repetition.empty() ? 0 : leaf.values.repetition[leaf.entry];
}

// A null or empty node: one entry of each leaf below it, none with a value.
void NestedRows::skip(const Shape& shape) {
  for (std::size_t i = shape.column - first_; i < shape.column - first_ + shape.columns; ++i) {
    Leaf& leaf = leaves_[i];
    if (leaf.entry >= leaf.values.entries || leaf.values.definition.empty() ||
        leaf.values.definition[leaf.entry] >= leaf.column->max_definition)
      damaged("column " + leaf.column->name + "'s levels do not fit the other columns of its field " + field_->name);
    ++leaf.entry;
  }
}

bool NestedRows::next(std::string& out, std::string& why) {
  const Shape& shape = field_->shape;
  if (repetition(shape) != 0)
    damaged("the columns of field " + field_->name + " hold " + (repetition(shape) < 0 ? "fewer" : "other") +
            " rows than their row group");
  if (definition(shape) < shape.definition) {
    skip(shape);
    return false;
  }
  value(shape, out, why);
  for (const Leaf& leaf : leaves_)
    if (leaf.entry < leaf.values.entries && !leaf.values.repetition.empty() && leaf.values.repetition[leaf.entry] != 0)
      damaged("column " + leaf.column->name + "'s levels do not fit the other columns of its field " + field_->name);
  return true;
}

void NestedRows::value(const Shape& shape, std::string& out, std::string& why) {
  const int d = definition(shape);
  if (d < shape.definition) {
    skip(shape);
    out += "null";
    return;
  }
  switch (shape.kind) {
    case Shape::Kind::leaf: return leaf(shape, out, why);
    case Shape::Kind::structure:
      out += '{';
      for (std::size_t i = 0; i < shape.children.size(); ++i) {
        if (i) out += ',';
        append_json_string(out, shape.children[i].name);
        out += ':';
        value(shape.children[i], out, why);
      }
      out += '}';
      return;
    case Shape::Kind::list:
    case Shape::Kind::map: {
      const bool object = shape.kind == Shape::Kind::map && shape.children[0].kind == Shape::Kind::leaf &&
                          text_keys(*leaves_[shape.children[0].column - first_].column);
      out += object ? '{' : '[';
      if (d < shape.elements) skip(shape);
      else elements(shape, object, out, why);
      out += object ? '}' : ']';
      return;
    }
  }
}

// A list's or map's elements, the first at the next entry; each after it starts at its repetition level.
// `object`: a map written as a JSON object (its keys text).
void NestedRows::elements(const Shape& shape, bool object, std::string& out, std::string& why) {
  const bool map = shape.kind == Shape::Kind::map;
  bool first = true;
  do {
    if (!first) out += ',';
    first = false;
    if (!map) {
      value(shape.children[0], out, why);
    } else if (object) {
      const std::size_t key_at = out.size();
      value(shape.children[0], out, why);
      if (out.compare(key_at, std::string::npos, "null") == 0 && why.empty())
        why = "field " + field_->name + " holds a map whose key is null, which a JSON object cannot hold";
      out += ':';
      value(shape.children[1], out, why);
    } else {
      out += "{\"key\":";
      value(shape.children[0], out, why);
      out += ",\"value\":";
      value(shape.children[1], out, why);
      out += '}';
    }
  } while (repetition(shape) == shape.repetition);
}

void NestedRows::leaf(const Shape& shape, std::string& out, std::string& why) {
  Leaf& leaf = leaves_[shape.column - first_];
  const int d = definition(shape);
  ++leaf.entry;
  if (d < leaf.column->max_definition) {
    out += "null";
    return;
  }
  append_json(*leaf.column, leaf.values, leaf.value++, out, why);
}

}  // namespace fastload::parquet
