// A remote object (remote/: an HTTP(S) URL, an S3 object) as a place: its size known, its bytes read in order
// through ranged reads of kBlock bytes, kFetchers of them in flight at once and at most kWindow blocks held,
// each read whole from the version first found (If-Match) and retried from its start when the network fails.
// The place is read in order as a pipe is (random_access() is false: see docs/design.md, "Remote inputs"), but
// its bytes come at the network's speed over several connections, and skip() passes over bytes unread.
#include <algorithm>
#include <condition_variable>
#include <fmt/core.h>
#include <map>
#include <vector>
#include <mutex>

#include "base/base.h"
#include "input/place.h"
#include "remote/remote.h"

namespace fastload::input {
namespace {

constexpr std::size_t kBlock = 4 << 20;
constexpr unsigned kFetchers = 4;
constexpr std::uint64_t kWindow = 8;  // blocks held at most, fetched or being fetched: 32 MiB

class RemotePlace final : public Place {
 public:
  explicit RemotePlace(std::unique_ptr<remote::Object> object);
  ~RemotePlace() override;
  std::optional<std::uint64_t> size() const override { return object_->info().size; }
  bool random_access() const override { return false; }
  bool reopens() const override { return true; }  // the version found: If-Match refuses another
  bool ended() const override { return at_ >= object_->info().size; }
  std::size_t read(char* into, std::size_t size, std::uint64_t reader_at) override;
  std::uint64_t skip(std::uint64_t size) override;

 private:
  std::uint64_t blocks() const { return (object_->info().size + kBlock - 1) / kBlock; }
  void fetch_loop();
  std::optional<std::uint64_t> next_to_fetch(std::unique_lock<std::mutex>& lock);
  const std::string& block(std::uint64_t index);

  const std::unique_ptr<remote::Object> object_;
  std::uint64_t at_ = 0;  // the reader's offset: written by the reading thread only
  std::mutex mutex_;      // guards the fields below
  std::condition_variable changed_;
  std::uint64_t first_ = 0;        // the first block the reader still needs
  std::uint64_t next_ = 0;         // the next block to fetch
  std::map<std::uint64_t, std::string> fetched_;  // blocks read whole, by index, [first_, first_ + kWindow)
  std::vector<std::string> spare_;  // buffers of blocks read past, reused (no allocation a block once warm)
  Result<void> failure_;  // what a fetcher met (the reader throws it when it needs that block)
  std::uint64_t failed_block_ = 0;  // the earliest block whose read failed
  std::atomic<bool> closing_{false};  // the place goes: fetchers end, transfers are cut
  Threads fetchers_;                  // last: joined before the fields above go
};

RemotePlace::RemotePlace(std::unique_ptr<remote::Object> object)
    : Place(object->name()), object_(std::move(object)) {
  const unsigned count = static_cast<unsigned>(std::min<std::uint64_t>(kFetchers, blocks()));
  for (unsigned i = 0; i < count; ++i) fetchers_.start([this] { fetch_loop(); });
}

RemotePlace::~RemotePlace() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    closing_ = true;  // the fetchers end, their transfers are cut (Object::read's cancel)
  }
  changed_.notify_all();
  fetchers_.join();
}

// The next block to fetch, once the window has room; none when the place closes or every block was fetched.
std::optional<std::uint64_t> RemotePlace::next_to_fetch(std::unique_lock<std::mutex>& lock) {
  changed_.wait(lock, [&] { return closing_ || failure_.failed() || next_ >= blocks() || next_ < first_ + kWindow; });
  if (closing_ || failure_.failed() || next_ >= blocks()) return std::nullopt;
  next_ = std::max(next_, first_);
  return next_++;
}

void RemotePlace::fetch_loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (std::optional<std::uint64_t> index = next_to_fetch(lock)) {
    const std::uint64_t begin = *index * kBlock;
    std::string bytes;
    if (!spare_.empty()) bytes = std::move(spare_.back()), spare_.pop_back();
    lock.unlock();
    bytes.resize(std::min<std::uint64_t>(kBlock, object_->info().size - begin));
    Result<void> read;
    try {
      object_->read(begin, bytes.size(), bytes.data(), &closing_);
    } catch (const Failure& f) {
      read = f;
    }
    lock.lock();
    // The earliest block that failed is the one the reader meets first (it waits for every block before it).
    if (read.failed() && !closing_ && (failure_.ok() || *index < failed_block_)) failure_ = read, failed_block_ = *index;
    if (read.ok() && *index >= first_) fetched_.emplace(*index, std::move(bytes));
    else spare_.push_back(std::move(bytes));  // read past meanwhile, or failed: the buffer is kept for another
    changed_.notify_all();
  }
}

// Block `index`, once fetched; throws what its fetcher met.
const std::string& RemotePlace::block(std::uint64_t index) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (index != first_) {  // the reader moved on: blocks before are no longer needed
    first_ = index;
    for (auto it = fetched_.begin(); it != fetched_.end() && it->first < index; it = fetched_.erase(it))
      spare_.push_back(std::move(it->second));
    changed_.notify_all();
  }
  auto it = fetched_.end();
  changed_.wait(lock, [&] {
    it = fetched_.find(index);
    return it != fetched_.end() || (failure_.failed() && failed_block_ <= index);
  });
  if (it != fetched_.end()) return it->second;  // kept until the reader moves past it (a std::map's do not move)
  failure_.or_throw();
  throw internal_error(fmt::format("{}: block {} neither read nor failed", name(), index));
}

std::size_t RemotePlace::read(char* into, std::size_t size, std::uint64_t) {
  std::size_t done = 0;
  while (done < size && !ended()) {
    const std::string& bytes = block(at_ / kBlock);
    const std::size_t from = at_ % kBlock, n = std::min(size - done, bytes.size() - from);
    std::copy_n(bytes.data() + from, n, into + done);
    done += n;
    at_ += n;
  }
  return done;
}

std::uint64_t RemotePlace::skip(std::uint64_t size) {
  const std::uint64_t n = std::min(size, object_->info().size - at_);
  at_ += n;
  if (!ended()) block(at_ / kBlock);  // moves the window (and waits for the block, as a read would)
  return n;
}

}  // namespace

std::unique_ptr<Place> open_remote_object(const std::string& url) {
  return std::make_unique<RemotePlace>(std::make_unique<remote::Object>(url));
}

}  // namespace fastload::input
