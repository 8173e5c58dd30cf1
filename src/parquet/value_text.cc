#include "parquet/value_text.h"

#include <charconv>
#include <cmath>
#include <cstring>

namespace fastload::parquet {

namespace {

template <class T>
void append_number(T value, std::string& out) {
  char buffer[32];
  auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  out.append(buffer, end);
}

void append_padded(std::uint64_t value, int width, std::string& out) {
  char buffer[24];
  char* end = buffer + sizeof buffer;
  char* p = end;
  do {
    *--p = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value);
  while (end - p < width) *--p = '0';
  out.append(p, end);
}

// The magnitude's decimal digits with the point placed `scale` digits from the right.
void place_point(bool negative, std::string_view digits, int scale, std::string& out) {
  if (negative) out += '-';
  auto s = static_cast<std::size_t>(scale);
  if (s == 0) {
    out.append(digits);
  } else if (digits.size() > s) {
    out.append(digits.substr(0, digits.size() - s));
    out += '.';
    out.append(digits.substr(digits.size() - s));
  } else {
    out += "0.";
    out.append(s - digits.size(), '0');
    out.append(digits);
  }
}

void check_scale(int scale) {
  if (scale < 0 || scale > 1000)
    throw Failure(ExitCode::input, "a DECIMAL of scale " + std::to_string(scale) +
                                       ", outside the Parquet format (0 to its precision): write the file again with "
                                       "a valid scale");
}

constexpr std::int64_t units_per_second[] = {1000, 1000000, 1000000000};
constexpr int fraction_digits[] = {3, 6, 9};

// HH:MM:SS of `seconds` (0 <= seconds, hours may pass 24) and `.fraction` when it is not 0, trailing zeros dropped.
void append_clock(std::uint64_t seconds, std::uint64_t fraction, TimeUnit unit, std::string& out) {
  append_padded(seconds / 3600, 2, out);
  out += ':';
  append_padded(seconds / 60 % 60, 2, out);
  out += ':';
  append_padded(seconds % 60, 2, out);
  if (!fraction) return;
  int digits = fraction_digits[static_cast<int>(unit)];
  while (fraction % 10 == 0) {
    fraction /= 10;
    --digits;
  }
  out += '.';
  append_padded(fraction, digits, out);
}

// Days since the epoch and the nanoseconds of that day (0 <= ns < 86400e9).
void append_datetime(std::int64_t days, std::uint64_t seconds, std::uint64_t fraction, TimeUnit unit, std::string& out) {
  append_date(days, out);
  out += ' ';
  append_clock(seconds, fraction, unit, out);
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

}  // namespace

void append_decimal(std::int64_t unscaled, int scale, std::string& out) {
  check_scale(scale);
  std::uint64_t magnitude = unscaled < 0 ? 0 - static_cast<std::uint64_t>(unscaled) : static_cast<std::uint64_t>(unscaled);
  char buffer[24];
  auto end = std::to_chars(buffer, buffer + sizeof buffer, magnitude).ptr;
  place_point(unscaled < 0, std::string_view(buffer, static_cast<std::size_t>(end - buffer)), scale, out);
}

void append_decimal(std::string_view big_endian, int scale, std::string& out) {
  check_scale(scale);
  if (big_endian.size() > 128) throw Failure(ExitCode::input, "a DECIMAL of more than 128 bytes: write the file again with a smaller precision");
  const auto* p = reinterpret_cast<const std::uint8_t*>(big_endian.data());
  std::size_t n = big_endian.size();
  if (n <= 8) {  // the common case: through an int64, sign-extended
    std::uint64_t v = n && (p[0] & 0x80) ? ~std::uint64_t(0) : 0;
    for (std::size_t i = 0; i < n; ++i) v = v << 8 | p[i];
    return append_decimal(static_cast<std::int64_t>(v), scale, out);
  }
  bool negative = p[0] & 0x80;
  std::uint8_t magnitude[128];
  // Two's complement negated: inverted, plus one from the least significant byte up.
  unsigned carry = 1;
  for (std::size_t i = n; i-- > 0;) {
    unsigned b = negative ? (~p[i] & 0xffu) + carry : p[i];
    if (negative) carry = b >> 8;
    magnitude[i] = static_cast<std::uint8_t>(b);
  }
  // Base 256 to base 10^9, little-endian limbs.
  std::uint32_t limbs[40];
  std::size_t count = 0;
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t c = magnitude[i];
    for (std::size_t j = 0; j < count; ++j) {
      std::uint64_t t = std::uint64_t(limbs[j]) * 256 + c;
      limbs[j] = static_cast<std::uint32_t>(t % 1000000000);
      c = t / 1000000000;
    }
    if (c) limbs[count++] = static_cast<std::uint32_t>(c);
  }
  std::string digits;  // up to 309: rare (a DECIMAL over 18 digits)
  if (count == 0) digits = "0";
  else {
    append_padded(limbs[count - 1], 0, digits);
    for (std::size_t j = count - 1; j-- > 0;) append_padded(limbs[j], 9, digits);
  }
  place_point(negative, digits, scale, out);
}

void append_date(std::int64_t days, std::string& out) {
  // Howard Hinnant's civil_from_days: proleptic Gregorian, any day count.
  std::int64_t z = days + 719468;
  std::int64_t era = floor_div(z, 146097);
  std::int64_t doe = z - era * 146097;
  std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  std::int64_t y = yoe + era * 400;
  std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  std::int64_t mp = (5 * doy + 2) / 153;
  std::int64_t d = doy - (153 * mp + 2) / 5 + 1;
  std::int64_t m = mp < 10 ? mp + 3 : mp - 9;
  if (m <= 2) ++y;
  if (y < 0) out += '-';
  append_padded(y < 0 ? 0 - static_cast<std::uint64_t>(y) : static_cast<std::uint64_t>(y), 4, out);
  out += '-';
  append_padded(static_cast<std::uint64_t>(m), 2, out);
  out += '-';
  append_padded(static_cast<std::uint64_t>(d), 2, out);
}

void append_time(std::int64_t value, TimeUnit unit, std::string& out) {
  std::uint64_t magnitude = value < 0 ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
  if (value < 0) out += '-';  // not a time of day: written as the server reads a negative TIME
  auto per = static_cast<std::uint64_t>(units_per_second[static_cast<int>(unit)]);
  append_clock(magnitude / per, magnitude % per, unit, out);
}

void append_timestamp(std::int64_t value, TimeUnit unit, std::string& out) {
  std::int64_t per = units_per_second[static_cast<int>(unit)];
  // Floor division without seconds * per, which overflows near INT64_MIN.
  std::int64_t seconds = value / per, fraction = value % per;
  if (fraction < 0) {
    fraction += per;
    --seconds;
  }
  std::int64_t days = floor_div(seconds, 86400);
  append_datetime(days, static_cast<std::uint64_t>(seconds - days * 86400), static_cast<std::uint64_t>(fraction), unit, out);
}

void append_int96(std::string_view twelve_bytes, std::string& out) {
  std::uint64_t nanos;
  std::uint32_t julian;
  std::memcpy(&nanos, twelve_bytes.data(), 8);
  std::memcpy(&julian, twelve_bytes.data() + 8, 4);
  constexpr std::uint64_t per_day = 86400000000000ull;
  std::int64_t days = std::int64_t(julian) - 2440588 + static_cast<std::int64_t>(nanos / per_day);
  nanos %= per_day;
  append_datetime(days, nanos / 1000000000, nanos % 1000000000, TimeUnit::nanos, out);
}

void append_double(double value, std::string& out) {
  if (std::isnan(value)) out += "nan";
  else if (std::isinf(value)) out += value < 0 ? "-inf" : "inf";
  else append_number(value, out);
}

void append_float(float value, std::string& out) {
  if (std::isnan(value)) out += "nan";
  else if (std::isinf(value)) out += value < 0 ? "-inf" : "inf";
  else append_number(value, out);
}

float float16_to_float(std::uint16_t bits) {
  std::uint32_t sign = std::uint32_t(bits & 0x8000) << 16;
  int exponent = (bits >> 10) & 0x1f;
  std::uint32_t mantissa = bits & 0x3ff;
  float magnitude;
  if (exponent == 0x1f) magnitude = mantissa ? NAN : INFINITY;
  else if (exponent == 0) magnitude = std::ldexp(static_cast<float>(mantissa), -24);  // subnormal
  else magnitude = std::ldexp(static_cast<float>(mantissa | 0x400), exponent - 25);
  std::uint32_t f;
  std::memcpy(&f, &magnitude, 4);
  f |= sign;
  std::memcpy(&magnitude, &f, 4);
  return magnitude;
}

namespace {

void append_uuid(std::string_view bytes, std::string& out) {
  static constexpr char hex[] = "0123456789abcdef";
  for (std::size_t i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) out += '-';
    auto b = static_cast<std::uint8_t>(bytes[i]);
    out += hex[b >> 4];
    out += hex[b & 15];
  }
}

void append_int64(std::int64_t v, const Logical& l, std::string& out) {
  using Kind = Logical::Kind;
  switch (l.kind) {
    case Kind::decimal: return append_decimal(v, l.scale, out);
    case Kind::time: return append_time(v, l.unit, out);
    case Kind::timestamp: return append_timestamp(v, l.unit, out);
    case Kind::integer:
      if (!l.is_signed) return append_number(static_cast<std::uint64_t>(v), out);
      break;
    default: break;
  }
  append_number(v, out);
}

void append_int32(std::int32_t v, const Logical& l, std::string& out) {
  using Kind = Logical::Kind;
  switch (l.kind) {
    case Kind::decimal: return append_decimal(v, l.scale, out);
    case Kind::date: return append_date(v, out);
    case Kind::time: return append_time(v, l.unit, out);
    case Kind::integer:
      if (!l.is_signed) return append_number(static_cast<std::uint32_t>(v), out);
      break;
    default: break;
  }
  append_number(v, out);
}

}  // namespace

void append_text(const Column& column, const Values& values, std::uint64_t row, std::string& out) {
  const Logical& l = column.logical;
  if (l.kind == Logical::Kind::decimal && (l.scale < 0 || l.scale > 1000)) [[unlikely]] {
    try {
      check_scale(l.scale);
    } catch (const Failure& f) {
      throw f.with_message("column " + column.name + ": " + f.what());
    }
  }
  switch (values.physical) {
    case Physical::boolean: out += values.int32s[row] ? '1' : '0'; return;
    case Physical::int32: return append_int32(values.int32s[row], l, out);
    case Physical::int64: return append_int64(values.int64s[row], l, out);
    case Physical::float32: return append_float(values.floats[row], out);
    case Physical::float64: return append_double(values.doubles[row], out);
    case Physical::int96: return append_int96(values.bytes_of(row), out);
    case Physical::byte_array:
    case Physical::fixed_len_byte_array: break;
  }
  std::string_view bytes = values.bytes_of(row);
  if (l.kind == Logical::Kind::decimal) return append_decimal(bytes, l.scale, out);
  if (l.kind == Logical::Kind::uuid && bytes.size() == 16) return append_uuid(bytes, out);
  if (l.kind == Logical::Kind::float16 && bytes.size() == 2) {
    auto bits = static_cast<std::uint16_t>(static_cast<std::uint8_t>(bytes[0]) | static_cast<std::uint8_t>(bytes[1]) << 8);
    return append_float(float16_to_float(bits), out);
  }
  out.append(bytes);
}

}  // namespace fastload::parquet
