// A typed input's rejected rows, written to --rejects as JSON lines: each row's fields (LOAD DATA's default text)
// as one object whose keys are the fields' names, so that the file loads back as JSON lines into the same table.
#include <simdjson.h>

#include <cstdio>

#include "text/text.h"
#include "typed/json_text.h"
#include "typed/typed.h"

namespace fastload::typed {
namespace {

// Whether `text` is one JSON value on one line (a rejects line is one line).
bool is_json_text(std::string_view text) {
  if (text.find_first_of("\r\n") != std::string_view::npos) return false;
  simdjson::dom::parser parser;
  return !parser.parse(text.data(), text.size()).error();
}

// `value` as `kind` says, a JSON string where its text is not of that kind.
void append_value(std::string& out, JsonKind kind, std::string_view value) {
  if ((kind == JsonKind::number && is_json_number(value)) || (kind == JsonKind::json && is_json_text(value))) {
    out += value;
    return;
  }
  if (kind == JsonKind::boolean && (value == "1" || value == "0")) {  // the JSON lines reader reads them as 1, 0
    out += value == "1" ? "true" : "false";
    return;
  }
  append_json_string(out, value);
}

}  // namespace

std::string json_line(const std::vector<std::string>& names, const std::vector<JsonKind>& kinds, std::string_view row) {
  text::FieldParser parser(text::Dialect{});
  std::vector<text::Field> fields;
  while (!row.empty() && row.back() == '\n') row.remove_suffix(1);
  parser.parse_row(row, text::RowEnd::kNewline, fields);
  std::string out = "{";
  for (std::size_t f = 0; f < names.size() && f < fields.size(); ++f) {
    if (f) out += ", ";
    append_json_string(out, names[f]);
    out += ": ";
    if (fields[f].is_null) out += "null";
    else append_value(out, f < kinds.size() ? kinds[f] : JsonKind::string, fields[f].value);
  }
  return out += "}\n";
}

std::optional<std::string> line_at(const std::string& path, std::uint64_t offset) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return std::nullopt;
  std::string line;
  if (fseeko(f, static_cast<off_t>(offset), SEEK_SET) == 0)
    for (int c; (c = std::fgetc(f)) != EOF;) {
      line += static_cast<char>(c);
      if (c == '\n') break;
    }
  std::fclose(f);
  if (line.empty()) return std::nullopt;
  if (line.back() != '\n') line += '\n';
  return line;
}

}  // namespace fastload::typed
