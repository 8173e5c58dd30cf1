// --rejects and --max-errors: rows the server refuses are left out of their
// chunk, which is sent again without them; they end in the rejects file with
// their original bytes, and their reasons in FILE.reasons.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fastload/chunk.h"
#include "fastload/dialect.h"
#include "fastload/problem.h"

namespace fastload::load {

// The row of `chunk` (over `bytes`) that starts at `offset`, with its line
// terminator, which a last row without one gets, so that the rejects file
// loads like any other.
std::string row_text(std::string_view bytes, std::uint64_t offset, const Chunk& chunk, const Dialect& dialect);

// A rejected row: which input it is in, where and why (problem.where is
// located), and its bytes (row_text).
struct RejectedRow {
  std::size_t file = 0;
  Problem problem;
  std::string text;
};

// Writes each row's text to `path` and to `path`.reasons one line per row:
// file, line, byte offset, server error code and message, tab-separated. Rows
// go in input order (files as given, then bytes). Throws Failure(input) when
// they cannot be written.
void write_rejects(const std::string& path, std::vector<RejectedRow> rows);

}  // namespace fastload::load
