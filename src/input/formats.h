// What the decoding code knows of each compressed format besides its library:
// names for messages, and where its members (frames, streams) start.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "input/byte_stream.h"

namespace fastload::input {

struct FormatTraits {
  std::string_view name;     // "gzip"
  std::string_view member;   // what the file is a sequence of: "member", "frame", "stream"
  std::string_view tool;     // the command line tool that tests it (`gzip -t`)
  std::string_view library;  // whose error words a message quotes
};

const FormatTraits& traits(Format format);

// The name of a compressed or archive format that `bytes` start with and
// fastload does not read (lz4's legacy format, zip, 7z, compress); empty when none.
std::string_view unsupported_format(std::string_view bytes);

// True when `bytes` start with a skippable frame's magic (zstd's and lz4's).
bool is_skippable(std::string_view bytes);

// True when `bytes` start a member of `format`: its magic, or for zstd and lz4
// also a skippable frame.
bool starts_member(Format format, std::string_view bytes);

// The first position at or after `from` where a whole gzip member header or
// bzip2 stream header (kMagicBytes) stands in `bytes`; npos when none does.
// Such headers may also stand inside compressed data, by coincidence.
std::size_t find_member(Format format, std::string_view bytes, std::size_t from);

// The unsigned number the first `size` (at most 8) bytes of `bytes` hold, least significant first.
std::uint64_t little_endian(std::string_view bytes, std::size_t size);

}  // namespace fastload::input
