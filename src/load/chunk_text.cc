#include "load/chunk_text.h"

#include <algorithm>
#include <fmt/core.h>

namespace fastload::load {

std::string describe(const Chunk& c, const LoadJob& job) {
  if (job.inputs[c.file].sorted)
    return fmt::format("{}: chunk {} of the rows sorted by key ({} rows)", job.name_of(c), c.index, c.rows);
  return fmt::format("{}: chunk {} (bytes {}-{}, lines {}-{}, {} rows)", job.name_of(c), c.index, c.begin,
                     c.end, c.first_line, c.first_line + std::max<std::uint64_t>(c.lines, 1) - 1, c.rows);
}

void locate(std::vector<Problem>& problems, const ChunkText& text, const std::string& name,
            const text::Dialect& dialect) {
  const text::RowScanner scanner(dialect);
  const Chunk& chunk = text.chunk;
  for (Problem& p : problems) {
    p.chunk_index = chunk.index;
    p.where = {name, 0, text.file_offset(0), text.part};
    if (p.row_in_chunk == 0 || p.row_in_chunk > chunk.rows) continue;
    auto at = scanner.locate_row(text.bytes, text.local(), p.row_in_chunk);
    p.where.line = text.row_lines ? text.row_lines->at(p.row_in_chunk - 1) : at.line;
    p.where.byte_offset = text.file_offset(at.byte_offset);
  }
}

// Found by its row in the chunk where it has one, as locate() found its place: rows of a converted stream may share
// a file offset (a Parquet row group's all name the group's first byte), which would give each the first's text.
std::string text_of(const Problem& p, const ChunkText& text, const text::Dialect& dialect) {
  const std::uint64_t at =
      p.row_in_chunk > 0 && p.row_in_chunk <= text.chunk.rows
          ? text::RowScanner(dialect).locate_row(text.bytes, text.local(), p.row_in_chunk).byte_offset
          : text.local_offset(p.where.byte_offset);
  return table::row_text(text.bytes, at, text.local(), dialect);
}

bool apply_recorded(const ChunkText& text, const std::string& name,
                    const std::vector<std::map<std::size_t, table::LedgerEntry>>& recorded,
                    const std::vector<const table::Ledger*>& ledgers, const text::Dialect& dialect, ChunkOutcome& outcome) {
  outcome.parts.assign(recorded.size(), ChunkState::pending);
  outcome.rows_on.assign(recorded.size(), 0);
  const table::LedgerEntry* entry = nullptr;
  for (std::size_t d = 0; d < recorded.size(); ++d) {
    auto found = recorded[d].find(text.chunk.index);
    if (found == recorded[d].end()) continue;
    ledgers[d]->check_recorded(found->second, &text.chunk);
    outcome.parts[d] = ChunkState::loaded_before;
    entry = &found->second;
  }
  if (!entry) return false;
  outcome.rejects = entry->rejects;  // every part records the chunk's rejects
  locate(outcome.rejects, text, name, dialect);
  outcome.rejected_text.clear();
  for (const Problem& p : outcome.rejects) outcome.rejected_text.push_back(text_of(p, text, dialect));
  if (std::count(outcome.parts.begin(), outcome.parts.end(), ChunkState::loaded_before) <
      static_cast<std::ptrdiff_t>(outcome.parts.size()))
    return false;  // the other parts are still to load
  outcome.state = ChunkState::loaded_before;
  return true;
}

}  // namespace fastload::load
