// One decompression library each (gzip_decoder.cc, zstd_decoder.cc, ...: one
// file a library, made by its row of the codec table, codecs.h), behind the one
// interface the decoding loop (decoding_stream.cc) drives: that loop, not the
// decoders, handles buffering, member boundaries, trailing garbage, truncation
// and the error messages.
#pragma once

#include <algorithm>
#include <cstddef>
#include <limits>
#include <memory>

#include "input/byte_stream.h"

namespace fastload::input {

// The input and output space of one decoding step; the decoder moves both.
struct Window {
  const char* in;
  std::size_t in_size;
  char* out;
  std::size_t out_size;

  void move(std::size_t used, std::size_t produced) {
    in += used;
    in_size -= used;
    out += produced;
    out_size -= produced;
  }
};

class Decoder {
 public:
  struct Result {
    bool ended = false;           // a member (frame, stream) ended
    const char* error = nullptr;  // the library's word for damaged data
  };
  virtual ~Decoder() = default;
  // Prepares for a member starting at the next input byte.
  virtual void start() = 0;
  // Decodes what it can of `window`. `last`: no input follows window.in.
  virtual Result step(Window& window, bool last) = 0;
};

// Its codec row's decoder (none for plain). `threads` matters to xz only (liblzma decodes the blocks of a
// stream in parallel).
std::unique_ptr<Decoder> make_decoder(Format format, unsigned threads);

// inflate_state, bz_stream and lzma_stream share next_in, avail_in, next_out and
// avail_out, each with its own types: runs `call` on `window` and moves it.
template <class Stream, class Call>
auto run_on(Stream& stream, Window& window, Call call) {
  using InSize = decltype(stream.avail_in);
  using OutSize = decltype(stream.avail_out);
  auto in_size = static_cast<InSize>(std::min<std::size_t>(window.in_size, std::numeric_limits<InSize>::max()));
  auto out_size = static_cast<OutSize>(std::min<std::size_t>(window.out_size, std::numeric_limits<OutSize>::max()));
  stream.next_in = reinterpret_cast<decltype(stream.next_in)>(const_cast<char*>(window.in));
  stream.avail_in = in_size;
  stream.next_out = reinterpret_cast<decltype(stream.next_out)>(window.out);
  stream.avail_out = out_size;
  auto result = call();
  window.move(in_size - stream.avail_in, out_size - stream.avail_out);
  return result;
}

}  // namespace fastload::input
