// A column chunk's pages read in turn: each header, its body decompressed, its definition levels and values
// decoded into one Values (row i at index i).
#pragma once

#include <cstdint>
#include <string_view>

#include "parquet/parquet.h"

namespace fastload::parquet {

// Where a column chunk is, and how its pages are compressed (from its ColumnMetaData).
struct Chunk {
  int codec = 0;
  std::uint64_t begin = 0, end = 0;  // the file's bytes [begin, end): its dictionary page then its data pages
  std::uint64_t rows = 0;            // the row group's
};

// Reads the chunk's pages from `file` into `out`. `page_at` is kept at the byte offset of the page being read,
// for the caller's message when a Failure comes.
void read_chunk(std::string_view file, const Chunk& chunk, const Column& column, Values& out, std::uint64_t& page_at);

}  // namespace fastload::parquet
