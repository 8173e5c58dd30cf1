// Running one INSERT statement of a batch of a chunk's rows, strictly: a data
// error or any warning refuses the chunk, with the rows the server named;
// only what --on-duplicate allows (skipped or replaced rows) is accepted.
#pragma once

#include <cstdint>
#include <fmt/core.h>

#include "sink/interface.h"
#include "sink/diagnose.h"
#include "db/db.h"

namespace fastload::sink {

// A row that cannot fit any statement, alone in it, under max_allowed_packet
// (statements of one row were tried: only such a row is refused).
inline Problem row_too_large(std::uint64_t row, std::size_t bytes, std::size_t limit) {
  Problem p;
  p.row_in_chunk = row;
  p.message = fmt::format("the row needs {} bytes in a statement of its own, more than the {} the server's "
                          "max_allowed_packet lets through; raise max_allowed_packet (SET GLOBAL) or use --mode load",
                          bytes, limit);
  return p;
}

// How an INSERT mode's statements begin, as --on-duplicate asks. IGNORE also
// turns bad values into warnings: those still refuse the chunk (counts_match).
inline const char* insert_verb(request::OnDuplicate policy) {
  switch (policy) {
    case request::OnDuplicate::ignore: return "INSERT IGNORE INTO";
    case request::OnDuplicate::replace: return "REPLACE INTO";
    case request::OnDuplicate::error: break;
  }
  return "INSERT INTO";
}

// `execute()` runs the statement holding chunk rows first_row..first_row+rows-1
// and returns its affected rows. Adds to `result` (whose on_duplicate is the
// policy the statement ran under); returns false when the chunk is refused
// (its problems are then in result.problems).
template <class Execute>
bool run_batch(db::Session& session, SinkResult& result, std::uint64_t first_row, std::uint64_t rows,
               Execute&& execute) {
  SinkResult statement;
  try {
    statement.affected = execute();
  } catch (const db::ServerError& e) {
    if (!db::is_data_error(e.code())) throw;
    result.problems = server_problems(session, first_row, result.on_duplicate);
    note_stop(result, first_row, e.code());
    return false;
  }
  statement.records = rows;
  statement.warnings = session.warning_count();
  // An INSERT reports affected rows only: under IGNORE the rows missing were
  // skipped (check_statement matches them with duplicate-key warnings), under
  // REPLACE the extra ones are the old rows deleted (strict mode leaves no
  // other way to store fewer or more).
  if (result.on_duplicate == request::OnDuplicate::ignore && statement.affected < rows)
    statement.skipped = rows - statement.affected;
  if (result.on_duplicate == request::OnDuplicate::replace && statement.affected > rows)
    statement.deleted = statement.affected - rows;
  return check_statement(session, statement, rows, first_row, result);
}

}  // namespace fastload::sink
