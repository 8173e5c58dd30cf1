// Thrift's compact protocol, read from a byte range: the footer and the page headers are structs in it. Every
// length and count is checked against the bytes left, and nesting is limited, so a damaged or hostile footer
// gives a Failure (its message says what is wrong and where; the caller adds the file's name).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "base/base.h"

namespace fastload::parquet {

// The compact protocol's type codes (in field headers and list headers).
namespace ttype {
constexpr int stop = 0, bool_true = 1, bool_false = 2, i8 = 3, i16 = 4, i32 = 5, i64 = 6, dbl = 7, binary = 8,
              list = 9, set = 10, map = 11, strct = 12;
}

class Compact {
 public:
  // `what` names the bytes in messages ("footer", "page header").
  explicit Compact(std::string_view bytes, const char* what = "footer") : bytes_(bytes), what_(what) {}

  std::size_t position() const { return pos_; }

  // Reads a struct: calls `field(id, type)` for each field; it returns true when it read the field's value,
  // false to have it skipped (an unknown field, or one of an unexpected type).
  template <class F>
  void read_struct(F&& field) {
    enter();
    int last = 0;
    for (;;) {
      int id = 0, type = 0;
      if (!field_header(last, id, type)) break;
      last = id;
      if (!field(id, type)) skip(type);
    }
    --depth_;
  }

  // A list or set: calls `element(type)` `size` times.
  template <class F>
  void read_list(F&& element) {
    int type = 0;
    std::uint32_t size = list_header(type);
    enter();
    for (std::uint32_t i = 0; i < size; ++i) element(type);
    --depth_;
  }

  std::int64_t integer(int type);  // i8, i16, i32 or i64 (the value, checked to be one of them)
  std::int32_t int32(int type);    // an integer that must fit 32 bits
  bool boolean(int type);          // a field's (the value is in its type) or a list element's (one byte)
  std::string_view binary(int type);
  void skip(int type);

  // The pieces, public for the tests.
  std::uint64_t varint();
  std::uint32_t list_header(int& type);

 private:
  bool field_header(int last, int& id, int& type);
  void enter();
  [[noreturn]] void bad(const char* what) const;
  std::uint8_t byte();

  std::string_view bytes_;
  std::size_t pos_ = 0;
  int depth_ = 0;
  const char* what_;
};

}  // namespace fastload::parquet
