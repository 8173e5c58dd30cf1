// --rejects and --max-errors: rows the server refuses are left out of their
// chunk, which is sent again without them; they end in the rejects file with
// their original bytes, and their reasons in FILE.reasons.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/base.h"
#include "text/text.h"

namespace fastload::table {

// The row of `chunk` (over `bytes`) that starts at `offset`, with its line
// terminator, which a last row without one gets, and its LINES STARTING BY
// prefix, so that the rejects file loads like any other.
std::string row_text(std::string_view bytes, std::uint64_t offset, const Chunk& chunk, const text::Dialect& dialect);

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

// --rejects: refuses (exit 2), before anything is loaded, a `path` or `path`.reasons that exists (a dangling
// link too), as SELECT ... INTO OUTFILE refuses an existing file: it may be the input itself, or anything else
// the user keeps. `own_inputs` is given for a --resume rerun of a load an earlier run committed part of: the
// rerun writes every rejected row of the load again, so the files that run wrote may be replaced, i.e. where
// `path`.reasons exists and each of its lines names one of `own_inputs` (and `path` is none of them).
void check_rejects_file(const std::string& path, const std::vector<std::string>* own_inputs);

}  // namespace fastload::table
