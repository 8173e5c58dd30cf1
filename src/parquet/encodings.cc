#include "parquet/encodings.h"

namespace fastload::parquet {

void damaged(const std::string& what) {
  throw Failure(ExitCode::input, what + ": the file is damaged or truncated; write it again");
}

std::uint64_t read_varint(std::string_view data, std::size_t& pos) {
  std::uint64_t value = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (pos >= data.size()) damaged("a varint runs past the end of the page");
    auto b = static_cast<std::uint8_t>(data[pos++]);
    value |= std::uint64_t(b & 0x7f) << shift;
    if (!(b & 0x80)) return value;
  }
  damaged("a varint longer than 10 bytes");
}

std::uint32_t read_le32(std::string_view data, std::size_t pos) {
  if (pos > data.size() || data.size() - pos < 4) damaged("a length runs past the end of the page");
  std::uint32_t v;
  std::memcpy(&v, data.data() + pos, 4);
  return v;
}

Hybrid::Hybrid(std::string_view data, int width) : data_(data), width_(width) {
  if (width < 0 || width > 32) damaged("a bit width of " + std::to_string(width) + " (at most 32)");
}

void Hybrid::next_run() {
  if (pos_ >= data_.size()) damaged("RLE/bit-packed data ends before its values");
  std::uint64_t header = read_varint(data_, pos_);
  std::size_t left = data_.size() - pos_;
  if (header & 1) {
    std::uint64_t groups = header >> 1;
    // A writer may end the last run early: only the values whose bytes are there are read.
    std::uint64_t bytes = groups > left ? left : groups * width_;
    if (bytes > left) bytes = left;
    packed_ = true;
    run_ = reinterpret_cast<const std::uint8_t*>(data_.data()) + pos_;
    run_size_ = static_cast<std::size_t>(bytes);
    run_bit_ = 0;
    left_ = width_ ? bytes * 8 / width_ : groups * 8;
    if (left_ > groups * 8) left_ = groups * 8;
    pos_ += bytes;
  } else {
    std::size_t size = (width_ + 7) / 8;
    if (size > left) damaged("an RLE run past the end of its data");
    value_ = 0;
    std::memcpy(&value_, data_.data() + pos_, size);
    if (width_ < 32 && value_ >> width_) damaged("an RLE value wider than its bit width");
    pos_ += size;
    packed_ = false;
    left_ = header >> 1;
  }
  if (!left_) damaged("an empty RLE/bit-packed run");
}

namespace {

struct DeltaHeader {
  std::uint64_t block = 0, miniblocks = 0, count = 0;
  std::uint64_t first = 0;
};

std::int64_t unzigzag(std::uint64_t z) { return static_cast<std::int64_t>(z >> 1) ^ -static_cast<std::int64_t>(z & 1); }

DeltaHeader delta_header(std::string_view data, std::size_t& pos) {
  DeltaHeader h;
  h.block = read_varint(data, pos);
  h.miniblocks = read_varint(data, pos);
  h.count = read_varint(data, pos);
  h.first = static_cast<std::uint64_t>(unzigzag(read_varint(data, pos)));
  if (h.block == 0 || h.block % 128 || h.block > (1u << 20) || h.miniblocks == 0 || h.block % h.miniblocks ||
      (h.block / h.miniblocks) % 32)
    damaged("a DELTA_BINARY_PACKED block of " + std::to_string(h.block) + " values in " +
            std::to_string(h.miniblocks) + " miniblocks");
  return h;
}

}  // namespace

std::uint64_t delta_count(std::string_view data) {
  std::size_t pos = 0;
  return delta_header(data, pos).count;
}

template <class T>
std::size_t delta_binary_packed(std::string_view data, T* out, std::size_t count) {
  std::size_t pos = 0;
  DeltaHeader h = delta_header(data, pos);
  if (h.count < count) damaged("DELTA_BINARY_PACKED data of fewer values than the page holds");
  if (count == 0) return pos;
  std::uint64_t last = h.first;
  out[0] = static_cast<T>(last);
  std::size_t i = 1;
  const std::uint64_t per_mini = h.block / h.miniblocks;
  const auto* p = reinterpret_cast<const std::uint8_t*>(data.data());
  while (i < count) {
    std::uint64_t min_delta = static_cast<std::uint64_t>(unzigzag(read_varint(data, pos)));
    if (data.size() - pos < h.miniblocks) damaged("DELTA_BINARY_PACKED bit widths past the end of the page");
    std::size_t widths = pos;
    pos += h.miniblocks;
    for (std::uint64_t m = 0; m < h.miniblocks && i < count; ++m) {
      int width = p[widths + m];
      // Up to 64 for INT32 too: DuckDB computes INT32 deltas in 64 bits; the sum wraps to the same 32 bits.
      if (width > 64) damaged("a DELTA_BINARY_PACKED bit width of " + std::to_string(width));
      std::size_t bytes = per_mini * width / 8;
      if (data.size() - pos < bytes) damaged("a DELTA_BINARY_PACKED miniblock past the end of the page");
      std::size_t n = count - i < per_mini ? count - i : per_mini;
      for (std::size_t j = 0; j < n; ++j) {
        last += min_delta + bits_at(p + pos, bytes, j * width, width);
        out[i++] = static_cast<T>(last);
      }
      pos += bytes;
    }
  }
  return pos;
}

template std::size_t delta_binary_packed<std::int32_t>(std::string_view, std::int32_t*, std::size_t);
template std::size_t delta_binary_packed<std::int64_t>(std::string_view, std::int64_t*, std::size_t);

std::size_t delta_length_byte_array(std::string_view data, std::size_t count, std::string& bytes,
                                    std::vector<std::uint32_t>& ends, int fixed) {
  std::vector<std::int32_t> lengths(count);
  std::size_t pos = delta_binary_packed(data, lengths.data(), count);
  std::uint64_t total = 0;
  for (std::int32_t length : lengths) {
    if (length < 0 || (fixed >= 0 && length != fixed)) damaged("a byte array of length " + std::to_string(length));
    total += static_cast<std::uint32_t>(length);
  }
  if (total > data.size() - pos) damaged("DELTA_LENGTH_BYTE_ARRAY values past the end of the page");
  if (bytes.size() + total > UINT32_MAX) damaged("more than 4 GiB of byte arrays in one column chunk");
  bytes.append(data.data() + pos, total);
  std::uint32_t end = static_cast<std::uint32_t>(bytes.size() - total);
  for (std::int32_t length : lengths) ends.push_back(end += static_cast<std::uint32_t>(length));
  return pos + total;
}

void delta_byte_array(std::string_view data, std::size_t count, std::string& bytes,
                      std::vector<std::uint32_t>& ends, int fixed) {
  std::vector<std::int32_t> prefixes(count);
  std::size_t pos = delta_binary_packed(data, prefixes.data(), count);
  std::string suffixes;
  std::vector<std::uint32_t> suffix_ends{0};
  delta_length_byte_array(data.substr(pos), count, suffixes, suffix_ends);
  std::size_t previous = 0, previous_size = 0;  // the page's previous value in bytes; none at its start
  for (std::size_t i = 0; i < count; ++i) {
    auto prefix = static_cast<std::uint32_t>(prefixes[i]);
    if (prefixes[i] < 0 || prefix > previous_size) damaged("a DELTA_BYTE_ARRAY prefix longer than the value before");
    std::size_t suffix = suffix_ends[i + 1] - suffix_ends[i];
    if (fixed >= 0 && prefix + suffix != static_cast<std::size_t>(fixed)) damaged("a fixed-length value of another length");
    if (bytes.size() + prefix + suffix > UINT32_MAX) damaged("more than 4 GiB of byte arrays in one column chunk");
    std::size_t start = bytes.size();
    bytes.resize(start + prefix + suffix);  // resized first: the prefix is copied from bytes itself
    std::memcpy(bytes.data() + start, bytes.data() + previous, prefix);
    std::memcpy(bytes.data() + start + prefix, suffixes.data() + suffix_ends[i], suffix);
    ends.push_back(static_cast<std::uint32_t>(bytes.size()));
    previous = start;
    previous_size = prefix + suffix;
  }
}

void byte_stream_split(std::string_view data, std::size_t count, std::size_t width, std::uint8_t* out) {
  if (width == 0 || data.size() % width || data.size() / width < count)
    damaged("BYTE_STREAM_SPLIT data of " + std::to_string(data.size()) + " bytes for " + std::to_string(count) +
            " values of " + std::to_string(width) + " bytes");
  std::size_t stride = data.size() / width;
  const auto* p = reinterpret_cast<const std::uint8_t*>(data.data());
  for (std::size_t j = 0; j < width; ++j) {
    const std::uint8_t* stream = p + j * stride;
    for (std::size_t i = 0; i < count; ++i) out[i * width + j] = stream[i];
  }
}

}  // namespace fastload::parquet
