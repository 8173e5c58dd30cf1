// A typed input's rejected rows, written to --rejects as JSON lines: each row's fields (LOAD DATA's default text)
// as one object whose keys are the fields' names, so that the file loads back as JSON lines into the same table.
#include <cstdio>

#include "text/text.h"
#include "typed/typed.h"

namespace fastload::typed {

std::string json_line(const std::vector<std::string>& names, std::string_view row) {
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
    else append_json_string(out, fields[f].value);
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
