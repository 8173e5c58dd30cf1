#include "load/kept_rows.h"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include "db/db.h"

namespace fastload::load {

void keep_account(KeptRows& kept, const sink::SinkResult& result, const sink::RoutedRows& rows, const std::string& engine) {
  kept.engine = engine;
  kept.rows += result.affected - result.deleted;  // REPLACE counts a replaced row's deletion too
  if (!result.stopped) return;
  if (result.stopped_at == 0) {  // the server named no row: any of the statement's rows may be stored
    kept.up_to += rows.chunk.rows - (result.stopped_first - 1);
    return;
  }
  kept.rows += result.stopped_at - result.stopped_first;
  kept.stopped_at = rows.chunk_row(result.stopped_at);
}

std::string left_behind(const KeptRows& kept, const std::vector<Problem>& problems, const std::string& chunk,
                        const std::string& table) {
  if (kept.rows == 0 && kept.up_to == 0)
    return fmt::format("{}: nothing of it was stored in {} (engine {} cannot roll back, but no row reached it)",
                       chunk, table, kept.engine);
  // Rows the server stored changed: its warnings, but a row it skipped (a duplicate key, no partition for it,
  // none of --partition's: LOAD DATA LOCAL skips these), a row an error stopped at or after, or one fastload
  // refused before sending (code 0).
  std::vector<std::string> changed;
  std::size_t count = 0;
  for (const Problem& p : problems) {
    if (p.row_in_chunk == 0 || p.code == 0 || db::is_skipped_row(p.code)) continue;
    if (kept.stopped_at > 0 && p.row_in_chunk >= kept.stopped_at) continue;
    if (++count <= 5) changed.push_back(fmt::format("line {}: {}", p.where.line, p.message));
  }
  if (count > changed.size()) changed.push_back(fmt::format("and {} more", count - changed.size()));
  std::string stored = kept.up_to ? fmt::format("{} to {} rows", kept.rows, kept.rows + kept.up_to)
                                  : fmt::format("{} rows", kept.rows);
  std::string which;  // an error stopped the statements: what was stored is from the rows before it
  for (const Problem& p : problems)
    if (kept.stopped_at > 1 && p.row_in_chunk == kept.stopped_at && which.empty())
      which = fmt::format(" (of the chunk's rows before line {})", p.where.line);
  std::string how = count ? fmt::format(", {} of them changed by the server ({})", count, fmt::join(changed, "; "))
                          : "";
  return fmt::format("{}: {} stored in {}{} before the failure could be handled{}; engine {} cannot roll back: "
                     "delete or restore them", chunk, stored, table, which, how, kept.engine);
}

std::string left_behind_unknown(std::uint64_t rows, const std::string& engine, const std::string& chunk,
                                const std::string& table) {
  return fmt::format("{}: up to {} rows may be stored in {}: the error ended the statement before the server "
                     "gave its account; engine {} cannot roll back: check for them, then delete or restore them",
                     chunk, rows, table, engine);
}

}  // namespace fastload::load
