// --mode multirow and --mode row: text INSERT statements with escaped
// literals, what dump loaders send. multirow packs as many rows as
// max_allowed_packet (or --batch-rows) allows; row sends one row a statement.
// --columns and --set shape the statement (sink/insert_shape.h).
#pragma once

#include <string>

#include "plan/plan.h"
#include "sink/interface.h"
#include "text/text.h"
#include "sink/insert_shape.h"
#include "db/db.h"
#include "table/table.h"

namespace fastload::sink {

class TextInsertSink : public Sink {
 public:
  // Statements of about 1 MiB loaded 1M nodes rows in 0.85x the time of 16 MiB ones (the server parses a
  // whole statement before it inserts a row): docs/benchmarks.md.
  static constexpr std::size_t kStatementBytes = 1 << 20;

  // rows_per_statement: 1 for --mode row; 0: as many as fit. Takes
  // options.on_duplicate, dialect, columns, set and charset; `ids` as InsertShape takes it.
  TextInsertSink(db::Session& session, const table::Target& target, std::uint64_t rows_per_statement, const plan::TablePlan& options,
                 const table::AutoIds* ids);
  SinkResult send(const Chunk& chunk, std::string_view file, const table::RowIds& ids) override;
  bool take_row_check(RowCheck check) override {
    check_ = std::move(check);
    return true;
  }
  std::string method() const override;
  std::string statement() const override;

 private:
  void append_value(std::string& out, const text::Field& field, const table::Column* column);
  bool flush(SinkResult& result);

  db::Session& session_;
  request::OnDuplicate on_duplicate_;
  InsertShape shape_;            // its head() begins each statement
  std::uint64_t rows_per_statement_;  // 0: as many as fit
  std::size_t max_packet_;       // bytes: the longest statement max_allowed_packet lets through
  std::size_t max_statement_;    // bytes: kStatementBytes, or less when max_allowed_packet is smaller;
                                 // a single longer row goes alone
  text::ChunkRows rows_;
  std::string statement_;        // the statement being built
  std::string tuple_;            // the row being added
  std::uint64_t first_row_ = 0;  // chunk row of the statement's first tuple
  std::uint64_t rows_in_statement_ = 0;
  RowCheck check_;  // the values' check, when the worker gave one
};

}  // namespace fastload::sink
