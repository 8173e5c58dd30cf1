// Running one INSERT statement of a batch of a chunk's rows, strictly: a data
// error or any warning refuses the chunk, with the rows the server named.
#pragma once

#include <cstdint>
#include <fmt/core.h>

#include "fastload/sink.h"
#include "load/diagnose.h"
#include "load/session.h"

namespace fastload::load {

// Sets the strict sql_mode the INSERT modes run with, so a bad value is an
// error that names its row instead of a silent 0 or NULL.
inline void require_strict_mode(Session& session) {
  session.execute("SET SESSION sql_mode = CONCAT(@@sql_mode, ',STRICT_ALL_TABLES')");
}

// A row that cannot fit one statement under max_allowed_packet.
inline Problem row_too_large(std::uint64_t row, std::size_t bytes) {
  Problem p;
  p.row_in_chunk = row;
  p.message = fmt::format("the row needs {} bytes in a statement, more than max_allowed_packet allows; raise "
                          "max_allowed_packet or use --mode load", bytes);
  return p;
}

// `execute()` runs the statement holding chunk rows first_row..first_row+rows-1
// and returns its affected rows. Adds to `result`; returns false when the
// chunk is refused (its problems are then in result.problems).
template <class Execute>
bool run_batch(Session& session, SinkResult& result, std::uint64_t first_row, std::uint64_t rows,
               Execute&& execute) {
  try {
    result.affected += execute();
  } catch (const ServerError& e) {
    if (!is_data_error(e.code())) throw;
    result.problems = server_problems(session, first_row);
    return false;
  }
  result.records += rows;
  unsigned warnings = session.warning_count();
  if (warnings == 0) return true;
  result.warnings += warnings;
  result.problems = server_problems(session, first_row);
  return false;
}

}  // namespace fastload::load
