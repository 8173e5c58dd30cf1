// A unique index's key as fastload reads it from a row's fields: each key
// field encoded so that two values the index holds equal encode to the same
// bytes, and comparing encodings byte by byte (memcmp) orders rows as the
// index stores them, near enough. The sort orders rows by the clustered
// key's encoding, and the load keeps rows whose encodings are equal in file
// order (docs/design.md, "Which row wins"). A value fastload cannot read as
// the index does is reported as such, never guessed.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "text/text.h"

namespace fastload::order {

// How a key column's values compare in its index.
enum class KeyKind {
  signed_integer,    // TINYINT..BIGINT, by value, as the server reads the text (2.0, +2, 2e0 are 2)
  unsigned_integer,  // ... UNSIGNED
  decimal,           // DECIMAL(M,D): by value rounded to D digits
  real,              // FLOAT, DOUBLE: by value as the type holds it
  date,              // DATE: by calendar day, whatever way the text writes it
  datetime,          // DATETIME, TIMESTAMP (in a fixed-offset time zone): to the microsecond
  text,              // a character column: by the collation's weights (KeyPart::weights), or code points
  bytes,             // a binary string: by its bytes
  unknown,           // no exact reading: every value may equal any other
};

// A collation's weights of single characters, as the server's WEIGHT_STRING gives them: a string's weight is
// the concatenation of its characters' (the collations this is read for have no contractions; each weight
// unit is `unit` bytes). A character may weigh nothing (ignorable) or several units (an expansion: ß = ss).
struct Weights {
  bool by_byte = false;  // the rows' bytes index `of` directly (a single-byte charset); else UTF-8 code points
  unsigned unit = 2;
  std::vector<std::string> of;  // by byte (256), or by code point of the BMP (65,536; surrogates empty)
  // Above the BMP: every code point weighs `supplementary` when known (utf8mb4_general_ci: U+FFFD's), else
  // a value holding one is read as unknown.
  bool supplementary_known = false;
  std::string supplementary;
  std::string space;  // the weight of ' ': trailing ones do not count in a PAD SPACE collation
};

struct KeyPart {
  std::size_t field = 0;  // which field of the row (0-based) holds the column
  KeyKind kind = KeyKind::bytes;
  bool pad_space = false;  // text: trailing spaces do not count (PAD SPACE collations; CHAR stores none)
  bool pad_zero = false;   // BINARY(N): trailing 0x00 bytes do not count (the column pads with them)
  unsigned scale = 0;      // decimal: digits after the point; datetime: fraction digits kept
  bool single = false;     // real: FLOAT (the value as a float holds it)
  bool single_byte = false;  // text without weights: the rows' charset has one byte a character
  std::size_t length = 0;  // text, bytes: only the first `length` characters (bytes) count: a prefix key or
                           // the column's length; 0: all
  std::shared_ptr<const Weights> weights;  // text: the collation's; none: by code point (a _bin collation)
};

struct IndexKey {
  std::vector<KeyPart> parts;  // in the index's column order
  std::string name;            // "PRIMARY (id)": for messages and the summary
  bool unknown = false;        // a column of it is not read from the fields (--set, generated): no row's is known

  std::size_t fields_needed() const;  // fields a row must have for every part
};

// Appends the encoding of `fields`' key to `out`. Returns false when a value could not be read as the index
// reads it (the row is then sorted after every row that could, by its text): such a row may hold the key of
// any other. A NULL part makes the whole key NULL, which equals no other (*null, when given, says so).
bool encode_key(const IndexKey& key, const std::vector<text::Field>& fields, std::string& out, bool* null = nullptr);

// The value encoders, one a kind (key_values.cc); each appends and returns false for a text it cannot read.
bool put_integer(std::string_view text, bool is_unsigned, std::string& out);
bool put_decimal(std::string_view text, unsigned scale, std::string& out);
bool put_real(std::string_view text, bool single, std::string& out);
bool put_temporal(std::string_view text, bool date_only, unsigned scale, std::string& out);

}  // namespace fastload::order
