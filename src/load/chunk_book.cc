#include "load/chunk_book.h"

namespace fastload::load {

ChunkBook::ChunkBook(const std::vector<Chunk>& chunks, std::vector<ChunkOutcome> outcomes) {
  for (std::size_t i = 0; i < chunks.size(); ++i)
    entries_[{chunks[i].file, chunks[i].index}] = {chunks[i], std::move(outcomes.at(i))};
}

ChunkOutcome& ChunkBook::outcome_of(const Chunk& chunk) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto [at, added] = entries_.try_emplace({chunk.file, chunk.index}, Entry{chunk, {}});
  return at->second.outcome;
}

void ChunkBook::take(std::vector<Chunk>& chunks, std::vector<ChunkOutcome>& outcomes) {
  std::lock_guard<std::mutex> lock(mutex_);
  chunks.clear();
  outcomes.clear();
  for (auto& [key, entry] : entries_) {
    chunks.push_back(entry.chunk);
    outcomes.push_back(std::move(entry.outcome));
  }
  entries_.clear();
}

}  // namespace fastload::load
