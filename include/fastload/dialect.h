// The text format rows are written in. Only MySQL's default text format for now:
// FIELDS TERMINATED BY '\t' ESCAPED BY '\\' LINES TERMINATED BY '\n'.
#pragma once

namespace fastload {

struct Dialect {
  char field_terminator = '\t';
  char escape = '\\';
  char line_terminator = '\n';
};

}  // namespace fastload
