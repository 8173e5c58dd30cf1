#include "sqldump/row_text.h"

#include <cstring>

namespace fastload::sqldump {

void append_field(const Literal& value, std::string& out) {
  if (value.kind == LiteralKind::null) {
    out += "\\N";
    return;
  }
  const std::string& bytes = value.bytes;
  constexpr std::string_view kSpecial("\t\n\\\0", 4);
  for (std::size_t from = 0; from < bytes.size();) {
    const std::size_t k = bytes.find_first_of(kSpecial, from);
    const std::size_t end = k == std::string::npos ? bytes.size() : k;
    out.append(bytes, from, end - from);
    if (k == std::string::npos) break;
    const char c = bytes[k];
    out += '\\';
    out += c == '\t' ? 't' : c == '\n' ? 'n' : c == '\0' ? '0' : '\\';
    from = k + 1;
  }
}

void append_row(const Tuple& tuple, std::string& out) {
  for (std::size_t k = 0; k < tuple.values.size(); ++k) {
    if (k > 0) out += '\t';
    append_field(tuple.values[k], out);
  }
  out += '\n';
}

}  // namespace fastload::sqldump
