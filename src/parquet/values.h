// One page's values decoded by their encoding and appended to a Values' array for the column's physical type
// (int32s, int64s, floats, doubles; bytes with each value's end pushed on offsets for the byte types, INT96 as
// 12 bytes). Nulls are not here: the page reader spreads the values over the rows afterwards.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "parquet/parquet.h"

namespace fastload::parquet {

// Encoding.
namespace encoding {
constexpr int plain = 0, plain_dictionary = 2, rle = 3, bit_packed = 4, delta_binary_packed = 5,
              delta_length_byte_array = 6, delta_byte_array = 7, rle_dictionary = 8, byte_stream_split = 9;
}

std::string encoding_name(int encoding);

// Values emptied for `physical`: no rows (offsets holds the first value's start, 0).
void clear_values(Values& values, Physical physical);

// `count` values of `column` encoded `encoding` from `data`, appended to `out`; `dictionary` the chunk's
// dictionary page's values (null when it had none).
void decode_values(int encoding, std::string_view data, std::size_t count, const Column& column,
                   const Values* dictionary, Values& out);

}  // namespace fastload::parquet
