// Typed inputs (Parquet, JSON lines): their format decided, their fields mapped to the table's columns by name,
// their rows read as LOAD DATA's default text (typed/typed.h), which the load then treats as any text.
#include <algorithm>
#include <fmt/core.h>
#include <sys/stat.h>

#include "remote/remote.h"
#include "run/state.h"
#include "text/text.h"
#include "typed/typed.h"

namespace fastload::run {
namespace {

typed::Format as_typed(request::InputFormat f) {
  switch (f) {
    case request::InputFormat::parquet: return typed::Format::parquet;
    case request::InputFormat::json_lines: return typed::Format::json_lines;
    default: return typed::Format::text;
  }
}

request::InputFormat as_requested(typed::Format f) {
  switch (f) {
    case typed::Format::parquet: return request::InputFormat::parquet;
    case typed::Format::json_lines: return request::InputFormat::json_lines;
    default: return request::InputFormat::text;
  }
}

// Bytes [at, at + n) of `object`, fewer at its end: one ranged request.
std::string read_range(const remote::Object& object, std::uint64_t at, std::uint64_t n) {
  const std::uint64_t size = object.info().size;
  std::string bytes(std::min(n, size - std::min(at, size)), '\0');
  if (!bytes.empty()) object.read(at, bytes.size(), bytes.data());
  return bytes;
}

// A remote object's format by its first bytes (one small ranged request, not a stream's read-ahead) and its name:
// compressed data by its name alone (a .jsonl.gz).
typed::Format detect_remote(const std::string& url) {
  const std::string head = read_range(remote::Object(url), 0, input::kMagicBytes);
  return typed::detect_format(url, input::detect_format(head) == input::Format::plain ? head.substr(0, 4) : "");
}

}  // namespace

// The format of input `path` by its first bytes and its name. Only a place that gives the same bytes when opened
// again is read here, a regular file or a remote object: a pipe's (a FIFO, standard input) first bytes would be
// taken from the load, so a pipe goes by its name alone (none for standard input: text).
typed::Format detect(const std::string& path) {
  struct stat st {};
  if (remote::is_url(path)) return detect_remote(path);
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return typed::detect_format(path, {});
  std::unique_ptr<input::ByteStream> stream = input::open_stream(path, {1});
  char first[4] = {};
  std::size_t n = stream->format() == input::Format::plain ? stream->read(first, sizeof first) : 0;
  return typed::detect_format(path, std::string_view(first, n));
}

typed::Format format_of(const plan::TablePlan& options, const std::string& path) {
  return options.format == request::InputFormat::automatic ? detect(path) : as_typed(options.format);
}

namespace {

// A typed input's text is fastload's own: the options that describe a text file's bytes do not apply.
void refuse_text_options(const plan::TablePlan& options, const std::string& path) {
  const char* given = options.source.dialect != text::Dialect{} ? "the format options (--csv, --fields-*, --lines-*, "
                                                                  "--skip-rows)"
                      : options.source.charset_given && options.charset != "utf8mb4" && options.charset != "utf8"
                          ? "--charset"
                          : nullptr;
  if (given)
    throw misuse(fmt::format("{}: is {}, whose values are typed: {} describe delimited text; leave them out",
                                  path, typed::format_name(as_typed(options.format)), given));
}

// The sessions keep the server's time zone, unless a Parquet timestamp is an instant (adjusted to UTC, or INT96):
// then they are in UTC, the zone its text is written in, so that a TIMESTAMP column stores that instant.
void pin_utc(RunState& state) {
  for (auto& [name, value] : state.pins.values)
    if (name == "time_zone") value = "'+00:00'";
}

// A remote object's columns from its footer, read by ranged requests (its last 64 KiB, then the whole footer when
// it is longer): the table's checks come before the object is copied, in the fetch pass.
std::vector<typed::ParquetColumn> remote_columns(const std::string& url) {
  const remote::Object object(url);  // the version the open pass found
  const std::uint64_t size = object.info().size;
  const std::string head = read_range(object, 0, input::kMagicBytes);
  typed::check_place(typed::Format::parquet, object.name(), input::detect_format(head), true);
  std::string tail = read_range(object, size - std::min<std::uint64_t>(size, 64 << 10), 64 << 10);
  const std::size_t span = typed::parquet_footer_span(tail);
  if (span > tail.size() && span <= size) tail = read_range(object, size - span, span);
  return typed::parquet_footer_columns(tail, object.name());
}

void read_parquet_schema(const plan::TablePlan& options, RunState& state) {
  for (const Input& input : state.inputs) {
    const bool remote = remote::is_url(input.path);  // copied in the fetch pass; a file is mapped
    state.parquet_bytes.push_back(
        remote ? nullptr : typed::parquet_bytes(input::open_stream(input.path, {1}), options.source.tmpdir));
    std::vector<typed::ParquetColumn> columns =
        remote ? remote_columns(input.path) : typed::parquet_columns(state.parquet_bytes.back()->bytes(), input.path);
    if (!state.parquet) {
      state.parquet = std::move(columns);
      continue;
    }
    auto same = [](const typed::ParquetColumn& a, const typed::ParquetColumn& b) { return a.name == b.name; };
    if (!std::equal(columns.begin(), columns.end(), state.parquet->begin(), state.parquet->end(), same))
      throw misuse(fmt::format("{}: its columns are not those of {}: the FILEs of one table must have the same "
                                    "columns; load them in separate runs", input.path, options.files.front()));
  }
  if (std::any_of(state.parquet->begin(), state.parquet->end(), [](const auto& c) { return c.utc_time; }))
    pin_utc(state);
}

}  // namespace

void plan_format(plan::TablePlan& options, RunState& state) {
  if (state.sql || state.inputs.empty()) {  // a dump's table: its rows are the dump's INSERTs
    options.format = request::InputFormat::text;
    return;
  }
  if (options.format == request::InputFormat::automatic) {
    const typed::Format first = detect(state.inputs.front().path);
    for (const Input& input : state.inputs)
      if (detect(input.path) != first)
        throw misuse(fmt::format("{} is {} and {} is {}: give the FILEs of one format, or --format", input.path,
                                      typed::format_name(detect(input.path)), state.inputs.front().path,
                                      typed::format_name(first)));
    options.format = as_requested(first);
  }
  if (options.format == request::InputFormat::text) return;
  refuse_text_options(options, state.inputs.front().path);
  if (options.format == request::InputFormat::parquet) read_parquet_schema(options, state);
}

bool fetches(const plan::TablePlan& options, const RunState& state) {
  return options.format == request::InputFormat::parquet &&
         std::find(state.parquet_bytes.begin(), state.parquet_bytes.end(), nullptr) != state.parquet_bytes.end();
}

void fetch_inputs(const plan::TablePlan& options, RunState& state) {
  for (std::size_t i = 0; i < state.parquet_bytes.size(); ++i)
    if (!state.parquet_bytes[i])
      state.parquet_bytes[i] = typed::parquet_bytes(input::open_stream(state.inputs[i].path, {1}), options.source.tmpdir);
}

// Without --columns, Parquet's fields are the file's columns, each filling the table's column of its name (one
// the table lacks left out with --unknown-keys ignore); JSON lines' are the table's columns, each read from the
// key of its name.
void plan_typed_fields(plan::TablePlan& options, RunState& state) {
  if (options.format == request::InputFormat::text || !options.columns.empty()) return;
  options.columns_of_dump = true;  // made by the run: messages speak of the table's columns, not --columns
  if (options.format == request::InputFormat::json_lines) {
    for (const table::Column* c : table::default_columns(state.target)) options.columns.push_back({c->name, false});
    return;
  }
  const bool ignore = options.source.unknown_keys == request::UnknownKeys::ignore;
  for (const typed::ParquetColumn& c : *state.parquet) {
    const table::Column* column = table::find_column(state.target, c.name);
    if (!column && ignore) continue;
    if (!column)
      throw misuse(fmt::format("{}: its column {} is not a column of {}: name what each of the file's columns "
                                    "fills with --columns, or give --unknown-keys ignore to pass it over",
                                    state.inputs.front().path, text::quote_identifier(c.name), state.target.display));
    options.columns.push_back({column->name, false});
  }
  if (options.columns.empty())
    throw misuse(fmt::format("{}: none of its columns is a column of {}", state.inputs.front().path,
                                  state.target.display));
  table::check_columns(state.target, options);
}

std::unique_ptr<input::ByteStream> typed_rows(const plan::TablePlan& options, const RunState& state, std::size_t index,
                                              std::unique_ptr<input::ByteStream> stream) {
  typed::Fields fields;
  fields.ignore_unknown = options.source.unknown_keys == request::UnknownKeys::ignore;
  fields.missing_null = options.source.missing_keys == request::MissingKeys::null;
  for (const request::ColumnEntry& e : options.columns) {
    fields.names.push_back(e.name);
    const table::Column* column = e.variable ? nullptr : table::find_column(state.target, e.name);
    fields.json.push_back(column && column->json);
  }
  return typed::open_rows(as_typed(options.format), std::move(stream), fields, options.conflicts.max_errors > 0,
                          index < state.parquet_bytes.size() ? state.parquet_bytes[index] : nullptr);
}

}  // namespace fastload::run
