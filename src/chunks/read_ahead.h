// A compressed file's chunks, cut ahead of the workers on a thread of its
// own, decoded once. gzip, zstd, lz4, bzip2 and xz check a member's CRC or
// checksum at its end, after its content was handed out, and a member is often
// the whole file: a chunk may commit only once the check covering its bytes
// passed. So the thread decodes and cuts on while any chunk cut so far is not
// verified yet (and, past that, until a few verified chunks are ready), holding
// the chunks no worker took yet: in memory up to a bound (--sort-memory),
// beyond it in an unnamed spill file in --tmpdir (input/spill_file.h), read
// back when a worker takes them. The workers' commits wait for the checks the
// one decoding passes (wait_verified); a damaged member fails every chunk that
// is not covered by a check that passed, so nothing of it commits
// (docs/design.md, "Compressed input").
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include "base/base.h"

#include "chunks/stream_chunks.h"
#include "input/input.h"

namespace fastload::chunks {

class ReadAhead {
 public:
  struct Limits {
    std::uint64_t memory = 64 << 20;  // content held in memory (--sort-memory); beyond it, spilled
    std::string tmpdir = "/tmp";      // where the spill file goes (--tmpdir)
    std::size_t ready = 3;            // chunks held ahead once all chunks cut are verified
  };
  // Nothing is read before the first next().
  ReadAhead(chunks::StreamChunks& cutter, Limits limits);
  ~ReadAhead();  // stops the thread
  ReadAhead(const ReadAhead&) = delete;
  ReadAhead& operator=(const ReadAhead&) = delete;

  // The next chunk in stream order (its `verified` as of now), or nothing at
  // the end. Thread-safe; waits for the thread. Once the decoding failed (damaged
  // data, a long row, no temp space), the chunks no check covers are never
  // handed out: the first caller after them gets the Failure, later ones nothing.
  std::optional<chunks::StreamChunk> next();

  // Waits until content [0, end) is verified; false when `give_up` (asked a
  // few times a second) said to stop waiting first. Throws the decoding's
  // Failure when it cannot be. Thread-safe.
  bool wait_verified(std::uint64_t end, const std::function<bool()>& give_up);

  // Where the chunks not handed out begin (StreamChunks::unread): after stop().
  std::optional<Chunk> unread() const;
  // Stops the thread (the load is over); the chunks held stay unread.
  void stop();

  // Content bytes written to the spill file so far.
  std::uint64_t spilled() const;

 private:
  struct Held {
    chunks::StreamChunk chunk;                // its bytes empty when spilled
    std::optional<std::uint64_t> spilled_at;  // its offset in the spill file
  };
  void run() noexcept;
  void hold(chunks::StreamChunk chunk, std::uint64_t verified);
  void finish(Result<void> failure, std::uint64_t verified);
  bool wants_more() const;  // under the lock

  chunks::StreamChunks& cutter_;
  const Limits limits_;
  std::once_flag started_;
  std::unique_ptr<input::SpillFile> spill_;  // made by the thread when first needed
  mutable std::mutex mutex_;                 // guards everything below
  std::condition_variable changed_;
  std::deque<Held> held_;
  std::uint64_t in_memory_ = 0;  // content of held_ in memory
  std::uint64_t spilled_ = 0;
  std::uint64_t cut_end_ = 0;   // the end of the last chunk cut
  std::uint64_t verified_ = 0;  // content whose checks passed
  bool finished_ = false;       // the thread is done: all read and verified, or failure_ set
  Result<void> failure_;
  bool failure_told_ = false;  // next() threw it once
  bool stopping_ = false;
  Threads thread_;
};

}  // namespace fastload::chunks
