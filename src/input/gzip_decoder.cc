// gzip: ISA-L's inflate.
#include "input/decoders.h"

#include <isa-l/igzip_lib.h>

namespace fastload::input {
namespace {

const char* gzip_error(int rc, bool in_header) {
  switch (rc) {
    case ISAL_INVALID_BLOCK: return "invalid deflate block";
    case ISAL_INVALID_SYMBOL: return "invalid deflate code";
    case ISAL_INVALID_LOOKBACK: return "invalid distance too far back";
    case ISAL_INVALID_WRAPPER: return "incorrect header check";
    case ISAL_UNSUPPORTED_METHOD: return "unknown compression method";
    case ISAL_INCORRECT_CHECKSUM: return in_header ? "header crc mismatch" : "incorrect data check or length";
    default: return "invalid data";
  }
}

// ISA-L's inflate (2-3x zlib's speed). Its gzip mode stops on the member's
// last trailer byte: what it reads ahead into its bit buffer is the trailer,
// which it takes from there. The header is read here, with a header struct
// kept across calls: isal_inflate's own (ISAL_GZIP) starts a fresh one each
// call, which loses the flags of a header that input boundaries split.
class GzipDecoder final : public Decoder {
 public:
  GzipDecoder() { isal_inflate_init(&state_); }
  void start() override {
    isal_inflate_reset(&state_);
    state_.crc_flag = ISAL_GZIP_NO_HDR_VER;  // the CRC-32 and ISIZE of the trailer checked
    header_ = {};
    isal_gzip_header_init(&header_);
    in_header_ = true;
  }
  Result step(Window& window, bool) override {
    int rc = run_on(state_, window, [&] { return inflate(); });
    if (rc == kReservedFlags) return {.error = "unknown header flags set"};
    if (rc < 0) return {.error = gzip_error(rc, in_header_)};
    return {.ended = state_.block_state == ISAL_BLOCK_FINISH};
  }

 private:
  static constexpr int kReservedFlags = -100;
  int inflate() {
    if (in_header_) {
      int rc = isal_read_gzip_header(&state_, &header_);
      if (rc == ISAL_END_INPUT) return ISAL_DECOMP_OK;  // the header's bytes so far kept in the state
      if (rc != ISAL_DECOMP_OK) return rc;
      if (header_.flags & 0xe0) return kReservedFlags;  // as zlib and gzip refuse them
      in_header_ = false;
    }
    return isal_inflate(&state_);
  }
  inflate_state state_{};
  isal_gzip_header header_{};
  bool in_header_ = true;
};

}  // namespace

std::unique_ptr<Decoder> make_gzip_decoder(unsigned) { return std::make_unique<GzipDecoder>(); }

}  // namespace fastload::input
