// The encodings' building blocks, each over a checked byte range: the RLE/bit-packed hybrid (levels, booleans,
// dictionary indices), DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY and BYTE_STREAM_SPLIT.
// Damaged data gives a Failure saying what is wrong (the caller adds where).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "base/base.h"

namespace fastload::parquet {

static_assert(std::endian::native == std::endian::little, "the decoders copy little-endian values as they are");

// A Failure for damaged page data, `what` saying what was wrong.
[[noreturn]] void damaged(const std::string& what);

// An unsigned LEB128 varint at data[pos], pos moved past it.
std::uint64_t read_varint(std::string_view data, std::size_t& pos);
std::uint32_t read_le32(std::string_view data, std::size_t pos);  // damaged() when past the end

// `width` bits at bit offset `bit` of p[0, size), LSB first (width <= 64; the bits must lie inside).
inline std::uint64_t bits_at(const std::uint8_t* p, std::size_t size, std::uint64_t bit, int width) {
  std::size_t byte = bit >> 3;
  int shift = static_cast<int>(bit & 7);
  std::uint64_t word = 0;
  std::memcpy(&word, p + byte, byte + 8 <= size ? 8 : size - byte);
  std::uint64_t v = word >> shift;
  if (shift + width > 64 && byte + 8 < size) v |= std::uint64_t(p[byte + 8]) << (64 - shift);
  return width >= 64 ? v : v & ((std::uint64_t(1) << width) - 1);
}

// The RLE/bit-packed hybrid of values `width` bits wide (0..32).
class Hybrid {
 public:
  Hybrid(std::string_view data, int width);
  // The next n values into out; damaged() when the data ends first.
  template <class T>
  void read(T* out, std::size_t n);

 private:
  void next_run();
  std::string_view data_;
  std::size_t pos_ = 0;
  int width_;
  std::uint64_t left_ = 0;  // values left in the current run
  bool packed_ = false;
  std::uint32_t value_ = 0;  // an RLE run's
  const std::uint8_t* run_ = nullptr;  // a bit-packed run's bytes
  std::size_t run_size_ = 0;
  std::uint64_t run_bit_ = 0;
};

template <class T>
void Hybrid::read(T* out, std::size_t n) {
  while (n) {
    if (!left_) next_run();
    std::size_t take = left_ < n ? static_cast<std::size_t>(left_) : n;
    if (!packed_) {
      for (std::size_t i = 0; i < take; ++i) out[i] = static_cast<T>(value_);
    } else {
      for (std::size_t i = 0; i < take; ++i, run_bit_ += width_)
        out[i] = static_cast<T>(bits_at(run_, run_size_, run_bit_, width_));
    }
    out += take;
    n -= take;
    left_ -= take;
  }
}

// DELTA_BINARY_PACKED: the first `count` values into out (T int32_t or int64_t; the arithmetic wraps as the
// encoding's does). Returns the bytes read: up to the end of the last miniblock used.
template <class T>
std::size_t delta_binary_packed(std::string_view data, T* out, std::size_t count);
// The count in a DELTA_BINARY_PACKED header (for sizing the lengths of the byte-array encodings).
std::uint64_t delta_count(std::string_view data);

// DELTA_LENGTH_BYTE_ARRAY and DELTA_BYTE_ARRAY: `count` values appended to bytes, each one's end pushed on ends.
// Returns the bytes read. `fixed`: the size every value must have (FIXED_LEN_BYTE_ARRAY), or -1.
std::size_t delta_length_byte_array(std::string_view data, std::size_t count, std::string& bytes,
                                    std::vector<std::uint32_t>& ends, int fixed = -1);
void delta_byte_array(std::string_view data, std::size_t count, std::string& bytes,
                      std::vector<std::uint32_t>& ends, int fixed = -1);

// BYTE_STREAM_SPLIT of `count` values `width` bytes wide into out (count * width bytes).
void byte_stream_split(std::string_view data, std::size_t count, std::size_t width, std::uint8_t* out);

}  // namespace fastload::parquet
