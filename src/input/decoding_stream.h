// The one decoding loop every compressed format shares: feeds the source's
// bytes to a Decoder, checks that each member is followed by another member or
// by the end, and turns every failure into one message naming the file, the
// format and the compressed offset.
#pragma once

#include <memory>
#include <string_view>

#include "input/byte_stream.h"
#include "input/decoders.h"

namespace fastload::input {

class DecodingStream final : public ByteStream {
 public:
  // The source must stand at the start of a member. `threads`: see make_decoder. `decoder`: one of
  // `format` to use instead of a new one, as release_decoder() gave it.
  DecodingStream(std::shared_ptr<Source> source, Format format, unsigned threads,
                 std::unique_ptr<Decoder> decoder = nullptr);
  std::size_t read(char* into, std::size_t size) override;
  std::uint64_t consumed() const override;
  std::uint64_t verified() const override { return verified_; }
  // The decoder, for another stream once this one is done: its buffers are allocated once.
  std::unique_ptr<Decoder> release_decoder() { return std::move(decoder_); }

 private:
  bool step(Window& window);
  [[noreturn]] void fail(std::string_view what) const;

  std::unique_ptr<Decoder> decoder_;
  bool in_member_ = false;
  std::uint64_t delivered_ = 0;  // content bytes decoded
  std::uint64_t verified_ = 0;   // of those, through the last member end
  std::size_t want_;  // bytes to peek: a member's magic, or more when the decoder made no progress
};

}  // namespace fastload::input
