#include "order/sorted_chunks.h"

#include <algorithm>
#include <memory>
#include <string>

namespace fastload::order {

std::optional<chunks::ChunkText> SortedChunks::next() {
  const std::size_t i = next_.fetch_add(1, std::memory_order_relaxed);
  if (i >= todo_.size()) return std::nullopt;
  const Chunk& c = order_.chunks()[todo_[i]];
  auto bytes = std::make_shared<std::string>();
  bytes->reserve(c.size());
  auto offsets = std::make_shared<input::OffsetMap>();
  auto lines = std::make_shared<std::vector<std::uint64_t>>();
  for (const RowRef& row : order_.rows_of(todo_[i])) {
    offsets->emplace_back(bytes->size(), row.offset);
    lines->push_back(row.line);
    bytes->append(order_.bytes_of(row, file_.bytes()));
  }
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
