// The encodings (parquet/encodings.h, parquet/values.h) over hand-made bytes: the RLE/bit-packed hybrid, the delta
// encodings (encoded here by a small writer, then decoded), BYTE_STREAM_SPLIT, PLAIN, dictionaries; damaged data
// refused.
#include <gtest/gtest.h>

#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "parquet/encodings.h"
#include "parquet/values.h"

namespace fastload::parquet {
namespace {

std::string raw(std::initializer_list<int> bytes) {
  std::string s;
  for (int b : bytes) s += static_cast<char>(b);
  return s;
}

void put_varint(std::string& out, std::uint64_t v) {
  while (v >= 0x80) { out += static_cast<char>((v & 0x7f) | 0x80); v >>= 7; }
  out += static_cast<char>(v);
}
void put_zigzag(std::string& out, std::int64_t v) {
  put_varint(out, (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63));
}

// DELTA_BINARY_PACKED as the format describes it: blocks of `block` values in `minis` miniblocks, deltas in
// wrapping 64-bit arithmetic, miniblocks past the last value left out.
std::string delta_encode(const std::vector<std::int64_t>& values, std::uint64_t block = 128, std::uint64_t minis = 4) {
  std::string out;
  put_varint(out, block);
  put_varint(out, minis);
  put_varint(out, values.size());
  put_zigzag(out, values.empty() ? 0 : values[0]);
  std::uint64_t per = block / minis;
  for (std::size_t i = 1; i < values.size(); i += block) {
    std::vector<std::uint64_t> deltas;
    for (std::size_t j = i; j < values.size() && j < i + block; ++j)
      deltas.push_back(static_cast<std::uint64_t>(values[j]) - static_cast<std::uint64_t>(values[j - 1]));
    auto min = static_cast<std::int64_t>(deltas[0]);
    for (std::uint64_t d : deltas) min = std::min(min, static_cast<std::int64_t>(d));
    put_zigzag(out, min);
    std::string widths(minis, '\0'), data;
    for (std::uint64_t m = 0; m * per < deltas.size(); ++m) {
      int width = 0;
      for (std::uint64_t k = m * per; k < deltas.size() && k < (m + 1) * per; ++k)
        width = std::max(width, 64 - std::countl_zero(deltas[k] - static_cast<std::uint64_t>(min)));
      widths[m] = static_cast<char>(width);
      std::vector<std::uint8_t> bits(per * width / 8 + 8, 0);
      for (std::uint64_t k = 0; k < per; ++k) {
        std::uint64_t v = m * per + k < deltas.size() ? deltas[m * per + k] - static_cast<std::uint64_t>(min) : 0;
        for (int b = 0; b < width; ++b)
          if (v >> b & 1) bits[(k * width + b) / 8] |= static_cast<std::uint8_t>(1 << ((k * width + b) % 8));
      }
      data.append(reinterpret_cast<const char*>(bits.data()), per * width / 8);
    }
    out += widths + data;
  }
  return out;
}

template <class T>
std::vector<T> delta_decode(const std::string& bytes, std::size_t count, std::size_t* used = nullptr) {
  std::vector<T> out(count);
  std::size_t n = delta_binary_packed(bytes, out.data(), count);
  if (used) *used = n;
  return out;
}

TEST(ParquetEncodings, HybridRunsAndBitPacking) {
  // The format's example: 0..7 bit-packed 3 bits wide, then a run of eight 5s.
  std::string data = raw({0x03, 0x88, 0xc6, 0xfa, 0x10, 0x05});
  std::vector<std::uint32_t> out(16);
  Hybrid(data, 3).read(out.data(), 16);
  EXPECT_EQ(out, (std::vector<std::uint32_t>{0, 1, 2, 3, 4, 5, 6, 7, 5, 5, 5, 5, 5, 5, 5, 5}));
  std::vector<std::uint8_t> levels(5);
  Hybrid(raw({0x0a, 0x01}), 1).read(levels.data(), 5);  // a run of five 1s
  EXPECT_EQ(levels, (std::vector<std::uint8_t>{1, 1, 1, 1, 1}));
  std::vector<std::uint32_t> wide(2);
  Hybrid(raw({0x04, 0xff, 0xff, 0xff, 0xff}), 32).read(wide.data(), 2);
  EXPECT_EQ(wide[1], 0xffffffffu);
  std::vector<std::uint32_t> zero(100, 7);
  Hybrid(raw({0xc8, 0x01}), 0).read(zero.data(), 100);  // a run of 100 zeros, no value bytes
  EXPECT_EQ(zero, std::vector<std::uint32_t>(100, 0));
}

TEST(ParquetEncodings, HybridRefusesDamage) {
  std::vector<std::uint32_t> out(16);
  EXPECT_THROW(Hybrid(raw({0x10}), 3).read(out.data(), 8), Failure);         // no run value
  EXPECT_THROW(Hybrid(raw({0x10, 0x09}), 3).read(out.data(), 8), Failure);   // 9 in 3 bits
  EXPECT_THROW(Hybrid(raw({0x03, 0x88}), 3).read(out.data(), 8), Failure);   // packed values cut short
  EXPECT_THROW(Hybrid(raw({0x00}), 3).read(out.data(), 1), Failure);         // an empty run
  EXPECT_THROW(Hybrid(raw({0x80}), 3).read(out.data(), 1), Failure);         // a truncated varint
  EXPECT_THROW(Hybrid(raw({}), 33), Failure);
}

TEST(ParquetEncodings, DeltaBinaryPacked) {
  std::vector<std::int64_t> one{-42};
  EXPECT_EQ(delta_decode<std::int64_t>(delta_encode(one), 1), one);
  std::vector<std::int64_t> run{7, 5, 3, 1, 2, 3, 100000, -100000, 0};  // negative deltas, a partial miniblock
  EXPECT_EQ(delta_decode<std::int64_t>(delta_encode(run), run.size()), run);
  std::vector<std::int64_t> many;
  for (int i = 0; i < 1000; ++i) many.push_back(i * i * (i % 2 ? -1 : 1));
  std::string bytes = delta_encode(many);
  std::size_t used = 0;
  EXPECT_EQ(delta_decode<std::int64_t>(bytes, many.size(), &used), many);
  EXPECT_EQ(used, bytes.size());  // the data after the last miniblock is the caller's
  auto lo = std::numeric_limits<std::int64_t>::min(), hi = std::numeric_limits<std::int64_t>::max();
  std::vector<std::int64_t> wrap{lo, hi, lo, 0, hi, -1, lo};  // deltas that wrap 64 bits
  EXPECT_EQ(delta_decode<std::int64_t>(delta_encode(wrap), wrap.size()), wrap);
  std::vector<std::int64_t> wide{std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::max(), 0, -1};
  std::vector<std::int32_t> narrow(wide.begin(), wide.end());  // 33-bit deltas, as DuckDB writes INT32
  EXPECT_EQ(delta_decode<std::int32_t>(delta_encode(wide), wide.size()), narrow);
  std::vector<std::int64_t> blocks(300, 9);
  blocks[299] = 10;
  EXPECT_EQ(delta_decode<std::int64_t>(delta_encode(blocks, 256, 8), blocks.size()), blocks);
}

TEST(ParquetEncodings, DeltaBinaryPackedRefusesDamage) {
  std::vector<std::int64_t> many(200, 1);
  many[150] = 1 << 30;
  std::string bytes = delta_encode(many);
  for (std::size_t cut = 1; cut < bytes.size(); ++cut)
    EXPECT_THROW(delta_decode<std::int64_t>(bytes.substr(0, bytes.size() - cut), many.size()), Failure) << cut;
  EXPECT_THROW(delta_decode<std::int64_t>(bytes, many.size() + 1), Failure);  // more than the header's count
  std::string bad_block;
  put_varint(bad_block, 100);  // not a multiple of 128
  put_varint(bad_block, 4);
  put_varint(bad_block, 1);
  put_zigzag(bad_block, 0);
  EXPECT_THROW(delta_decode<std::int64_t>(bad_block, 1), Failure);
  std::string wide = delta_encode({0, 1, 3});  // deltas 1 and 2: one miniblock of 1 bit
  wide[wide.size() - 4 - 4] = 65;  // the first miniblock's width (4 widths, then 32 values of 1 bit: 4 bytes)
  EXPECT_THROW(delta_decode<std::int64_t>(wide, 3), Failure);
}

std::string length_encode(const std::vector<std::string>& values) {
  std::vector<std::int64_t> lengths;
  std::string data;
  for (const auto& v : values) { lengths.push_back(static_cast<std::int64_t>(v.size())); data += v; }
  return delta_encode(lengths) + data;
}

TEST(ParquetEncodings, DeltaLengthAndDeltaByteArrays) {
  std::vector<std::string> values{"", "a", std::string("\0b\t", 3), "longer value", ""};
  std::string bytes;
  std::vector<std::uint32_t> ends{0};
  EXPECT_EQ(delta_length_byte_array(length_encode(values) + "rest", values.size(), bytes, ends), length_encode(values).size());
  EXPECT_EQ(bytes, std::string("a\0b\tlonger value", 16));
  EXPECT_EQ(ends, (std::vector<std::uint32_t>{0, 0, 1, 4, 16, 16}));
  // DELTA_BYTE_ARRAY: prefixes shared with the value before, then the suffixes as DELTA_LENGTH_BYTE_ARRAY.
  std::string prefixed = delta_encode({0, 3, 5, 0}) + length_encode({"abcdef", "XY", "Z", "q"});
  bytes.clear();
  ends = {0};
  delta_byte_array(prefixed, 4, bytes, ends);
  EXPECT_EQ(bytes, "abcdefabcXYabcXYZq");
  EXPECT_EQ(ends, (std::vector<std::uint32_t>{0, 6, 11, 17, 18}));
  bytes.clear();
  ends = {0};
  EXPECT_THROW(delta_byte_array(delta_encode({1}) + length_encode({"a"}), 1, bytes, ends), Failure);  // no value before
  EXPECT_THROW(delta_byte_array(prefixed, 4, bytes, ends, 6), Failure);  // FIXED_LEN of 6: "abcXY" is 5
  EXPECT_THROW(delta_length_byte_array(delta_encode({5}) + "abc", 1, bytes, ends), Failure);  // past the end
  EXPECT_THROW(delta_length_byte_array(delta_encode({-1}), 1, bytes, ends), Failure);
}

TEST(ParquetEncodings, ByteStreamSplit) {
  float floats[3] = {1.5f, -0.0f, 3e38f};
  std::string streams(12, '\0');
  for (int i = 0; i < 3; ++i)
    for (int b = 0; b < 4; ++b) streams[b * 3 + i] = reinterpret_cast<const char*>(&floats[i])[b];
  float out[3];
  byte_stream_split(streams, 3, 4, reinterpret_cast<std::uint8_t*>(out));
  EXPECT_EQ(std::memcmp(out, floats, 12), 0);
  EXPECT_THROW(byte_stream_split(streams.substr(1), 3, 4, reinterpret_cast<std::uint8_t*>(out)), Failure);
  EXPECT_THROW(byte_stream_split(streams, 4, 4, reinterpret_cast<std::uint8_t*>(out)), Failure);
}

Column column_of(Physical p, int length = 0) {
  Column c;
  c.name = "c";
  c.physical = p;
  c.type_length = length;
  return c;
}

TEST(ParquetEncodings, ValuesOfEachPhysicalType) {
  Values v;
  clear_values(v, Physical::boolean);
  decode_values(encoding::plain, raw({0x05, 0x01}), 9, column_of(Physical::boolean), nullptr, v);  // LSB first
  EXPECT_EQ(v.int32s, (std::vector<std::int32_t>{1, 0, 1, 0, 0, 0, 0, 0, 1}));
  clear_values(v, Physical::boolean);
  decode_values(encoding::rle, raw({2, 0, 0, 0, 0x06, 0x01}), 3, column_of(Physical::boolean), nullptr, v);
  EXPECT_EQ(v.int32s, (std::vector<std::int32_t>{1, 1, 1}));
  clear_values(v, Physical::byte_array);
  decode_values(encoding::plain, raw({2, 0, 0, 0, 'h', 'i', 0, 0, 0, 0}), 2, column_of(Physical::byte_array), nullptr, v);
  EXPECT_EQ(v.bytes, "hi");
  EXPECT_EQ(v.offsets, (std::vector<std::uint32_t>{0, 2, 2}));
  clear_values(v, Physical::byte_array);
  EXPECT_THROW(decode_values(encoding::plain, raw({9, 0, 0, 0, 'h'}), 1, column_of(Physical::byte_array), nullptr, v), Failure);
  EXPECT_THROW(decode_values(encoding::plain, raw({9, 0, 0}), 1, column_of(Physical::byte_array), nullptr, v), Failure);
  clear_values(v, Physical::int64);
  EXPECT_THROW(decode_values(encoding::plain, std::string(15, '\0'), 2, column_of(Physical::int64), nullptr, v), Failure);
  clear_values(v, Physical::fixed_len_byte_array);
  decode_values(encoding::byte_stream_split, "aAbB", 2, column_of(Physical::fixed_len_byte_array, 2), nullptr, v);
  EXPECT_EQ(v.bytes, "abAB");
  clear_values(v, Physical::int32);
  std::int32_t ints[2] = {-1, 1 << 30};
  std::string split(8, '\0');
  for (int i = 0; i < 2; ++i)
    for (int b = 0; b < 4; ++b) split[b * 2 + i] = reinterpret_cast<const char*>(&ints[i])[b];
  decode_values(encoding::byte_stream_split, split, 2, column_of(Physical::int32), nullptr, v);
  EXPECT_EQ(v.int32s, (std::vector<std::int32_t>{-1, 1 << 30}));
  clear_values(v, Physical::boolean);
  EXPECT_THROW(decode_values(encoding::delta_binary_packed, "", 1, column_of(Physical::boolean), nullptr, v), Failure);
}

TEST(ParquetEncodings, DictionaryIndices) {
  Column c = column_of(Physical::byte_array);
  Values dictionary;
  clear_values(dictionary, Physical::byte_array);
  decode_values(encoding::plain, raw({1, 0, 0, 0, 'x', 2, 0, 0, 0, 'y', 'z'}), 2, c, nullptr, dictionary);
  Values v;
  clear_values(v, Physical::byte_array);
  decode_values(encoding::rle_dictionary, raw({1, 0x03, 0x06}), 8, c, &dictionary, v);  // width 1: 0,1,1,0,0,0,0,0
  EXPECT_EQ(v.bytes, "xyzyzxxxxx");
  clear_values(v, Physical::byte_array);
  EXPECT_THROW(decode_values(encoding::rle_dictionary, raw({2, 0x02, 0x02}), 1, c, &dictionary, v), Failure);  // index 2
  EXPECT_THROW(decode_values(encoding::rle_dictionary, raw({1, 0x02, 0x00}), 1, c, nullptr, v), Failure);  // none
  Column ints = column_of(Physical::int64);
  clear_values(dictionary, Physical::int64);
  std::int64_t entries[2] = {-5, 7};
  decode_values(encoding::plain, std::string(reinterpret_cast<const char*>(entries), 16), 2, ints, nullptr, dictionary);
  clear_values(v, Physical::int64);
  decode_values(encoding::plain_dictionary, raw({1, 0x04, 0x01, 0x04, 0x00}), 4, ints, &dictionary, v);
  EXPECT_EQ(v.int64s, (std::vector<std::int64_t>{7, 7, -5, -5}));
  clear_values(v, Physical::int64);
  EXPECT_THROW(decode_values(encoding::plain_dictionary, raw({3, 0x02, 0x05}), 1, ints, &dictionary, v), Failure);
}

}  // namespace
}  // namespace fastload::parquet
