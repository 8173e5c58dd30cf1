// Which texts the insert sink sends binary (sink/binary_values.h): exactly the canonical form of one value of
// the column's type, read back to the same value; every other text goes as text.
#include "sink/binary_values.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <fmt/core.h>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <string>

#include "sink/bulk_request.h"

namespace fastload::sink {
namespace {

table::Column column_of(const std::string& type, unsigned fraction_digits = 0) {
  table::Column c;
  c.type = type;
  c.fraction_digits = fraction_digits;
  return c;
}

TEST(BinaryValues, ColumnKinds) {
  table::Column integer;
  integer.integer = true;
  EXPECT_EQ(binary_kind(integer), BinaryKind::integer);
  EXPECT_EQ(binary_kind(column_of("datetime")), BinaryKind::datetime);
  EXPECT_EQ(binary_kind(column_of("timestamp")), BinaryKind::datetime);
  EXPECT_EQ(binary_kind(column_of("date")), BinaryKind::date);
  EXPECT_EQ(binary_kind(column_of("double")), BinaryKind::real);
  EXPECT_EQ(binary_kind(column_of("float")), BinaryKind::real);
  for (const char* type : {"time", "year", "decimal", "varchar", "bit", "enum", "json"})
    EXPECT_EQ(binary_kind(column_of(type)), BinaryKind::text) << type;
}

TEST(BinaryValues, EveryCanonicalDateTimeReadsBackToItsParts) {
  std::mt19937 random(7);
  for (int i = 0; i < 20000; ++i) {
    const unsigned year = 1 + random() % 9999, month = 1 + random() % 12;
    const bool leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    const unsigned last = month == 2 ? (leap ? 29 : 28) : (month == 4 || month == 6 || month == 9 || month == 11) ? 30 : 31;
    const unsigned day = 1 + random() % last, hour = random() % 24, minute = random() % 60, second = random() % 60;
    const int digits = static_cast<int>(random() % 7);
    unsigned fraction = 0;
    for (int d = 0; d < digits; ++d) fraction = fraction * 10 + random() % 10;
    std::string text = fmt::format("{:04}-{:02}-{:02} {:02}:{:02}:{:02}", year, month, day, hour, minute, second);
    if (digits) text += fmt::format(".{:0{}}", fraction, digits);
    Temporal t;
    ASSERT_TRUE(parse_temporal(text, BinaryKind::datetime, 6, t)) << text;
    unsigned micro = fraction;
    for (int d = digits; d < 6; ++d) micro *= 10;
    EXPECT_EQ(fmt::format("{} {} {} {} {} {} {}", t.year, t.month, t.day, t.hour, t.minute, t.second, t.micro),
              fmt::format("{} {} {} {} {} {} {}", year, month, day, hour, minute, second, micro)) << text;
    EXPECT_EQ(parse_temporal(text, BinaryKind::datetime, static_cast<unsigned>(digits), t), true) << text;
    if (digits) {
      EXPECT_FALSE(parse_temporal(text, BinaryKind::datetime, static_cast<unsigned>(digits) - 1, t)) << text;
    }
    EXPECT_TRUE(parse_temporal(text.substr(0, 10), BinaryKind::date, 0, t)) << text;
  }
}

TEST(BinaryValues, OtherTemporalTextGoesAsText) {
  Temporal t;
  for (const char* text : {"0000-00-00 00:00:00", "2020-00-01 00:00:00", "2020-01-00 00:00:00", "0000-01-01 00:00:00",
                           "2021-02-29 00:00:00", "1900-02-29 00:00:00", "2020-04-31 00:00:00", "2020-13-01 00:00:00",
                           "2020-01-01 24:00:00", "2020-01-01 23:60:00", "2020-01-01 23:59:60", "2020-1-01 00:00:00",
                           "2020-01-01T00:00:00", "2020-01-01 00:00:00.", "2020-01-01 00:00:00.1234567",
                           "2020-01-01 00:00:00 ", " 2020-01-01 00:00:00", "2020/01/01 00:00:00", "20200101000000",
                           "2020-01-01", "2020-01-01 0:00:00", "2020-01-01 00:00:0a", "+020-01-01 00:00:00"})
    EXPECT_FALSE(parse_temporal(text, BinaryKind::datetime, 6, t)) << text;
  for (const char* text : {"2020-01-01 00:00:00", "0000-00-00", "2021-02-29", "2020-1-01", "20200101", "2020-01-01 "})
    EXPECT_FALSE(parse_temporal(text, BinaryKind::date, 0, t)) << text;
  EXPECT_TRUE(parse_temporal("2000-02-29 00:00:00", BinaryKind::datetime, 0, t));
  EXPECT_FALSE(parse_temporal("2020-01-01 00:00:00.5", BinaryKind::datetime, 0, t));
}

TEST(BinaryValues, EveryShortestDoubleTextReadsBackToItsBits) {
  std::mt19937_64 random(11);
  for (int i = 0; i < 100000; ++i) {
    const double x = std::bit_cast<double>(random());
    if (!std::isfinite(x)) continue;
    char buffer[40];
    const char* end = std::to_chars(buffer, buffer + sizeof buffer, x).ptr;
    double back = 0;
    ASSERT_TRUE(parse_real({buffer, static_cast<std::size_t>(end - buffer)}, back)) << std::string(buffer, static_cast<std::size_t>(end - buffer));
    EXPECT_EQ(std::bit_cast<std::uint64_t>(back), std::bit_cast<std::uint64_t>(x)) << std::string(buffer, static_cast<std::size_t>(end - buffer));
  }
}

TEST(BinaryValues, OtherRealTextGoesAsText) {
  double d;
  for (const char* text : {"", "-", ".5", "+5", "inf", "-inf", "nan", "infinity", "1e400", "-1e400", "0x1p3", "1.5e",
                           "1.5e+", " 1", "1 ", "1,5", "1..5", "--1", "1e5e5", "\\N"})
    EXPECT_FALSE(parse_real(text, d)) << text;
  EXPECT_TRUE(parse_real("-0", d));
  EXPECT_TRUE(std::signbit(d));
  EXPECT_TRUE(parse_real("4.9e-324", d));
  EXPECT_EQ(d, std::numeric_limits<double>::denorm_min());
  EXPECT_TRUE(parse_real("3.14159265358979323846264338", d));
  EXPECT_EQ(d, 3.141592653589793);
}

TEST(BinaryValues, TemporalBytesAreTheProtocols) {
  char buffer[16];
  const Temporal t{2024, 2, 29, 23, 59, 58, 123456};
  auto bytes = [&](const char* end) { return std::string(buffer, static_cast<std::size_t>(end - buffer)); };
  EXPECT_EQ(bytes(BulkRequest::put_temporal(buffer, t, true)), std::string("\0\4\xe8\x07\2\x1d", 6));
  EXPECT_EQ(bytes(BulkRequest::put_temporal(buffer, t, false)),
            std::string("\0\13\xe8\x07\2\x1d\x17\x3b\x3a\x40\xe2\x01\0", 13));
  Temporal whole = t;
  whole.micro = 0;
  EXPECT_EQ(bytes(BulkRequest::put_temporal(buffer, whole, false)), std::string("\0\7\xe8\x07\2\x1d\x17\x3b\x3a", 9));
  EXPECT_EQ(bytes(BulkRequest::put_double(buffer, 1.0)), std::string("\0\0\0\0\0\0\0\xf0\x3f", 9));
}

}  // namespace
}  // namespace fastload::sink
