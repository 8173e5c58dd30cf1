// One decompression library each, behind the one interface the decoding loop
// (byte_stream.cc) drives: that loop, not the decoders, handles buffering,
// member boundaries, trailing garbage, truncation and the error messages.
#pragma once

#include <cstddef>
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

// `threads` matters to xz only (liblzma decodes the blocks of a stream in parallel).
std::unique_ptr<Decoder> make_decoder(Format format, unsigned threads);

}  // namespace fastload::input
