#include "order/sort_key.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace fastload::order {
namespace {

// Tags before each part's bytes: NULL first, then values, then what does not parse.
constexpr char kNull = 0x01, kValue = 0x02, kUnparsed = 0x03;

void put_u64(std::uint64_t v, std::string& out) {
  char bytes[8];
  for (int i = 0; i < 8; ++i) bytes[i] = static_cast<char>(v >> (56 - 8 * i));
  out.append(bytes, 8);
}

// Text as bytes that compare like it and end where it ends: 0x00 escaped as 0x00 0xff, then 0x00 0x00.
void put_text(std::string_view text, bool nocase, std::string& out) {
  if (std::memchr(text.data(), 0, text.size()) == nullptr) {  // the usual case: no byte to escape
    const std::size_t at = out.size();
    out.resize(at + text.size() + 2);
    char* to = out.data() + at;
    std::memcpy(to, text.data(), text.size());
    if (nocase)  // without a branch: letters and digits of hex keys come in random order
      for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(to[i]);
        to[i] = static_cast<char>(c - ('a' - 'A') * (static_cast<unsigned char>(c - 'a') < 26));
      }
    to[text.size()] = to[text.size() + 1] = 0;
    return;
  }
  const std::size_t at = out.size();
  out.resize(at + 2 * text.size() + 2);  // at most every byte escaped, and the end
  char* to = out.data() + at;
  for (unsigned char c : text) {
    if (nocase && c >= 'a' && c <= 'z') c = static_cast<unsigned char>(c - 'a' + 'A');
    *to++ = static_cast<char>(c);
    if (c == 0) *to++ = static_cast<char>(0xff);
  }
  *to++ = 0;
  *to++ = 0;
  out.resize(static_cast<std::size_t>(to - out.data()));
}

std::string_view trim_spaces(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool put_integer(std::string_view text, bool is_unsigned, std::string& out) {
  text = trim_spaces(text);
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  const char* end = text.data() + text.size();
  if (is_unsigned) {
    std::uint64_t v = 0;
    auto [at, error] = std::from_chars(text.data(), end, v);
    if (error != std::errc() || at != end || text.empty()) return false;
    put_u64(v, out);
    return true;
  }
  std::int64_t v = 0;
  auto [at, error] = std::from_chars(text.data(), end, v);
  if (error != std::errc() || at != end || text.empty()) return false;
  put_u64(static_cast<std::uint64_t>(v) ^ (1ull << 63), out);
  return true;
}

bool put_number(std::string_view text, std::string& out) {
  text = trim_spaces(text);
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  double v = 0;
  auto [at, error] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (error != std::errc() || at != text.data() + text.size() || text.empty()) return false;
  if (v == 0) v = 0;  // -0 and 0 are one value
  auto bits = std::bit_cast<std::uint64_t>(v);
  put_u64(bits >> 63 ? ~bits : bits | (1ull << 63), out);  // IEEE order as unsigned order
  return true;
}

}  // namespace

std::size_t SortKey::fields_needed() const {
  std::size_t n = 0;
  for (const KeyPart& p : parts) n = std::max(n, p.field + 1);
  return n;
}

void encode_key(const SortKey& key, const std::vector<split::Field>& fields, std::string& out) {
  for (const KeyPart& part : key.parts) {
    if (part.field >= fields.size()) {  // a short row: refused by the server, sorted anywhere
      out.push_back(kUnparsed);
      continue;
    }
    const split::Field& f = fields[part.field];
    if (f.is_null) {
      out.push_back(kNull);
      continue;
    }
    const std::size_t tag = out.size();
    out.push_back(kValue);
    bool parsed = true;
    switch (part.kind) {
      case KeyKind::signed_integer: parsed = put_integer(f.value, false, out); break;
      case KeyKind::unsigned_integer: parsed = put_integer(f.value, true, out); break;
      case KeyKind::number: parsed = put_number(f.value, out); break;
      case KeyKind::bytes:
      case KeyKind::text_nocase: {
        std::string_view v = f.value;
        if (part.pad_space) while (!v.empty() && v.back() == ' ') v.remove_suffix(1);
        put_text(v, part.kind == KeyKind::text_nocase, out);
        break;
      }
    }
    if (parsed) continue;
    out.resize(tag);
    out.push_back(kUnparsed);
    put_text(f.value, false, out);
  }
}

}  // namespace fastload::order
