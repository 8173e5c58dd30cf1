#include "parquet/codecs.h"

#include <brotli/decode.h>
#include <lz4.h>
#include <snappy-c.h>
#include <zlib.h>
#include <zstd.h>

#include <climits>

#include "parquet/encodings.h"

namespace fastload::parquet {

std::string codec_name(int codec) {
  static constexpr const char* names[] = {"UNCOMPRESSED", "SNAPPY", "GZIP", "LZO", "BROTLI", "LZ4", "ZSTD", "LZ4_RAW"};
  return codec >= 0 && codec <= 7 ? names[codec] : "codec " + std::to_string(codec);
}

char* Buffer::get(std::size_t size) {
  if (size > capacity_) {
    capacity_ = size < 2 * capacity_ ? 2 * capacity_ : size;
    data_.reset(new char[capacity_ ? capacity_ : 1]);
  }
  return data_.get();
}

namespace {

[[noreturn]] void codec_failed(int codec, const std::string& why) {
  damaged("the " + codec_name(codec) + " data does not decompress (" + why + ")");
}

std::size_t inflate_all(std::string_view in, char* out, std::size_t size) {
  z_stream z{};
  if (inflateInit2(&z, 15 + 32) != Z_OK) codec_failed(codec::gzip, "zlib could not start");  // 32: gzip or zlib header
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out);
  z.avail_out = static_cast<uInt>(size);
  int rc;
  // Some writers concatenate gzip members: each is inflated in turn until the input ends.
  while ((rc = inflate(&z, Z_FINISH)) == Z_STREAM_END && z.avail_in > 0 && z.avail_out > 0) inflateReset(&z);
  std::size_t done = size - z.avail_out;
  inflateEnd(&z);
  if (rc != Z_STREAM_END) codec_failed(codec::gzip, z.msg ? z.msg : "truncated, or larger than its page header says");
  return done;
}

}  // namespace

std::string_view decompress(int codec, std::string_view in, std::size_t size, Buffer& buffer) {
  if (codec == codec::uncompressed) {
    if (in.size() != size) damaged("an uncompressed page of " + std::to_string(in.size()) + " bytes whose header says " + std::to_string(size));
    return in;
  }
  if (in.size() > INT_MAX || size > INT_MAX) damaged("a page of more than 2 GiB");
  char* out = buffer.get(size);
  std::size_t done = 0;
  switch (codec) {
    case codec::snappy: {
      std::size_t length = 0;
      if (snappy_uncompressed_length(in.data(), in.size(), &length) != SNAPPY_OK || length != size)
        codec_failed(codec, "its length is not the page header's");
      done = size;
      if (snappy_uncompress(in.data(), in.size(), out, &done) != SNAPPY_OK) codec_failed(codec, "invalid data");
      break;
    }
    case codec::gzip: done = inflate_all(in, out, size); break;
    case codec::zstd: {
      std::size_t rc = ZSTD_decompress(out, size, in.data(), in.size());
      if (ZSTD_isError(rc)) codec_failed(codec, ZSTD_getErrorName(rc));
      done = rc;
      break;
    }
    case codec::lz4_raw: {
      int rc = LZ4_decompress_safe(in.data(), out, static_cast<int>(in.size()), static_cast<int>(size));
      if (rc < 0) codec_failed(codec, "invalid data");
      done = static_cast<std::size_t>(rc);
      break;
    }
    case codec::brotli: {
      done = size;
      if (BrotliDecoderDecompress(in.size(), reinterpret_cast<const std::uint8_t*>(in.data()), &done,
                                  reinterpret_cast<std::uint8_t*>(out)) != BROTLI_DECODER_RESULT_SUCCESS)
        codec_failed(codec, "invalid data, or larger than its page header says");
      break;
    }
    default:
      throw Failure(ExitCode::input, "its pages are compressed with " + codec_name(codec) +
                                         ", which fastload does not read: rewrite the file with another codec "
                                         "(ZSTD, SNAPPY, GZIP, LZ4_RAW or BROTLI)");
  }
  if (done != size)
    damaged("a page that decompresses to " + std::to_string(done) + " bytes where its header says " + std::to_string(size));
  return {out, size};
}

}  // namespace fastload::parquet
