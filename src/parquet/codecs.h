// The page codecs, each by its own library: a page body decompressed into a buffer of exactly the size its
// header gives.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace fastload::parquet {

// CompressionCodec.
namespace codec {
constexpr int uncompressed = 0, snappy = 1, gzip = 2, lzo = 3, brotli = 4, lz4 = 5, zstd = 6, lz4_raw = 7;
}

std::string codec_name(int codec);

// A growing buffer, reused from page to page (no zeroing: the codec writes every byte).
class Buffer {
 public:
  char* get(std::size_t size);

 private:
  std::unique_ptr<char[]> data_;
  std::size_t capacity_ = 0;
};

// `in` decompressed by `codec` into `buffer` (or `in` itself when uncompressed): exactly `size` bytes, else a
// Failure saying why.
std::string_view decompress(int codec, std::string_view in, std::size_t size, Buffer& buffer);

}  // namespace fastload::parquet
