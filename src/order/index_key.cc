#include "order/index_key.h"

#include <algorithm>
#include <cstring>

#include "text/text.h"

namespace fastload::order {
namespace {

// Tags before each part's bytes: NULL first, then values, then what could not be read.
constexpr char kNull = 0x01, kValue = 0x02, kUnread = 0x03;

// Bytes as bytes that compare like them and end where they end: 0x00 escaped as 0x00 0xff, then 0x00 0x00.
void put_escaped(std::string_view text, std::string& out) {
  if (std::memchr(text.data(), 0, text.size()) == nullptr) {  // the usual case: no byte to escape
    out.append(text);
    out.append(2, '\0');
    return;
  }
  for (char c : text) {
    out.push_back(c);
    if (c == 0) out.push_back(static_cast<char>(0xff));
  }
  out.append(2, '\0');
}

// The next UTF-8 character of `s` from `i`, as the server reads utf8mb4 (text/utf8_text.h), or -1 for a byte
// sequence that is none.
long next_code_point(std::string_view s, std::size_t& i) {
  const auto b = static_cast<unsigned char>(s[i]);
  if (b < 0x80) return s[i++];
  const std::size_t n = text::utf8_character(s, i);
  if (n == 0) return -1;
  long cp = b & (0x7f >> n);
  for (std::size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3f);
  i += n;
  return cp;
}

// The first `length` characters of `text` (all when 0).
std::string_view first_characters(std::string_view text, std::size_t length, bool single_byte) {
  if (length == 0) return text;
  if (single_byte) return text.substr(0, std::min(length, text.size()));
  std::size_t i = 0;
  for (std::size_t n = 0; i < text.size() && n < length; ++n) {
    ++i;
    while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xc0) == 0x80) ++i;
  }
  return text.substr(0, i);
}

// The collation's weight string of `text`, or false when a character has no known weight.
bool weigh(std::string_view text, const Weights& w, std::string& out) {
  if (w.by_byte) {
    for (char c : text) out += w.of[static_cast<unsigned char>(c)];
    return true;
  }
  for (std::size_t i = 0; i < text.size();) {
    const long cp = next_code_point(text, i);
    if (cp < 0) return false;  // not UTF-8: the server refuses it
    if (cp < 0x10000) out += w.of[static_cast<std::size_t>(cp)];
    else if (w.supplementary_known) out += w.supplementary;
    else return false;
  }
  return true;
}

bool put_text(std::string_view text, const KeyPart& part, std::string& out) {
  const bool single_byte = part.weights && part.weights->by_byte;
  text = first_characters(text, part.length, single_byte || part.single_byte);
  if (part.pad_space)
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  if (!part.weights) {  // a binary collation: code points in order are UTF-8 bytes in order
    put_escaped(text, out);
    return true;
  }
  std::string weights;
  if (!weigh(text, *part.weights, weights)) return false;
  const std::string& space = part.weights->space;
  if (part.pad_space && !space.empty())  // a character that weighs as a space pads too (U+00A0 in UCA)
    while (weights.size() >= space.size() && weights.ends_with(space) &&
           (weights.size() - space.size()) % part.weights->unit == 0)
      weights.resize(weights.size() - space.size());
  put_escaped(weights, out);
  return true;
}

bool put_bytes(std::string_view value, const KeyPart& part, std::string& out) {
  if (part.length) value = value.substr(0, std::min(part.length, value.size()));
  if (part.pad_zero)
    while (!value.empty() && value.back() == '\0') value.remove_suffix(1);
  put_escaped(value, out);
  return true;
}

bool put_value(std::string_view value, const KeyPart& part, std::string& out) {
  switch (part.kind) {
    case KeyKind::signed_integer: return put_integer(value, false, out);
    case KeyKind::unsigned_integer: return put_integer(value, true, out);
    case KeyKind::decimal: return put_decimal(value, part.scale, out);
    case KeyKind::real: return put_real(value, part.single, out);
    case KeyKind::date: return put_temporal(value, true, 0, out);
    case KeyKind::datetime: return put_temporal(value, false, part.scale, out);
    case KeyKind::text: return put_text(value, part, out);
    case KeyKind::bytes: return put_bytes(value, part, out);
    case KeyKind::unknown: break;
  }
  return false;
}

}  // namespace

std::size_t IndexKey::fields_needed() const {
  std::size_t n = 0;
  for (const KeyPart& p : parts) n = std::max(n, p.field + 1);
  return n;
}

bool encode_key(const IndexKey& key, const std::vector<text::Field>& fields, std::string& out, bool* null) {
  bool exact = !key.unknown;
  if (null) *null = false;
  for (const KeyPart& part : key.parts) {
    if (part.field >= fields.size()) {  // a short row: refused by the server, sorted anywhere
      out.push_back(kUnread);
      exact = false;
      continue;
    }
    const text::Field& f = fields[part.field];
    if (f.is_null) {
      out.push_back(kNull);
      if (null) *null = true;
      continue;
    }
    const std::size_t tag = out.size();
    out.push_back(kValue);
    if (put_value(f.value, part, out)) continue;
    out.resize(tag);
    out.push_back(kUnread);
    put_escaped(f.value, out);
    exact = false;
  }
  return exact;
}

}  // namespace fastload::order
