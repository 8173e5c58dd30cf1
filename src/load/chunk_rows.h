// The rows of a chunk as fields, for the sinks that build statements on the
// client. A row whose field count differs from the table's is refused here,
// with its row number, exactly where LOAD DATA would have warned.
#pragma once

#include <fmt/core.h>
#include <string_view>
#include <vector>

#include "fastload/chunk.h"
#include "fastload/problem.h"
#include "split/field_parser.h"

namespace fastload::load {

class ChunkRows {
 public:
  ChunkRows(std::size_t columns, const Dialect& dialect) : columns_(columns), scanner_(dialect), parser_(dialect) {}

  // Calls on_row(fields, row) for each row of `chunk` (row is 1-based in the
  // chunk; fields has one entry per column, valid until release()). Stops at
  // a row with the wrong field count, adding it to `problems`, or when on_row
  // returns false. Returns whether every row was handed out.
  template <class OnRow>
  bool for_each(std::string_view file, const Chunk& chunk, std::vector<Problem>& problems, OnRow&& on_row) {
    std::uint64_t row = 0;
    bool complete = true;
    scanner_.for_each_row(file.substr(chunk.begin, chunk.size()),
                          [&](std::string_view bytes, std::uint64_t, split::RowEnd end) {
      ++row;
      current_ = bytes;
      current_end_ = end;
      fields_.clear();
      parser_.parse_row(bytes, end, fields_);
      // LOAD DATA ignores, without a warning, one empty field after the last column (not "").
      if (fields_.size() == columns_ + 1 && fields_.back().value.empty() && !fields_.back().is_null &&
          !fields_.back().enclosed)
        fields_.pop_back();
      if (fields_.size() != columns_) {
        problems.push_back(wrong_field_count(row));
        return complete = false;
      }
      return complete = on_row(fields_, row);
    });
    return complete;
  }

  // Lets the parser reuse the memory of unescaped values handed out so far.
  void release() { parser_.clear(); }

  // The current row's fields again, after a release() inside on_row.
  const std::vector<split::Field>& reparse() {
    fields_.clear();
    parser_.parse_row(current_, current_end_, fields_);
    return fields_;
  }

 private:
  Problem wrong_field_count(std::uint64_t row) const {
    Problem p;
    p.row_in_chunk = row;
    p.message = fmt::format("the row has {} fields but the table has {} columns", fields_.size(), columns_);
    return p;
  }

  std::size_t columns_;
  split::RowScanner scanner_;
  split::FieldParser parser_;
  std::vector<split::Field> fields_;
  std::string_view current_;  // the row on_row was last called with
  split::RowEnd current_end_ = split::RowEnd::kNewline;
};

}  // namespace fastload::load
