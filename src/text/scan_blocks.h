// 64-byte blocks as bit masks, for the row scanners: bit i of a mask is byte
// i of the block. SSE2 (every x86-64), else a plain loop.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace fastload::text::blocks {

constexpr std::uint64_t kBlock = 64;

#if defined(__SSE2__)
using Needle = __m128i;  // a byte to look for, in every lane
inline Needle needle(char byte) { return _mm_set1_epi8(byte); }

// 64 bytes loaded once, to compare with several needles.
struct Block {
  explicit Block(const char* bytes) {
    for (int part = 0; part < 4; ++part) v[part] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes + 16 * part));
  }
  __m128i v[4];
};

// Bit i set when byte i of the block is the needle's.
inline std::uint64_t match(const Block& block, Needle wanted) {
  const auto bits = [&](int part) {
    const int bits = _mm_movemask_epi8(_mm_cmpeq_epi8(block.v[part], wanted));
    return static_cast<std::uint64_t>(static_cast<std::uint32_t>(bits));
  };
  return bits(0) | bits(1) << 16 | bits(2) << 32 | bits(3) << 48;
}
#else
using Needle = char;
inline Needle needle(char byte) { return byte; }

struct Block {
  explicit Block(const char* bytes) : bytes(bytes) {}
  const char* bytes;
};

inline std::uint64_t match(const Block& block, Needle wanted) {
  std::uint64_t mask = 0;
  for (std::uint64_t i = 0; i < 64; ++i) mask |= static_cast<std::uint64_t>(block.bytes[i] == wanted) << i;
  return mask;
}
#endif

// The 64 bytes at `start`, copied into `tail` (zero-padded) when fewer are
// left, and `valid`: the mask of the bytes that exist.
inline const char* at(std::string_view file, std::uint64_t start, char (&tail)[kBlock], std::uint64_t& valid) {
  if (file.size() - start >= kBlock) {
    valid = ~0ull;
    return file.data() + start;
  }
  std::memset(tail, 0, kBlock);
  std::memcpy(tail, file.data() + start, file.size() - start);
  valid = (1ull << (file.size() - start)) - 1;
  return tail;
}

// Bit i: the XOR of bits 0..i of `x` (whether an odd number of quotes is at or before i).
inline std::uint64_t prefix_xor(std::uint64_t x) {
  x ^= x << 1;
  x ^= x << 2;
  x ^= x << 4;
  x ^= x << 8;
  x ^= x << 16;
  return x ^ x << 32;
}

}  // namespace fastload::text::blocks
