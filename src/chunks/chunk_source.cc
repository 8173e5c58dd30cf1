#include "chunks/chunk_source.h"

#include "chunks/chunk_keys.h"

#include <fmt/core.h>

#include "base/base.h"

namespace fastload::chunks {

std::uint64_t ChunkText::file_offset(std::uint64_t local) const {
  if (!offsets || offsets->empty()) return chunk.begin + local;
  auto at = std::upper_bound(offsets->begin(), offsets->end(), std::make_pair(local, UINT64_MAX));
  if (at != offsets->begin()) --at;
  return at->second + (local - at->first);
}

std::uint64_t ChunkText::local_offset(std::uint64_t file) const {
  if (!offsets || offsets->empty()) return file - chunk.begin;
  for (const auto& [local, in_file] : *offsets)
    if (in_file == file) return local;
  return file - offsets->front().second;
}

std::optional<ChunkText> MappedChunks::next() {
  const std::size_t i = next_.fetch_add(1, std::memory_order_relaxed);
  if (i >= chunks_.size()) return std::nullopt;
  const Chunk& c = chunks_[i];
  ChunkText text;
  text.chunk = c;
  text.bytes = file_.bytes().substr(c.begin, c.size());
  if (copy_) {
    auto copy = std::make_shared<std::string>(c.size(), '\0');
    if (!input::guarded_copy(copy->data(), text.bytes.data(), text.bytes.size()))
      throw Failure(ExitCode::input, fmt::format("{}: the file shrank while it loaded (bytes {}-{} could not be "
                                                 "read); do not change it during a load", file_.path(), c.begin,
                                                 c.end));
    text.bytes = *copy;
    text.storage = std::move(copy);
  }
  text.last = c.end == file_.bytes().size();
  text.input_bytes = c.size();
  text.from = this;
  return text;
}

std::optional<std::size_t> MappedChunks::count() const {
  return chunks_.size() - std::min(next_.load(std::memory_order_relaxed), chunks_.size());
}

std::optional<ChunkText> ChunkQueue::next() {
  for (std::size_t s = current_.load(); s < sources_.size(); ++s) {
    if (std::optional<ChunkText> text = sources_[s]->next()) return text;
    std::size_t seen = s;  // drained: later callers start after it
    current_.compare_exchange_strong(seen, s + 1);
  }
  return std::nullopt;
}

std::optional<std::size_t> ChunkQueue::count() const {
  std::size_t total = 0;
  for (std::size_t s = current_.load(); s < sources_.size(); ++s) {
    std::optional<std::size_t> n = sources_[s]->count();
    if (!n) return std::nullopt;
    total += *n;
  }
  return total;
}

}  // namespace fastload::chunks

namespace fastload::chunks {

bool ChunkKeys::meets(const ChunkKeys& other) const {
  if (any || other.any) return true;
  auto a = hashes.begin(), b = other.hashes.begin();
  while (a != hashes.end() && b != other.hashes.end()) {
    if (*a == *b) return true;
    *a < *b ? ++a : ++b;
  }
  return false;
}

}  // namespace fastload::chunks
