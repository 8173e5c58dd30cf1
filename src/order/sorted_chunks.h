// A sorted file's chunks as a ChunkSource: each chunk's rows copied from the
// mapping in key order, with where each row is in the file, so that messages
// and --rejects name the file's own lines and bytes.
#pragma once

#include <atomic>
#include <vector>

#include "chunks/chunk_source.h"
#include "input/mapped_file.h"
#include "order/sorter.h"

namespace fastload::order {

class SortedChunks final : public chunks::ChunkSource {
 public:
  // `todo`: the indexes of order.chunks() still to load, in order.
  SortedChunks(const input::MappedFile& file, const SortedOrder& order, std::vector<std::size_t> todo)
      : file_(file), order_(order), todo_(std::move(todo)) {}
  std::optional<chunks::ChunkText> next() override;
  std::optional<std::size_t> count() const override;
  // Any chunk may hold rows from anywhere in the file: the whole file must be as it was.
  std::string changed(const Chunk&) const override { return file_.changed(file_.bytes().size()); }

 private:
  const input::MappedFile& file_;
  const SortedOrder& order_;
  const std::vector<std::size_t> todo_;
  std::atomic<std::size_t> next_{0};  // any worker takes the next chunk: fetch_add only
};

}  // namespace fastload::order
