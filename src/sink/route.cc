#include "sink/route.h"

namespace fastload::sink {
namespace {

void reset(RoutedRows& rows, const Chunk& chunk) {
  rows.copy.clear();
  rows.copied = true;
  rows.original_row.clear();
  rows.chunk = chunk;
  rows.chunk.begin = 0;
}

}  // namespace

void route_rows(std::string_view bytes, const Chunk& chunk, const std::set<std::uint64_t>& excluded,
                const text::Dialect& dialect, const RouteRow* route, std::vector<RoutedRows>& out,
                std::vector<Problem>& refused) {
  if (!route) out.resize(1);
  if (!route && excluded.empty()) {  // everything to the one destination, as it is
    reset(out[0], chunk);
    out[0].copied = false;
    out[0].view = bytes.substr(chunk.begin, chunk.size());
    out[0].chunk.end = chunk.size();
    return;
  }
  for (RoutedRows& rows : out) reset(rows, chunk);
  const std::string_view text = bytes.substr(chunk.begin, chunk.size());
  const std::size_t terminator = dialect.line_terminator.size();
  std::uint64_t row = 0;
  text::RowScanner(dialect).for_each_row(text, [&](std::string_view row_text, std::uint64_t offset,
                                                    text::RowEnd end) {
    if (excluded.count(++row) > 0) return true;
    RowDestination to = route ? (*route)(row_text, end) : RowDestination{};
    if (!to.refusal.empty()) {
      Problem p;
      p.row_in_chunk = row;
      p.code = to.code;
      p.message = std::move(to.refusal);
      refused.push_back(std::move(p));
      return true;
    }
    RoutedRows& rows = out.at(to.index);
    // From its prefix, if the dialect has one, so the copy reads as the same row.
    const std::uint64_t text_end = static_cast<std::uint64_t>(row_text.data() - text.data()) + row_text.size();
    rows.copy.append(text.substr(offset, text_end - offset + (end == text::RowEnd::kNewline ? terminator : 0)));
    rows.original_row.push_back(row);
    return true;
  });
  for (RoutedRows& rows : out) {
    rows.chunk.end = rows.copy.size();
    rows.chunk.rows = rows.original_row.size();
  }
}

}  // namespace fastload::sink
