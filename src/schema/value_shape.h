// What one field's text is, for type inference (docs/design.md#type-inference---create): the exact shapes
// whose value a column of some type stores and gives back as the text says, and the near misses that make a
// column text (so that --verbose can say why). Pure functions of the bytes.
#pragma once

#include <cstdint>
#include <string_view>

namespace fastload::schema {

// One bit each, so that a column keeps the set of shapes it saw.
enum class Shape : std::uint16_t {
  kInteger = 1 << 0,       // -?[1-9][0-9]* or 0
  kDecimal = 1 << 1,       // -?(0|[1-9][0-9]*)\.[0-9]+
  kDate = 1 << 2,          // YYYY-MM-DD, a real date, year 1000-9999
  kDateTime = 1 << 3,      // a date, ' ', HH:MM:SS[.f{1,6}]
  kTime = 1 << 4,          // [-]HH[H]:MM:SS[.f{1,6}] within -838:59:59.999999..838:59:59.999999
  kEmpty = 1 << 5,         // "": a number or date column would store 0 or refuse it
  kLeadingZeros = 1 << 6,  // "007", "00.5", "012:00:00": a number would drop the zeros
  kNegativeZero = 1 << 7,  // "-0", "-0.00", "-00:00:00": a number would drop the sign
  kNumberLike = 1 << 8,    // "+1", " 1", "1e5", "5.", "NaN", "inf": read as a number, not given back so
  kBadTemporal = 1 << 9,   // shaped as a date or time but not one: "2023-02-29", "0000-00-00", "25:61:00"
  kText = 1 << 10,         // anything else
};

constexpr std::uint16_t bit(Shape s) { return static_cast<std::uint16_t>(s); }

struct ValueShape {
  Shape shape = Shape::kText;
  // kInteger and kDecimal:
  bool negative = false;
  bool wide = false;            // an integer whose magnitude passes 64 bits
  std::uint64_t magnitude = 0;  // an integer's absolute value, when not wide
  std::uint64_t whole_digits = 0;  // digits before the point; none for a zero ("0", "0.5")
  // kDecimal: digits after the point; kDateTime and kTime: digits of the seconds' fraction.
  std::uint64_t fraction_digits = 0;
};

ValueShape shape_of(std::string_view text);

// The text's characters when it is valid UTF-8 (RFC 3629: no overlong forms, no surrogates, at most U+10FFFF).
struct Utf8Measure {
  std::uint64_t characters = 0;
  bool valid = true;
};
Utf8Measure measure_utf8(std::string_view text);

}  // namespace fastload::schema
