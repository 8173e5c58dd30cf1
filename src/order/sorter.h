// Row order: whether a mapped file's rows are in the key's order, and if
// not, the order to load them in: a stable sort by the key (equal keys keep
// their file order), in memory within a bound and otherwise as sorted runs in
// unnamed spill files, then cut into chunks at key changes (docs/design.md,
// "Row order").
#pragma once

#include <algorithm>

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/base.h"
#include "input/input.h"
#include "order/runs.h"
#include "order/index_key.h"
#include "text/text.h"

namespace fastload::order {

// A mapped file's rows: its chunks from the split, in file order.
struct FileRows {
  std::string_view bytes;
  const std::vector<Chunk>* chunks = nullptr;
  const text::Dialect* dialect = nullptr;
  // Called before each chunk is read and every 64K rows of a merge; throws to stop the check or sort (a signal).
  std::function<void()> check_stop = [] {};
};

struct OrderFacts {
  std::uint64_t rows = 0;
  std::uint64_t descents = 0;  // rows whose key is less than the row's before
  double seconds = 0, cpu_seconds = 0;  // wall, and the process's CPU meanwhile
  std::uint64_t unread = 0;      // rows whose key was not read as the index reads it (order/index_key.h)
  std::uint64_t unread_line = 0;  // the first such row's line (of those the sort read)
  bool sampled = false;  // the rows of a few chunks and the first row of the others, not every row
};

// Reads every row's key, in parallel on `threads`; with `sample`, only the first rows of that many chunks spread
// over the file (kLookRows) and the first row of every other chunk (a quick look: a shuffled file shows in any part of it,
// and a file of blocks out of order at their boundaries).
OrderFacts check_order(const FileRows& rows, const IndexKey& key, unsigned threads, std::size_t sample = 0);

// Whether sorting pays: the rows are not (nearly) in key order. A file of a
// few sorted runs (concatenated extracts) appends to the index as it is.
bool worth_sorting(const OrderFacts& facts);

// --sort-memory is shared: three quarters for the sort (its runs, then the order the load reads), a quarter for
// the sorted chunks the workers hold while they load (SortedChunks), so that the whole stays within it.
inline std::uint64_t held_budget(std::uint64_t sort_memory) { return sort_memory / 4; }
inline std::uint64_t sort_budget(std::uint64_t sort_memory) { return sort_memory - held_budget(sort_memory); }
// The sorted chunks' size when --chunk-size is not given: a quarter of the held budget, within 1M..16M, so that
// several workers' chunks fit in it (a sorted chunk is a copy of its rows, unlike a mapped file's chunk).
inline std::uint64_t sorted_chunk_size(std::uint64_t sort_memory, std::uint64_t chunk_size) {
  const std::uint64_t cap = std::clamp<std::uint64_t>(held_budget(sort_memory) / 4, 1u << 20, 16u << 20);
  return std::min(chunk_size, cap);
}

struct SortLimits {
  std::uint64_t memory = 0;  // --sort-memory
  std::string tmpdir;        // --tmpdir
  std::uint64_t chunk_size = 0;
  unsigned threads = 1;
};

// The file's rows in key order, cut into chunks.
class SortedOrder {
 public:
  // Sorts; throws Failure(ExitCode::temp_space) when a spill file cannot be written.
  SortedOrder(const FileRows& rows, const IndexKey& key, const SortLimits& limits, std::size_t file);

  // The chunks: index 0.., begin/end in the sorted rows' bytes, first_line the first row's line in the file.
  const std::vector<Chunk>& chunks() const { return chunks_; }
  // The rows of chunks()[i], in key order: in the order held, or read into `spilled` when it was spilled.
  std::span<const RowRef> rows_of(std::size_t i, std::vector<RowRef>& spilled) const;
  // The bytes of a row (the unterminated last row rewritten: text/.. see sorter.cc).
  std::string_view bytes_of(const RowRef& row, std::string_view file) const;

  std::uint64_t spilled_bytes() const { return spill_ ? spill_->size() : 0; }
  std::size_t runs() const { return runs_; }
  // The memory the order holds for the load (none when it was spilled).
  std::uint64_t held_bytes() const { return order_.capacity() * sizeof(RowRef); }
  // The order check's count, made while the keys were read for the sort.
  const OrderFacts& facts() const { return facts_; }
  double seconds = 0, cpu_seconds = 0;  // wall, and the process's CPU meanwhile

 private:
  struct Runs {
    std::vector<MemoryRun> held;     // in memory, when all fit
    std::vector<SpilledRun> spilled;  // else every run, in spill_
  };
  Runs sort_runs(const FileRows& rows, const IndexKey& key, const SortLimits& limits);
  void cut_chunks(Merge& merge, std::uint64_t chunk_size, std::size_t file, const std::function<void()>& check_stop);

  std::vector<Chunk> chunks_;
  std::vector<std::uint64_t> first_rows_;  // each chunk's first row in the order
  std::vector<RowRef> order_;           // the rows in key order, when they fit in memory
  std::unique_ptr<input::SpillFile> spill_;  // else: the runs, then the order from order_at_
  std::uint64_t order_at_ = 0;
  std::size_t runs_ = 0;
  OrderFacts facts_;
  std::uint64_t unterminated_ = UINT64_MAX;  // the file's last row, when no line terminator ends it
  std::string unterminated_text_;            // that row as a middle row says it
};

}  // namespace fastload::order
