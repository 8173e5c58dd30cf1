// The table of typed formats: one row a format, each read by its own file's stream (input::RowTextStream).
#include <fmt/core.h>

#include <span>

#include "typed/typed.h"

namespace fastload::typed {

// The formats' own files define these; only the table makes them.
std::unique_ptr<input::ByteStream> parquet_rows(std::unique_ptr<input::ByteStream> inner, const Fields& fields,
                                                bool reject_rows, std::shared_ptr<const input::MappedFile> bytes);
std::unique_ptr<input::ByteStream> json_lines_rows(std::unique_ptr<input::ByteStream> inner, const Fields& fields,
                                                   bool reject_rows, std::shared_ptr<const input::MappedFile> bytes);

namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// `path` without a compression suffix: the name a .jsonl.gz had before it was compressed.
std::string_view without_compression(std::string_view path) {
  for (std::string_view suffix : {".gz", ".zst", ".lz4", ".bz2", ".xz"})
    if (ends_with(path, suffix)) return path.substr(0, path.size() - suffix.size());
  return path;
}

bool looks_parquet(std::string_view, std::string_view first_bytes) { return first_bytes.substr(0, 4) == "PAR1"; }

bool looks_json_lines(std::string_view path, std::string_view) {
  const std::string_view name = without_compression(path);
  return ends_with(name, ".jsonl") || ends_with(name, ".ndjson");
}

struct TypedFormat {
  Format format;
  std::string_view name;
  bool (*looks_like)(std::string_view path, std::string_view first_bytes);
  bool needs_file;  // read at any offset (a footer at the end): a plain regular file, or a remote object copied
  std::unique_ptr<input::ByteStream> (*open)(std::unique_ptr<input::ByteStream>, const Fields&, bool reject_rows,
                                             std::shared_ptr<const input::MappedFile> bytes);
};

constexpr TypedFormat kTypedFormats[] = {
    {Format::parquet, "Parquet", looks_parquet, true, parquet_rows},
    {Format::json_lines, "JSON lines", looks_json_lines, false, json_lines_rows},
};

const TypedFormat* find(Format format) {
  for (const TypedFormat& row : kTypedFormats)
    if (row.format == format) return &row;
  return nullptr;
}

}  // namespace

std::string_view format_name(Format format) {
  const TypedFormat* row = find(format);
  return row ? row->name : "delimited text";
}

Format detect_format(std::string_view path, std::string_view first_bytes) {
  for (const TypedFormat& row : kTypedFormats)
    if (row.looks_like(path, first_bytes)) return row.format;
  return Format::text;
}

void check_place(Format format, const std::string& name, input::Format codec, bool reopens) {
  const TypedFormat* row = find(format);
  if (row && row->needs_file && (codec != input::Format::plain || !reopens))
    throw misuse(fmt::format("{}: is {}, which is read at its end first: fastload reads it from a file, not from "
                             "{}; save it to a file first", name, row->name,
                             codec != input::Format::plain ? "compressed data" : "a pipe"));
}

void check_place(Format format, const input::ByteStream& stream) {
  check_place(format, stream.name(), stream.format(), stream.reopens());
}

std::unique_ptr<input::ByteStream> open_rows(Format format, std::unique_ptr<input::ByteStream> inner,
                                             const Fields& fields, bool reject_rows,
                                             std::shared_ptr<const input::MappedFile> bytes) {
  const TypedFormat* row = find(format);
  if (!row) throw internal_error("no typed format for delimited text");
  check_place(format, *inner);
  return row->open(std::move(inner), fields, reject_rows, std::move(bytes));
}

}  // namespace fastload::typed
