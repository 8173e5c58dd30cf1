#include "input/byte_stream.h"

#include <algorithm>
#include <cstring>
#include <fmt/core.h>
#include <thread>

#include "base/base.h"
#include "input/byte_source.h"
#include "input/decoding_stream.h"
#include "input/codecs.h"
#include "input/parallel_stream.h"

namespace fastload::input {
namespace {

// How far detection may read past skippable frames at the start of a file.
constexpr std::size_t kSniffLimit = 64 << 10;

class PlainStream final : public ByteStream {
 public:
  explicit PlainStream(std::shared_ptr<Source> source) : ByteStream(std::move(source), Format::plain) {}
  std::uint64_t consumed() const override { return source().offset(); }
  std::uint64_t verified() const override { return delivered_; }
  std::uint64_t skip(std::uint64_t size) override {
    const std::uint64_t passed = source().skip(size);
    delivered_ += passed;
    return passed;
  }
  std::size_t read(char* into, std::size_t size) override {
    std::size_t done = 0;
    while (done < size) {
      std::string_view bytes = source().peek();
      if (bytes.empty()) break;
      std::size_t n = std::min(bytes.size(), size - done);
      std::memcpy(into + done, bytes.data(), n);
      source().advance(n);
      done += n;
    }
    delivered_ += done;
    return done;
  }

 private:
  std::uint64_t delivered_ = 0;
};

// Reads just enough to decide; the bytes stay buffered in the source.
Format sniff(Source& source) {
  std::string_view head = source.peek(kMagicBytes);
  // Loading such bytes as rows would load garbage, or fail far from the cause.
  if (std::string_view other = unsupported_format(head); !other.empty())
    throw Failure(ExitCode::input, fmt::format("{}: is {} data, which fastload does not read; "
                                               "decompress it and load the result (`... | fastload -` works too)",
                                               source.name(), other));
  return detect_format(is_skippable(head) ? source.peek(kSniffLimit) : head);
}

}  // namespace

ByteStream::ByteStream(std::shared_ptr<Source> source, Format format) : source_(std::move(source)), format_(format) {}

ByteStream::~ByteStream() = default;

std::uint64_t ByteStream::skip(std::uint64_t size) {
  std::string scratch(std::min<std::uint64_t>(size, 1 << 16), '\0');
  std::uint64_t passed = 0;
  while (passed < size) {
    const std::size_t got = read(scratch.data(), std::min<std::uint64_t>(scratch.size(), size - passed));
    if (got == 0) break;
    passed += got;
  }
  return passed;
}

const std::string& ByteStream::name() const { return source_->name(); }

std::optional<std::uint64_t> ByteStream::compressed_size() const { return source_->size(); }

bool ByteStream::random_access() const { return source_->place().random_access(); }

bool ByteStream::reopens() const { return source_->place().reopens(); }

std::unique_ptr<ByteStream> open_stream(const std::string& path, const StreamOptions& options) {
  std::shared_ptr<Source> source = Source::open(path);  // where the bytes are: the place table
  Format format = sniff(*source);  // how they are compressed: the codec table
  unsigned threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  if (format == Format::plain) return std::make_unique<PlainStream>(std::move(source));
  if (codec(format).parallel_members && threads > 1)
    return std::make_unique<ParallelStream>(std::move(source), format, threads, ParallelStream::Limits{});
  return std::make_unique<DecodingStream>(std::move(source), format, threads);
}

std::unique_ptr<Place> open_mapped_spill(const SpillFile& spill, const std::string& name);  // mapped_place.cc

std::unique_ptr<ByteStream> open_spilled(const SpillFile& spill, const std::string& name) {
  return std::make_unique<PlainStream>(std::make_shared<Source>(open_mapped_spill(spill, name), 0));
}

}  // namespace fastload::input
