// A Parquet file's rows as text, a row group at a time: the columns the fields read are decoded (parquet::File;
// a nested field's leaves by parquet::NestedRows, its value written as JSON text), then their rows written out as
// the reads ask for them.
#include <fmt/core.h>

#include <atomic>

#include "input/input.h"
#include "parquet/parquet.h"
#include "text/text.h"
#include "typed/typed.h"

namespace fastload::typed {
namespace {

constexpr std::size_t kOutBytes = 1 << 20;  // text converted at a time

// Whether a column's text may hold a byte LOAD DATA's text escapes (a number's or a date's never does).
bool may_need_escapes(const parquet::Column& c) {
  using K = parquet::Logical::Kind;
  if (c.physical != parquet::Physical::byte_array && c.physical != parquet::Physical::fixed_len_byte_array) return false;
  return c.logical.kind != K::decimal && c.logical.kind != K::uuid && c.logical.kind != K::float16;
}

// The file's top-level field named as `name` is, as the server compares column names; -1 for none.
int field_named(const parquet::File& file, std::string_view name) {
  for (std::size_t f = 0; f < file.fields().size(); ++f)
    if (text::same_name(file.fields()[f].name, name)) return static_cast<int>(f);
  return -1;
}

class ParquetRowsStream final : public input::RowTextStream {
 public:
  ParquetRowsStream(std::unique_ptr<input::ByteStream> inner, const Fields& fields, bool reject_rows,
                    std::shared_ptr<const input::MappedFile> mapped)
      : RowTextStream(*inner), inner_(std::move(inner)), mapped_(std::move(mapped)),
        file_(mapped_->bytes(), inner_->name()), reject_rows_(reject_rows) {
    in_parts();
    map_fields(fields);
  }

  std::uint64_t consumed() const override { return consumed_.load(std::memory_order_relaxed); }

 private:
  struct Source {
    int field = -1;   // the file's top-level field; -1: not in the file (--missing-keys null)
    int column = -1;  // a flat field's column
    bool escape = false;
    parquet::Values values;
    std::unique_ptr<parquet::NestedRows> nested;  // a list, map or struct: its JSON text
  };
  void map_fields(const Fields& fields);
  bool produce() override;
  bool input_verified() const override { return true; }  // Parquet's pages carry no check fastload reads
  std::optional<std::uint64_t> unread_part_rows() const override;
  std::size_t pass_part() override;
  void next_group();
  void write_row();
  void write_nested(Source& source, std::string& text, std::string& why);

  std::unique_ptr<input::ByteStream> inner_;
  std::shared_ptr<const input::MappedFile> mapped_;  // the file, or a remote object's copy
  parquet::File file_;
  std::vector<Source> sources_;  // one a field
  std::size_t group_ = 0;         // the row group being written; row_groups().size() after the last
  std::uint64_t row_ = 0, group_rows_ = 0;  // in it
  std::uint64_t file_row_ = 0;    // rows written before
  std::atomic<std::uint64_t> consumed_{0};
  std::string value_;
  bool reject_rows_;
};

void ParquetRowsStream::map_fields(const Fields& fields) {
  std::vector<bool> named(file_.fields().size());
  for (const std::string& field : fields.names) {
    Source& s = sources_.emplace_back();
    s.field = field_named(file_, field);
    if (s.field < 0 && !fields.missing_null)
      throw Failure(ExitCode::usage, fmt::format(
          "{}: the file has no column {}, which the rows fill; name the file's columns in --columns, or give "
          "--missing-keys null to load NULL into it", name(), text::quote_identifier(field)));
    if (s.field < 0) continue;
    named[s.field] = true;
    const parquet::Field& f = file_.fields()[s.field];
    if (f.nested) {
      s.nested = std::make_unique<parquet::NestedRows>();
      s.escape = true;  // JSON strings' escapes hold '\'
      continue;
    }
    s.column = static_cast<int>(f.shape.column);
    s.escape = may_need_escapes(file_.columns()[s.column]);
  }
  for (std::size_t f = 0; f < named.size(); ++f)
    if (!named[f] && !fields.ignore_unknown)
      throw Failure(ExitCode::usage, fmt::format(
          "{}: the file's column {} is in none of the fields; load it with --columns, or give --unknown-keys "
          "ignore to pass it over", name(), text::quote_identifier(file_.fields()[f].name)));
}

void ParquetRowsStream::next_group() {
  const parquet::RowGroup& g = file_.row_groups()[group_];
  for (Source& s : sources_) {
    if (s.nested) s.nested->read(file_, group_, static_cast<std::size_t>(s.field));
    else if (s.column >= 0) file_.read_values(group_, static_cast<std::size_t>(s.column), s.values);
  }
  row_ = 0;
  group_rows_ = g.rows;
  consumed_.store(std::min<std::uint64_t>(g.end, mapped_->bytes().size()), std::memory_order_relaxed);
}

bool ParquetRowsStream::produce() {
  const std::size_t before = out().size();
  while (out().size() - before < kOutBytes) {
    if (row_ == group_rows_) {
      if (group_ == file_.row_groups().size()) break;
      next_group();
      if (group_rows_ == 0) end_part();  // an empty row group is a part of no rows: the next one's number counts it
      ++group_;
      continue;
    }
    start_row(file_.row_groups()[group_ - 1].begin, file_row_ + 1);
    write_row();
    ++file_row_;
    if (++row_ == group_rows_) {  // a chunk ends with its row group
      end_part();
      break;
    }
  }
  return out().size() > before;
}

// The next row group with rows, none of them written yet (the empty ones before it are passed over with it).
std::optional<std::uint64_t> ParquetRowsStream::unread_part_rows() const {
  const std::vector<parquet::RowGroup>& groups = file_.row_groups();
  if (row_ != group_rows_) return std::nullopt;
  std::size_t g = group_;
  while (g < groups.size() && groups[g].rows == 0) ++g;
  if (g == groups.size()) return std::nullopt;
  return groups[g].rows;
}

std::size_t ParquetRowsStream::pass_part() {
  const std::vector<parquet::RowGroup>& groups = file_.row_groups();
  std::size_t passed = 1;
  for (; groups[group_].rows == 0; ++group_) ++passed;
  const parquet::RowGroup& g = groups[group_++];
  file_row_ += g.rows;
  row_ = group_rows_ = 0;
  consumed_.store(std::min<std::uint64_t>(g.end, mapped_->bytes().size()), std::memory_order_relaxed);
  return passed;
}

void ParquetRowsStream::write_row() {
  std::string& text = out();
  const std::size_t row_at = text.size();
  std::string why;
  for (std::size_t f = 0; f < sources_.size(); ++f) {
    if (f) text += '\t';
    Source& s = sources_[f];
    if (s.nested) {
      write_nested(s, text, why);
    } else if (s.column < 0 || s.values.is_null(row_)) {
      text += "\\N";
    } else if (!s.escape) {
      parquet::append_text(file_.columns()[s.column], s.values, row_, text);
    } else {
      value_.clear();
      parquet::append_text(file_.columns()[s.column], s.values, row_, value_);
      input::append_escaped(text, value_);
    }
  }
  if (why.empty()) {
    text += '\n';
    return;
  }
  // A value JSON cannot hold: the row is refused (the load names it by its row in the file and its row group).
  if (!reject_rows_)
    throw Failure(ExitCode::rejected, fmt::format("{}: row {} (row group {}): {}; or give --max-errors to load the "
                                                  "other rows and leave such rows out", name(), file_row_ + 1,
                                                  group_ - 1, why));
  text.resize(row_at);
  refuse_row(sources_.size(), why);
}

// A nested field's value as its JSON text; `why` set when the row is refused.
void ParquetRowsStream::write_nested(Source& s, std::string& text, std::string& why) {
  value_.clear();
  std::string refused;
  try {
    if (!s.nested->next(value_, refused)) {
      text += "\\N";
      return;
    }
  } catch (const Failure& f) {
    throw f.with_message(fmt::format("{}: row group {}, column {}: {}", name(), group_ - 1,
                                     file_.fields()[s.field].name, f.what()));
  }
  if (!refused.empty() && why.empty()) why = refused;
  input::append_escaped(text, value_);
}

}  // namespace

namespace {

std::string integer_type(int bits, bool is_signed) {
  const char* name = bits <= 8 ? "tinyint" : bits <= 16 ? "smallint" : bits <= 32 ? "int" : "bigint";
  return is_signed ? name : std::string(name) + " unsigned";
}

// The narrowest column type that stores every value of `c` exactly (MariaDB's), or "" for the values to decide.
std::string sql_type(const parquet::Column& c) {
  using K = parquet::Logical::Kind;
  using P = parquet::Physical;
  const parquet::Logical& l = c.logical;
  const int fraction = l.unit == parquet::TimeUnit::millis ? 3 : 6;
  switch (l.kind) {
    case K::integer: return integer_type(l.bit_width, l.is_signed);
    case K::decimal:
      return l.precision >= 1 && l.precision <= 65 && l.scale >= 0 && l.scale <= 38 && l.scale <= l.precision
                 ? fmt::format("decimal({},{})", l.precision, l.scale) : "";
    case K::date: return "date";
    case K::time: return fmt::format("time({})", fraction);
    case K::timestamp: return fmt::format("datetime({})", fraction);
    case K::json: return "json";
    case K::bson: return "longblob";
    case K::float16: return "float";
    case K::none: break;
    default: return "";  // text (string, enum, uuid): its width from its values
  }
  switch (c.physical) {
    case P::boolean: return "boolean";
    case P::int32: return "int";
    case P::int64: return "bigint";
    case P::int96: return "datetime(6)";
    case P::float32: return "float";
    case P::float64: return "double";
    case P::fixed_len_byte_array:
      return c.type_length >= 1 && c.type_length <= 255 ? fmt::format("binary({})", c.type_length) : "longblob";
    default: return "longblob";  // bytes of no logical type
  }
}

// Numbers (integers, decimals, floats) and booleans keep their JSON types in a rejects line; the rest (dates,
// times, text, bytes) are strings.
JsonKind json_kind(const parquet::Column& c) {
  using K = parquet::Logical::Kind;
  using P = parquet::Physical;
  switch (c.logical.kind) {
    case K::integer: case K::decimal: case K::float16: return JsonKind::number;
    case K::none: break;
    default: return JsonKind::string;
  }
  switch (c.physical) {
    case P::boolean: return JsonKind::boolean;
    case P::int32: case P::int64: case P::float32: case P::float64: return JsonKind::number;
    default: return JsonKind::string;
  }
}

// A schema's top-level fields as the plan's columns: a list, map or struct its value's JSON text.
std::vector<ParquetColumn> columns_of(const std::vector<parquet::Field>& fields, const std::vector<parquet::Column>& columns) {
  std::vector<ParquetColumn> out;
  for (const parquet::Field& f : fields) {
    if (f.nested) {
      out.push_back({f.name, false, f.optional, "json", JsonKind::json});
      continue;
    }
    const parquet::Column& c = columns[f.shape.column];
    using K = parquet::Logical::Kind;
    const bool utc = c.physical == parquet::Physical::int96 || (c.logical.kind == K::timestamp && c.logical.utc);
    out.push_back({c.name, utc, c.optional, sql_type(c), json_kind(c)});
  }
  return out;
}

}  // namespace

std::vector<ParquetColumn> parquet_columns(std::string_view bytes, const std::string& name) {
  const parquet::File file(bytes, name);
  return columns_of(file.fields(), file.columns());
}

std::size_t parquet_footer_span(std::string_view tail) { return parquet::footer_span(tail); }

std::vector<ParquetColumn> parquet_footer_columns(std::string_view tail, const std::string& name) {
  const parquet::Schema schema = parquet::footer_schema(tail, name);
  return columns_of(schema.fields, schema.columns);
}

std::shared_ptr<const input::MappedFile> parquet_bytes(std::unique_ptr<input::ByteStream> stream, const std::string& tmpdir) {
  check_place(Format::parquet, *stream);
  if (stream->random_access()) return std::make_shared<input::MappedFile>(stream->name());
  input::SpillFile copy(tmpdir);  // unnamed: it goes with the process; the mapping outlives it
  std::string block(std::size_t{4} << 20, '\0');
  while (std::size_t n = stream->read(block.data(), block.size())) copy.append(std::string_view(block.data(), n));
  return std::make_shared<input::MappedFile>(copy, stream->name());
}

std::unique_ptr<input::ByteStream> parquet_rows(std::unique_ptr<input::ByteStream> inner, const Fields& fields,
                                                bool reject_rows, std::shared_ptr<const input::MappedFile> bytes) {
  if (!bytes) throw internal_error(fmt::format("{}: a Parquet input's bytes were not read first", inner->name()));
  return std::make_unique<ParquetRowsStream>(std::move(inner), fields, reject_rows, std::move(bytes));
}

}  // namespace fastload::typed
