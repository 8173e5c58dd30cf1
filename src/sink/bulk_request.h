// The body of one COM_STMT_BULK_EXECUTE (MariaDB array binding), written row by
// row as the rows are read: the statement id, the flags, a type a placeholder,
// then for each row and placeholder an indicator byte and the value as the
// binary protocol carries it. Writing it here, not through MYSQL_BIND arrays,
// spares the client library's generic per-value serialization, a quarter of
// the client's CPU in a load (docs/benchmarks.md, "Where the CPU of a load goes").
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "sink/binary_values.h"

namespace fastload::sink {

class BulkRequest {
 public:
  static constexpr std::uint16_t kDouble = 5;      // MYSQL_TYPE_DOUBLE
  static constexpr std::uint16_t kLongLong = 8;    // MYSQL_TYPE_LONGLONG
  static constexpr std::uint16_t kDate = 10;       // MYSQL_TYPE_DATE
  static constexpr std::uint16_t kDateTime = 12;   // MYSQL_TYPE_DATETIME
  static constexpr std::uint16_t kBlob = 252;      // MYSQL_TYPE_BLOB: bytes, no charset conversion
  static constexpr std::uint16_t kString = 254;    // MYSQL_TYPE_STRING: text in the session's charset
  static constexpr std::uint16_t kUnsigned = 32768;  // the type's flag for an unsigned integer

  // Begins a request with one type a placeholder; set_statement() names the statement before it is sent.
  void start(const std::vector<std::uint16_t>& types);
  void set_statement(std::uint32_t stmt_id) {
    for (int i = 0; i < 4; ++i) data_[i] = static_cast<char>(stmt_id >> (8 * i));
  }

  std::size_t size() const { return used_; }
  std::string_view bytes() const { return {data_.data(), used_}; }
  void truncate(std::size_t size) { used_ = size; }  // drops what was written after size() was `size`

  // A row is written through a cursor: reserve() room for its values at most, put_*() each value, then
  // advance_to() past the last (one bounds check a row, none a value).
  char* reserve(std::size_t n) {
    if (used_ + n > data_.size()) data_.resize(std::max(data_.size() * 2, used_ + n));
    return data_.data() + used_;
  }
  void advance_to(const char* p) { used_ = static_cast<std::size_t>(p - data_.data()); }
  static char* put_null(char* p) {
    *p = 1;  // STMT_INDICATOR_NULL
    return p + 1;
  }
  static char* put_integer(char* p, std::int64_t value) {  // 1 + 8 bytes
    *p++ = 0;
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(p, &value, 8);  // one store: the protocol's byte order is the machine's
    } else {
      for (int i = 0; i < 8; ++i) p[i] = static_cast<char>(static_cast<std::uint64_t>(value) >> (8 * i));
    }
    return p + 8;
  }
  static char* put_double(char* p, double value) {  // 1 + 8 bytes
    std::uint64_t bits;
    std::memcpy(&bits, &value, 8);
    return put_integer(p, static_cast<std::int64_t>(bits));  // the same little-endian 8 bytes
  }
  // A date (4 bytes), with a time (7), with microseconds (11), each after its length byte: at most 13 bytes.
  static char* put_temporal(char* p, const Temporal& t, bool date_only) {
    *p++ = 0;
    const int n = date_only ? 4 : t.micro ? 11 : 7;
    *p++ = static_cast<char>(n);
    *p++ = static_cast<char>(t.year & 0xff);
    *p++ = static_cast<char>(t.year >> 8);
    *p++ = static_cast<char>(t.month);
    *p++ = static_cast<char>(t.day);
    if (n == 4) return p;
    *p++ = static_cast<char>(t.hour);
    *p++ = static_cast<char>(t.minute);
    *p++ = static_cast<char>(t.second);
    if (n == 7) return p;
    for (int i = 0; i < 4; ++i) *p++ = static_cast<char>(t.micro >> (8 * i));
    return p;
  }
  static char* put_text(char* p, std::string_view value) {  // at most 10 + value.size() bytes
    *p++ = 0;
    if (value.size() < 251) *p++ = static_cast<char>(value.size());
    else p = length(p, value.size());
    std::memcpy(p, value.data(), value.size());
    return p + value.size();
  }

  // One value at a time, for the rare writer.
  void null() { advance_to(put_null(reserve(1))); }
  void integer(std::int64_t value) { advance_to(put_integer(reserve(9), value)); }
  void text(std::string_view value) { advance_to(put_text(reserve(10 + value.size()), value)); }

 private:
  static char* length(char* p, std::size_t n);  // the protocol's length-encoded integer

  std::vector<char> data_;
  std::size_t used_ = 0;
};

}  // namespace fastload::sink
