#include "sink/text_insert_sink.h"

#include "sink/statement_batch.h"

namespace fastload::sink {
namespace {

// The longest statement the server reads: its packet (the statement after a
// command byte) must be shorter than max_allowed_packet (measured on 10.11:
// 32766 bytes pass under 32768, 32767 do not).
std::size_t statement_limit(db::Session& session) {
  std::size_t packet = session.max_allowed_packet();
  return packet > 2 ? packet - 2 : 1;
}

}  // namespace

TextInsertSink::TextInsertSink(db::Session& session, const table::Target& target, std::uint64_t rows_per_statement,
                               const plan::TablePlan& options, const table::AutoIds* ids)
    : session_(session),
      on_duplicate_(options.on_duplicate),
      shape_(make_insert_shape(session, target, options, ids)),
      rows_per_statement_(max_statement_rows(session, on_duplicate_, rows_per_statement)),
      max_packet_(statement_limit(session)),
      max_statement_(std::min(kStatementBytes, max_packet_)),
      rows_(shape_.width(), options.source.dialect) {}

std::string TextInsertSink::method() const {
  return rows_per_statement_ == 1 ? "one text INSERT a row"
                                  : fmt::format("text multi-row INSERTs of up to {} bytes", max_statement_);
}

std::string TextInsertSink::statement() const {
  return shape_.head() + (rows_per_statement_ == 1 ? " (...)" : " (...), (...), ...");
}

namespace {

// -?digits[.digits]: a literal the server reads as the same exact number the
// quoted string would convert to, without the conversion.
bool plain_number(std::string_view text) {
  std::size_t i = !text.empty() && text[0] == '-';
  std::size_t digits = 0, dots = 0;
  for (; i < text.size(); ++i) {
    if (text[i] >= '0' && text[i] <= '9') ++digits;
    else if (text[i] == '.' && dots++ == 0 && digits > 0 && i + 1 < text.size()) continue;
    else return false;
  }
  return digits > 0;
}

// Bytes that need an escape in a quoted literal, whatever the sql_mode.
bool needs_escape(std::string_view text) {
  for (char c : text)
    if (c == '\'' || c == '\\' || c == '"' || c == '\0' || c == '\n' || c == '\r' || c == '\032') return true;
  return false;
}

}  // namespace

// A variable's value (no column) is always a string, as LOAD DATA stores it.
void TextInsertSink::append_value(std::string& out, const text::Field& f, const table::Column* column) {
  if (f.is_null) {
    out += "NULL";
  } else if (column && column->exact_number && plain_number(f.value)) {
    out += f.value;
  } else if (out += column && column->binary ? std::string_view("_binary") : shape_.introducer();
             !needs_escape(f.value)) {  // the file's charset, when not the session's; a binary column's bytes
    out += '\'';
    out += f.value;
    out += '\'';
  } else {
    session_.append_quoted(out, f.value);
  }
}

bool TextInsertSink::flush(SinkResult& result) {
  if (rows_in_statement_ == 0) return true;
  bool accepted = run_batch(session_, result, first_row_, rows_in_statement_, [&] {
    session_.execute(statement_);
    return session_.affected_rows();
  });
  statement_.clear();
  rows_in_statement_ = 0;
  return accepted;
}

SinkResult TextInsertSink::send(const Chunk& chunk, std::string_view file, const table::RowIds& ids) {
  SinkResult result;
  result.on_duplicate = on_duplicate_;
  statement_.clear();
  rows_in_statement_ = 0;
  bool refused = false;  // a row failed the values' check: the rest are checked, none sent
  bool complete = rows_.for_each(file, chunk, result.problems, [&](const auto& fields, std::uint64_t row) {
    if (check_ && !check_(fields, row, result.problems, 0)) refused = true;
    if (refused) return true;
    std::uint64_t made_up_id = 0;  // the id one LOAD DATA makes up for the row's NULL or 0, sent instead
    if (auto made_up = shape_.made_up_id(fields, row); made_up && !(made_up_id = ids.made_up_id(row))) {
      result.problems.push_back(std::move(*made_up));
      return false;
    }
    tuple_.clear();
    shape_.append_tuple(tuple_, [&](std::string& out, const ValueSlot& slot) {
      if (slot.field == ValueSlot::kId) out += std::to_string(ids.id(row));
      else if (made_up_id && shape_.gives_id(slot)) out += std::to_string(made_up_id);
      else append_value(out, fields[slot.field], slot.column);
    });
    rows_.release();  // the tuple holds the values now
    std::size_t grown = (rows_in_statement_ ? statement_.size() + 1 : shape_.head().size()) + tuple_.size();
    bool full = rows_in_statement_ > 0 && (rows_in_statement_ == rows_per_statement_ || grown > max_statement_);
    if (full && !flush(result)) return false;
    if (shape_.head().size() + tuple_.size() > max_packet_) {
      result.problems.push_back(row_too_large(row, shape_.head().size() + tuple_.size(), max_packet_));
      return false;
    }
    if (rows_in_statement_ == 0) {
      statement_ = shape_.head();
      first_row_ = row;
    } else {
      statement_ += ',';
    }
    statement_ += tuple_;
    ++rows_in_statement_;
    return true;
  });
  if (complete && !refused) flush(result);
  return result;
}

}  // namespace fastload::sink
