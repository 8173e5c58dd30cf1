#include "input/member_walker.h"

#include <algorithm>
#include <optional>

#include "input/codecs.h"

namespace fastload::input {
namespace {

// The member's size a BGZF extra field holds: subfield "BC" of 2 bytes, the size less one.
std::optional<std::size_t> bgzf_size(std::string_view extra) {
  while (extra.size() >= 4) {
    std::size_t length = little_endian(extra.substr(2), 2);
    if (extra.starts_with("BC") && length == 2 && extra.size() >= 6) return little_endian(extra.substr(4), 2) + 1;
    extra.remove_prefix(std::min(extra.size(), 4 + length));
  }
  return std::nullopt;
}

}  // namespace

MemberWalker::Found MemberWalker::walk(std::string_view member) {
  for (;;) {
    if (part_ == Part::end) {
      size_ = next_;
      return next_ <= member.size() ? Found::end : Found::more;  // the size known, not yet all the bytes
    }
    if (part_ == Part::invalid) return Found::invalid;
    if (part_ == Part::search) return search(member);
    std::string_view at = member.substr(std::min(next_, member.size()));
    if (std::size_t need = read(at); need > at.size()) {
      size_ = next_ + need;
      return Found::more;
    }
  }
}

// Reads the header standing at `at` and moves past it (0), or says how many
// bytes it needs there when `at` holds fewer.
std::size_t MemberWalker::read(std::string_view at) {
  if (part_ == Part::start) return read_start(at);
  return format_ == Format::zstd ? read_zstd_block(at) : read_lz4_block(at);
}

std::size_t MemberWalker::read_start(std::string_view at) {
  // A valid member shorter than this is the input's last: it then ends with the input.
  if (at.size() < kMagicBytes) return kMagicBytes;
  if (!starts_member(format_, at)) return next(0, Part::invalid);
  if (is_skippable(at)) return next(8 + little_endian(at.substr(4), 4), Part::end);  // magic, size, data
  switch (format_) {
    case Format::zstd: return read_zstd_frame(at);
    case Format::lz4: return read_lz4_frame(at);
    case Format::gzip: return read_gzip_member(at);
    default: return next(0, Part::search);  // bzip2 streams hold no sizes
  }
}

// Frame header (RFC 8878, 3.1.1.1): magic, descriptor, then a window byte,
// dictionary id and content size as the descriptor says.
std::size_t MemberWalker::read_zstd_frame(std::string_view at) {
  static constexpr std::size_t kDictionaryId[] = {0, 1, 2, 4};
  static constexpr std::size_t kContentSize[] = {0, 2, 4, 8};
  auto descriptor = static_cast<unsigned char>(at[4]);
  if (descriptor & 0x08) return next(0, Part::invalid);  // the reserved bit
  bool single_segment = descriptor & 0x20;  // no window byte, and a content size of at least one byte
  std::size_t content_size = descriptor >> 6 == 0 && single_segment ? 1 : kContentSize[descriptor >> 6];
  content_checksum_ = descriptor & 0x04;
  return next(5 + !single_segment + kDictionaryId[descriptor & 3] + content_size, Part::block);
}

// Block header (3.1.1.2): last-block bit, type, size. A raw or compressed
// block holds `size` bytes, an RLE block one; the content checksum follows
// the last block if the frame has one.
std::size_t MemberWalker::read_zstd_block(std::string_view at) {
  if (at.size() < 3) return 3;
  std::uint64_t header = little_endian(at, 3);
  std::uint64_t type = header >> 1 & 3;
  if (type == 3) return next(0, Part::invalid);  // reserved
  std::size_t length = 3 + (type == 1 ? 1 : header >> 3);
  if (!(header & 1)) return next(length, Part::block);
  return next(length + (content_checksum_ ? 4 : 0), Part::end);
}

// Frame descriptor (lz4_Frame_format.md): magic, FLG, BD, then content size
// and dictionary id as FLG says, and the header checksum.
std::size_t MemberWalker::read_lz4_frame(std::string_view at) {
  auto flags = static_cast<unsigned char>(at[4]);
  if (flags >> 6 != 1) return next(0, Part::invalid);  // version 01 is the only one
  block_checksum_ = flags & 0x10;
  content_checksum_ = flags & 0x04;
  return next(7 + (flags & 0x08 ? 8 : 0) + (flags & 0x01 ? 4 : 0), Part::block);
}

// Block: its size (the high bit says stored uncompressed), data and checksum
// if the frame has them. Size 0 is the end mark, followed by the content
// checksum if the frame has one.
std::size_t MemberWalker::read_lz4_block(std::string_view at) {
  if (at.size() < 4) return 4;
  std::uint64_t field = little_endian(at, 4);
  if (field == 0) return next(4 + (content_checksum_ ? 4 : 0), Part::end);
  return next(4 + (field & 0x7fffffff) + (block_checksum_ ? 4 : 0), Part::block);
}

// Header (RFC 1952, 2.3): magic, flags, time, extra flags, OS, then with
// FEXTRA the extra field's length and subfields, where BGZF keeps the size.
std::size_t MemberWalker::read_gzip_member(std::string_view at) {
  constexpr unsigned char kExtraFlag = 0x04;
  if (!(static_cast<unsigned char>(at[3]) & kExtraFlag)) return next(0, Part::search);
  if (at.size() < 12) return 12;
  std::size_t header = 12 + little_endian(at.substr(10), 2);
  if (at.size() < header) return header;
  std::optional<std::size_t> size = bgzf_size(at.substr(12, header - 12));
  if (!size) return next(0, Part::search);
  // At least this header, an empty deflate block (2 bytes), CRC-32 and length (8).
  if (*size < header + 10) return next(0, Part::invalid);
  return next(*size, Part::end);
}

std::size_t MemberWalker::next(std::size_t length, Part part) {
  next_ += length;
  part_ = part;
  return 0;
}

// A member without sizes ends where the next member's header stands.
MemberWalker::Found MemberWalker::search(std::string_view member) {
  if (std::size_t at = find_member(format_, member, searched_); at != std::string_view::npos) {
    next_ = at;
    part_ = Part::end;
    return walk(member);
  }
  // A header cut short by the end of `member` is looked at again once the next bytes complete it.
  if (member.size() >= kMagicBytes) searched_ = std::max(searched_, member.size() - kMagicBytes + 1);
  size_ = member.size() + 1;
  return Found::more;
}

}  // namespace fastload::input
