// A regular local file: mapped, so that any byte can be read at any time. A
// Source copies from the mapping rather than decoding in place: a file
// truncated under the mapping then fails here with a message instead of a
// SIGBUS deep in a library, and a memcpy costs little next to any decompressor.
#include <algorithm>
#include <fmt/core.h>
#include <unistd.h>

#include "base/base.h"
#include "input/mapped_file.h"
#include "input/place.h"

namespace fastload::input {
namespace {

class MappedPlace final : public Place {
 public:
  explicit MappedPlace(const std::string& path) : Place(path), mapping_(path) {}
  MappedPlace(const SpillFile& spill, const std::string& name) : Place(name), mapping_(spill, name) {}
  std::optional<std::uint64_t> size() const override { return mapping_.bytes().size(); }
  bool random_access() const override { return true; }
  bool ended() const override { return copied_ == mapping_.bytes().size(); }
  std::size_t read(char* into, std::size_t size, std::uint64_t) override;
  std::uint64_t skip(std::uint64_t size) override {
    const std::uint64_t n = std::min<std::uint64_t>(size, mapping_.bytes().size() - copied_);
    copied_ += n;
    return n;
  }

 private:
  MappedFile mapping_;
  std::uint64_t copied_ = 0;    // bytes of the mapping read
  std::uint64_t released_ = 0;  // pages before this were handed back
};

std::size_t MappedPlace::read(char* into, std::size_t size, std::uint64_t) {
  std::string_view all = mapping_.bytes();
  std::size_t n = std::min<std::uint64_t>(size, all.size() - copied_);
  if (!guarded_copy(into, all.data() + copied_, n))
    throw Failure(ExitCode::input, fmt::format("{}: the file shrank while being read (before byte {}); do not "
                                               "change it during a load", name(), copied_ + n));
  // Pages already copied go back, to keep the resident set small.
  static const std::uint64_t page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  mapping_.release(released_, copied_);
  released_ = copied_ / page * page;
  copied_ += n;
  return n;
}

}  // namespace

std::unique_ptr<Place> open_mapped_file(const std::string& path) { return std::make_unique<MappedPlace>(path); }

std::unique_ptr<Place> open_mapped_spill(const SpillFile& spill, const std::string& name) {
  return std::make_unique<MappedPlace>(spill, name);
}

}  // namespace fastload::input
