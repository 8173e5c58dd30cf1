// AUTO_INCREMENT ids in file order (docs/design.md#auto-increment-ids).
//
// One LOAD DATA numbers the rows it stores consecutively in file order from
// the table's next value. A load cut into chunks and statements would let the
// server number each statement, out of file order and with gaps. So when the
// fields leave the table's AUTO_INCREMENT column out, every mode sends the id
// itself: the row with input ordinal k (1-based, after --skip-rows, the rows
// of the FILEs before it first) gets base + (k - 1) * increment, the same on
// every rerun, retry and resume.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "plan/plan.h"
#include "base/base.h"
#include "text/text.h"
#include "db/db.h"
#include "table/target.h"

namespace fastload::table {

struct AutoIds {
  std::string column;           // the table's AUTO_INCREMENT column, as the table names it
  std::uint64_t base = 1;       // the id of the input's first row
  std::uint64_t increment = 1;  // the run's pinned auto_increment_increment

  std::uint64_t id(std::uint64_t ordinal) const { return base + (ordinal - 1) * increment; }
};

// The ids of one statement's rows: row r (1-based, as sent) is the chunk's
// row original_row[r - 1] (or r without rows left out), and the chunk's row 1
// is the input's row first_ordinal.
struct RowIds {
  const AutoIds* ids = nullptr;  // nullptr: the fields fill the column, or there is none
  std::uint64_t first_ordinal = 1;
  const std::vector<std::uint64_t>* original_row = nullptr;
  // The fields fill the column: the id the server makes up for each row of the chunk (0 where the row gives
  // its own), as one LOAD DATA of the input does (table/given_ids.h); nullptr where fastload cannot say.
  const std::vector<std::uint64_t>* made_up = nullptr;

  std::uint64_t chunk_row(std::uint64_t row) const {
    return original_row && !original_row->empty() ? original_row->at(row - 1) : row;
  }
  std::uint64_t ordinal(std::uint64_t row) const { return first_ordinal + chunk_row(row) - 1; }
  std::uint64_t id(std::uint64_t row) const { return ids->id(ordinal(row)); }
  // The id the server makes up for row `row` (as sent), 0 when the row gives its own or fastload cannot say.
  std::uint64_t made_up_id(std::uint64_t row) const { return made_up ? made_up->at(chunk_row(row) - 1) : 0; }
  // How many rows from `row` on, at most `limit`, take consecutive ids (one LOAD DATA's counter).
  std::uint64_t consecutive(std::uint64_t row, std::uint64_t limit) const {
    if ((!ids && !made_up) || !original_row || original_row->empty()) return limit;
    std::uint64_t n = 1;
    while (n < limit && (*original_row)[row - 1 + n] == (*original_row)[row - 2 + n] + 1) ++n;
    return n;
  }
};

// The AUTO_INCREMENT column the fields do not fill and no --set sets, or nullptr.
const Column* unfilled_auto_increment(const Target& target, const plan::TablePlan& options);

// The first id the server gives at counter `next` with auto_increment_increment
// and _offset: the least offset + j * increment at or after `next`, as the
// server's compute_next_insert_id computes it. Pure.
std::uint64_t first_id(std::uint64_t next, std::uint64_t increment, std::uint64_t offset);

// How many ids one LOAD DATA of `rows` rows takes from the counter: InnoDB
// reserves them in intervals of 1, 2, 4, ... 32768, then 65535 (the server's
// handler::update_auto_increment), and leaves its counter past the last
// interval; other engines take one a row. Pure.
std::uint64_t ids_taken(std::uint64_t rows, const std::string& engine);

// Throws Failure(ExitCode::usage) where the ids cannot be the file's order:
// a MyISAM or Aria column numbered per group of a multi-column index.
void check_numbering(db::Session& control, const Target& target, const Column& column);

// The table's counter (information_schema.TABLES.AUTO_INCREMENT), exact on MariaDB.
std::uint64_t next_auto_increment(db::Session& control, const Target& target);

// Moves the table's counter to `next` (ALTER TABLE ... AUTO_INCREMENT), so
// that no other writer takes an id of the load's range. Warns instead of
// failing when the user may not ALTER the table.
void move_auto_increment(db::Session& control, const Target& target, std::uint64_t next);

// The AUTO_INCREMENT column the fields fill (no --set sets it), or nullptr:
// a NULL or 0 there would have the server make up an id per statement.
const Column* filled_auto_increment(const Target& target, const plan::TablePlan& options);

// Whether the session's sql_mode stores 0 as 0 (NO_AUTO_VALUE_ON_ZERO) rather than making up an id.
bool zero_is_a_value(db::Session& session);

// Whether the server makes up an id for the value `field` (NULL, or 0 unless zero_is_a_value). Pure.
bool makes_up_id(const text::Field& field, bool zero_is_a_value);

// The refusal of a row whose id the server would make up, where fastload cannot number such rows (a stream,
// --part, a Spider table: docs/design.md#auto-increment-ids).
Problem made_up_id(std::uint64_t row, const std::string& column, bool zero_is_a_value);

// A file that gives the AUTO_INCREMENT column, as the LOAD DATA modes send
// it: the rows whose id the server would make up, found on the client.
class GivenIdCheck {
 public:
  // Checks nothing when the fields do not fill the column.
  GivenIdCheck(db::Session& session, const Target& target, const plan::TablePlan& options);
  // The first row of `chunk` (over `file`) whose id the server would make up, refused.
  std::optional<Problem> first_made_up(std::string_view file, const Chunk& chunk);

 private:
  std::string column_;
  std::size_t field_ = 0;  // the row's field that fills it
  bool zero_is_a_value_ = false;
  std::optional<text::ChunkRows> rows_;  // empty: nothing to check
};

// "`id` = (@fastload_id := @fastload_id + 3)": LOAD DATA's assignment that
// numbers the rows a statement reads, after load_data_counter's
// "SET @fastload_id = <the statement's first id> - 3" on the same session.
std::string load_data_assignment(const AutoIds& ids);
std::string load_data_counter(const AutoIds& ids, std::uint64_t first_id);

}  // namespace fastload::table
