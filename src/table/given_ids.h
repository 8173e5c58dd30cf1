// The ids of the rows that give NULL (or 0) in the AUTO_INCREMENT column the
// file fills (docs/design.md#auto-increment-ids). One LOAD DATA keeps one
// cursor, the next id it makes up: it starts at the table's next value, a
// row whose id the server makes up takes it and moves it one increment on,
// and a row that gives its own id v moves it past v (to the series' next
// value after v) when v is not below it. fastload works the cursor out on
// the client, each chunk's part of it in parallel, and sends each such row
// the id one LOAD DATA of the whole input gives it, whatever chunk,
// statement, worker, retry or run sends it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/base.h"
#include "plan/plan.h"
#include "table/target.h"
#include "text/text.h"

namespace fastload::table {

// What a run of rows does to the cursor c: c -> max(c + add, floor).
struct IdStep {
  std::uint64_t add = 0;      // an increment for each row whose id the server makes up
  std::uint64_t floor = 0;    // past the greatest id the rows give (0: none)
  std::uint64_t made_up = 0;  // rows whose id the server makes up

  std::uint64_t apply(std::uint64_t c) const { return std::max(c + add, floor); }
  // These rows, then `next`'s.
  IdStep then(const IdStep& next) const {
    return {add + next.add, std::max(floor + next.add, next.floor), made_up + next.made_up};
  }
};

// The server's series of ids: offset + j * increment (auto_increment_increment and _offset).
struct IdSeries {
  std::uint64_t increment = 1;
  std::uint64_t offset = 1;
  // The least id of the series after v: where a given id v moves the cursor (compute_next_insert_id).
  std::uint64_t after(std::uint64_t v) const;
};

// How the rows of a chunk give the AUTO_INCREMENT column.
class GivenIds {
 public:
  // Empty (fills() false) when the fields do not fill an AUTO_INCREMENT column or a --set sets it.
  GivenIds(const Target& target, const plan::TablePlan& options, bool zero_is_a_value, IdSeries series);
  bool fills() const { return !column_.empty(); }
  const std::string& column() const { return column_; }

  // What the rows of `chunk` (over `file`, which holds it at chunk.begin) do to the cursor.
  IdStep step(std::string_view file, const Chunk& chunk) const;
  // The ids the server makes up for the rows of `chunk` from the cursor `start`: one a row of the chunk,
  // 0 where the row gives its own.
  std::vector<std::uint64_t> number(std::string_view file, const Chunk& chunk, std::uint64_t start) const;

 private:
  // on_field(field or nullptr when the row has none for the column), for each row in order.
  template <class OnField>
  void for_each_field(std::string_view file, const Chunk& chunk, OnField&& on_field) const;
  IdStep row_step(const text::Field* field) const;

  std::string column_;
  std::size_t field_ = 0;  // the row's field that fills it
  bool zero_is_a_value_ = false;
  IdSeries series_;
  text::Dialect dialect_;
};

// The run's numbering: the cursor each chunk starts from, by the input ordinal of its first row (the rows of
// the FILEs before it first, after --skip-rows).
struct GivenIdPlan {
  GivenIds ids;
  std::vector<std::pair<std::uint64_t, IdStep>> steps;  // (ordinal of a chunk's first row, its step), in order
  std::vector<std::uint64_t> starts;                    // each chunk's cursor, once the first id is known

  bool makes_up_ids() const;
  // Sets `starts` from the cursor of the input's first row.
  void start_at(std::uint64_t first);
  // The cursor of the chunk whose first row has input ordinal `ordinal`.
  std::uint64_t start_of(std::uint64_t ordinal) const;
  // The cursor after every row.
  std::uint64_t end() const;
};

}  // namespace fastload::table
