// Where a member (frame, stream) of a compressed file ends, found without
// decoding it, so that a file of several members can be cut into pieces the
// threads decode on their own (ParallelStream). zstd and lz4 frames, skippable
// frames and BGZF gzip members (bgzip: an extra subfield "BC" holds the
// member's size) tell their sizes in their headers: the walk is exact. Other
// gzip members and bzip2 streams tell nothing: such a member ends where the
// next one's header stands, which may be a coincidence inside compressed data.
// Either way the walk only proposes where to cut: a piece is trusted only once
// it decoded on its own to its exact end, its checks passed.
#pragma once

#include <cstddef>
#include <string_view>

#include "input/byte_stream.h"

namespace fastload::input {

class MemberWalker {
 public:
  enum class Found {
    end,      // the member ends size() bytes from its start
    more,     // it does not end within the bytes given: call again with at least size() bytes
    invalid,  // the bytes at its start or a header field are not the format's
  };

  // For one member; a new walker for the next.
  explicit MemberWalker(Format format) : format_(format) {}

  // `member`: the bytes from the member's start on, as many as are at hand,
  // each call the same ones and maybe more. A member that wants more when
  // the input ends runs to that end: a truncated member, or for gzip without
  // sizes and bzip2 the last one.
  Found walk(std::string_view member);
  std::size_t size() const { return size_; }

 private:
  enum class Part { start, block, search, end, invalid };

  std::size_t read(std::string_view at);
  std::size_t read_start(std::string_view at);
  std::size_t read_zstd_frame(std::string_view at);
  std::size_t read_zstd_block(std::string_view at);
  std::size_t read_lz4_frame(std::string_view at);
  std::size_t read_lz4_block(std::string_view at);
  std::size_t read_gzip_member(std::string_view at);
  std::size_t next(std::size_t length, Part part);
  Found search(std::string_view member);

  Format format_;
  Part part_ = Part::start;  // what stands at next_
  std::size_t next_ = 0;     // from the member's start: the next header, or the end
  std::size_t size_ = 0;     // what size() says
  std::size_t searched_ = 1;  // bytes before this hold no next member's header
  bool block_checksum_ = false;
  bool content_checksum_ = false;
};

}  // namespace fastload::input
