// A literal model of the server's READ_INFO (sql/sql_load.cc, MariaDB 10.11):
// read_field() and next_line() transcribed with their GET/PUSH byte stack,
// for any dialect, over a whole file. The row scanner and field parser are
// written differently (masks and views); the tests compare them with this.
// Rows are read with as many columns as they have fields, so a row ends where
// read_field finds the end of its line (or of the file).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "text/text.h"

namespace fastload::model {

using Value = std::optional<std::string>;  // nullopt is NULL

struct ModelRow {
  std::uint64_t begin = 0, end = 0;  // end: where the next row starts (with a prefix: where the search for it does)
  std::uint64_t search = 0;          // where the search for the prefix began (begin: where the prefix is)
  std::vector<Value> fields;
};

class ReadInfo {
 public:
  ReadInfo(std::string_view file, const text::Dialect& d)
      : file_(file), field_(d.field_terminator), line_(d.line_terminator),
        quote_(d.enclosure ? static_cast<unsigned char>(*d.enclosure) : kNone),
        escape_(d.escape ? static_cast<unsigned char>(*d.escape) : kNone), start_(d.line_start),
        skip_(d.skip_rows) {}

  // IGNORE skip_rows LINES, then the rows (read_sep_field's loop).
  std::vector<ModelRow> rows() {
    for (std::uint64_t k = 0; k < skip_ && next_line(); ++k) {
    }
    std::vector<ModelRow> rows;
    for (;;) {
      ModelRow row;
      row.begin = row.search = position();
      found_end_of_line_ = false;
      start_of_line_ = !start_.empty();
      while (!found_end_of_line_) {
        std::optional<Value> field = read_field();
        if (!field) break;
        row.fields.push_back(*field);
      }
      if (row.fields.empty()) return rows;
      if (!start_.empty()) row.begin = prefix_at_;
      row.end = position();
      rows.push_back(row);
    }
  }

  // Where the header lines end.
  std::uint64_t header_end() {
    for (std::uint64_t k = 0; k < skip_ && next_line(); ++k) {
    }
    return position();
  }

 private:
  static constexpr int kEOF = -1, kNone = 1000;

  int get() {
    if (!stack_.empty()) {
      int c = stack_.back();
      stack_.pop_back();
      return c;
    }
    return pos_ < file_.size() ? static_cast<unsigned char>(file_[pos_++]) : kEOF;
  }
  void push(int c) { stack_.push_back(c); }
  std::uint64_t position() const {
    std::uint64_t pushed = 0;
    for (int c : stack_) pushed += c != kEOF;
    return pos_ - pushed;
  }
  static int initial(const std::string& t) { return t.empty() ? kNone : static_cast<unsigned char>(t[0]); }

  // READ_INFO::terminator(ptr, length): t[0] was read; the rest must follow, else all goes back.
  bool terminator(const std::string& t) {
    std::size_t i = 1;
    int chr = 0;
    for (; i < t.size(); ++i)
      if ((chr = get()) != static_cast<unsigned char>(t[i])) break;
    if (i == t.size()) return true;
    push(chr);
    while (i-- > 1) push(static_cast<unsigned char>(t[i]));
    return false;
  }
  bool terminator(int chr, const std::string& t) { return initial(t) == chr && terminator(t); }

  char unescape(int chr) {
    switch (chr) {
      case 'n': return '\n';
      case 't': return '\t';
      case 'r': return '\r';
      case 'b': return '\b';
      case '0': return 0;
      case 'Z': return '\032';
      case 'N': found_null_ = true; [[fallthrough]];
      default: return static_cast<char>(chr);
    }
  }

  Value finish(const std::string& data, bool enclosed) {
    const std::string value = enclosed ? data.substr(1) : data;
    if ((!enclosed && quote_ != kNone && value == "NULL") || (value.size() == 1 && found_null_)) return Value();
    return value;
  }

  // nullopt: no field (end of file, or the line already ended).
  std::optional<Value> read_field() {
    found_null_ = false;
    if (found_end_of_line_) return std::nullopt;
    if (start_of_line_) {
      start_of_line_ = false;
      if (!find_start_of_fields()) return std::nullopt;
    }
    int chr = get();
    if (chr == kEOF) {
      found_end_of_line_ = eof_ = true;
      return std::nullopt;
    }
    std::string data;
    int found_enclosed = kNone;
    if (chr == quote_) {
      found_enclosed = chr;
      data += static_cast<char>(chr);
    } else {
      push(chr);
    }
    for (;;) {
      chr = get();
      if (chr == kEOF) break;
      if (chr == escape_) {
        if ((chr = get()) == kEOF) {
          data += static_cast<char>(escape_);
          break;
        }
        if (escape_ != quote_ || chr == escape_) {
          data += unescape(chr);
          continue;
        }
        push(chr);
        chr = escape_;
      }
      if (chr == initial(line_) && found_enclosed == kNone && terminator(line_)) {
        found_end_of_line_ = true;
        return finish(data, false);
      }
      if (chr == found_enclosed) {
        if ((chr = get()) == found_enclosed) {
          data += static_cast<char>(chr);
          continue;
        }
        if (chr == kEOF || terminator(chr, line_)) {
          found_end_of_line_ = true;
          return finish(data, true);
        }
        if (terminator(chr, field_)) return finish(data, true);
        push(chr);
        chr = found_enclosed;
      } else if (chr == initial(field_) && found_enclosed == kNone && terminator(field_)) {
        return finish(data, false);
      }
      data += static_cast<char>(chr);
    }
    found_end_of_line_ = eof_ = true;  // found_eof
    return finish(data, false);
  }

  // READ_INFO::find_start_of_fields: on to just after the prefix; false at the end of the file.
  bool find_start_of_fields() {
    for (int chr = get(); chr != kEOF; chr = get()) {
      if (terminator(chr, start_)) {
        prefix_at_ = position() - start_.size();
        return true;
      }
    }
    found_end_of_line_ = eof_ = true;
    return false;
  }

  // READ_INFO::next_line byte by byte: false at the end of the file.
  bool next_line() {
    if (found_end_of_line_ || eof_) {
      found_end_of_line_ = false;
      return !eof_;
    }
    for (;;) {
      int chr = get();
      if (chr == kEOF) return false;
      if (chr == escape_) {
        if (get() == kEOF) return false;
        continue;
      }
      if (terminator(chr, line_)) return true;
    }
  }

  std::string_view file_;
  std::string field_, line_;
  int quote_, escape_;
  std::string start_;  // LINES STARTING BY
  bool start_of_line_ = false;
  std::uint64_t prefix_at_ = 0;
  std::uint64_t skip_;
  std::uint64_t pos_ = 0;
  std::vector<int> stack_;
  bool found_null_ = false, found_end_of_line_ = false, eof_ = false;
};

}  // namespace fastload::model
