#include "input/decoders.h"

#include <algorithm>
#include <bzlib.h>
#include <cstdint>
#include <isa-l/igzip_lib.h>
#include <limits>
#include <lz4frame.h>
#include <lzma.h>
#include <new>
#include <zstd.h>

namespace fastload::input {
namespace {

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

std::unique_ptr<Decoder> make_decoder(Format format, unsigned threads) {
  switch (format) {
    case Format::gzip: return std::make_unique<GzipDecoder>();
    case Format::zstd: return std::make_unique<ZstdDecoder>();
    case Format::lz4: return std::make_unique<Lz4Decoder>();
    case Format::bzip2: return std::make_unique<Bzip2Decoder>();
    case Format::xz: return std::make_unique<XzDecoder>(threads);
    case Format::plain: break;
  }
  return nullptr;
}

}  // namespace fastload::input
