// zstd: libzstd's streaming decoder.
#include "input/decoders.h"

#include <new>
#include <zstd.h>

namespace fastload::input {
namespace {

class ZstdDecoder final : public Decoder {
 public:
  ZstdDecoder() {
    if (!ctx_) throw std::bad_alloc();
  }
  ~ZstdDecoder() override { ZSTD_freeDCtx(ctx_); }
  void start() override { ZSTD_DCtx_reset(ctx_, ZSTD_reset_session_only); }
  Result step(Window& window, bool) override {
    ZSTD_inBuffer in{window.in, window.in_size, 0};
    ZSTD_outBuffer out{window.out, window.out_size, 0};
    std::size_t rc = ZSTD_decompressStream(ctx_, &out, &in);  // skips skippable frames; checks checksums
    window.move(in.pos, out.pos);
    if (ZSTD_isError(rc)) return {.error = ZSTD_getErrorName(rc)};
    return {.ended = rc == 0};
  }

 private:
  ZSTD_DCtx* ctx_ = ZSTD_createDCtx();
};

}  // namespace

std::unique_ptr<Decoder> make_zstd_decoder(unsigned) { return std::make_unique<ZstdDecoder>(); }

}  // namespace fastload::input
