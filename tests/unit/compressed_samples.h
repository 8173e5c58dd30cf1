// Compressed samples for the decoding tests: text shaped like the nodes file,
// each format's library compressing it, files and pipes holding it, and
// readers that check what every read of a ByteStream must hold.
#pragma once

#include <gtest/gtest.h>

#include <bzlib.h>
#include <lz4frame.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <regex>
#include <string>
#include <thread>
#include <unistd.h>

#include "base/base.h"
#include "input/input.h"
#include "temp_dir.h"

namespace fastload::input::samples {

// Rows like the nodes file: compressible, but not trivially.
inline std::string sample(std::size_t size, unsigned seed = 1) {
  std::mt19937_64 random(seed);
  std::string text;
  while (text.size() < size)
    text += std::to_string(random() % 100000000) + "\t" + std::to_string(random() % 1000) + "\tname" +
            std::to_string(random() % 5000) + "\n";
  text.resize(size);
  return text;
}

// A gzip member; `header` (zlib's) sets its header's fields, such as an extra field.
inline std::string gzip(std::string_view data, int level, gz_header* header) {
  z_stream z{};
  deflateInit2(&z, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
  if (header) deflateSetHeader(&z, header);
  std::string out(deflateBound(&z, data.size()) + (header ? header->extra_len + 2 : 0), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

inline std::string gzip(std::string_view data) { return gzip(data, 6, nullptr); }

inline std::string zstd(std::string_view data) {
  ZSTD_CCtx* ctx = ZSTD_createCCtx();
  ZSTD_CCtx_setParameter(ctx, ZSTD_c_checksumFlag, 1);
  std::string out(ZSTD_compressBound(data.size()), '\0');
  out.resize(ZSTD_compress2(ctx, out.data(), out.size(), data.data(), data.size()));
  ZSTD_freeCCtx(ctx);
  return out;
}

inline std::string lz4(std::string_view data) {
  LZ4F_preferences_t preferences{};
  preferences.frameInfo.contentChecksumFlag = LZ4F_contentChecksumEnabled;
  preferences.frameInfo.blockChecksumFlag = LZ4F_blockChecksumEnabled;
  std::string out(LZ4F_compressFrameBound(data.size(), &preferences), '\0');
  out.resize(LZ4F_compressFrame(out.data(), out.size(), data.data(), data.size(), &preferences));
  return out;
}

inline std::string bzip2(std::string_view data) {
  unsigned size = static_cast<unsigned>(data.size() + data.size() / 100 + 600);
  std::string out(size, '\0');
  EXPECT_EQ(BZ2_bzBuffToBuffCompress(out.data(), &size, const_cast<char*>(data.data()),
                                     static_cast<unsigned>(data.size()), 9, 0, 0),
            BZ_OK);
  out.resize(size);
  return out;
}

inline std::string xz(std::string_view data) {
  std::string out(lzma_stream_buffer_bound(data.size()), '\0');
  std::size_t size = 0;
  EXPECT_EQ(lzma_easy_buffer_encode(1, LZMA_CHECK_CRC64, nullptr, reinterpret_cast<const uint8_t*>(data.data()),
                                    data.size(), reinterpret_cast<uint8_t*>(out.data()), &size, out.size()),
            LZMA_OK);
  out.resize(size);
  return out;
}

// An xz stream of many blocks, as `xz -T` writes them.
inline std::string xz_blocks(std::string_view data, std::uint64_t block_size) {
  lzma_mt options{};
  options.threads = 2;
  options.block_size = block_size;
  options.preset = 1;
  options.check = LZMA_CHECK_CRC64;
  lzma_stream xz = LZMA_STREAM_INIT;
  EXPECT_EQ(lzma_stream_encoder_mt(&xz, &options), LZMA_OK);
  std::string out(lzma_stream_buffer_bound(data.size()), '\0');
  xz.next_in = reinterpret_cast<const uint8_t*>(data.data());
  xz.avail_in = data.size();
  xz.next_out = reinterpret_cast<uint8_t*>(out.data());
  xz.avail_out = out.size();
  EXPECT_EQ(lzma_code(&xz, LZMA_FINISH), LZMA_STREAM_END);
  out.resize(xz.total_out);
  lzma_end(&xz);
  return out;
}

struct Codec {
  Format format;
  std::string (*compress)(std::string_view);
};

inline const Codec kCodecs[] = {{Format::gzip, gzip}, {Format::zstd, zstd}, {Format::lz4, lz4},
                         {Format::bzip2, bzip2}, {Format::xz, xz}};

// A pipe that a thread fills with `bytes` and then closes, the first bytes one
// at a time: format detection must wait for enough of them.
class Pipe {
 public:
  explicit Pipe(std::string bytes) : bytes_(std::move(bytes)) {
    EXPECT_EQ(::pipe(fds_), 0);
    writer_ = std::thread([this] {
      for (std::size_t at = 0; at < bytes_.size();) {
        std::size_t n = at < 12 ? 1 : std::min<std::size_t>(4096, bytes_.size() - at);
        at += static_cast<std::size_t>(::write(fds_[1], bytes_.data() + at, n));
      }
      ::close(fds_[1]);
    });
  }
  ~Pipe() {
    char rest[4096];
    while (::read(fds_[0], rest, sizeof rest) > 0) {  // lets the writer finish whatever the reader did
    }
    writer_.join();
    ::close(fds_[0]);
  }
  int fd() const { return fds_[0]; }
  std::string path() const { return "/dev/fd/" + std::to_string(fds_[0]); }

 private:
  std::string bytes_;
  int fds_[2] = {-1, -1};
  std::thread writer_;
};

// Reads to the end in odd steps, checking that consumed() only grows and stays
// within the file, and that verified() never passes what was read.
inline std::string read_all(ByteStream& stream, std::size_t step = 7777) {
  std::string content;
  std::string buffer(step, '\0');
  std::uint64_t consumed = 0;
  for (;;) {
    std::size_t got = stream.read(buffer.data(), step);
    EXPECT_GE(stream.consumed(), consumed);
    consumed = stream.consumed();
    if (stream.compressed_size()) {
      EXPECT_LE(consumed, *stream.compressed_size());
    }
    content.append(buffer, 0, got);
    EXPECT_LE(stream.verified(), content.size());
    if (got < step) {
      EXPECT_EQ(stream.read(buffer.data(), step), 0u);  // the end stays the end
      EXPECT_EQ(stream.verified(), content.size());     // every check passed
      return content;
    }
  }
}

inline std::string read_path(const std::string& path, unsigned threads = 0) {
  return read_all(*open_stream(path, {.threads = threads}));
}

// The offset in the Failure reading `stream` must end in, checked for the parts every such message has.
inline std::uint64_t failure_offset(ByteStream& stream) {
  try {
    std::string content = read_all(stream);
    ADD_FAILURE() << "read " << content.size() << " bytes of damaged " << format_name(stream.format()) << " data";
  } catch (const Failure& e) {
    EXPECT_EQ(e.code(), ExitCode::input);
    std::string message = e.what();
    std::string start = stream.name() + ": " + std::string(format_name(stream.format())) +
                        " data damaged or truncated";
    EXPECT_EQ(message.substr(0, start.size()), start) << message;
    std::smatch offset;
    if (std::regex_search(message, offset, std::regex("at compressed byte ([0-9]+) ")))
      return std::stoull(offset[1]);
    ADD_FAILURE() << "no offset in: " << message;
  }
  return 0;
}

inline std::uint64_t failure_offset(const std::string& path, Format format, unsigned threads = 0) {
  auto stream = open_stream(path, {.threads = threads});
  EXPECT_EQ(stream->format(), format);
  return failure_offset(*stream);
}

}  // namespace fastload::input::samples
