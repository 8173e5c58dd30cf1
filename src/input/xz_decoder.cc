// xz: liblzma's multi-threaded stream decoder.
#include "input/decoders.h"

#include <cstdint>
#include <lzma.h>
#include <new>

namespace fastload::input {
namespace {

const char* xz_error(lzma_ret rc) {
  switch (rc) {
    case LZMA_DATA_ERROR: return "compressed data is corrupt";
    case LZMA_FORMAT_ERROR: return "not in the xz format";
    case LZMA_OPTIONS_ERROR: return "unsupported compression options";
    case LZMA_MEM_ERROR: return "out of memory";
    default: return "unexpected error";
  }
}

// Above this much memory liblzma decodes on one thread instead of several.
constexpr std::uint64_t kXzThreadingMemory = 512ull << 20;

class XzDecoder final : public Decoder {
 public:
  explicit XzDecoder(unsigned threads) : threads_(threads) {}
  ~XzDecoder() override { lzma_end(&xz_); }
  void start() override {
    lzma_mt options{};
    options.flags = LZMA_CONCATENATED;  // later streams and stream padding, as xz itself reads them
    options.threads = threads_;
    options.memlimit_threading = kXzThreadingMemory;
    options.memlimit_stop = UINT64_MAX;
    if (lzma_stream_decoder_mt(&xz_, &options) != LZMA_OK) throw std::bad_alloc();
  }
  Result step(Window& window, bool last) override {
    // LZMA_CONCATENATED knows the end only from LZMA_FINISH; one member spans the file.
    lzma_ret rc = run_on(xz_, window, [&] { return lzma_code(&xz_, last ? LZMA_FINISH : LZMA_RUN); });
    if (rc == LZMA_STREAM_END) return {.ended = true};
    if (rc == LZMA_OK || rc == LZMA_BUF_ERROR) return {};
    return {.error = xz_error(rc)};
  }

 private:
  unsigned threads_;
  lzma_stream xz_ = LZMA_STREAM_INIT;
};

}  // namespace

std::unique_ptr<Decoder> make_xz_decoder(unsigned threads) { return std::make_unique<XzDecoder>(threads); }

}  // namespace fastload::input
