// --rejects and --max-errors: rows the server refuses are left out of their
// chunk, which is sent again without them; they end in the rejects file with
// their original bytes, and their reasons in FILE.reasons.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "fastload/chunk.h"
#include "fastload/dialect.h"
#include "fastload/problem.h"
#include "input/mapped_file.h"

namespace fastload::load {

// A chunk without some of its rows, to send again after they were rejected.
struct ChunkWithout {
  std::string bytes;  // the kept rows, in file order, each with its terminator as in the file
  Chunk chunk;        // the kept rows as a chunk over `bytes`
  std::vector<std::uint64_t> original_row;  // original_row[r - 1]: the chunk row that kept row r is
};

// `excluded` holds 1-based row numbers of `chunk`.
ChunkWithout without_rows(std::string_view file, const Chunk& chunk, const std::set<std::uint64_t>& excluded,
                          const Dialect& dialect);

// A rejected row: where it is and why (problem.where is located), and its chunk.
struct RejectedRow {
  Chunk chunk;
  Problem problem;
};

// Writes each row's bytes to `path` (a row the file ends without a line
// terminator gets the dialect's, so the rejects file loads like any other)
// and to `path`.reasons one line per row: file, line, byte offset, server error code and message,
// tab-separated. Rows go in file order (files as given, then bytes); `files`
// is indexed by chunk.file. Throws Failure(input) when they cannot be written.
void write_rejects(const std::string& path, const std::vector<const input::MappedFile*>& files,
                   std::vector<RejectedRow> rows, const Dialect& dialect);

}  // namespace fastload::load
