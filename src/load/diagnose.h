// What the server said about the rows of a statement, as problems tied to
// rows of the chunk. Runs right after the statement, before anything (a
// ROLLBACK included) clears the server's diagnostics.
#pragma once

#include <vector>

#include "fastload/chunk.h"
#include "fastload/problem.h"
#include "fastload/sink.h"
#include "load/session.h"

namespace fastload::load {

// True when the server's account of the chunk matches the rows it holds exactly.
bool counts_match(const SinkResult& result, const Chunk& chunk);

// Every condition of the last statement; the statement's row r is the chunk's
// row `first_row - 1 + r`.
std::vector<Problem> server_problems(Session& session, std::uint64_t first_row);

// Server errors that mean "this row's data is refused" (bad value, duplicate
// key, constraint), as opposed to a failing server or connection.
bool is_data_error(unsigned code);

}  // namespace fastload::load
