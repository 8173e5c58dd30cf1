// Decodes a file of independent members on several threads, in order: bzip2
// files as pbzip2 writes them (one stream a 900 kB block), which one thread
// decodes more slowly than a server loads. The file is cut where the next
// member's magic stands. A piece that does not decode on its own (damaged, or
// cut at magic that was a coincidence inside compressed data), or that is too
// large, makes the rest of the file decode sequentially from that piece on:
// that decoding reports any damage, with its exact offset.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "input/byte_stream.h"
#include "input/decoding_stream.h"

namespace fastload::input {

class ParallelStream final : public ByteStream {
 public:
  // Memory stays within threads * pieces_per_thread * (piece_bytes + piece_output), plus a MiB a piece.
  struct Limits {
    std::size_t piece_bytes = 4 << 20;    // compressed; a pbzip2 stream has under 1 MB
    std::size_t piece_output = 32 << 20;  // content; a 900 kB bzip2 block holds up to about 46 MB of runs
    unsigned pieces_per_thread = 2;
  };
  // Only for bzip2 (the one format whose members are found by magic here).
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
    std::string output;
    std::size_t delivered = 0;  // of output
    State state = State::queued;
  };

  void cut_pieces();
  bool cut(std::string& input);
  bool deliver(std::span<char>& out);
  void fall_back();
  void work();
  bool decode(Piece& piece) const;
  void stop_workers();

  const Limits limits_;
  const std::size_t in_flight_;
  bool cut_all_ = false;                    // reading thread only
  std::uint64_t delivered_ = 0;             // content of pieces handed out; reading thread only
  std::unique_ptr<DecodingStream> sequential_;
  std::atomic<bool> falling_back_{false};
  std::atomic<std::uint64_t> consumed_;     // end of the pieces handed out
  std::mutex mutex_;                        // guards queue_'s shape, next_job_, states, stopping_
  std::condition_variable work_ready_;
  std::condition_variable piece_done_;
  std::deque<Piece> queue_;                 // in file order; pushed and popped by the reading thread
  std::size_t next_job_ = 0;                // index in queue_ of the next piece for a worker
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace fastload::input
