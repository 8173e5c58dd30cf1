// The key rows are sorted by: the fields holding the table's clustered key
// (its primary key, or the first UNIQUE key of NOT NULL columns, which InnoDB
// then clusters by), each encoded so that comparing the encodings byte by
// byte (memcmp) orders rows about as the index stores them. Exactness is not
// needed: the order only changes how fast the server inserts, never what it
// stores (docs/design.md, "Row order").
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "text/field_parser.h"

namespace fastload::order {

// How a key column's values compare in its index.
enum class KeyKind {
  signed_integer,    // TINYINT..BIGINT
  unsigned_integer,  // ... UNSIGNED
  number,            // DECIMAL, FLOAT, DOUBLE: by value (near enough beyond a double's 53 bits)
  bytes,             // binary strings, and text whose text order is its byte order (dates and times too)
  text_nocase,       // a case-insensitive collation: ASCII letters compare as capitals
};

struct KeyPart {
  std::size_t field = 0;  // which field of the row (0-based) holds the column
  KeyKind kind = KeyKind::bytes;
  bool pad_space = false;  // trailing spaces do not count (PAD SPACE collations, CHAR)
};

struct SortKey {
  std::vector<KeyPart> parts;  // in the index's column order
  std::string name;           // "PRIMARY (id)": for the summary

  std::size_t fields_needed() const;  // fields a row must have for every part
};

// Appends the encoding of `fields`' key to `out`. A value that does not parse
// as its kind (a row the server will refuse) sorts after every value that does.
void encode_key(const SortKey& key, const std::vector<split::Field>& fields, std::string& out);

}  // namespace fastload::order
