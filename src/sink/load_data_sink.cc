#include "sink/load_data_sink.h"

#include <cinttypes>
#include <cstdio>
#include <fmt/core.h>
#include <optional>

#include "table/table.h"
#include "sink/diagnose.h"
#include "sink/statement_batch.h"

namespace fastload::sink {
namespace {

// Under LOCAL no keyword already means IGNORE; the statement says it anyway when asked.
const char* duplicate_keyword(request::OnDuplicate policy) {
  switch (policy) {
    case request::OnDuplicate::ignore: return " IGNORE";
    case request::OnDuplicate::replace: return " REPLACE";
    case request::OnDuplicate::error: break;
  }
  return "";
}

std::string hex(std::string_view bytes) {
  std::string literal = "X'";
  for (unsigned char c : bytes) literal += fmt::format("{:02X}", c);
  return literal + "'";
}

std::string hex(const std::optional<char>& byte) { return byte ? hex(std::string_view(&*byte, 1)) : "X''"; }

}  // namespace

std::string load_data_clauses(const text::Dialect& d) {
  std::string enclosure = d.enclosure ? fmt::format(" {}ENCLOSED BY {}", d.optionally_enclosed ? "OPTIONALLY " : "",
                                                    hex(d.enclosure))
                                      : "";
  std::string start = d.line_start.empty() ? "" : " STARTING BY " + hex(d.line_start);
  return fmt::format("FIELDS TERMINATED BY {}{} ESCAPED BY {} LINES{} TERMINATED BY {}", hex(d.field_terminator),
                     enclosure, hex(d.escape), start, hex(d.line_terminator));
}

LoadDataSink::LoadDataSink(db::Session& session, const table::Target& target, const plan::TablePlan& options, const table::AutoIds* ids,
                           const std::string& server_file)
    : session_(session), local_(server_file.empty()), on_duplicate_(options.on_duplicate), scanner_(options.source.dialect),
      given_ids_(session, target, options) {
  // Under LOCAL the file name is a placeholder: the session serves the chunk
  // whatever name the server asks for, never its header lines. The server
  // reading the file itself skips them.
  statement_ = fmt::format(
      "LOAD DATA {}{} INTO TABLE {} CHARACTER SET {} {}",
      local_ ? "LOCAL INFILE 'fastload-chunk'" : "INFILE " + session.quote_string(server_file),
      duplicate_keyword(on_duplicate_), target.into(), options.sent_charset(), load_data_clauses(options.source.dialect));
  const std::uint64_t header = options.source.dialect.skip_rows;
  if (!local_ && header > 0) statement_ += fmt::format(" IGNORE {} LINES", header);
  statement_ += table::load_data_columns(target, options);
  if (ids) statement_ += (options.set.empty() ? " SET " : ", ") + table::load_data_assignment(*ids);
  std::uint64_t rows = max_statement_rows(session_, on_duplicate_, 0);
  if (local_) rows_per_statement_ = rows;  // the server reads its own file whole
}

std::string LoadDataSink::method() const {
  return local_ ? "LOAD DATA LOCAL INFILE, streamed from the mapping" : "LOAD DATA INFILE, read by the server";
}

std::string LoadDataSink::statement() const { return statement_; }

SinkResult LoadDataSink::send(const Chunk& chunk, std::string_view file, const table::RowIds& ids) {
  SinkResult result;
  result.on_duplicate = on_duplicate_;
  if (auto made_up = ids.made_up ? std::nullopt : given_ids_.first_made_up(file, chunk)) {  // nothing sent
    result.problems.push_back(std::move(*made_up));
    return result;
  }
  Chunk piece = chunk;  // the rows of one statement: the whole chunk unless rows_per_statement_ is less
  std::uint64_t done = 0;
  do {
    piece.rows = rows_per_statement_ ? std::min(rows_per_statement_, chunk.rows - done) : chunk.rows;
    // The user variable numbers a statement's rows consecutively: a row left out ends the statement.
    if (local_) piece.rows = ids.consecutive(done + 1, piece.rows);
    if (done + piece.rows < chunk.rows) piece.end = scanner_.locate_row(file, piece, piece.rows + 1).byte_offset;
    if (!load(piece, file, done + 1, ids, result)) break;
    done += piece.rows;
    piece.begin = piece.end;
    piece.end = chunk.end;
  } while (done < chunk.rows);
  return result;
}

// One statement for the rows of `piece`, the first being the chunk's row
// first_row. Adds to `result`; false when the chunk is refused or the input
// could not be read.
bool LoadDataSink::load(const Chunk& piece, std::string_view file, std::uint64_t first_row, const table::RowIds& ids,
                        SinkResult& result) {
  if (ids.ids && piece.rows > 0) session_.execute(table::load_data_counter(*ids.ids, ids.id(first_row)));
  // The first id the statement makes up; the server's own cursor numbers the rest as one LOAD DATA does.
  for (std::uint64_t row = first_row; ids.made_up && row < first_row + piece.rows; ++row)
    if (std::uint64_t id = ids.made_up_id(row)) {
      session_.execute(fmt::format("SET INSERT_ID = {}", id));
      break;
    }
  try {
    if (!local_) {
      session_.execute(statement_);
    } else if (!session_.load_local(statement_, file.substr(piece.begin, piece.size()), result.read_error)) {
      result.read_failed = true;
      return false;
    }
  } catch (const db::ServerError& e) {
    // A strict sql_mode makes a bad value an error without LOCAL, and under REPLACE even with it.
    if (!db::is_data_error(e.code())) throw;
    result.problems = server_problems(session_, first_row, on_duplicate_);
    note_stop(result, first_row, e.code());
    return false;
  }
  SinkResult statement = parse_load_info(session_.info());
  statement.affected = session_.affected_rows();
  statement.warnings = std::max<std::uint64_t>(statement.warnings, session_.warning_count());
  return check_statement(session_, statement, piece.rows, first_row, result);
}

SinkResult parse_load_info(const std::string& info) {
  SinkResult result;
  if (std::sscanf(info.c_str(), "Records: %" SCNu64 " Deleted: %" SCNu64 " Skipped: %" SCNu64
                  " Warnings: %" SCNu64, &result.records, &result.deleted, &result.skipped,
                  &result.warnings) != 4)
    throw db::ServerError(0, "HY000", fmt::format("cannot read the server's LOAD DATA report '{}'", info));
  return result;
}

}  // namespace fastload::sink
