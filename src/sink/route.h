// A chunk's rows as sent: without the rows left out (--max-errors), and for
// a shard-direct load split among the shards, each row with its bytes and
// terminator as in the file.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "base/base.h"
#include "text/text.h"

namespace fastload::sink {

// One destination's rows of a chunk.
struct RoutedRows {
  std::string_view view;  // the chunk's own bytes, when all its rows go here
  std::string copy;       // else the rows, copied in file order
  bool copied = false;
  Chunk chunk;            // the rows as a chunk over bytes()
  std::vector<std::uint64_t> original_row;  // original_row[r - 1]: the chunk row that row r is; empty: row r

  std::string_view bytes() const { return copied ? std::string_view(copy) : view; }
  std::uint64_t chunk_row(std::uint64_t row) const { return original_row.empty() ? row : original_row.at(row - 1); }
};

// Where one row goes: a destination, or nowhere, and why.
struct RowDestination {
  std::size_t index = 0;
  unsigned code = 0;    // refused: the server error the refusal stands for, or 0
  std::string refusal;  // non-empty: the row goes nowhere
};
// Called with each row's text (without its terminator).
using RouteRow = std::function<RowDestination(std::string_view text, text::RowEnd end)>;

// Which destination each row goes to, for a load with several (a Spider
// table's shards: shard/router.h). The loader owns this seam and knows
// nothing of how a row is placed; each worker has its own router (a router
// may keep buffers from row to row).
class RowRouter {
 public:
  virtual ~RowRouter() = default;
  // The destination of the row `text` (without its line terminator), or why it has none.
  virtual RowDestination route(std::string_view text, text::RowEnd end) = 0;
};
using MakeRowRouter = std::function<std::unique_ptr<RowRouter>()>;

// Splits the rows of `chunk` (over `bytes`) but `excluded` (1-based rows)
// among the elements of `out`, one per destination: with `route`, where it
// says, the rows it refuses added to `refused` by row_in_chunk; without, all
// to out[0] (then `out` is resized to 1), which is the chunk's own bytes when
// nothing is excluded. `out` is reused: its buffers keep their memory from
// chunk to chunk.
void route_rows(std::string_view bytes, const Chunk& chunk, const std::set<std::uint64_t>& excluded,
                const text::Dialect& dialect, const RouteRow* route, std::vector<RoutedRows>& out,
                std::vector<Problem>& refused);

}  // namespace fastload::sink
