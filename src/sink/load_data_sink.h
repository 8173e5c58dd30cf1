// --mode load: the chunk's bytes go straight from the mapping to the server
// through one LOAD DATA LOCAL INFILE statement (under --on-duplicate ignore,
// one statement for every max_error_count rows).
// --mode server: the server reads the file itself with LOAD DATA INFILE (one
// chunk, the whole file), in a strict sql_mode.
// Both end the statement with --columns and --set as its column list and SET clause.
#pragma once

#include <cstdint>
#include <string>

#include "plan/plan.h"
#include "sink/interface.h"
#include "table/table.h"
#include "db/db.h"
#include "text/text.h"

namespace fastload::sink {

class LoadDataSink : public Sink {
 public:
  // server_file: the absolute path the server reads (--mode server); empty for LOCAL.
  // Takes options.charset, on_duplicate, dialect, columns and set. `ids`: the
  // AUTO_INCREMENT column the fields leave out, numbered by a user variable.
  LoadDataSink(db::Session& session, const table::Target& target, const plan::TablePlan& options, const table::AutoIds* ids,
               const std::string& server_file = {});
  SinkResult send(const Chunk& chunk, std::string_view file, const table::RowIds& ids) override;
  std::string method() const override;
  std::string statement() const override;

 private:
  bool load(const Chunk& piece, std::string_view file, std::uint64_t first_row, const table::RowIds& ids,
            SinkResult& result);

  db::Session& session_;
  bool local_;
  request::OnDuplicate on_duplicate_;
  std::uint64_t rows_per_statement_ = 0;  // 0: the whole chunk in one statement
  text::RowScanner scanner_;             // where a statement's rows end, when a chunk takes several
  std::string statement_;
  table::GivenIdCheck given_ids_;  // a NULL or 0 the file gives the AUTO_INCREMENT column, refused before sending
};

// The FIELDS and LINES clauses of `dialect`, bytes as hex literals so that
// NO_BACKSLASH_ESCAPES cannot change them, e.g. "FIELDS TERMINATED BY X'2C'
// OPTIONALLY ENCLOSED BY X'22' ESCAPED BY X'' LINES TERMINATED BY X'0A'".
// Header lines are not named: they are never sent (see LoadDataSink for --mode server).
std::string load_data_clauses(const text::Dialect& dialect);

// Parses mysql_info() after LOAD DATA: "Records: 3  Deleted: 0  Skipped: 0  Warnings: 0".
// Throws ServerError when the report has another shape.
SinkResult parse_load_info(const std::string& info);

}  // namespace fastload::sink
