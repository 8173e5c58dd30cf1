// Where a chunk's rows go: the one interface that differs between load modes.
// A sink runs inside the transaction the worker opened and reports what the
// server says it did; the worker decides whether to commit.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "base/base.h"
#include "plan/plan.h"
#include "text/text.h"

namespace fastload::table {
struct RowIds;
}

namespace fastload::sink {

struct SinkResult {
  std::uint64_t records = 0;   // rows the server read
  std::uint64_t affected = 0;  // the server's affected rows: a replaced row counts its deleted row too
  std::uint64_t deleted = 0;   // rows of the table that new rows replaced
  std::uint64_t skipped = 0;   // rows dropped (duplicate keys under LOCAL or IGNORE)
  std::uint64_t warnings = 0;  // warnings the statements raised
  std::uint64_t duplicates = 0;  // of the warnings, duplicate-key ones (1062); counted under ignore only
  // What the statements were told to do with a duplicate key, hence what counts_match tolerates.
  request::OnDuplicate on_duplicate = request::OnDuplicate::error;
  bool read_failed = false;    // the input could not be read completely
  std::string read_error;      // why, when read_failed
  std::vector<Problem> problems;  // rows refused, by row_in_chunk; the worker adds their locations
  // A statement an error stopped (a strict INSERT, LOAD DATA without LOCAL, REPLACE): its first row and the
  // row the error names (0: the server did not say). A table that cannot roll back keeps the rows between.
  bool stopped = false;
  std::uint64_t stopped_first = 0, stopped_at = 0;
};

// A check of a row's values before it is sent (load/value_checks.h): false, with the row's problems added, when
// the server would store one otherwise than the file says. `row` is 1-based in the chunk sent. Bit f of `whole`
// set: the sink parsed field f as exactly a whole number, so it loses no fraction (that check is left out).
using RowCheck = std::function<bool(const std::vector<text::Field>& fields, std::uint64_t row,
                                    std::vector<Problem>& problems, std::uint64_t whole)>;

class Sink {
 public:
  virtual ~Sink() = default;
  // A sink that parses each row it sends checks the values there, so that a row is parsed once: it takes the
  // check and returns true. A row that fails is not sent; the rows after it are checked, not sent, and the
  // result's problems hold every failed row (the worker rolls back and sends the chunk again without them).
  virtual bool take_row_check(RowCheck check) {
    (void)check;
    return false;
  }
  // Sends the rows of `chunk`, which are file[chunk.begin, chunk.end), each
  // with its id from `ids` when the fields leave the AUTO_INCREMENT column out
  // (table/auto_ids.h). Throws db::ServerError when the server fails for a
  // reason other than the data.
  virtual SinkResult send(const Chunk& chunk, std::string_view file, const table::RowIds& ids) = 0;
  // How rows reach the server, for the summary.
  virtual std::string method() const = 0;
  // The statement a chunk's rows go in, as --dry-run shows it (rows elided).
  virtual std::string statement() const = 0;
};

}  // namespace fastload::sink
