// A compressed file decoded a second time, ahead of the load, only to check
// it. gzip, zstd, lz4, bzip2 and xz check a member's CRC or checksum at its
// end, after its content has been handed out; a member is often the whole
// file. So a chunk cut from a compressed file past its last check is
// committed only once a Verifier has seen the checks covering its bytes pass:
// a damaged file commits nothing of its damaged member. The second decoding
// starts when first needed (never for files of small members, as pbzip2
// writes) and runs beside the load (docs/design.md, "Compressed input").
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "base/errors.h"
#include "input/byte_stream.h"

namespace fastload::input {

class Verifier {
 public:
  // For the regular file `path`; nothing is decoded before wait_verified().
  Verifier(std::string path, const StreamOptions& options);
  ~Verifier();  // stops the thread
  Verifier(const Verifier&) = delete;
  Verifier& operator=(const Verifier&) = delete;

  // Waits until the content bytes [0, end) are verified, decoding the file
  // on a thread of its own from the first call on; false when `give_up`
  // (asked a few times a second) said to stop waiting first. Throws the
  // Failure(ExitCode::input) the decoding found when they cannot be
  // verified. Thread-safe.
  bool wait_verified(std::uint64_t end, const std::function<bool()>& give_up = [] { return false; });

 private:
  void run() noexcept;

  const std::string path_;
  const StreamOptions options_;
  std::once_flag started_;
  mutable std::mutex mutex_;  // guards the three fields below
  mutable std::condition_variable changed_;
  std::uint64_t verified_ = 0;      // written by the thread
  bool finished_ = false;           // written by the thread: every byte verified, or failure_ set
  std::optional<Failure> failure_;  // written by the thread
  bool stopping_ = false;           // written by the destructor
  std::thread thread_;
};

}  // namespace fastload::input
