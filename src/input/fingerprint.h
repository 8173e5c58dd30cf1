// What --resume knows a file by: its size, its modification time and a hash
// of every byte, so a rerun on a changed file is refused, never half-skipped.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "fastload/chunk.h"
#include "input/mapped_file.h"

namespace fastload::input {

struct FileIdentity {
  std::uint64_t size = 0;
  std::int64_t mtime = 0;    // seconds since the epoch
  std::string fingerprint;   // XXH3-128 (hex) of the chunks' XXH3-64 hashes, in order
};

// Hashes the chunks on `threads` threads (about 10 GB/s a core once the pages
// are cached), handing their pages back like the splitter does.
FileIdentity identify(const MappedFile& file, const std::vector<Chunk>& chunks, unsigned threads);

}  // namespace fastload::input
