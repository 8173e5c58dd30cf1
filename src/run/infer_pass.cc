// --create and --print-schema: a table for files that have none, its column
// types inferred from every value of the files (schema/), read as streams cut
// into chunks and parsed on --threads (docs/design.md, "Type inference").
#include <fmt/core.h>
#include <map>
#include <mutex>
#include <spdlog/spdlog.h>

#include "base/base.h"
#include "chunks/chunks.h"
#include "dump/dump.h"
#include "input/input.h"
#include "report/report.h"
#include "run/state.h"
#include "schema/schema.h"
#include "table/table.h"
#include "text/text.h"
#include "typed/typed.h"

namespace fastload::run {
namespace {

struct Inferred {
  schema::TableStats stats;
  std::vector<std::string> header;  // the first line's fields, with --skip-rows
};

// The keys of the first object of JSON lines `path`, in its order, for the columns --create makes.
std::vector<std::string> first_keys(const std::string& path) {
  std::unique_ptr<input::ByteStream> stream = input::open_stream(path);
  std::string head(1 << 16, '\0');
  head.resize(stream->read(head.data(), head.size()));
  return typed::first_object_keys(path, head);
}

// A typed input's rows as text, all its columns or its first line's keys (`names`), which name the columns.
std::unique_ptr<input::ByteStream> typed_text(const plan::TablePlan& o, const std::string& path,
                                              std::unique_ptr<input::ByteStream> stream, std::vector<std::string>& names) {
  const typed::Format format = format_of(o, path);
  if (format == typed::Format::text) return stream;
  typed::Fields fields{{}, true, true, {}};  // --create: no column is JSON yet
  std::shared_ptr<const input::MappedFile> bytes;
  if (format == typed::Format::parquet) {
    bytes = typed::parquet_bytes(input::open_stream(path, {1}), o.source.tmpdir);
    for (const typed::ParquetColumn& c : typed::parquet_columns(bytes->bytes(), path))
      fields.names.push_back(c.name);
  } else {
    fields.names = first_keys(path);
  }
  names = fields.names;
  return typed::open_rows(format, std::move(stream), fields, true, std::move(bytes));
}

// One file's rows into `out`: its chunks parsed in parallel, merged in file order. With --skip-rows, the first
// line names the columns (the first file's), and the skipped lines are no rows; a typed input's names are its own.
void read_file(const plan::TablePlan& o, const std::string& path, Inferred& out) {
  std::vector<std::string> names;
  std::unique_ptr<input::ByteStream> stream = typed_text(o, path, input::open_stream(path), names);
  if (!names.empty() && out.header.empty()) out.header = names;
  // A charset fastload converts (utf16, sjis...): its values and names as the load reads them, in utf8mb4.
  if (const input::FileCharset* cs = o.convert_charset ? input::converted_charset(o.charset) : nullptr)
    stream = std::make_unique<input::ConvertingStream>(std::move(stream), *cs, o.source.dialect);
  text::Dialect dialect = o.source.dialect;
  const std::uint64_t skipped = dialect.skip_rows;
  dialect.skip_rows = 0;  // read here, for the names
  chunks::StreamChunks chunker(*stream, 16u << 20, dialect);
  std::mutex mutex;  // guards `chunks` and `out.header`
  std::map<std::size_t, schema::TableStats> chunks;
  parallel_for(o.load.threads, o.load.threads, [&](std::size_t, unsigned) {
    const text::RowScanner scanner(dialect);
    text::FieldParser parser(dialect);
    std::vector<text::Field> fields;
    while (std::optional<chunks::StreamChunk> chunk = chunker.next()) {
      schema::TableStats stats;
      std::uint64_t row = chunk->chunk.first_row;
      scanner.for_each_row(chunk->bytes, [&](std::string_view text, std::uint64_t, text::RowEnd end) {
        fields.clear();
        parser.parse_row(text, end, fields);
        if (row == 1 && skipped > 0 && out.header.empty()) {
          std::lock_guard<std::mutex> lock(mutex);
          for (const text::Field& f : fields) out.header.emplace_back(f.value);
        }
        if (row++ > skipped) stats.add_row(fields);
        parser.clear();
        return true;
      });
      std::lock_guard<std::mutex> lock(mutex);
      chunks.emplace(chunk->chunk.index, std::move(stats));
    }
  });
  for (const auto& [index, stats] : chunks) out.stats.merge(stats);
}

// A Parquet file's own types for its columns (all but text's and bytes', whose values decide their width), and
// whether each may be NULL.
void take_parquet_types(const plan::TablePlan& o, const std::string& path, std::vector<schema::InferredColumn>& columns) {
  if (format_of(o, path) != typed::Format::parquet) return;
  std::size_t i = 0;
  const std::shared_ptr<const input::MappedFile> bytes =
      typed::parquet_bytes(input::open_stream(path, {1}), o.source.tmpdir);
  for (const typed::ParquetColumn& c : typed::parquet_columns(bytes->bytes(), path)) {
    if (i >= columns.size()) continue;
    schema::InferredColumn& column = columns[i++];
    column.nullable = c.optional;
    if (c.sql_type.empty()) continue;
    column.type = c.sql_type;
    column.why = "the file's Parquet type";
  }
}

std::vector<schema::InferredColumn> inferred_columns(const plan::TablePlan& o, const std::string& table,
                                                    const std::vector<std::string>& files) {
  Inferred inferred;
  for (const std::string& file : input::expand_files(files)) {
    std::vector<std::string> header;
    std::swap(header, inferred.header);  // the first file's names stay
    read_file(o, file, inferred);
    if (!header.empty()) inferred.header = std::move(header);
  }
  std::vector<schema::InferredColumn> columns = schema::infer_columns(inferred.stats, inferred.header);
  take_parquet_types(o, input::expand_files(files).front(), columns);
  if (columns.empty())
    throw Failure(ExitCode::input, fmt::format("{}: no rows and no header line: no column to infer a type from; "
                                               "create the table {} yourself", files.front(), table));
  for (const schema::InferredColumn& c : columns) spdlog::info("{}.{}: {} {}: {}", o.database, table, c.name, c.type, c.why);
  return columns;
}

std::string create_statement(const plan::TablePlan& o, const std::string& table, const std::vector<std::string>& files) {
  return schema::create_table_sql(o.database, table, inferred_columns(o, table, files));
}

// The server refused a name as a duplicate of an earlier one (error 1060, "Duplicate column name 'X'"): names its
// case folding takes for one that fastload's table does not know (Latin Extended Additional, titlecase digraphs,
// fullwidth letters...). The last column of that name is renamed as a repeated header name is: NAME_K.
bool rename_duplicate(std::vector<schema::InferredColumn>& columns, const std::string& message) {
  const std::size_t open = message.find('\''), close = message.rfind('\'');
  if (open == std::string::npos || close <= open) return false;
  const std::string name = message.substr(open + 1, close - open - 1);
  for (std::size_t i = columns.size(); i-- > 0;)
    if (columns[i].name == name) {
      columns[i].name = fmt::format("{}_{}", name, i + 1);
      columns[i].why = "header name repeated (as the server compares names): named " + columns[i].name;
      return true;
    }
  return false;
}

}  // namespace

int print_schemas(const request::Request& request) {
  const plan::TablePlan o(request);
  std::vector<std::pair<std::string, std::vector<std::string>>> tables;
  if (!o.database_run()) tables.emplace_back(o.table, o.files);
  else
    for (const dump::TableFiles& t : dump::tables_of(o.files))
      if (!t.files.empty()) tables.emplace_back(t.table, t.files);
  for (const auto& [table, files] : tables) report::say_out("{};\n", create_statement(o, table, files));
  return 0;
}

bool create_inferred(const plan::TablePlan& o, RunState& state, const std::vector<std::string>& files) {
  db::Session& session = *state.control;
  if (table::table_exists(session, o.database, o.table)) return false;
  std::vector<schema::InferredColumn> columns = inferred_columns(o, o.table, files);
  for (std::size_t tries = 0;; ++tries) {
    const std::string sql = schema::create_table_sql(o.database, o.table, columns);
    try {
      session.execute(sql);
      break;
    } catch (const db::ServerError& e) {
      if (e.code() == er::DUP_FIELDNAME && tries < columns.size() && rename_duplicate(columns, e.server_message())) continue;
      throw Failure(ExitCode::load_failed, fmt::format("the server refused the table --create inferred from {}: {} "
                                                       "(error {}); the statement was:\n{}\nfastload --print-schema "
                                                       "prints it: edit it and create the table yourself",
                                                       files.front(), e.server_message(), e.code(), sql), e.code());
    }
  }
  state.summary.created_from = files.front();
  spdlog::info("{}.{}: created by --create from the types of its files' values", o.database, o.table);
  return true;
}

}  // namespace fastload::run
