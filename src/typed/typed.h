// typed/'s entry header. Inputs whose values are typed, not text: Parquet files and JSON lines. Each is read as a
// stream of LOAD DATA's default text (input::RowTextStream) whose fields are the plan's: each field reads the
// input's column (Parquet) or key (JSON) of its name, compared as the server compares column names, its value
// written as the text the server reads back into the same value (parquet/parquet.h; a JSON number as written, a
// nested value as its JSON text). So every mode, value check, rejects file and resume applies to them as to text.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/base.h"
#include "input/input.h"

namespace fastload::typed {

enum class Format : std::uint8_t { text, parquet, json_lines };

// "delimited text", "Parquet", "JSON lines".
std::string_view format_name(Format format);

// The format of `path` when no --format names one: Parquet when the file begins with "PAR1" (`first_bytes`),
// JSON lines when its name ends in .jsonl or .ndjson (before a compression suffix: .jsonl.gz), else text.
Format detect_format(std::string_view path, std::string_view first_bytes);

// What the fields read, and what a key or column the fields do not name, or one a row lacks, means.
struct Fields {
  std::vector<std::string> names;  // each field's key or column, in the rows' order
  bool ignore_unknown = false;     // --unknown-keys ignore: an input's key or column no field names is passed over
  bool missing_null = false;       // --missing-keys null: a field whose key or column is absent is NULL
  // Each field that fills a JSON column (none when empty): a JSON lines value for it is its JSON text as written,
  // a string's quotes and escapes kept, true and false as such (null is NULL, as for any column).
  std::vector<bool> json;
};

// How a value of a rejected row is written in its JSON line (json_line): a string; a number as its text (a JSON
// number); 1 and 0 as true and false; its text as JSON text (a JSON column's). Each falls back to a string when
// its text is not of that kind (a float's NaN), so the line loads back to the same row.
enum class JsonKind : std::uint8_t { string, number, boolean, json };

// A Parquet file's columns (its schema's top-level fields; a list, map or struct is read as its JSON text), for
// the plan's fields.
struct ParquetColumn {
  std::string name;
  bool utc_time = false;  // a timestamp adjusted to UTC (INT96 too): its text is UTC's wall clock
  bool optional = true;   // may hold NULL
  // The column type --create gives it from its Parquet type ("decimal(9,7)", "datetime(6)"); empty for text and
  // bytes of no stated width, whose type the values decide (schema/); "json" for a list, map or struct.
  std::string sql_type;
  JsonKind kind = JsonKind::string;  // its values in a rejects line: numbers and booleans keep their JSON types
};
// Throws Failure(ExitCode::input) naming `name` when `bytes` are not a Parquet file fastload reads.
std::vector<ParquetColumn> parquet_columns(std::string_view bytes, const std::string& name);
// The same from the file's last bytes `tail`, before the file is read whole (a remote object's): how many of its
// last bytes hold its footer (parquet_footer_span: 0 when `tail`, 8 bytes at least, is not a Parquet file's
// end), and its columns from that many.
std::size_t parquet_footer_span(std::string_view tail);
std::vector<ParquetColumn> parquet_footer_columns(std::string_view tail, const std::string& name);

// A Parquet input's bytes, to read at any offset: a file mapped, or a remote object copied whole to an unnamed
// file in `tmpdir` and mapped (its footer comes last). Throws Failure(ExitCode::usage) for a pipe or compressed
// data (check_place), and what reading and writing them throws.
std::shared_ptr<const input::MappedFile> parquet_bytes(std::unique_ptr<input::ByteStream> stream, const std::string& tmpdir);

// The keys of the first object of JSON lines whose first bytes are `head`, in its order (--create's columns).
// Throws Failure(ExitCode::input) naming `name` when `head` holds no whole line that is one JSON object.
std::vector<std::string> first_object_keys(const std::string& name, std::string_view head);

// A rejected row of a typed input (`row`: its fields as LOAD DATA's default text, its line end too) as one JSON
// object line whose keys are `names`, the fields' names, each value written as `kinds` says (a string where
// `kinds` has no entry), for --rejects: a file that loads back as JSON lines into the same row.
std::string json_line(const std::vector<std::string>& names, const std::vector<JsonKind>& kinds, std::string_view row);

// The line of file `path` that starts at byte `offset`, with its LF; none when the file cannot be read there.
std::optional<std::string> line_at(const std::string& path, std::uint64_t offset);

// Throws Failure(ExitCode::usage) saying what to do when `format` is read at its end first (Parquet) and
// `stream` is neither a plain file nor a plain remote object.
void check_place(Format format, const input::ByteStream& stream);
// The same for input `name` whose first bytes are compressed in `codec`, read again when opened again (`reopens`).
void check_place(Format format, const std::string& name, input::Format codec, bool reopens);

// The rows of `inner`, in `format` (not text), as LOAD DATA's default text for `fields`. Throws
// Failure(ExitCode::usage) when the format needs a place `inner` is not (Parquet, whose footer comes last: a
// file or object; `bytes`: its bytes, from parquet_bytes()), and what the format's stream throws (the table of formats, formats.cc, lists them):
// - Parquet (parquet_rows.cc): Failure(ExitCode::usage) when a field names no column of the file (without
//   missing_null) or a column no field names (without ignore_unknown); its read() Failure(ExitCode::input) for
//   damaged data; a nested value JSON has no form for (NaN, infinity, bytes not UTF-8) refuses its row as a JSON
//   line's error does.
// - JSON lines (json_lines.cc): a line that is not one JSON object, or names a key twice, a key no field names
//   (without ignore_unknown), or lacks a field's key (without missing_null) is refused: with `reject_rows` handed
//   out as NULLs and named by take_refused(), else read() throws Failure(ExitCode::rejected) naming the file, the
//   line and the byte.
std::unique_ptr<input::ByteStream> open_rows(Format format, std::unique_ptr<input::ByteStream> inner,
                                             const Fields& fields, bool reject_rows,
                                             std::shared_ptr<const input::MappedFile> bytes = nullptr);

}  // namespace fastload::typed
