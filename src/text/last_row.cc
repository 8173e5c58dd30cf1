#include "text/last_row.h"

#include <vector>

#include "text/field_parser.h"
#include "text/row_scanner.h"

namespace fastload::text {

std::optional<Problem> unterminated_extra_fields(std::string_view bytes, std::uint64_t rows, const RowWidth& width,
                                                 const Dialect& dialect) {
  auto last = text::RowScanner(dialect).unterminated_last_row(bytes);
  if (!last) return std::nullopt;
  text::FieldParser parser(dialect);
  std::vector<text::Field> fields;
  // As if terminated: then an empty field after the last separator counts,
  // and the server would warn of it as of any other extra field.
  parser.parse_row(last->first, text::RowEnd::kNewline, fields);
  drop_ignored_field(fields, width);
  if (fields.size() <= width.fields) return std::nullopt;
  Problem p = wrong_field_count(rows, fields.size(), width);
  p.message += " (the last line, without a line terminator: LOAD DATA would drop the extra fields without a "
               "warning)";
  return p;
}

}  // namespace fastload::text
