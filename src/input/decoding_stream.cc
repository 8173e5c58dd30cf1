#include "input/decoding_stream.h"

#include <algorithm>
#include <fmt/core.h>

#include "base/base.h"
#include "input/byte_source.h"
#include "input/codecs.h"

namespace fastload::input {
namespace {

// Input a decoder gets at a time. libzstd and liblz4 say nothing of how far
// they got in a call that fails, so the offset in a message is where the call
// began: this bounds how far before the damage that may be.
constexpr std::size_t kStepInput = 64 << 10;

}  // namespace

DecodingStream::DecodingStream(std::shared_ptr<Source> source, Format format, unsigned threads,
                               std::unique_ptr<Decoder> decoder)
    : ByteStream(std::move(source), format),
      decoder_(decoder ? std::move(decoder) : make_decoder(format, threads)),
      want_(kMagicBytes) {}

std::uint64_t DecodingStream::consumed() const { return source().offset(); }

std::size_t DecodingStream::read(char* into, std::size_t size) {
  Window window{nullptr, 0, into, size};
  while (window.out_size > 0 && step(window)) {
  }
  return size - window.out_size;
}

// One decoder call on what the source has buffered; false at the clean end.
bool DecodingStream::step(Window& window) {
  std::string_view in = source().peek(want_);
  std::size_t cap = std::max(kStepInput, want_);
  bool last = source().exhausted() && in.size() <= cap;
  in = in.substr(0, cap);
  const Codec& names = codec(format());
  if (!in_member_) {
    if (in.empty()) return false;
    if (!starts_member(format(), in))
      fail(fmt::format("what follows the last {} {} is not {} data", names.name, names.member, names.name));
    decoder_->start();
    in_member_ = true;
  }
  window.in = in.data();
  window.in_size = in.size();
  std::size_t room = window.out_size;
  Decoder::Result result = decoder_->step(window, last);
  std::size_t used = in.size() - window.in_size;
  source().advance(used);
  if (result.error) fail(fmt::format("{}: {}", names.library, result.error));
  delivered_ += room - window.out_size;
  if (result.ended) {
    in_member_ = false;
    verified_ = delivered_;  // the decoders check a member's CRC or checksum before they say it ended
  }
  bool progress = result.ended || used > 0 || window.out_size < room;
  if (!progress && last) fail(fmt::format("the data ends in the middle of a {}", names.member));
  want_ = progress ? kMagicBytes : in.size() + 1;  // no progress: the decoder wants more than there is
  return true;
}

void DecodingStream::fail(std::string_view what) const {
  const Codec& names = codec(format());
  throw Failure(ExitCode::input,
                fmt::format("{}: {} data damaged or truncated at compressed byte {} ({}); test the file "
                            "with `{} -t`, and fetch or compress it again",
                            name(), names.name, source().offset(), what, names.tool));
}

}  // namespace fastload::input
