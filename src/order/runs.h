// The rows of a mapped file as the sort sees them: where each row is, and
// its key. A run is a sequence of rows in key order, held in memory or
// written to a spill file; a merge of runs gives the file's rows in key order.
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "input/input.h"

namespace fastload::order {

// A row of the file: what the sorted chunks copy, and where a message says it is.
struct RowRef {
  std::uint64_t offset = 0;  // where the row starts in the file (its LINES STARTING BY prefix, if any)
  std::uint64_t line = 0;    // its first line in the file, 1-based
  std::uint32_t size = 0;    // its bytes to the next row's start (the unterminated last row: as rewritten)
  std::uint32_t lines = 0;   // LF bytes among them
};

// A row with its key (in its run's arena), as sorted.
struct SortRecord {
  std::uint64_t prefix = 0;  // the key's first 8 bytes, big-endian: most comparisons end here
  std::uint64_t key_at = 0;
  std::uint32_t key_size = 0;
  RowRef row;
};

// The key's first 8 bytes as a number that orders like them.
inline std::uint64_t key_prefix(std::string_view key) {
  unsigned char b[8] = {};
  std::memcpy(b, key.data(), key.size() < 8 ? key.size() : 8);
  std::uint64_t v = 0;
  for (unsigned char c : b) v = v << 8 | c;
  return v;
}

// Key order; equal keys in file order, so the sort is stable.
inline bool key_less(std::string_view a, std::uint64_t a_offset, std::string_view b, std::uint64_t b_offset) {
  const int c = a.compare(b);
  return c != 0 ? c < 0 : a_offset < b_offset;
}

// Rows with their keys, sorted or not yet.
struct MemoryRun {
  std::vector<SortRecord> rows;
  std::string keys;

  std::string_view key(const SortRecord& r) const { return {keys.data() + r.key_at, r.key_size}; }
  void add(std::string_view key, const RowRef& row);
  void sort();  // into key order
  std::size_t bytes() const { return rows.capacity() * sizeof(SortRecord) + keys.capacity(); }
};

// One row after another in key order, from a run of either kind.
class RunCursor {
 public:
  virtual ~RunCursor() = default;
  virtual bool done() const = 0;
  virtual std::string_view key() const = 0;
  // key_prefix(key()), which a run in memory has without reading the key: its keys lie in file order, so
  // reading them in key order costs a cache miss a row.
  virtual std::uint64_t prefix() const = 0;
  virtual const RowRef& row() const = 0;
  virtual void advance() = 0;
};

std::unique_ptr<RunCursor> cursor(const MemoryRun& run);

// A run written to a spill file: [key size u32][key][RowRef] a row.
struct SpilledRun {
  const input::SpillFile* file = nullptr;
  std::uint64_t begin = 0, end = 0;  // its bytes in the file
};

// Writes the rest of `run` (in key order) to `file` and returns where it is.
// check_stop: called every 64K rows; throws to stop.
SpilledRun spill(RunCursor& run, input::SpillFile& file, const std::function<void()>& check_stop);
// Reads a spilled run through a buffer of `buffer` bytes.
std::unique_ptr<RunCursor> cursor(const SpilledRun& run, std::size_t buffer);

// Merges runs: the least key first (and of equal keys, the one earliest in the file).
class Merge final : public RunCursor {
 public:
  explicit Merge(std::vector<std::unique_ptr<RunCursor>> runs);
  bool done() const override { return heap_.empty(); }
  std::string_view key() const override { return heap_.front().key; }
  std::uint64_t prefix() const override { return heap_.front().prefix; }
  const RowRef& row() const override { return *heap_.front().row; }
  void advance() override;

 private:
  // A run's current row, as the heap compares it: most comparisons end at the prefix.
  struct Head {
    std::uint64_t prefix;
    std::string_view key;
    const RowRef* row;
    RunCursor* run;
  };
  static Head head_of(RunCursor& run) { return {run.prefix(), run.key(), &run.row(), &run}; }
  static bool later(const Head& a, const Head& b) {  // the heap's order: a's row comes after b's
    if (a.prefix != b.prefix) return a.prefix > b.prefix;
    return key_less(b.key, b.row->offset, a.key, a.row->offset);
  }
  std::vector<std::unique_ptr<RunCursor>> runs_;
  std::vector<Head> heap_;  // the runs not done, least row first
};

}  // namespace fastload::order
