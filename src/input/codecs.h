// The codec table: one row per compression format fastload reads, with
// everything the decoding code knows of it (names for messages, its magic, its
// library's Decoder) and where its members (frames, streams) start.
//
// A new codec is its Decoder in its own file (gzip_decoder.cc ... are the
// models), a value of Format (byte_stream.h: the streams and messages name
// formats by it) and one row of kCodecs (codecs.cc), in Format order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "input/byte_stream.h"

namespace fastload::input {

class Decoder;

struct Codec {
  Format format;             // the row's value; rows stand in Format order
  std::string_view name;     // "gzip"
  std::string_view member;   // what the file is a sequence of: "member", "frame", "stream"
  std::string_view tool;     // the command line tool that tests it (`gzip -t`)
  std::string_view library;  // whose error words a message quotes
  // True when `bytes` start with a member's magic (skippable frames not looked through); none for plain.
  bool (*magic)(std::string_view bytes);
  // A decoder for one member at a time; `threads` matters to xz only. None for plain.
  std::unique_ptr<Decoder> (*decoder)(unsigned threads);
  // Members are found and decoded on several threads at once (ParallelStream); xz's
  // library decodes the blocks of a stream in parallel itself.
  bool parallel_members;
};

const Codec& codec(Format format);
// Every row, plain first.
std::span<const Codec> all_codecs();
// The row called `name` ("gzip"); nullptr for none.
const Codec* find_codec(std::string_view name);

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
