// Names of databases, tables, columns, indexes and partitions: the one way
// fastload quotes them for SQL, reads them from text (options, SHOW CREATE
// TABLE, information_schema), and compares them.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fastload::text {

// `name` as a MySQL identifier: in backticks, backticks doubled.
std::string quote_identifier(std::string_view name);

// Whether a and b are one name: case-insensitive in ASCII only, as MariaDB and
// MySQL compare column, index, partition and user variable names (and as
// fastload compares keywords and character set names).
bool same_name(std::string_view a, std::string_view b);
// `name` as same_name compares it (ASCII letters in lower case): two names are one when their folds are equal, so a
// hash of the fold finds a name among many at once.
std::string folded_name(std::string_view name);

struct NameRead {
  std::string name;     // without quotes; may be empty
  std::size_t end = 0;  // one past the name in the text: past its closing backtick when quoted
};

// The name at text[pos]: backtick-quoted (a doubled backtick inside is one
// backtick of the name), or plain up to the first byte of `stops` (or the
// end), taken as it is. nullopt when no backtick closes a quoted name.
// pos <= text.size().
std::optional<NameRead> read_name(std::string_view text, std::size_t pos, std::string_view stops = "");

// A name as fastload's options take it: `quoted` (a doubled backtick is one)
// or plain text, spaces around it dropped. Returns false when a quoted name is
// not closed or is followed by more text, or the name is empty.
bool parse_name(std::string_view text, std::string& name);

// The entries of an option's list of names ("a,`b,c`"): split at commas
// outside backticks, each entry as written.
std::vector<std::string> split_names(std::string_view text);

}  // namespace fastload::text
