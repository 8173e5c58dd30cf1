// Decodes a file of independent members on several threads, in order: zstd
// and lz4 files of several frames (pzstd, concatenated files), gzip files of
// several members (bgzip, concatenated files) and bzip2 files of several
// streams (pbzip2). The file is cut where members end (MemberWalker: exactly
// where headers give sizes, else where the next member's header stands), whole
// members gathered into pieces the threads decode on their own. A piece that
// does not decode on its own to its exact end (damaged, truncated, or cut at a
// header that was a coincidence inside compressed data), or a member larger
// than a piece, makes the rest of the file decode sequentially from that piece
// on: that decoding reports any damage, with its exact offset. A file of one
// member thus decodes on one thread.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include "base/base.h"
#include <vector>

#include "input/byte_stream.h"
#include "input/decoding_stream.h"

namespace fastload::input {

class ParallelStream final : public ByteStream {
 public:
  // Memory: threads * pieces_per_thread pieces in flight, each at most piece_bytes compressed and
  // piece_output content (of which only the pages the content fills are touched; the buffers are
  // reused), plus a decoder a thread and the source's buffer.
  struct Limits {
    std::size_t piece_target = 256 << 10;  // compressed: members are gathered until a piece has this much
    std::size_t piece_bytes = 4 << 20;     // compressed; pzstd's frames have about 3 MB, pbzip2's streams under 1
    std::size_t piece_output = 32 << 20;   // content; pzstd's frames hold up to 32 MiB, a bzip2 block about 46 MB
    unsigned pieces_per_thread = 2;
  };
  // For gzip, zstd, lz4 and bzip2; the source stands at the start of a member.
  ParallelStream(std::shared_ptr<Source> source, Format format, unsigned threads, Limits limits);
  ~ParallelStream() override;
  std::size_t read(char* into, std::size_t size) override;
  std::uint64_t consumed() const override;
  // A piece is handed out only once it decoded to its end, checks passed.
  std::uint64_t verified() const override;
  // Whether the rest of the file is being decoded sequentially.
  bool sequential() const { return sequential_ != nullptr; }

 private:
  enum class State { queued, running, done, failed };
  struct Piece {
    std::uint64_t begin = 0;  // compressed offset of input
    std::string input;
    std::unique_ptr<char[]> output;  // room for piece_output bytes and one more
    std::size_t decoded = 0;         // bytes of output
    std::size_t delivered = 0;       // of those
    State state = State::queued;
  };

  void cut_pieces();
  bool cut(std::string& input);
  bool take(std::string& input, std::size_t n);
  void give_back(std::string& input, std::size_t from);
  bool deliver(std::span<char>& out);
  void fall_back();
  void work();
  bool decode(Piece& piece, std::unique_ptr<Decoder>& decoder) const;
  void stop_workers();

  const Limits limits_;
  const std::size_t in_flight_;
  bool cut_all_ = false;                    // reading thread only
  std::uint64_t delivered_ = 0;             // content of pieces handed out; reading thread only
  std::unique_ptr<DecodingStream> sequential_;
  std::atomic<bool> falling_back_{false};
  std::atomic<std::uint64_t> consumed_;     // end of the pieces handed out
  std::mutex mutex_;                        // guards queue_'s shape, next_job_, states, stopping_, spares
  std::condition_variable work_ready_;
  std::condition_variable piece_done_;
  std::deque<Piece> queue_;                 // in file order; pushed and popped by the reading thread
  // Of pieces handed out, for the next ones: their memory is allocated and faulted in already.
  std::vector<std::unique_ptr<char[]>> spare_outputs_;
  std::vector<std::string> spare_inputs_;  // reading thread only
  std::size_t next_job_ = 0;                // index in queue_ of the next piece for a worker
  bool stopping_ = false;
  Threads workers_;
};

}  // namespace fastload::input
