// Turns what the server said about a chunk into problems with source
// locations. Runs right after the statement, before ROLLBACK clears it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "fastload/chunk.h"
#include "fastload/sink.h"
#include "load/session.h"
#include "report/diagnostics.h"

namespace fastload::load {

// True when the server's account of the chunk matches the rows it holds exactly.
bool chunk_is_clean(const SinkResult& result, const Chunk& chunk);

// Every problem with the chunk: each server warning at its source line, and a
// count mismatch as a problem of the whole chunk.
std::vector<report::Problem> diagnose(Session& session, const SinkResult& result, const Chunk& chunk,
                                      std::string_view file, const std::string& path);

}  // namespace fastload::load
