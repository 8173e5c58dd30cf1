// Parquet values as text (parquet/value_text.h): every type's rule at its limits.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "parquet/parquet.h"
#include "parquet/value_text.h"

namespace fastload::parquet {
namespace {

using Kind = Logical::Kind;

std::string bytes_of_hex(const std::string& hex) {
  std::string out;
  for (std::size_t i = 0; i < hex.size(); i += 2) out += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  return out;
}

template <class F>
std::string text(F&& f) {
  std::string out;
  f(out);
  return out;
}

std::string decimal_text(const std::string& hex, int scale) {
  return text([&](std::string& out) { append_decimal(bytes_of_hex(hex), scale, out); });
}

TEST(ParquetText, DecimalsPlaceThePointByTheScale) {
  auto d = [](std::int64_t v, int scale) { return text([&](std::string& out) { append_decimal(v, scale, out); }); };
  EXPECT_EQ(d(-12345, 2), "-123.45");
  EXPECT_EQ(d(5, 3), "0.005");
  EXPECT_EQ(d(-5, 3), "-0.005");
  EXPECT_EQ(d(42, 0), "42");
  EXPECT_EQ(d(0, 2), "0.00");
  EXPECT_EQ(d(100, 2), "1.00");
  EXPECT_EQ(d(std::numeric_limits<std::int64_t>::min(), 0), "-9223372036854775808");
  EXPECT_EQ(d(std::numeric_limits<std::int64_t>::max(), 18), "9.223372036854775807");
  EXPECT_EQ(d(std::numeric_limits<std::int64_t>::min(), 19), "-0.9223372036854775808");
}

TEST(ParquetText, BigEndianDecimalsOfAnyLength) {
  EXPECT_EQ(decimal_text("ff", 0), "-1");
  EXPECT_EQ(decimal_text("7f", 1), "12.7");
  EXPECT_EQ(decimal_text("", 0), "0");
  EXPECT_EQ(decimal_text("00000000000000000000000000000001", 5), "0.00001");
  EXPECT_EQ(decimal_text("4b3b4ca85a86c47a098a223fffffffff", 0), "99999999999999999999999999999999999999");
  EXPECT_EQ(decimal_text("b4c4b357a5793b85f675ddc000000001", 0), "-99999999999999999999999999999999999999");
  EXPECT_EQ(decimal_text("4b3b4ca85a86c47a098a223fffffffff", 10), "9999999999999999999999999999.9999999999");
  EXPECT_EQ(decimal_text("b4c4b357a5793b85f675ddc000000001", 38), "-0.99999999999999999999999999999999999999");
  EXPECT_EQ(decimal_text("ffffffffffffffffffffffffffffffff", 2), "-0.01");
  EXPECT_EQ(decimal_text("ff7fffffffffffffff", 0), "-9223372036854775809");  // 9 bytes: past an int64
  std::string min32(32, '\0'), max32(32, '\xff');
  min32[0] = '\x80';
  max32[0] = '\x7f';
  std::string out;
  append_decimal(min32, 0, out);
  EXPECT_EQ(out, "-57896044618658097711785492504343953926634992332820282019728792003956564819968");
  out.clear();
  append_decimal(max32, 0, out);
  EXPECT_EQ(out, "57896044618658097711785492504343953926634992332820282019728792003956564819967");
}

TEST(ParquetText, DecimalsOfNegativeScaleAreRefusedNamingTheColumn) {
  Column c;
  c.name = "price";
  c.physical = Physical::int32;
  c.logical.kind = Kind::decimal;
  c.logical.scale = -2;
  Values v;
  v.physical = Physical::int32;
  v.int32s = {5};
  std::string out;
  try {
    append_text(c, v, 0, out);
    FAIL();
  } catch (const Failure& f) {
    EXPECT_EQ(f.code(), ExitCode::input);
    EXPECT_NE(std::string(f.what()).find("column price: a DECIMAL of scale -2"), std::string::npos) << f.what();
  }
}

TEST(ParquetText, DatesAreProlepticGregorian) {
  auto d = [](std::int64_t days) { return text([&](std::string& out) { append_date(days, out); }); };
  EXPECT_EQ(d(0), "1970-01-01");
  EXPECT_EQ(d(-1), "1969-12-31");
  EXPECT_EQ(d(-719162), "0001-01-01");
  EXPECT_EQ(d(2932896), "9999-12-31");
  EXPECT_EQ(d(2932897), "10000-01-01");
  EXPECT_EQ(d(-719528), "0000-01-01");
  EXPECT_EQ(d(-719529), "-0001-12-31");
  EXPECT_EQ(d(11016), "2000-02-29");
  EXPECT_EQ(d(-25508), "1900-03-01");  // 1900 is no leap year
}

TEST(ParquetText, TimesDropTrailingZerosOfTheirFraction) {
  auto t = [](std::int64_t v, TimeUnit u) { return text([&](std::string& out) { append_time(v, u, out); }); };
  EXPECT_EQ(t(0, TimeUnit::millis), "00:00:00");
  EXPECT_EQ(t(86399999, TimeUnit::millis), "23:59:59.999");
  EXPECT_EQ(t(3723500, TimeUnit::millis), "01:02:03.5");
  EXPECT_EQ(t(86399999999, TimeUnit::micros), "23:59:59.999999");
  EXPECT_EQ(t(1, TimeUnit::micros), "00:00:00.000001");
  EXPECT_EQ(t(1, TimeUnit::nanos), "00:00:00.000000001");
  EXPECT_EQ(t(45296000000000, TimeUnit::nanos), "12:34:56");
}

TEST(ParquetText, TimestampsAreUtcWithFloorDivisionBeforeTheEpoch) {
  auto ts = [](std::int64_t v, TimeUnit u) { return text([&](std::string& out) { append_timestamp(v, u, out); }); };
  EXPECT_EQ(ts(0, TimeUnit::micros), "1970-01-01 00:00:00");
  EXPECT_EQ(ts(-1, TimeUnit::micros), "1969-12-31 23:59:59.999999");
  EXPECT_EQ(ts(-1500, TimeUnit::millis), "1969-12-31 23:59:58.5");
  EXPECT_EQ(ts(-1, TimeUnit::nanos), "1969-12-31 23:59:59.999999999");
  EXPECT_EQ(ts(-62135596800000000, TimeUnit::micros), "0001-01-01 00:00:00");
  EXPECT_EQ(ts(253402300799999999, TimeUnit::micros), "9999-12-31 23:59:59.999999");
  EXPECT_EQ(ts(std::numeric_limits<std::int64_t>::min(), TimeUnit::nanos), "1677-09-21 00:12:43.145224192");
  EXPECT_EQ(ts(std::numeric_limits<std::int64_t>::max(), TimeUnit::nanos), "2262-04-11 23:47:16.854775807");
  EXPECT_EQ(ts(std::numeric_limits<std::int64_t>::min(), TimeUnit::micros), "-290308-12-21 19:59:05.224192");
}

std::string int96(std::uint64_t nanos, std::uint32_t julian) {
  char b[12];
  std::memcpy(b, &nanos, 8);
  std::memcpy(b + 8, &julian, 4);
  return text([&](std::string& out) { append_int96(std::string_view(b, 12), out); });
}

TEST(ParquetText, Int96IsNanosecondsOfAJulianDay) {
  EXPECT_EQ(int96(0, 2440588), "1970-01-01 00:00:00");
  EXPECT_EQ(int96(1500000000, 2440587), "1969-12-31 00:00:01.5");
  EXPECT_EQ(int96(86399999999999, 2440588), "1970-01-01 23:59:59.999999999");
  EXPECT_EQ(int96(0, 1721426), "0001-01-01 00:00:00");
  EXPECT_EQ(int96(86400000000000, 2440588), "1970-01-02 00:00:00");  // a whole day of nanoseconds carried over
}

TEST(ParquetText, FloatsAreShortestRoundTrip) {
  auto d = [](double v) { return text([&](std::string& out) { append_double(v, out); }); };
  auto f = [](float v) { return text([&](std::string& out) { append_float(v, out); }); };
  EXPECT_EQ(d(0.1), "0.1");
  EXPECT_EQ(d(-0.0), "-0");
  EXPECT_EQ(d(1e21), "1e+21");
  EXPECT_EQ(d(5e-324), "5e-324");
  EXPECT_EQ(d(1.7976931348623157e308), "1.7976931348623157e+308");
  EXPECT_EQ(d(INFINITY), "inf");
  EXPECT_EQ(d(-INFINITY), "-inf");
  EXPECT_EQ(d(NAN), "nan");
  EXPECT_EQ(f(0.1f), "0.1");
  EXPECT_EQ(f(1e-45f), "1e-45");
  EXPECT_EQ(f(3.4028235e38f), "3.4028235e+38");
  EXPECT_EQ(f(-INFINITY), "-inf");
  EXPECT_EQ(f(float16_to_float(0x3c00)), "1");
  EXPECT_EQ(f(float16_to_float(0xc000)), "-2");
  EXPECT_EQ(f(float16_to_float(0x7bff)), "65504");
  EXPECT_EQ(f(float16_to_float(0x0001)), "5.9604645e-08");  // the least subnormal, 2^-24
  EXPECT_EQ(f(float16_to_float(0x7c00)), "inf");
  EXPECT_EQ(f(float16_to_float(0xfe00)), "nan");
}

// append_text on a one-row Values of each physical type.
struct Case {
  Column column;
  Values values;
  std::string operator()() const { return text([&](std::string& out) { append_text(column, values, 0, out); }); }
};

Case of(Physical p, Logical logical = {}) {
  Case c;
  c.column.physical = p;
  c.column.logical = logical;
  c.values.physical = p;
  return c;
}

Logical integer(int bits, bool is_signed) {
  Logical l;
  l.kind = Kind::integer;
  l.bit_width = bits;
  l.is_signed = is_signed;
  return l;
}

TEST(ParquetText, IntegersSignedAndUnsigned) {
  Case c = of(Physical::int32);
  c.values.int32s = {std::numeric_limits<std::int32_t>::min()};
  EXPECT_EQ(c(), "-2147483648");
  c = of(Physical::int32, integer(32, false));
  c.values.int32s = {-1};
  EXPECT_EQ(c(), "4294967295");
  c = of(Physical::int32, integer(8, false));
  c.values.int32s = {255};
  EXPECT_EQ(c(), "255");
  c = of(Physical::int64);
  c.values.int64s = {std::numeric_limits<std::int64_t>::min()};
  EXPECT_EQ(c(), "-9223372036854775808");
  c.values.int64s = {std::numeric_limits<std::int64_t>::max()};
  EXPECT_EQ(c(), "9223372036854775807");
  c = of(Physical::int64, integer(64, false));
  c.values.int64s = {-1};
  EXPECT_EQ(c(), "18446744073709551615");
  c = of(Physical::boolean);
  c.values.int32s = {1};
  EXPECT_EQ(c(), "1");
  c.values.int32s = {0};
  EXPECT_EQ(c(), "0");
}

TEST(ParquetText, ByteTypesByTheirLogicalType) {
  Logical uuid;
  uuid.kind = Kind::uuid;
  Case c = of(Physical::fixed_len_byte_array, uuid);
  c.values.bytes = bytes_of_hex("00112233445566778899aabbccddeeff");
  c.values.offsets = {0, 16};
  EXPECT_EQ(c(), "00112233-4455-6677-8899-aabbccddeeff");
  Logical decimal;
  decimal.kind = Kind::decimal;
  decimal.scale = 2;
  c = of(Physical::byte_array, decimal);
  c.values.bytes = bytes_of_hex("cfc7");  // -12345
  c.values.offsets = {0, 2};
  EXPECT_EQ(c(), "-123.45");
  c = of(Physical::byte_array);
  c.values.bytes = std::string("a\0\tb", 4);
  c.values.offsets = {0, 4};
  EXPECT_EQ(c(), std::string("a\0\tb", 4));  // as they are: escaping is the caller's
  Logical half;
  half.kind = Kind::float16;
  c = of(Physical::fixed_len_byte_array, half);
  c.values.bytes = bytes_of_hex("003c");  // 1.0, little-endian
  c.values.offsets = {0, 2};
  EXPECT_EQ(c(), "1");
  c = of(Physical::int96);
  c.values.bytes = std::string(8, '\0') + bytes_of_hex("8c3d2500");  // Julian day 2440588
  c.values.offsets = {0, 12};
  EXPECT_EQ(c(), "1970-01-01 00:00:00");
}

TEST(ParquetText, LogicalTypesOnIntegers) {
  Logical date;
  date.kind = Kind::date;
  Case c = of(Physical::int32, date);
  c.values.int32s = {-719162};
  EXPECT_EQ(c(), "0001-01-01");
  Logical time;
  time.kind = Kind::time;
  time.unit = TimeUnit::millis;
  c = of(Physical::int32, time);
  c.values.int32s = {1};
  EXPECT_EQ(c(), "00:00:00.001");
  Logical ts;
  ts.kind = Kind::timestamp;
  ts.unit = TimeUnit::nanos;
  c = of(Physical::int64, ts);
  c.values.int64s = {-1};
  EXPECT_EQ(c(), "1969-12-31 23:59:59.999999999");
  Logical decimal;
  decimal.kind = Kind::decimal;
  decimal.scale = 7;
  c = of(Physical::int32, decimal);
  c.values.int32s = {-900000000};
  EXPECT_EQ(c(), "-90.0000000");
}

}  // namespace
}  // namespace fastload::parquet
