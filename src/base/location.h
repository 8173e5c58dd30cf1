// Where something happened in the input, for messages a user can act on.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace fastload {

struct Location {
  std::string file;
  std::uint64_t line = 0;         // 1-based; 0 = unknown
  std::uint64_t byte_offset = 0;  // from the start of the file
  // A Parquet file's row: the row group it is in (0-based, as Parquet's tools count them); `line` is then its row
  // in the file (1-based) and `byte_offset` the group's first byte. None for a file of lines.
  std::optional<std::uint64_t> row_group{};
};

}  // namespace fastload
