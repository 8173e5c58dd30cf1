// The one way chunks reach the workers: a ChunkSource hands out chunks, each
// with its bytes, and the workers never know whether a mapped file split
// before the load, a stream cut while it loads, or anything else produced it.
// What differs between inputs (pages to hand back, a file changed under the
// load, checks a compressed file passes later) is asked of the chunk's source.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/base.h"
#include "input/input.h"

namespace fastload::chunks {

class ChunkSource;

// A chunk as a worker takes it: its rows' bytes and where they came from.
struct ChunkText {
  Chunk chunk;             // as numbered in its input
  std::string_view bytes;  // [chunk.begin, chunk.end) of the input
  bool verified = true;    // its integrity checks have passed (false: a compressed stream's, not yet)
  bool last = false;       // its input ends with it
  // Where its rows start in the file, by offset in `bytes`: a converted stream's chunk, a sorted chunk.
  std::shared_ptr<const input::OffsetMap> offsets{};
  // A sorted chunk's: each row's first line in the file (its rows are not the file's in order).
  std::shared_ptr<const std::vector<std::uint64_t>> row_lines{};
  // Its rows the input refused as it was read (a SQL dump's literals: input::ByteStream::take_refused).
  std::shared_ptr<const std::vector<Problem>> refused{};
  std::optional<std::uint64_t> part{};  // the input's part its rows are in: a Parquet file's row group (0-based)
  std::uint64_t input_bytes = 0;  // what it took of the input as read (a compressed file's compressed bytes)
  const ChunkSource* from = nullptr;  // asked what differs between inputs; none: nothing to ask
  std::shared_ptr<const std::string> storage{};  // owns `bytes` when no mapping does

  // The file offset of the byte `local` bytes into `bytes`; with a map, exact at row starts.
  std::uint64_t file_offset(std::uint64_t local) const;
  // The inverse, for a file offset file_offset() gave.
  std::uint64_t local_offset(std::uint64_t file) const;
  // The chunk as the sinks take it: the same rows over `bytes` alone.
  Chunk local() const {
    Chunk c = chunk;
    c.begin = 0;
    c.end = bytes.size();
    return c;
  }
};

class ChunkSource {
 public:
  virtual ~ChunkSource() = default;
  // The next chunk, or nothing when there is none. Thread-safe. Throws
  // Failure (a damaged or unreadable stream, a row too long).
  virtual std::optional<ChunkText> next() = 0;
  // How many chunks next() will still give, when that is known before reading.
  virtual std::optional<std::size_t> count() const = 0;

  // A loaded chunk's bytes are no longer needed (a mapping hands its pages back).
  virtual void release(const Chunk&) const {}
  // Empty while the input's bytes of `chunk` are still those that were read,
  // else what happened, as a sentence for a message.
  virtual std::string changed(const Chunk&) const { return {}; }
  // Waits until the integrity checks covering `chunk` have passed; false when
  // `give_up` said to stop first. Throws the Failure that the checks found.
  virtual bool wait_verified(const Chunk&, const std::function<bool()>&) const { return true; }
};

// A mapped file's chunks, split before the load (those still to load):
// handed out in the order given.
class MappedChunks final : public ChunkSource {
 public:
  // `copy`: hand out a copy of each chunk, made under a guard (input::guarded_copy), for loads that parse the
  // rows themselves (the INSERT modes, a shard-direct router): a file cut short under the mapping is then a
  // read error (exit 3) instead of a SIGBUS in the parser. LOAD DATA's stream copies from the mapping anyway.
  MappedChunks(const input::MappedFile& file, std::vector<Chunk> chunks, bool copy = false)
      : file_(file), chunks_(std::move(chunks)), copy_(copy) {}
  std::optional<ChunkText> next() override;
  std::optional<std::size_t> count() const override;
  void release(const Chunk& c) const override { file_.release(c.begin, c.end); }
  std::string changed(const Chunk& c) const override { return file_.changed(c.end); }

 private:
  const input::MappedFile& file_;
  const std::vector<Chunk> chunks_;
  const bool copy_;
  std::atomic<std::size_t> next_{0};  // any worker takes the next chunk: fetch_add only
};

// Several sources, drained one after the other.
class ChunkQueue final : public ChunkSource {
 public:
  explicit ChunkQueue(std::vector<ChunkSource*> sources) : sources_(std::move(sources)) {}
  std::optional<ChunkText> next() override;
  std::optional<std::size_t> count() const override;

 private:
  const std::vector<ChunkSource*> sources_;
  std::atomic<std::size_t> current_{0};  // the first source not known to be drained; any worker advances it
};

}  // namespace fastload::chunks
