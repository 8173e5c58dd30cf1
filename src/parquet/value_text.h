// Values as the text MariaDB reads back into the same value (LOAD DATA's fields), written by hand or with
// std::to_chars: this runs for every value.
//   BOOLEAN 1 / 0; integers in decimal (unsigned logical types read as unsigned); FLOAT and DOUBLE the shortest
//   text that reads back the same (inf, -inf, nan); FLOAT16 widened to float; DECIMAL the unscaled integer's
//   exact digits with the point placed by its scale (never through a double); DATE YYYY-MM-DD (proleptic
//   Gregorian); TIME HH:MM:SS[.fraction]; TIMESTAMP and INT96 YYYY-MM-DD HH:MM:SS[.fraction] in UTC (the
//   fraction with its unit's digits, trailing zeros dropped); UUID 8-4-4-4-12 lowercase hex; the rest the bytes
//   as they are.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "parquet/parquet.h"

namespace fastload::parquet {

// The pieces, for the tests.
void append_decimal(std::string_view big_endian, int scale, std::string& out);  // two's complement, any length
void append_decimal(std::int64_t unscaled, int scale, std::string& out);
void append_date(std::int64_t days, std::string& out);  // days since 1970-01-01
void append_time(std::int64_t value, TimeUnit unit, std::string& out);  // since midnight
void append_timestamp(std::int64_t value, TimeUnit unit, std::string& out);  // since the epoch
void append_int96(std::string_view twelve_bytes, std::string& out);
void append_double(double value, std::string& out);
void append_float(float value, std::string& out);
float float16_to_float(std::uint16_t bits);

}  // namespace fastload::parquet
