#include "text/field_parser.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

namespace fastload::text {

namespace {

// Big enough that a batch of ordinary rows needs few blocks.
constexpr std::size_t kBlockSize = 64 * 1024;

// The first `byte` in [from, to), or `to`.
const char* find(const char* from, const char* to, char byte) {
  if (from == to) return to;  // memchr wants a pointer even for no bytes; an empty view may have none
  const void* hit = std::memchr(from, byte, static_cast<std::size_t>(to - from));
  return hit != nullptr ? static_cast<const char*>(hit) : to;
}

// What the server's READ_INFO::unescape makes of each byte after an escape; a
// table, so that unescaping needs no branch on the byte.
constexpr std::array<char, 256> kUnescaped = [] {
  std::array<char, 256> table{};
  for (int byte = 0; byte < 256; ++byte) table[byte] = static_cast<char>(byte);
  table['0'] = '\0';
  table['b'] = '\b';
  table['n'] = '\n';
  table['r'] = '\r';
  table['t'] = '\t';
  table['Z'] = '\032';
  return table;  // \N gives 'N': NULL is decided on the whole field
}();

std::uint64_t load8(const char* bytes) {
  std::uint64_t word;
  std::memcpy(&word, bytes, sizeof word);
  return word;
}

// True when one of the 8 bytes of `word` is `separator` or `escape` (the
// classic "has a zero byte" test on the word XOR each of them).
bool has_either(std::uint64_t word, char separator, char escape) {
  constexpr std::uint64_t kOnes = 0x0101010101010101, kHighs = 0x8080808080808080;
  const auto has_zero = [](std::uint64_t w) { return ((w - kOnes) & ~w & kHighs) != 0; };
  return has_zero(word ^ (kOnes * static_cast<unsigned char>(separator))) ||
         has_zero(word ^ (kOnes * static_cast<unsigned char>(escape)));
}

// Appends a field, built in place: copying a Field temporary into the vector
// cost more than the scanning (a store-forwarding stall).
void append(std::vector<Field>& out, const char* begin, const char* end, bool is_null = false,
            bool enclosed = false) {
  Field& field = out.emplace_back();
  field.value = std::string_view(begin, static_cast<std::size_t>(end - begin));
  field.is_null = is_null;
  field.enclosed = enclosed;
}

}  // namespace

FieldParser::FieldParser(const Dialect& dialect) : field_(dialect.field_terminator) {
  if (dialect.enclosure) quote_ = static_cast<unsigned char>(*dialect.enclosure);
  if (dialect.escape) escape_ = static_cast<unsigned char>(*dialect.escape);
  plain_ = quote_ < 0 && field_.size() == 1;
}

void FieldParser::parse_row(std::string_view row, RowEnd end, std::vector<Field>& out) {
  if (plain_) return parse_plain_row(row, end, out);
  std::size_t pos = 0;
  while (read_field(row, end, pos, out) == FieldEnd::kField) {
  }
}

void FieldParser::parse_plain_row(std::string_view row, RowEnd end, std::vector<Field>& out) {
  const char* field = row.data();
  const char* const row_end = field + row.size();
  const char separator = field_[0];
  // One scan for escapes up front: most rows have none, and then every field
  // is a view between two separators.
  const char* escape = escape_ < 0 ? row_end : find(field, row_end, static_cast<char>(escape_));
  for (;;) {
    const char* tab = find(field, escape, separator);
    if (tab != escape) {
      append(out, field, tab);
      field = tab + 1;
      continue;
    }
    if (escape == row_end) break;
    field = parse_escaped_field(field, escape, row_end, out);
    if (field == nullptr) return;
    escape = find(field, row_end, static_cast<char>(escape_));
  }
  // At end of file the server finds no field where the input has no bytes left.
  if (field == row_end && end == RowEnd::kEndOfFile) return;
  append(out, field, row_end);
}

const char* FieldParser::parse_escaped_field(const char* begin, const char* escape,
                                             const char* row_end, std::vector<Field>& out) {
  // Reserving the rest of the row is enough, as unescaping only shrinks, and
  // cheap: the next fields of the row then fit in what is left of the block.
  char* const value = arena_.reserve(static_cast<std::size_t>(row_end - begin));
  char* to = std::copy(begin, escape, value);
  // From the first escape on: eight plain bytes at a time while there are
  // any, else one step without a branch on whether the byte is an escape
  // (escapes often come dense and at random, and that branch would
  // mispredict all the time). The row's last byte is left to after the loop
  // so that from[1] always exists. `to` never passes `from`, so the 8-byte
  // copy stays inside the reserved room.
  const char separator = field_[0], escape_byte = static_cast<char>(escape_);
  const char* from = escape;
  while (row_end - from > 1 && *from != separator) {
    if (row_end - from >= 8 && !has_either(load8(from), separator, escape_byte)) {
      std::memcpy(to, from, 8);
      to += 8;
      from += 8;
      continue;
    }
    const bool escaped = *from == escape_byte;
    const char keep = static_cast<char>(-static_cast<int>(escaped));  // all ones when escaped
    const char unescaped = kUnescaped[static_cast<unsigned char>(from[1])];
    *to++ = static_cast<char>((unescaped & keep) | (*from & ~keep));
    from += 1 + escaped;
  }
  // The row's last byte, unless an escape took it, is data: a backslash can be
  // last only at end of file, where the server keeps it.
  if (row_end - from == 1 && *from != separator) *to++ = *from++;
  arena_.commit(static_cast<std::size_t>(to - value));
  // The server's NULL: a one-byte value that came from \N, so the field was exactly \N.
  const bool is_null = from - begin == 2 && begin[0] == escape_byte && begin[1] == 'N';
  append(out, value, to, is_null);
  return from == row_end ? nullptr : from + 1;
}

bool FieldParser::field_at(std::string_view row, std::size_t pos) const {
  return row.substr(pos).starts_with(field_);
}

// The end of the row's bytes is where the line terminator is (kNewline) or
// the end of the file: the row scanner ends rows exactly where the server
// does, so no terminator is looked for inside them.
FieldParser::FieldEnd FieldParser::read_field(std::string_view row, RowEnd end, std::size_t& pos,
                                              std::vector<Field>& out) {
  const std::size_t size = row.size();
  if (pos == size && end == RowEnd::kEndOfFile) return FieldEnd::kNone;
  char* const value = arena_.reserve(size - pos);  // unescaping only shrinks
  char* to = value;
  const bool quoted = pos < size && static_cast<unsigned char>(row[pos]) == quote_;
  if (quoted) *to++ = row[pos++];  // kept for when the enclosure never closes
  bool found_null = false, enclosed = false;
  FieldEnd result = FieldEnd::kLine;
  while (pos < size) {
    const char byte = row[pos++];
    const int c = static_cast<unsigned char>(byte);
    if (c == escape_) {
      // An escape before the end of the file stays; one that is also the
      // enclosure escapes only itself, and is otherwise read as the quote.
      if (pos == size && (end == RowEnd::kEndOfFile || escape_ != quote_)) {
        *to++ = byte;
        break;
      }
      if (pos < size && (escape_ != quote_ || static_cast<unsigned char>(row[pos]) == escape_)) {
        found_null |= row[pos] == 'N';
        *to++ = kUnescaped[static_cast<unsigned char>(row[pos++])];
        continue;
      }
    }
    if (quoted && c == quote_) {
      // A quote closes the enclosure before a terminator or the end of the
      // file; doubled it is one quote; before anything else it is data.
      if (pos == size) {
        enclosed = true;
        break;
      }
      if (static_cast<unsigned char>(row[pos]) == quote_) {
        *to++ = row[pos++];
        continue;
      }
      if (field_at(row, pos)) {
        pos += field_.size();
        enclosed = true;
        result = FieldEnd::kField;
        break;
      }
    } else if (!quoted && field_at(row, pos - 1)) {
      pos += field_.size() - 1;
      result = FieldEnd::kField;
      break;
    }
    *to++ = byte;
  }
  arena_.commit(static_cast<std::size_t>(to - value));
  const char* const begin = value + (enclosed ? 1 : 0);  // an enclosed value without its opening quote
  const std::string_view text(begin, static_cast<std::size_t>(to - begin));
  const bool is_null = (text.size() == 1 && found_null) || (!enclosed && quote_ >= 0 && text == "NULL");
  append(out, begin, to, is_null, enclosed);
  return result;
}

void FieldParser::clear() { arena_.clear(); }

char* FieldParser::Arena::reserve(std::size_t size) {
  // Skip blocks without room; a longer row than a block fits gets a block of its own.
  while (current_ < blocks_.size() && blocks_[current_].size - used_ < size) {
    ++current_;
    used_ = 0;
  }
  if (current_ == blocks_.size()) {
    const std::size_t block_size = std::max(kBlockSize, size);
    blocks_.push_back(Block{std::make_unique_for_overwrite<char[]>(block_size), block_size});
  }
  return blocks_[current_].bytes.get() + used_;
}

void FieldParser::Arena::clear() {
  current_ = 0;
  used_ = 0;
}

}  // namespace fastload::text
