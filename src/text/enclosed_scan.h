// The row ends of a dialect with an enclosure (row_scanner.cc's own): one
// scan from a row start, as READ_INFO::read_field reads, kept to what decides
// row ends. Outside an enclosure an escape takes the next byte as data, the
// line terminator ends the row and the field terminator the field (the line
// terminator is tried first), and a quote opens an enclosure only as a
// field's first byte. Inside, an escape takes the next byte; a quote followed
// by a quote is one quote, followed by the line or field terminator or the end
// of the file it closes the enclosure, followed by anything else it is data.
//
// Two ways through a 64-byte block, with the same result:
// - parity: quotes toggle "inside" (a prefix XOR of the quote mask), and
//   terminators outside are row and field ends. That is the server's reading
//   exactly when every quote opening (by parity) is a field's first byte or the
//   second of a pair, and every quote closing is followed by a quote or a
//   terminator or the end of the file, and no escape is in the block: all
//   checked on the masks. One-byte field terminators, line terminators of one
//   or two different bytes.
// - exact: the reading byte by byte, jumping between the bytes that matter;
//   for blocks parity cannot take.
#pragma once

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

#include "text/scan_blocks.h"

namespace fastload::text {

struct EnclosedDialect {
  std::string field, line;
  int quote = -1, escape = -1;  // bytes, or -1 for none

  // Whether the parity way can take this dialect's blocks at all.
  bool parity_fits() const {
    return quote >= 0 && field.size() == 1 && (line.size() == 1 || (line.size() == 2 && line[0] != line[1])) &&
           line.find(field[0]) == std::string::npos;
  }
};

class EnclosedScan {
 public:
  EnclosedScan(std::string_view file, std::uint64_t begin, const EnclosedDialect& d)
      : file_(file), d_(d), parity_(d.parity_fits()), pos_(begin), field_start_(begin), row_start_(begin),
        quote_(needle(d.quote)), escape_(needle(d.escape)), field0_(needle(d.field[0])), line0_(needle(d.line[0])),
        line1_(needle(d.line.back())) {}

  // Calls on_row_end(text_end, next_row_start) for each row in order, the
  // last one at the end of the file even without a terminator, until it
  // returns false.
  template <class OnRowEnd>
  void run(OnRowEnd&& on_row_end) {
    const std::uint64_t size = file_.size();
    while (pos_ < size) {
      const Outcome outcome = parity_ ? parity_block(on_row_end) : Outcome::kFallBack;
      if (outcome == Outcome::kStopped) return;
      if (outcome == Outcome::kFallBack && !exact_until(pos_ + blocks::kBlock, on_row_end)) return;
    }
    if (row_start_ < size) on_row_end(size, size);
  }

 private:
  enum class Outcome { kDone, kStopped, kFallBack };

  bool line_at(std::uint64_t pos) const {
    return pos < file_.size() && file_[pos] == d_.line[0] && file_.substr(pos).starts_with(d_.line);
  }
  bool field_at(std::uint64_t pos) const {
    return pos < file_.size() && file_[pos] == d_.field[0] && file_.substr(pos).starts_with(d_.field);
  }
  int byte_at(std::uint64_t pos) const { return static_cast<unsigned char>(file_[pos]); }

  template <class OnRowEnd>
  bool row_end(std::uint64_t text_end, OnRowEnd& on_row_end) {
    quoted_ = false;
    pos_ = field_start_ = row_start_ = text_end + d_.line.size();
    return on_row_end(text_end, pos_);
  }

  // The block at pos_ by parity, unless the checks fail (then nothing changed).
  template <class OnRowEnd>
  Outcome parity_block(OnRowEnd& on_row_end) {
    char tail[blocks::kBlock];
    std::uint64_t valid;
    const blocks::Block block(blocks::at(file_, pos_, tail, valid));
    if (d_.escape >= 0 && (blocks::match(block, escape_) & valid) != 0) return Outcome::kFallBack;
    const std::uint64_t q = blocks::match(block, quote_) & valid;
    const std::uint64_t f = blocks::match(block, field0_) & valid;
    const std::uint64_t l = line_starts(block, valid);
    const std::uint64_t parity = blocks::prefix_xor(q);
    const std::uint64_t inside = (parity ^ q) ^ (quoted_ ? ~0ull : 0);  // before each byte
    const std::uint64_t opens = q & ~inside, closes = q & inside;
    const std::uint64_t fields = f & ~inside, lines = l & ~inside;
    const std::uint64_t ends = fields | (d_.line.size() == 1 ? lines : lines << 1);  // last bytes of terminators
    const std::uint64_t offset = field_start_ - pos_;  // huge when the field started before the block
    const std::uint64_t starts = ends << 1 | (offset < blocks::kBlock ? 1ull << offset : 0);
    if ((opens & ~(starts | closes << 1 | (after_close_ ? 1 : 0))) != 0) return Outcome::kFallBack;
    if ((closes & ~((q | f | l) >> 1 | next_block_ok(valid))) != 0) return Outcome::kFallBack;
    return commit(lines, ends, closes, valid, (parity >> 63 != 0) != quoted_, on_row_end);
  }

  // Line terminator starts in the block (a two-byte one may end in the next block).
  std::uint64_t line_starts(const blocks::Block& block, std::uint64_t valid) const {
    const std::uint64_t first = blocks::match(block, line0_) & valid;
    if (d_.line.size() == 1) return first;
    const std::uint64_t second = blocks::match(block, line1_) & valid;
    const std::uint64_t next = pos_ + blocks::kBlock;
    const bool straddles = valid == ~0ull && next < file_.size() && file_[next] == d_.line[1];
    return first & (second >> 1 | (straddles ? 1ull << 63 : 0));
  }

  // The bit of the block's last byte when what follows it may follow a closing quote.
  std::uint64_t next_block_ok(std::uint64_t valid) const {
    const std::uint64_t next = pos_ + blocks::kBlock;
    if (valid != ~0ull) return (valid + 1) >> 1;  // the last byte of the file: the end follows
    const bool ok = next == file_.size() || byte_at(next) == d_.quote || field_at(next) || line_at(next);
    return ok ? 1ull << 63 : 0;
  }

  template <class OnRowEnd>
  Outcome commit(std::uint64_t lines, std::uint64_t ends, std::uint64_t closes, std::uint64_t valid,
                 bool quoted_after, OnRowEnd& on_row_end) {
    const std::uint64_t base = pos_;
    for (std::uint64_t m = lines; m != 0; m &= m - 1)
      if (!row_end(base + static_cast<std::uint64_t>(std::countr_zero(m)), on_row_end)) return Outcome::kStopped;
    quoted_ = quoted_after;
    after_close_ = (closes >> 63) != 0;
    if (ends != 0) field_start_ = base + 64 - static_cast<std::uint64_t>(std::countl_zero(ends));
    if (d_.line.size() == 2 && (lines >> 63) != 0) field_start_ = base + 65;  // the terminator's end is past the block
    pos_ = base + static_cast<std::uint64_t>(std::bit_width(valid));
    return Outcome::kDone;
  }

  // Byte by byte from pos_ until past `limit`, jumping over bytes that cannot matter.
  template <class OnRowEnd>
  bool exact_until(std::uint64_t limit, OnRowEnd& on_row_end) {
    if (after_close_ && pos_ < file_.size() && byte_at(pos_) == d_.quote) {  // the pair's second quote
      quoted_ = true;
      ++pos_;
    }
    after_close_ = false;  // here a pair of quotes is read at once
    for (;;) {
      const std::uint64_t at = next_special(pos_);
      if (at >= file_.size() || at >= limit) {
        pos_ = std::min<std::uint64_t>(at, file_.size());
        return true;
      }
      if (!exact_step(at, on_row_end)) return false;
    }
  }

  template <class OnRowEnd>
  bool exact_step(std::uint64_t at, OnRowEnd& on_row_end) {
    const int byte = byte_at(at);
    if (byte == d_.escape) {
      pos_ = at + 2;
    } else if (quoted_) {  // the byte is the quote
      const std::uint64_t after = at + 1;
      if (after < file_.size() && byte_at(after) == d_.quote) pos_ = after + 1;
      else if (line_at(after)) return row_end(after, on_row_end);
      else if (field_at(after)) quoted_ = false, pos_ = field_start_ = after + d_.field.size();
      else pos_ = after;  // data; at the end of the file the row ends there
    } else if (byte == d_.quote) {
      quoted_ = at == field_start_;
      pos_ = at + 1;
    } else if (line_at(at)) {
      return row_end(at, on_row_end);
    } else if (field_at(at)) {
      pos_ = field_start_ = at + d_.field.size();
    } else {
      pos_ = at + 1;
    }
    return true;
  }

  // The first byte at or after `pos` that matters in the current state, or a position >= file size.
  std::uint64_t next_special(std::uint64_t pos) {
    while (pos < file_.size()) {
      const std::uint64_t block = pos / blocks::kBlock;
      if (block != special_block_) load_specials(block);
      const std::uint64_t mask = (quoted_ ? inside_specials_ : outside_specials_) >> (pos % blocks::kBlock);
      if (mask != 0) return pos + static_cast<std::uint64_t>(std::countr_zero(mask));
      pos = (block + 1) * blocks::kBlock;
    }
    return pos;
  }

  void load_specials(std::uint64_t block) {
    char tail[blocks::kBlock];
    std::uint64_t valid;
    const blocks::Block bytes(blocks::at(file_, block * blocks::kBlock, tail, valid));
    const auto mask = [&](bool wanted, blocks::Needle byte) { return wanted ? blocks::match(bytes, byte) & valid : 0; };
    inside_specials_ = mask(d_.quote >= 0, quote_) | mask(d_.escape >= 0, escape_);
    outside_specials_ = inside_specials_ | mask(true, field0_) | mask(true, line0_);
    special_block_ = block;
  }

  std::string_view file_;
  const EnclosedDialect& d_;
  const bool parity_;
  std::uint64_t pos_, field_start_, row_start_;
  bool quoted_ = false;
  bool after_close_ = false;  // the byte before pos_ closed an enclosure (parity): a quote at pos_ pairs with it
  std::uint64_t special_block_ = ~0ull, inside_specials_ = 0, outside_specials_ = 0;
  const blocks::Needle quote_, escape_, field0_, line0_, line1_;  // line1_: a two-byte terminator's second byte

  static blocks::Needle needle(int byte) { return blocks::needle(static_cast<char>(byte)); }  // -1: never used
};

}  // namespace fastload::text
