#include "sqldump/row_text.h"

#include <cstring>

namespace fastload::sqldump {

void append_field(const Literal& value, std::string& out) {
  if (value.kind == LiteralKind::null) {
    out += "\\N";
    return;
  }
  const std::string& bytes = value.bytes;
  if (value.kind == LiteralKind::number) {  // digits, a sign, a point, an exponent: nothing to escape
    out += bytes;
    return;
  }
  std::size_t from = 0;  // the bytes before k not yet written
  for (std::size_t k = 0; k < bytes.size(); ++k) {
    const char c = bytes[k];
    if (static_cast<unsigned char>(c) > '\\' || (c != '\t' && c != '\n' && c != '\\' && c != '\0')) continue;
    out.append(bytes, from, k - from);
    out += '\\';
    out += c == '\t' ? 't' : c == '\n' ? 'n' : c == '\0' ? '0' : '\\';
    from = k + 1;
  }
  out.append(bytes, from, bytes.size() - from);
}

void append_row(const Tuple& tuple, std::string& out) {
  for (std::size_t k = 0; k < tuple.values.size(); ++k) {
    if (k > 0) out += '\t';
    append_field(tuple.values[k], out);
  }
  out += '\n';
}

}  // namespace fastload::sqldump
