// The codec table and the magic tests its rows and the member walker use.
#include "input/codecs.h"

#include <cstdint>
#include <utility>

#include "input/decoders.h"

namespace fastload::input {

// Each library's decoder, in its own file.
std::unique_ptr<Decoder> make_gzip_decoder(unsigned threads);   // gzip_decoder.cc
std::unique_ptr<Decoder> make_zstd_decoder(unsigned threads);   // zstd_decoder.cc
std::unique_ptr<Decoder> make_lz4_decoder(unsigned threads);    // lz4_decoder.cc
std::unique_ptr<Decoder> make_bzip2_decoder(unsigned threads);  // bzip2_decoder.cc
std::unique_ptr<Decoder> make_xz_decoder(unsigned threads);     // xz_decoder.cc

namespace {

using namespace std::string_view_literals;
constexpr std::string_view kGzip = "\x1f\x8b\x08"sv;  // and deflate, gzip's only method
constexpr std::string_view kZstd = "\x28\xb5\x2f\xfd"sv;
constexpr std::string_view kLz4 = "\x04\x22\x4d\x18"sv;
constexpr std::string_view kXz = "\xfd\x37\x7a\x58\x5a\x00"sv;
constexpr std::string_view kSkippableTail = "\x2a\x4d\x18"sv;  // after a byte 0x50..0x5f
// A bzip2 stream header "BZh1".."BZh9" is followed by a block's or the end's
// 48-bit magic (pi and sqrt(pi)): ten bytes that text hardly starts with.
constexpr std::string_view kBzip2Block = "\x31\x41\x59\x26\x53\x59"sv;
constexpr std::string_view kBzip2End = "\x17\x72\x45\x38\x50\x90"sv;

bool is_bzip2(std::string_view bytes) {
  if (bytes.size() < kMagicBytes || !bytes.starts_with("BZh") || bytes[3] < '1' || bytes[3] > '9') return false;
  std::string_view next = bytes.substr(4, 6);
  return next == kBzip2Block || next == kBzip2End;
}

// A whole gzip header (kMagicBytes) as compressors write it: the magic, no
// reserved flag, extra flags 0, 2 or 4 and a known OS. Three bytes alone stand
// inside deflate data about once in 16 MB; all ten about once in 200 GB.
bool is_gzip_header(std::string_view bytes) {
  if (bytes.size() < kMagicBytes || !bytes.starts_with(kGzip)) return false;
  auto flags = static_cast<unsigned char>(bytes[3]);
  auto extra_flags = static_cast<unsigned char>(bytes[8]);
  auto os = static_cast<unsigned char>(bytes[9]);
  return (flags & 0xe0) == 0 && (extra_flags == 0 || extra_flags == 2 || extra_flags == 4) && (os <= 13 || os == 255);
}

bool is_gzip(std::string_view bytes) { return bytes.starts_with(kGzip); }
bool is_zstd(std::string_view bytes) { return bytes.starts_with(kZstd); }
bool is_lz4(std::string_view bytes) { return bytes.starts_with(kLz4); }
bool is_xz(std::string_view bytes) { return bytes.starts_with(kXz); }

constexpr Codec kCodecs[] = {
    {Format::plain, "plain", "file", "cat", "none", nullptr, nullptr, false},
    {Format::gzip, "gzip", "member", "gzip", "ISA-L", is_gzip, make_gzip_decoder, true},
    {Format::zstd, "zstd", "frame", "zstd", "libzstd", is_zstd, make_zstd_decoder, true},
    {Format::lz4, "lz4", "frame", "lz4", "liblz4", is_lz4, make_lz4_decoder, true},
    {Format::bzip2, "bzip2", "stream", "bzip2", "libbz2", is_bzip2, make_bzip2_decoder, true},
    {Format::xz, "xz", "stream", "xz", "liblzma", is_xz, make_xz_decoder, false},
};

constexpr bool in_format_order() {
  for (std::size_t i = 0; i < std::size(kCodecs); ++i)
    if (static_cast<std::size_t>(kCodecs[i].format) != i) return false;
  return true;
}
static_assert(in_format_order(), "codec() finds a row by its Format's value");

// The format of the magic `bytes` start with, skippable frames not looked through.
Format magic_format(std::string_view bytes) {
  for (const Codec& row : kCodecs)
    if (row.magic && row.magic(bytes)) return row.format;
  return Format::plain;
}

}  // namespace

std::string_view unsupported_format(std::string_view bytes) {
  static constexpr std::pair<std::string_view, std::string_view> kMagics[] = {
      {"\x02\x21\x4c\x18"sv, "lz4's legacy format (lz4 -l)"},
      {"PK\x03\x04"sv, "zip"},
      {"7z\xbc\xaf\x27\x1c"sv, "7z"},
      {"\x1f\x9d"sv, "compress (.Z)"},
  };
  for (auto [magic, name] : kMagics)
    if (bytes.starts_with(magic)) return name;
  return {};
}

bool is_skippable(std::string_view bytes) {
  return bytes.size() >= 4 && (static_cast<unsigned char>(bytes[0]) & 0xf0) == 0x50 &&
         bytes.substr(1).starts_with(kSkippableTail);
}

const Codec& codec(Format format) { return kCodecs[static_cast<int>(format)]; }

std::span<const Codec> all_codecs() { return kCodecs; }

const Codec* find_codec(std::string_view name) {
  for (const Codec& row : kCodecs)
    if (row.name == name) return &row;
  return nullptr;
}

std::string_view format_name(Format format) { return codec(format).name; }

std::unique_ptr<Decoder> make_decoder(Format format, unsigned threads) {
  const Codec& row = codec(format);
  return row.decoder ? row.decoder(threads) : nullptr;
}

Format detect_format(std::string_view bytes) {
  if (!is_skippable(bytes)) return magic_format(bytes);
  // Skippable frames (metadata) lead zstd and lz4 files alike: the frame after them decides.
  while (is_skippable(bytes) && bytes.size() >= 8) {
    std::uint64_t next = 8 + little_endian(bytes.substr(4), 4);
    if (bytes.size() < next) return Format::zstd;
    bytes.remove_prefix(next);
  }
  return magic_format(bytes) == Format::lz4 ? Format::lz4 : Format::zstd;
}

bool starts_member(Format format, std::string_view bytes) {
  if (is_skippable(bytes)) return format == Format::zstd || format == Format::lz4;
  return magic_format(bytes) == format;
}

std::size_t find_member(Format format, std::string_view bytes, std::size_t from) {
  bool gzip = format == Format::gzip;
  std::string_view magic = gzip ? kGzip : "BZh"sv;
  for (std::size_t at = bytes.find(magic, from); at != std::string_view::npos; at = bytes.find(magic, at + 1))
    if (gzip ? is_gzip_header(bytes.substr(at)) : is_bzip2(bytes.substr(at))) return at;
  return std::string_view::npos;
}

std::uint64_t little_endian(std::string_view bytes, std::size_t size) {
  std::uint64_t value = 0;
  for (std::size_t i = size; i-- > 0;) value = value << 8 | static_cast<unsigned char>(bytes[i]);
  return value;
}

}  // namespace fastload::input
