// Every chunk of the load and what became of it, whichever source cut it:
// the chunks split before the load are in the book from the start (with what
// --resume and --part decided of them), a stream's are added as they are cut.
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <utility>
#include <vector>

#include "base/base.h"
#include "load/outcome.h"

namespace fastload::load {

class ChunkBook {
 public:
  // The chunks split before the load (chunk.file and chunk.index tell them apart), with their outcomes so far.
  ChunkBook(const std::vector<Chunk>& chunks, std::vector<ChunkOutcome> outcomes);

  // The outcome of `chunk`, added pending when the book does not hold it yet.
  // Thread-safe; the reference stays valid, and only the worker that took the
  // chunk writes it until the workers have joined.
  ChunkOutcome& outcome_of(const Chunk& chunk);

  // After the load: every chunk and its outcome, in input order (by file, then index).
  void take(std::vector<Chunk>& chunks, std::vector<ChunkOutcome>& outcomes);

 private:
  struct Entry {
    Chunk chunk;
    ChunkOutcome outcome;
  };
  std::mutex mutex_;  // guards the map's shape; an entry's outcome is its worker's
  std::map<std::pair<std::size_t, std::size_t>, Entry> entries_;  // by (file, index)
};

}  // namespace fastload::load
