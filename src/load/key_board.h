// Chunks that may share a unique key load one after the other, in the order they were taken: a chunk waits,
// before its transaction starts, until every chunk taken before it that shares a key with it has settled
// (committed, or given up). The rows of one chunk keep their order, so each key's rows reach the server in
// the order of the chunks, which is file order (or key order, each key's rows in one sorted chunk): the row
// one LOAD DATA of the file keeps is the row that stays (docs/design.md, "Which row wins").
#pragma once

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <map>
#include <mutex>
#include <optional>

#include "chunks/chunks.h"

namespace fastload::load {

using chunks::ChunkKeys;

class KeyBoard {
 public:
  // The next chunk of `source`, and its place in the order chunks are taken (in `place`). The source is asked
  // under a lock of its own, so that places follow the order it hands chunks out in.
  std::optional<chunks::ChunkText> take(chunks::ChunkSource& source, std::size_t& place);

  // Blocks until every chunk taken before `place` has entered, then until each of those still in flight whose
  // keys meet `keys` has left. False, without entering, when `give_up` says to stop first (it is asked every
  // 100 ms). Every place taken enters or is abandoned, once.
  bool enter(std::size_t place, ChunkKeys keys, const std::function<bool()>& give_up);
  // A chunk entered has settled: those waiting for it go on.
  void leave(std::size_t place);
  // A place taken that will not load (a chunk settled without loading, or an exception before it entered):
  // it holds nothing up once the places before it have entered.
  void abandon(std::size_t place, const std::function<bool()>& give_up);

  // How many chunks waited for another, and the seconds they waited (for the summary).
  std::size_t waited() const;
  double waited_seconds() const;

 private:
  bool wait_turn(std::unique_lock<std::mutex>& lock, std::size_t place, const std::function<bool()>& give_up);

  std::mutex take_;  // held while the source hands out a chunk; guards next_place_
  std::size_t next_place_ = 0;
  mutable std::mutex mutex_;  // guards everything below
  std::condition_variable changed_;
  std::size_t entered_ = 0;                     // places below it have entered or been abandoned
  std::map<std::size_t, ChunkKeys> in_flight_;  // entered and not left, by place
  std::size_t waited_ = 0;
  double waited_seconds_ = 0;
};

}  // namespace fastload::load
