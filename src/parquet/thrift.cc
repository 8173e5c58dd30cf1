#include "parquet/thrift.h"

#include <string>

namespace fastload::parquet {

namespace {
// Deeper than any Parquet struct nests (a LogicalType's TimeUnit inside a SchemaElement is four): a hostile footer
// could otherwise recurse until the stack overflows.
constexpr int max_depth = 32;
}  // namespace

void Compact::bad(const char* what) const {
  throw Failure(ExitCode::input, std::string(what) + " at byte " + std::to_string(pos_) + " of the " + what_);
}

std::uint8_t Compact::byte() {
  if (pos_ >= bytes_.size()) bad("truncated Thrift data");
  return static_cast<std::uint8_t>(bytes_[pos_++]);
}

std::uint64_t Compact::varint() {
  std::uint64_t value = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    std::uint8_t b = byte();
    value |= std::uint64_t(b & 0x7f) << shift;
    if (!(b & 0x80)) return value;
  }
  bad("a varint longer than 10 bytes");
}

void Compact::enter() {
  if (++depth_ > max_depth) bad("Thrift structs nested too deep");
}

bool Compact::field_header(int last, int& id, int& type) {
  std::uint8_t b = byte();
  type = b & 0x0f;
  if (type == ttype::stop) return false;
  int delta = b >> 4;
  if (delta) {
    id = last + delta;
  } else {
    std::uint64_t z = varint();
    id = static_cast<int>(static_cast<std::int64_t>(z >> 1) ^ -static_cast<std::int64_t>(z & 1));
  }
  return true;
}

std::uint32_t Compact::list_header(int& type) {
  std::uint8_t b = byte();
  type = b & 0x0f;
  std::uint64_t size = b >> 4;
  if (size == 15) size = varint();
  // Every element takes at least one byte: a count beyond the bytes left is damage, not a reason to loop.
  if (size > bytes_.size() - pos_) bad("a Thrift list longer than the data");
  return static_cast<std::uint32_t>(size);
}

std::int64_t Compact::integer(int type) {
  if (type == ttype::i8) return static_cast<std::int8_t>(byte());
  if (type != ttype::i16 && type != ttype::i32 && type != ttype::i64) bad("a Thrift field of the wrong type");
  std::uint64_t z = varint();
  return static_cast<std::int64_t>(z >> 1) ^ -static_cast<std::int64_t>(z & 1);
}

std::int32_t Compact::int32(int type) {
  std::int64_t v = integer(type);
  if (v < INT32_MIN || v > INT32_MAX) bad("a Thrift i32 out of range");
  return static_cast<std::int32_t>(v);
}

bool Compact::boolean(int type) {
  if (type == ttype::bool_true) return true;
  if (type == ttype::bool_false) return false;
  bad("a Thrift field of the wrong type");
}

std::string_view Compact::binary(int type) {
  if (type != ttype::binary) bad("a Thrift field of the wrong type");
  std::uint64_t size = varint();
  if (size > bytes_.size() - pos_) bad("a Thrift string longer than the data");
  std::string_view s = bytes_.substr(pos_, size);
  pos_ += size;
  return s;
}

void Compact::skip(int type) {
  switch (type) {
    case ttype::bool_true:
    case ttype::bool_false: return;  // a field's value is in its type
    case ttype::i8: byte(); return;
    case ttype::i16:
    case ttype::i32:
    case ttype::i64: varint(); return;
    case ttype::dbl:
      if (bytes_.size() - pos_ < 8) bad("truncated Thrift data");
      pos_ += 8;
      return;
    case ttype::binary: binary(type); return;
    case ttype::list:
    case ttype::set:
      // A bool list element is one byte, unlike a bool field.
      read_list([&](int t) { t == ttype::bool_true || t == ttype::bool_false ? void(byte()) : skip(t); });
      return;
    case ttype::map: {
      std::uint64_t size = varint();
      if (size == 0) return;
      if (size > bytes_.size() - pos_) bad("a Thrift map longer than the data");
      std::uint8_t kinds = byte();
      enter();
      for (std::uint64_t i = 0; i < size; ++i) {
        for (int t : {kinds >> 4, kinds & 0x0f}) t == ttype::bool_true || t == ttype::bool_false ? void(byte()) : skip(t);
      }
      --depth_;
      return;
    }
    case ttype::strct: read_struct([](int, int) { return false; }); return;
    default: bad("an unknown Thrift type");
  }
}

}  // namespace fastload::parquet
