// lz4 frames: liblz4's frame decoder.
#include "input/decoders.h"

#include <lz4frame.h>
#include <new>

namespace fastload::input {
namespace {

class Lz4Decoder final : public Decoder {
 public:
  Lz4Decoder() {
    if (LZ4F_isError(LZ4F_createDecompressionContext(&ctx_, LZ4F_VERSION))) throw std::bad_alloc();
  }
  ~Lz4Decoder() override { LZ4F_freeDecompressionContext(ctx_); }
  void start() override { LZ4F_resetDecompressionContext(ctx_); }
  Result step(Window& window, bool) override {
    std::size_t used = window.in_size;
    std::size_t produced = window.out_size;
    std::size_t rc = LZ4F_decompress(ctx_, window.out, &produced, window.in, &used, nullptr);
    window.move(used, produced);
    if (LZ4F_isError(rc)) return {.error = LZ4F_getErrorName(rc)};
    return {.ended = rc == 0};  // skippable frames end the same way
  }

 private:
  LZ4F_dctx* ctx_ = nullptr;
};

}  // namespace

std::unique_ptr<Decoder> make_lz4_decoder(unsigned) { return std::make_unique<Lz4Decoder>(); }

}  // namespace fastload::input
