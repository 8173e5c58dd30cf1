// Column names for an inferred table: the header's where MariaDB takes them as they are, made up otherwise.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace fastload::schema {

struct ColumnName {
  std::string name;
  std::string why;  // empty when the header's name (or c<k> without a header) is taken as it is
};

// `count` names, unique as MariaDB compares column names (case-insensitive, also in Latin-1, Latin Extended-A,
// Greek and Cyrillic): header[k-1] for column k where it is a valid name (at most 64 characters of UTF-8 up to
// U+FFFF, not ending with a space: trailing spaces are dropped, longer names cut),
// c<k> for a column the header has no name for, and a made-up unique name for an empty or repeated one.
std::vector<ColumnName> column_names(const std::vector<std::string>& header, std::size_t count);

}  // namespace fastload::schema
