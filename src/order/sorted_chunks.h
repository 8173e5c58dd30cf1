// A sorted file's chunks as a ChunkSource: each chunk's rows copied from the
// mapping in key order, with where each row is in the file, so that messages
// and --rejects name the file's own lines and bytes.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "chunks/chunks.h"
#include "input/input.h"
#include "order/sorter.h"

namespace fastload::order {

// The bytes the workers hold of sorted chunks at once (each a copy of its rows): a worker asking for one more
// waits while the others hold more than the budget, but a chunk alone may exceed it, so none waits forever.
class HeldBytes {
 public:
  explicit HeldBytes(std::uint64_t budget) : budget_(budget) {}
  void acquire(std::uint64_t bytes);  // blocks until they fit, or nothing is held
  void release(std::uint64_t bytes);

 private:
  const std::uint64_t budget_;
  std::mutex mutex_;  // guards held_
  std::condition_variable released_;
  std::uint64_t held_ = 0;
};

// What a sorted chunk the workers hold costs: its bytes and, per row, where it is in the file, its line, and
// the order's record and the copy's piece while it is gathered.
std::uint64_t held_cost(const Chunk& chunk);

class SortedChunks final : public chunks::ChunkSource {
 public:
  // `todo`: the indexes of order.chunks() still to load, in order. `budget`: the bytes the workers may hold
  // of its chunks at once (HeldBytes), the part of --sort-memory the sort left for them.
  SortedChunks(const input::MappedFile& file, const SortedOrder& order, std::vector<std::size_t> todo,
               std::uint64_t budget)
      : file_(file), order_(order), todo_(std::move(todo)), held_(std::make_shared<HeldBytes>(budget)) {}
  std::optional<chunks::ChunkText> next() override;
  std::optional<std::size_t> count() const override;
  // Any chunk may hold rows from anywhere in the file: the whole file must be as it was.
  std::string changed(const Chunk&) const override { return file_.changed(file_.bytes().size()); }

 private:
  const input::MappedFile& file_;
  const SortedOrder& order_;
  const std::vector<std::size_t> todo_;
  std::atomic<std::size_t> next_{0};  // any worker takes the next chunk: fetch_add only
  std::shared_ptr<HeldBytes> held_;   // shared with the chunks' storage, which releases it
};

}  // namespace fastload::order
