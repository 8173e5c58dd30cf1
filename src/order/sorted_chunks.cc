#include "order/sorted_chunks.h"

#include <algorithm>
#include <memory>
#include <string>
#include <fmt/core.h>

#include "base/errors.h"

namespace fastload::order {

std::optional<chunks::ChunkText> SortedChunks::next() {
  const std::size_t i = next_.fetch_add(1, std::memory_order_relaxed);
  if (i >= todo_.size()) return std::nullopt;
  const Chunk& c = order_.chunks()[todo_[i]];
  auto offsets = std::make_shared<input::OffsetMap>();
  auto lines = std::make_shared<std::vector<std::uint64_t>>();
  std::vector<std::pair<const char*, std::size_t>> pieces;
  std::uint64_t size = 0;
  for (const RowRef& row : order_.rows_of(todo_[i])) {
    offsets->emplace_back(size, row.offset);
    lines->push_back(row.line);
    const std::string_view text = order_.bytes_of(row, file_.bytes());
    pieces.emplace_back(text.data(), text.size());
    size += text.size();
  }
  // Copied under a guard: a file cut short under the mapping is a read error, not SIGBUS.
  auto bytes = std::make_shared<std::string>(size, '\0');
  if (!input::guarded_gather(bytes->data(), pieces))
    throw Failure(ExitCode::input, fmt::format("{}: the file shrank while it loaded (chunk {} of its rows sorted by "
                                               "key could not be read); do not change it during a load",
                                               file_.path(), c.index));
  chunks::ChunkText text;
  text.chunk = c;
  text.bytes = *bytes;
  text.storage = std::move(bytes);
  text.offsets = std::move(offsets);
  text.row_lines = std::move(lines);
  text.input_bytes = c.size();
  text.from = this;
  return text;
}

std::optional<std::size_t> SortedChunks::count() const {
  return todo_.size() - std::min(next_.load(std::memory_order_relaxed), todo_.size());
}

}  // namespace fastload::order
