#include "report/diagnostics.h"

#include <fmt/core.h>

namespace fastload::report {
namespace {

// What to do about the warnings a LOAD DATA raises most often.
const char* hint_for(unsigned code) {
  switch (code) {
    case 1062: return "a row with this key already exists (in the table or earlier in the file); "
                      "--on-duplicate ignore or replace accepts such rows";
    case 1261: return "the row has fewer fields than the table has columns";
    case 1262: return "the row has more fields than the table has columns";
    case 1263: case 1048: return "NULL (\\N) given for a NOT NULL column";
    case 1264: return "the value is out of the column's range";
    case 1265: case 1406: return "the value does not fit the column";
    case 1292: case 1366: case 1367: return "the value is not valid for the column's type";
    case 1300: return "the bytes are not valid in the file's character set (see --charset)";
    case 1526: return "no partition of the table takes this value: add one (ALTER TABLE ... ADD PARTITION) or "
                      "fix the row";
    case 1748: return "the row belongs to a partition --partition does not name: name that partition too, or "
                      "load the row without --partition";
    case 1416: return "the field is not a geometry: a spatial column takes the server's binary form (what "
                      "SELECT ... INTO OUTFILE writes); for text such as POINT(1 2) read it into a variable "
                      "(--columns ..,@g) and --set 'col = ST_GeomFromText(@g)'";
    case 1364: case 1423: return "a NOT NULL column without a default gets no value: give it a field in "
                                 "--columns or a value with --set, or give it a DEFAULT";
    case 1644: return "a trigger of the table refused the row (SIGNAL)";
    default: return nullptr;
  }
}

}  // namespace

std::string format_problem(const Problem& p, const char* label) {
  std::string where = p.where.line ? fmt::format("{}:{} (byte {})", p.where.file, p.where.line, p.where.byte_offset)
                                   : fmt::format("{} (chunk {} from byte {})", p.where.file, p.chunk_index,
                                                 p.where.byte_offset);
  std::string line = fmt::format("fastload: {}{}: {}", label, where, p.message);
  if (p.code) line += fmt::format(" (server code {})", p.code);
  if (p.code == 1366 && p.message.find("\\xFF") != std::string::npos)  // input/converting_stream.h
    line += "; the bytes are not valid in the file's character set (see --charset; in a file fastload converts "
            "to utf8mb4, each \\xFF stands for a byte the server's charset cannot convert either)";
  else if (const char* hint = hint_for(p.code))
    line += fmt::format("; {}", hint);
  return line;
}

}  // namespace fastload::report
