// A table that cannot roll back (MyISAM, Aria, MEMORY) keeps whatever rows of
// a failed chunk the server stored before fastload could see the failure.
// Such a chunk is neither left out row by row (--max-errors) nor retried: both
// would send its stored rows again. It is reported with exactly what it left.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/base.h"
#include "sink/sink.h"

namespace fastload::load {

// What a failed chunk's statements stored in tables that cannot roll back.
struct KeptRows {
  std::uint64_t rows = 0;       // stored, as the server counted them
  std::uint64_t up_to = 0;      // a statement stopped without naming its row: at most this many more
  std::uint64_t stopped_at = 0;  // the chunk row an error stopped a statement at (it and the rest not stored)
  std::string engine;           // the engine that kept them ("" while none did)
};

// Adds what `result`, the statements that sent `rows` (a part of the chunk),
// stored in a table of `engine`.
void keep_account(KeptRows& kept, const sink::SinkResult& result, const sink::RoutedRows& rows, const std::string& engine);

// "N rows stored in TABLE before the failure could be handled, K of them
// changed by the server (line L: why); engine E cannot roll back: ...", for
// the chunk `chunk` (its description) whose located problems are `problems`.
std::string left_behind(const KeptRows& kept, const std::vector<Problem>& problems, const std::string& chunk,
                        const std::string& table);

// The same after a server or connection error, which took the server's account with it.
std::string left_behind_unknown(std::uint64_t rows, const std::string& engine, const std::string& chunk,
                                const std::string& table);

}  // namespace fastload::load
