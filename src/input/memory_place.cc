// Bytes already in memory (a piece of a compressed file a parallel decoder
// decodes on its own): served in place by the Source, never copied or read.
#include "input/place.h"

namespace fastload::input {
namespace {

class MemoryPlace final : public Place {
 public:
  MemoryPlace(std::string name, std::string_view bytes) : Place(std::move(name)), bytes_(bytes) {}
  std::optional<std::uint64_t> size() const override { return std::nullopt; }  // a piece: the file's size is not its
  bool random_access() const override { return false; }
  bool ended() const override { return true; }
  std::size_t read(char*, std::size_t, std::uint64_t) override { return 0; }
  std::optional<std::string_view> in_memory() const override { return bytes_; }

 private:
  std::string_view bytes_;
};

}  // namespace

std::unique_ptr<Place> memory_place(std::string name, std::string_view bytes) {
  return std::make_unique<MemoryPlace>(std::move(name), bytes);
}

}  // namespace fastload::input
