#include "parquet/values.h"

#include <cstring>

#include "parquet/encodings.h"

namespace fastload::parquet {

std::string encoding_name(int encoding) {
  static constexpr const char* names[] = {"PLAIN", "GROUP_VAR_INT", "PLAIN_DICTIONARY", "RLE", "BIT_PACKED",
                                          "DELTA_BINARY_PACKED", "DELTA_LENGTH_BYTE_ARRAY", "DELTA_BYTE_ARRAY",
                                          "RLE_DICTIONARY", "BYTE_STREAM_SPLIT"};
  return encoding >= 0 && encoding <= 9 ? names[encoding] : "encoding " + std::to_string(encoding);
}

std::string physical_name(Physical physical) {
  static constexpr const char* names[] = {"BOOLEAN", "INT32", "INT64", "INT96", "FLOAT", "DOUBLE", "BYTE_ARRAY",
                                          "FIXED_LEN_BYTE_ARRAY"};
  auto i = static_cast<unsigned>(physical);
  return i < 8 ? names[i] : "type " + std::to_string(i);
}

void clear_values(Values& values, Physical physical) {
  values.physical = physical;
  values.rows = 0;
  values.present.clear();
  values.int32s.clear();
  values.int64s.clear();
  values.floats.clear();
  values.doubles.clear();
  values.bytes.clear();
  values.offsets.assign(1, 0);
  values.repetition.clear();
  values.definition.clear();
  values.entries = 0;
}

namespace {

// The fixed-width array of `out` for its physical type, as bytes: grown by `count` values; returns where they go.
std::uint8_t* grow(Values& out, std::size_t count) {
  auto at = [&](auto& array) {
    std::size_t size = array.size();
    array.resize(size + count);
    return reinterpret_cast<std::uint8_t*>(array.data() + size);
  };
  switch (out.physical) {
    case Physical::boolean:
    case Physical::int32: return at(out.int32s);
    case Physical::int64: return at(out.int64s);
    case Physical::float32: return at(out.floats);
    case Physical::float64: return at(out.doubles);
    default: return nullptr;
  }
}

std::size_t width_of(const Column& column) {
  switch (column.physical) {
    case Physical::boolean: return 0;
    case Physical::int32:
    case Physical::float32: return 4;
    case Physical::int64:
    case Physical::float64: return 8;
    case Physical::int96: return 12;
    case Physical::byte_array: return 0;
    case Physical::fixed_len_byte_array: return static_cast<std::size_t>(column.type_length);
  }
  return 0;
}

bool is_bytes(Physical p) {
  return p == Physical::byte_array || p == Physical::fixed_len_byte_array || p == Physical::int96;
}

void append(Values& out, const char* data, std::size_t size) {
  if (out.bytes.size() + size > UINT32_MAX) damaged("more than 4 GiB of byte arrays in one column chunk");
  out.bytes.append(data, size);
  out.offsets.push_back(static_cast<std::uint32_t>(out.bytes.size()));
}

void plain(std::string_view data, std::size_t count, const Column& column, Values& out) {
  if (column.physical == Physical::boolean) {
    if (data.size() < (count + 7) / 8) damaged("PLAIN booleans past the end of the page");
    std::size_t base = out.int32s.size();
    out.int32s.resize(base + count);
    for (std::size_t i = 0; i < count; ++i) out.int32s[base + i] = (static_cast<std::uint8_t>(data[i >> 3]) >> (i & 7)) & 1;
    return;
  }
  if (column.physical == Physical::byte_array) {
    std::size_t pos = 0;
    for (std::size_t i = 0; i < count; ++i) {
      std::uint32_t size = read_le32(data, pos);
      pos += 4;
      if (size > data.size() - pos) damaged("a PLAIN byte array past the end of the page");
      append(out, data.data() + pos, size);
      pos += size;
    }
    return;
  }
  std::size_t width = width_of(column);
  if (width == 0 || data.size() / width < count) damaged("PLAIN values past the end of the page");
  if (is_bytes(column.physical)) {
    for (std::size_t i = 0; i < count; ++i) append(out, data.data() + i * width, width);
  } else {
    std::memcpy(grow(out, count), data.data(), count * width);
  }
}

template <class T>
void gather(std::vector<T>& to, const std::vector<T>& from, const std::uint32_t* indices, std::size_t count) {
  std::size_t base = to.size();
  to.resize(base + count);
  for (std::size_t i = 0; i < count; ++i) {
    if (indices[i] >= from.size()) damaged("a dictionary index of " + std::to_string(indices[i]) + " in a dictionary of " + std::to_string(from.size()) + " values");
    to[base + i] = from[indices[i]];
  }
}

void dictionary_indices(std::string_view data, std::size_t count, const Values* dictionary, Values& out) {
  if (!dictionary) damaged("dictionary-encoded values in a column chunk without a dictionary page");
  if (data.empty()) damaged("dictionary indices without their bit width");
  thread_local std::vector<std::uint32_t> indices;
  indices.resize(count);
  Hybrid(data.substr(1), static_cast<std::uint8_t>(data[0])).read(indices.data(), count);
  switch (out.physical) {
    case Physical::boolean:
    case Physical::int32: return gather(out.int32s, dictionary->int32s, indices.data(), count);
    case Physical::int64: return gather(out.int64s, dictionary->int64s, indices.data(), count);
    case Physical::float32: return gather(out.floats, dictionary->floats, indices.data(), count);
    case Physical::float64: return gather(out.doubles, dictionary->doubles, indices.data(), count);
    default: break;
  }
  std::size_t entries = dictionary->offsets.size() - 1;
  for (std::size_t i = 0; i < count; ++i) {
    if (indices[i] >= entries) damaged("a dictionary index of " + std::to_string(indices[i]) + " in a dictionary of " + std::to_string(entries) + " values");
    std::string_view value = dictionary->bytes_of(indices[i]);
    append(out, value.data(), value.size());
  }
}

[[noreturn]] void not_read(int encoding, const Column& column) {
  throw Failure(ExitCode::input, "its values are encoded " + encoding_name(encoding) + " for a " +
                                     physical_name(column.physical) +
                                     " column, which fastload does not read: rewrite the file with PLAIN or "
                                     "dictionary encoding");
}

}  // namespace

void decode_values(int encoding, std::string_view data, std::size_t count, const Column& column,
                   const Values* dictionary, Values& out) {
  Physical p = column.physical;
  if (count == 0 && encoding != encoding::plain) return;  // an all-null page: writers may leave the values out
  switch (encoding) {
    case encoding::plain: return plain(data, count, column, out);
    case encoding::plain_dictionary:
    case encoding::rle_dictionary:
      if (p == Physical::boolean) break;
      return dictionary_indices(data, count, dictionary, out);
    case encoding::rle: {
      if (p != Physical::boolean) break;
      std::uint32_t size = read_le32(data, 0);
      if (size > data.size() - 4) damaged("RLE booleans longer than the page");
      std::size_t base = out.int32s.size();
      out.int32s.resize(base + count);
      Hybrid(data.substr(4, size), 1).read(out.int32s.data() + base, count);
      return;
    }
    case encoding::delta_binary_packed:
      if (p == Physical::int32) delta_binary_packed(data, reinterpret_cast<std::int32_t*>(grow(out, count)), count);
      else if (p == Physical::int64) delta_binary_packed(data, reinterpret_cast<std::int64_t*>(grow(out, count)), count);
      else break;
      return;
    case encoding::delta_length_byte_array:
      if (p != Physical::byte_array) break;
      delta_length_byte_array(data, count, out.bytes, out.offsets);
      return;
    case encoding::delta_byte_array:
      if (p != Physical::byte_array && p != Physical::fixed_len_byte_array) break;
      delta_byte_array(data, count, out.bytes, out.offsets, p == Physical::byte_array ? -1 : column.type_length);
      return;
    case encoding::byte_stream_split: {
      if (p == Physical::boolean || p == Physical::byte_array || p == Physical::int96) break;
      std::size_t width = width_of(column);
      // Checked before the arrays grow: a hostile count must not allocate.
      if (width == 0 || data.size() / width < count) damaged("BYTE_STREAM_SPLIT values past the end of the page");
      if (p != Physical::fixed_len_byte_array) return byte_stream_split(data, count, width, grow(out, count));
      if (out.bytes.size() + count * width > UINT32_MAX) damaged("more than 4 GiB of byte arrays in one column chunk");
      std::size_t base = out.bytes.size();
      out.bytes.resize(base + count * width);
      byte_stream_split(data, count, width, reinterpret_cast<std::uint8_t*>(out.bytes.data() + base));
      for (std::size_t i = 1; i <= count; ++i) out.offsets.push_back(static_cast<std::uint32_t>(base + i * width));
      return;
    }
    default: break;
  }
  not_read(encoding, column);
}

}  // namespace fastload::parquet
