#include "order/runs.h"

#include <algorithm>

namespace fastload::order {

void MemoryRun::add(std::string_view key, const RowRef& row) {
  rows.push_back({key_prefix(key), keys.size(), static_cast<std::uint32_t>(key.size()), row});
  keys.append(key);
}

void MemoryRun::sort() {
  std::sort(rows.begin(), rows.end(), [this](const SortRecord& a, const SortRecord& b) {
    if (a.prefix != b.prefix) return a.prefix < b.prefix;
    return key_less(key(a), a.row.offset, key(b), b.row.offset);
  });
}

namespace {

class MemoryCursor final : public RunCursor {
 public:
  explicit MemoryCursor(const MemoryRun& run) : run_(run) {}
  bool done() const override { return at_ == run_.rows.size(); }
  std::string_view key() const override { return run_.key(run_.rows[at_]); }
  std::uint64_t prefix() const override { return run_.rows[at_].prefix; }
  const RowRef& row() const override { return run_.rows[at_].row; }
  void advance() override { ++at_; }

 private:
  const MemoryRun& run_;
  std::size_t at_ = 0;
};

class SpilledCursor final : public RunCursor {
 public:
  SpilledCursor(const SpilledRun& run, std::size_t buffer) : run_(run), at_(run.begin), buffer_(buffer) {
    advance();
  }
  bool done() const override { return done_; }
  std::string_view key() const override { return key_; }
  std::uint64_t prefix() const override { return prefix_; }
  const RowRef& row() const override { return row_; }
  void advance() override {
    std::uint32_t size = 0;
    if (at_ == run_.end) {
      done_ = true;
      return;
    }
    take(&size, sizeof size);
    key_.resize(size);
    take(key_.data(), size);
    take(&row_, sizeof row_);
    prefix_ = key_prefix(key_);
  }

 private:
  // The next `n` bytes of the run, through the buffer.
  void take(void* out, std::size_t n) {
    char* to = static_cast<char*>(out);
    while (n > 0) {
      if (used_ == held_.size()) refill();
      const std::size_t k = std::min(n, held_.size() - used_);
      std::memcpy(to, held_.data() + used_, k);
      used_ += k, to += k, n -= k, at_ += k;
    }
  }
  void refill() {
    const std::uint64_t read_from = at_;
    held_.resize(static_cast<std::size_t>(std::min<std::uint64_t>(buffer_, run_.end - read_from)));
    run_.file->read(read_from, held_.data(), held_.size());
    used_ = 0;
  }

  const SpilledRun run_;
  std::uint64_t at_;  // the run's next unread byte, through the buffer
  const std::size_t buffer_;
  std::string held_;
  std::size_t used_ = 0;
  std::string key_;
  std::uint64_t prefix_ = 0;
  RowRef row_;
  bool done_ = false;
};

}  // namespace

std::unique_ptr<RunCursor> cursor(const MemoryRun& run) { return std::make_unique<MemoryCursor>(run); }

std::unique_ptr<RunCursor> cursor(const SpilledRun& run, std::size_t buffer) {
  return std::make_unique<SpilledCursor>(run, std::max<std::size_t>(buffer, 4096));
}

SpilledRun spill(RunCursor& run, input::SpillFile& file, const std::function<void()>& check_stop) {
  SpilledRun out{&file, file.size(), file.size()};
  std::string block;
  auto flush = [&] {
    file.append(block);
    block.clear();
  };
  for (std::uint64_t row = 0; !run.done(); run.advance(), ++row) {
    if ((row & 0xFFFF) == 0) check_stop();
    const std::uint32_t size = static_cast<std::uint32_t>(run.key().size());
    block.append(reinterpret_cast<const char*>(&size), sizeof size);
    block.append(run.key());
    block.append(reinterpret_cast<const char*>(&run.row()), sizeof(RowRef));
    if (block.size() >= (1u << 20)) flush();
  }
  flush();
  out.end = file.size();
  return out;
}

Merge::Merge(std::vector<std::unique_ptr<RunCursor>> runs) : runs_(std::move(runs)) {
  for (auto& run : runs_)
    if (!run->done()) heap_.push_back(head_of(*run));
  std::make_heap(heap_.begin(), heap_.end(), later);
}

void Merge::advance() {
  std::pop_heap(heap_.begin(), heap_.end(), later);
  RunCursor& run = *heap_.back().run;
  run.advance();
  if (run.done()) {
    heap_.pop_back();
    return;
  }
  heap_.back() = head_of(run);
  std::push_heap(heap_.begin(), heap_.end(), later);
}

}  // namespace fastload::order
