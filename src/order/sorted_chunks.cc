#include "order/sorted_chunks.h"

#include <algorithm>
#include <memory>
#include <string>
#include <fmt/core.h>

#include "base/base.h"

namespace fastload::order {

void HeldBytes::acquire(std::uint64_t bytes) {
  std::unique_lock<std::mutex> lock(mutex_);
  released_.wait(lock, [&] { return held_ == 0 || held_ + bytes <= budget_; });
  held_ += bytes;
}

void HeldBytes::release(std::uint64_t bytes) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    held_ -= bytes;
  }
  released_.notify_all();
}

std::uint64_t held_cost(const Chunk& chunk) {
  constexpr std::uint64_t kPerRow = sizeof(RowRef) + sizeof(input::OffsetMap::value_type) + sizeof(std::uint64_t) +
                                    sizeof(std::pair<const char*, std::size_t>);
  return chunk.size() + chunk.rows * kPerRow;
}

std::optional<chunks::ChunkText> SortedChunks::next() {
  const std::size_t i = next_.fetch_add(1, std::memory_order_relaxed);
  if (i >= todo_.size()) return std::nullopt;
  const Chunk& c = order_.chunks()[todo_[i]];
  const std::uint64_t cost = held_cost(c);
  held_->acquire(cost);
  // From here the storage owns the cost: its deleter releases it, whenever the last holder lets the chunk go.
  std::shared_ptr<std::string> bytes(new std::string(), [held = held_, cost](std::string* s) {
    delete s;
    held->release(cost);
  });
  auto offsets = std::make_shared<input::OffsetMap>();
  auto lines = std::make_shared<std::vector<std::uint64_t>>();
  std::vector<std::pair<const char*, std::size_t>> pieces;
  pieces.reserve(c.rows);
  offsets->reserve(c.rows);
  lines->reserve(c.rows);
  std::vector<RowRef> spilled;
  std::uint64_t size = 0;
  for (const RowRef& row : order_.rows_of(todo_[i], spilled)) {
    offsets->emplace_back(size, row.offset);
    lines->push_back(row.line);
    const std::string_view text = order_.bytes_of(row, file_.bytes());
    pieces.emplace_back(text.data(), text.size());
    size += text.size();
  }
  // Copied under a guard: a file cut short under the mapping is a read error, not SIGBUS.
  bytes->resize(size);
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
