// Cuts the input into chunks of about `chunk_size` bytes at exact row ends,
// counting rows and lines of each, in parallel.
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "fastload/chunk.h"

namespace fastload::split {

// Called once per chunk, from any worker thread, when the splitter no longer
// needs the chunk's bytes (lets the caller release mapped pages).
using DoneWithBytes = std::function<void(std::uint64_t begin, std::uint64_t end)>;

// Chunks tile `file` exactly in file order; every chunk holds at least one byte;
// an empty file gives no chunks. first_line and first_row are filled in.
std::vector<Chunk> split(std::string_view file, std::uint64_t chunk_size, unsigned threads,
                         const DoneWithBytes& done_with_bytes = {});

// Throws std::logic_error naming the first violation: chunks must tile the file
// (first begins at 0, each begins where the last ended, last ends at the size),
// begin at row starts, and their counts must add up.
void verify_chunks(std::string_view file, const std::vector<Chunk>& chunks);

}  // namespace fastload::split
