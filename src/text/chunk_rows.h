// The rows of a chunk as fields, for the sinks that build statements on the
// client. A row whose field count differs from what the fields fill (the
// table's columns, or --columns) is refused here, with its row number,
// exactly where LOAD DATA would have warned.
#pragma once

#include <fmt/core.h>
#include <string_view>
#include <vector>

#include "base/base.h"
#include "text/field_parser.h"

namespace fastload::text {

// How many fields a row must hold, as LOAD DATA counts them.
struct RowWidth {
  std::size_t fields = 0;    // what the fields fill: the table's columns, or the entries of --columns
  // Fewer fields are refused (LOAD DATA warns 1261). The entries after the
  // first `required` are variables, which LOAD DATA sets to NULL without a
  // warning when the row has no field for them.
  std::size_t required = 0;
  bool listed = false;       // --columns says what the fields fill (for messages)
};

// LOAD DATA ignores, without a warning, one empty field after the last entry (not "").
inline void drop_ignored_field(std::vector<text::Field>& fields, const RowWidth& width) {
  if (fields.size() == width.fields + 1 && fields.back().value.empty() && !fields.back().is_null &&
      !fields.back().enclosed)
    fields.pop_back();
}

// A row whose field count LOAD DATA would warn of; `fields` as counted.
inline Problem wrong_field_count(std::uint64_t row, std::size_t fields, const RowWidth& width) {
  Problem p;
  p.row_in_chunk = row;
  p.message = !width.listed ? fmt::format("the row has {} fields but the table has {} columns", fields,
                                          width.fields)
              : fields > width.fields ? fmt::format("the row has {} fields but --columns lists {}", fields,
                                                    width.fields)
              : fmt::format("the row has {} fields but --columns needs {} (its columns up to the last one)",
                            fields, width.required);
  return p;
}

class ChunkRows {
 public:
  ChunkRows(const RowWidth& width, const Dialect& dialect) : width_(width), scanner_(dialect), parser_(dialect) {}

  // Calls on_row(fields, row) for each row of `chunk` (row is 1-based in the
  // chunk; fields has width.fields entries, valid until release()). Stops at
  // a row with the wrong field count, adding it to `problems`, or when on_row
  // returns false. Returns whether every row was handed out.
  template <class OnRow>
  bool for_each(std::string_view file, const Chunk& chunk, std::vector<Problem>& problems, OnRow&& on_row) {
    std::uint64_t row = 0;
    bool complete = true;
    scanner_.for_each_row(file.substr(chunk.begin, chunk.size()),
                          [&](std::string_view bytes, std::uint64_t, text::RowEnd end) {
      ++row;
      current_ = bytes;
      current_end_ = end;
      if (!parse(bytes, end)) {
        problems.push_back(wrong_field_count(row, fields_.size(), width_));
        return complete = false;
      }
      return complete = on_row(fields_, row);
    });
    return complete;
  }

  // Lets the parser reuse the memory of unescaped values handed out so far.
  void release() { parser_.clear(); }

  // The current row's fields again, after a release() inside on_row.
  const std::vector<text::Field>& reparse() {
    parse(current_, current_end_);
    return fields_;
  }

 private:
  // The row's fields into fields_, width_.fields of them; false when LOAD DATA would warn of their count.
  bool parse(std::string_view bytes, text::RowEnd end) {
    fields_.clear();
    parser_.parse_row(bytes, end, fields_);
    drop_ignored_field(fields_, width_);
    if (fields_.size() < width_.required || fields_.size() > width_.fields) return false;
    fields_.resize(width_.fields, text::Field{{}, true, false});  // variables without a field are NULL
    return true;
  }

  RowWidth width_;
  text::RowScanner scanner_;
  text::FieldParser parser_;
  std::vector<text::Field> fields_;
  std::string_view current_;  // the row on_row was last called with
  text::RowEnd current_end_ = text::RowEnd::kNewline;
};

}  // namespace fastload::text
