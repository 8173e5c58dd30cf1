// bzip2: libbz2.
#include "input/decoders.h"

#include <bzlib.h>
#include <new>

namespace fastload::input {
namespace {

const char* bzip2_error(int rc) {
  switch (rc) {
    case BZ_DATA_ERROR: return "data integrity error (a CRC or a block does not check)";
    case BZ_DATA_ERROR_MAGIC: return "no bzip2 stream header";
    case BZ_MEM_ERROR: return "out of memory";
    default: return "unexpected error";
  }
}

class Bzip2Decoder final : public Decoder {
 public:
  ~Bzip2Decoder() override { end(); }
  void start() override {  // libbz2 has no reset: a new decompressor a stream
    end();
    if (BZ2_bzDecompressInit(&bz_, 0, 0) != BZ_OK) throw std::bad_alloc();
    started_ = true;
  }
  Result step(Window& window, bool) override {
    int rc = run_on(bz_, window, [&] { return BZ2_bzDecompress(&bz_); });
    if (rc == BZ_STREAM_END) return {.ended = true};
    if (rc == BZ_OK) return {};
    return {.error = bzip2_error(rc)};
  }

 private:
  void end() {
    if (started_) BZ2_bzDecompressEnd(&bz_);
    started_ = false;
  }
  bz_stream bz_{};
  bool started_ = false;
};

}  // namespace

std::unique_ptr<Decoder> make_bzip2_decoder(unsigned) { return std::make_unique<Bzip2Decoder>(); }

}  // namespace fastload::input
