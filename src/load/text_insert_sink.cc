#include "load/text_insert_sink.h"

#include "load/statement_batch.h"

namespace fastload::load {

TextInsertSink::TextInsertSink(Session& session, const Target& target, std::uint64_t rows_per_statement)
    : session_(session),
      prefix_("INSERT INTO " + target.quoted + " VALUES "),
      rows_per_statement_(rows_per_statement),
      max_statement_(std::min<std::size_t>(
          kStatementBytes, std::stoull(session.query_value("SELECT @@max_allowed_packet").value_or("1048576")) - 1024)),
      rows_(target.columns.size()) {
  require_strict_mode(session_);
}

std::string TextInsertSink::method() const {
  return rows_per_statement_ == 1 ? "one text INSERT a row"
                                  : fmt::format("text multi-row INSERTs of up to {} bytes", max_statement_);
}

void TextInsertSink::append_tuple(std::string& out, const std::vector<split::Field>& fields) {
  out += '(';
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i) out += ',';
    if (fields[i].is_null) out += "NULL";
    else session_.append_quoted(out, fields[i].value);
  }
  out += ')';
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

SinkResult TextInsertSink::send(const Chunk& chunk, std::string_view file) {
  SinkResult result;
  statement_.clear();
  rows_in_statement_ = 0;
  bool complete = rows_.for_each(file, chunk, result.problems, [&](const auto& fields, std::uint64_t row) {
    tuple_.clear();
    append_tuple(tuple_, fields);
    rows_.release();  // the tuple holds the values now
    bool full = rows_in_statement_ == rows_per_statement_ ||
                prefix_.size() + statement_.size() + 1 + tuple_.size() > max_statement_;
    if (full && !flush(result)) return false;
    if (prefix_.size() + tuple_.size() > max_statement_) {
      Problem too_big;
      too_big.row_in_chunk = row;
      too_big.message = fmt::format("the row needs a {}-byte INSERT, more than max_allowed_packet allows; raise "
                                    "max_allowed_packet or use --mode load", prefix_.size() + tuple_.size());
      result.problems.push_back(std::move(too_big));
      return false;
    }
    if (rows_in_statement_ == 0) {
      statement_ = prefix_;
      first_row_ = row;
    } else {
      statement_ += ',';
    }
    statement_ += tuple_;
    ++rows_in_statement_;
    return true;
  });
  if (complete) flush(result);
  return result;
}

}  // namespace fastload::load
