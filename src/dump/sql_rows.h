// One table's rows of a SQL dump (mariadb-dump db > dump.sql) as fastload's own delimited text (LOAD DATA's
// default dialect, sqldump/row_text.h, in the dump's connection character set), converted as the dump is read, in
// bounded memory whatever a statement's size: every mode, check, rejects file and resume of a load applies to it
// unchanged, as to a file in a converted charset (input::ConvertingStream). Each row starts where its tuple's
// '(' stands in the dump (take_offsets), so messages name the dump's own bytes; its lines (take_row_lines) too.
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "dump/sql_columns.h"
#include "dump/sql_dump.h"
#include "input/input.h"
#include "sqldump/sqldump.h"

namespace fastload::dump {

// The rows come from a scan's InsertRanges (dump/sql_dump.h): whole statements of the dump that INSERT the table's
// rows, one after the other, and the session at their start.
// The table the rows go to, as the caller read it from its definition and from the dump's first INSERT.
struct SqlTarget {
  std::string table;                   // as the INSERTs name it (a database before it is not compared)
  std::vector<ColumnType> columns;     // in the rows' order: the INSERTs' column list, else the table's columns
  bool columns_listed = false;         // the INSERTs list `columns` (every one must list the same)
  sqldump::InsertKind kind = sqldump::InsertKind::insert;  // every INSERT must be of this kind
  std::string charset;                 // the rows' (LOAD DATA's CHARACTER SET): every range's must be it
};

class SqlRowsStream final : public input::RowTextStream {
 public:
  // Reads `dump` from its start: bytes outside `ranges` (ascending, not overlapping) are passed over. A statement
  // longer than `max_statement` is read in parts, a tuple up to `max_tuple` bytes.
  // `reject_rows`: a row whose value the INSERT would store otherwise than LOAD DATA, or of another count of
  // values than columns, is handed out all the same and named by take_refused (the load leaves it out as
  // --max-errors allows); otherwise read() throws for it.
  SqlRowsStream(std::unique_ptr<input::ByteStream> dump, std::vector<InsertRange> ranges, SqlTarget target,
                bool reject_rows = false, std::size_t max_statement = std::size_t{1} << 20,
                std::size_t max_tuple = std::size_t{64} << 20);

  // read() throws Failure(ExitCode::rejected) naming the dump, line and byte, the table and column, for a
  // statement that is no such INSERT and, without reject_rows, for what the INSERT would store otherwise than LOAD
  // DATA (dump/sql_columns.h) and a tuple of another count of values than columns; Failure(ExitCode::input) for the
  // dump's read errors. Each row starts at its tuple's dump offset and line (take_offsets, take_row_lines); the
  // rows refused with reject_rows are named by take_refused.

  // The dump's bytes of `ranges` read so far (those passed over are not this table's): what a progress line
  // counts to the ranges' total length.
  std::uint64_t consumed() const override { return in_ranges_.load(std::memory_order_relaxed); }
  std::uint64_t rows() const { return rows_; }

 private:
  bool produce() override;  // converts more rows into out(); false at the end
  bool input_verified() const override { return inner_->verified() >= at_; }
  bool feed_splitter();     // the next dump bytes of the current range; false when it is read
  void statement(const sqldump::Piece& piece);
  void drain(const sqldump::Piece& piece);
  void check_head(const sqldump::Piece& piece);
  void row(const sqldump::Piece& piece);
  std::optional<std::string> row_refusal(const sqldump::Piece& piece) const;
  [[noreturn]] void refuse(const sqldump::Piece& piece, std::uint64_t offset, std::uint64_t lines,
                           const std::string& what) const;

  std::unique_ptr<input::ByteStream> inner_;
  const std::vector<InsertRange> ranges_;
  const SqlTarget target_;
  const bool reject_rows_;
  const std::size_t max_statement_, max_tuple_;
  std::size_t range_ = 0;              // the range being read
  std::uint64_t at_ = 0;               // dump bytes read from inner_
  std::atomic<std::uint64_t> in_ranges_{0};  // of them, in ranges (written by the reading thread)
  std::optional<sqldump::Splitter> splitter_;
  std::optional<sqldump::InsertReader> reader_;
  std::string raw_;                    // a read's dump bytes
  std::uint64_t rows_ = 0;
};

}  // namespace fastload::dump
