// Cuts the input into chunks of about `chunk_size` bytes at exact row ends,
// counting rows and lines of each, in parallel.
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "base/base.h"
#include "text/text.h"

namespace fastload::chunks {

// Called from any worker thread with bytes the splitter no longer needs (lets
// the caller release mapped pages): each chunk's bytes in order, in ranges
// inside it of about 16 MB at most plus a row; consecutive ranges overlap by
// about 8 MB, so no page is left out between two of them. A chunk of up to
// 8 MB is one call.
using DoneWithBytes = std::function<void(std::uint64_t begin, std::uint64_t end)>;

// Chunks tile `file` after its header lines (dialect.skip_rows) exactly, in
// file order; boundary k is the first row start at or after k * chunk_size
// (with LINES STARTING BY: the first place at or after it where the search
// for the prefix begins, which a local dialect also finds after a line
// terminator between rows). A chunk may then hold no row.
// Every chunk holds at least one byte; a file of header lines only gives no
// chunks. first_line and first_row are filled in (the header's lines counted,
// its rows not). Local dialects are split in parallel, others by one scan.
std::vector<Chunk> split(std::string_view file, std::uint64_t chunk_size, unsigned threads,
                         const text::Dialect& dialect, const DoneWithBytes& done_with_bytes = {});

// Throws internal_error (base/errors.h) naming the first violation: chunks must tile the
// file after its header (first begins where the header ends, each where the
// last ended, last ends at the size), begin after a line terminator (after a
// row end: checked fully for local dialects), and their counts must add up.
void verify_chunks(std::string_view file, const std::vector<Chunk>& chunks, const text::Dialect& dialect);

}  // namespace fastload::chunks
