// What a chunk's text tells of it, for its transaction, the workers and --resume alike: its description in
// messages, where its rows' problems are in the input, their bytes, and what the ledgers recorded of it.
// Functions of the chunk and its input only: they know nothing of the workers or the queue.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "base/base.h"
#include "load/job.h"
#include "load/outcome.h"
#include "table/table.h"
#include "text/text.h"

namespace fastload::load {

// "nodes.tsv: chunk 3 (bytes ..., lines ..., N rows)", for messages.
std::string describe(const Chunk& c, const LoadJob& job);

// Where each problem's row is in the input (line, byte offset); a problem of
// the whole chunk points at its start.
void locate(std::vector<Problem>& problems, const ChunkText& text, const std::string& name,
            const text::Dialect& dialect);

// The bytes of the located row `p` of `text`, for the rejects file.
std::string text_of(const Problem& p, const ChunkText& text, const text::Dialect& dialect);

// --resume: what the ledgers say of `text`'s chunk (of input `name`), from the
// chunks they record, one map a destination: the parts an earlier run
// committed (each checked to be this chunk) become loaded before, and the rows
// it left out are located in `text`. Returns whether every part was.
bool apply_recorded(const ChunkText& text, const std::string& name,
                    const std::vector<std::map<std::size_t, table::LedgerEntry>>& recorded,
                    const std::vector<const table::Ledger*>& ledgers, const text::Dialect& dialect, ChunkOutcome& outcome);

}  // namespace fastload::load
