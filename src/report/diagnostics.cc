#include "report/diagnostics.h"

#include <fmt/core.h>

#include "base/base.h"

namespace fastload::report {
namespace {

// What to do about the warnings a LOAD DATA raises most often.
const char* hint_for(unsigned code) {
  switch (code) {
    case er::DUP_ENTRY:
      return "a row with this key already exists (in the table or earlier in the file); --on-duplicate ignore or "
             "replace accepts such rows";
    case er::WARN_TOO_FEW_RECORDS: return "the row has fewer fields than the table has columns";
    case er::WARN_TOO_MANY_RECORDS: return "the row has more fields than the table has columns";
    case er::WARN_NULL_TO_NOTNULL:
    case er::BAD_NULL_ERROR: return "NULL (\\N) given for a NOT NULL column";
    case er::WARN_DATA_OUT_OF_RANGE: return "the value is out of the column's range";
    case er::DATA_TRUNCATED:
    case er::DATA_TOO_LONG: return "the value does not fit the column";
    case er::TRUNCATED_WRONG_VALUE:
    case er::TRUNCATED_WRONG_VALUE_FOR_FIELD:
    case er::ILLEGAL_VALUE_FOR_TYPE: return "the value is not valid for the column's type";
    case er::INVALID_CHARACTER_STRING: return "the bytes are not valid in the file's character set (see --charset)";
    case er::NO_PARTITION_FOR_GIVEN_VALUE:
      return "no partition of the table takes this value: add one (ALTER TABLE ... ADD PARTITION) or fix the row";
    case er::ROW_DOES_NOT_MATCH_GIVEN_PARTITION_SET:
      return "the row belongs to a partition --partition does not name: name that partition too, or load the row "
             "without --partition";
    case er::CANT_CREATE_GEOMETRY_OBJECT:
      return "the field is not a geometry: a spatial column takes the server's binary form (what SELECT ... INTO "
             "OUTFILE writes); for text such as POINT(1 2) read it into a variable (--columns ..,@g) and --set "
             "'col = ST_GeomFromText(@g)'";
    case er::NO_DEFAULT_FOR_FIELD:
    case er::NO_DEFAULT_FOR_VIEW_FIELD:
      return "a NOT NULL column without a default gets no value: give it a field in --columns or a value with "
             "--set, or give it a DEFAULT";
    case er::SIGNAL_EXCEPTION: return "a trigger of the table refused the row (SIGNAL)";
    case er::NO_REFERENCED_ROW_2:
      return "the row's foreign key names a parent row that is not there: load the parent table first (or load "
             "with --disable-checks and check the keys after)";
    default: return nullptr;
  }
}

}  // namespace

std::string format_problem(const Problem& p, const char* label) {
  std::string where = p.where.row_group && p.where.line
                          ? fmt::format("{}: row {} (row group {})", p.where.file, p.where.line, *p.where.row_group)
                      : p.where.line ? fmt::format("{}:{} (byte {})", p.where.file, p.where.line, p.where.byte_offset)
                                     : fmt::format("{} (chunk {} from byte {})", p.where.file, p.chunk_index,
                                                   p.where.byte_offset);
  std::string line = fmt::format("{}{}: {}", label, where, p.message);
  if (p.code) line += fmt::format(" (server code {})", p.code);
  if (p.code == er::TRUNCATED_WRONG_VALUE_FOR_FIELD && p.message.find("\\xFF") != std::string::npos)  // input/converting_stream.h
    line += "; the bytes are not valid in the file's character set (see --charset; in a file fastload converts "
            "to utf8mb4, each \\xFF stands for a byte the server's charset cannot convert either)";
  else if (const char* hint = hint_for(p.code))
    line += fmt::format("; {}", hint);
  return line;
}

}  // namespace fastload::report
