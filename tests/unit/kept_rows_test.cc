// The account of what a failed chunk left in a table that cannot roll back:
// counted from the server's own figures, never from the chunk's size.
#include <gtest/gtest.h>

#include "load/kept_rows.h"

namespace fastload::load {
namespace {

Problem problem(std::uint64_t row, std::uint64_t line, unsigned code, const char* message) {
  Problem p;
  p.row_in_chunk = row;
  p.where.line = line;
  p.code = code;
  p.message = message;
  return p;
}

sink::RoutedRows rows_of(std::uint64_t rows) {
  sink::RoutedRows r;
  r.chunk.rows = rows;
  return r;
}

TEST(KeptRows, LoadDataLocalStoresTheWholeChunkWithItsWarnedRowsChanged) {
  sink::SinkResult result;  // Records: 5  Deleted: 0  Skipped: 1 (a duplicate key)  Warnings: 2
  result.affected = 4;
  KeptRows kept;
  keep_account(kept, result, rows_of(5), "MyISAM");
  std::string text = left_behind(kept, {problem(3, 12, 1366, "Incorrect decimal value: 'abc'"),
                                        problem(4, 13, 1062, "Duplicate entry '4'")}, "f: chunk 3", "db.t");
  EXPECT_EQ(text, "f: chunk 3: 4 rows stored in db.t before the failure could be handled, 1 of them changed by "
                  "the server (line 12: Incorrect decimal value: 'abc'); engine MyISAM cannot roll back: delete or "
                  "restore them");
}

TEST(KeptRows, AStrictInsertStoppedAtItsBadRowKeepsTheRowsBeforeIt) {
  sink::SinkResult result;  // one statement of rows 1-2 completed, the next (rows 3-5) stopped at row 4
  result.affected = 2;
  result.stopped = true;
  result.stopped_first = 3;
  result.stopped_at = 4;
  KeptRows kept;
  keep_account(kept, result, rows_of(5), "Aria");
  EXPECT_EQ(kept.rows, 3u);
  std::string text = left_behind(kept, {problem(4, 20, 1366, "Incorrect integer value")}, "f: chunk 0", "db.t");
  EXPECT_EQ(text, "f: chunk 0: 3 rows stored in db.t (of the chunk's rows before line 20) before the failure could "
                  "be handled; engine Aria cannot roll back: delete or restore them");
}

TEST(KeptRows, AStopWithoutItsRowIsARangeNotAGuess) {
  sink::SinkResult result;
  result.affected = 2;
  result.stopped = true;
  result.stopped_first = 3;
  KeptRows kept;
  keep_account(kept, result, rows_of(5), "MEMORY");
  EXPECT_NE(left_behind(kept, {}, "c", "db.t").find("c: 2 to 5 rows stored in db.t"), std::string::npos);
}

TEST(KeptRows, NothingSentIsSaid) {
  KeptRows kept;
  keep_account(kept, sink::SinkResult{}, rows_of(5), "MyISAM");
  EXPECT_EQ(left_behind(kept, {problem(2, 2, 0, "3 fields, the table has 2")}, "c", "db.t"),
            "c: nothing of it was stored in db.t (engine MyISAM cannot roll back, but no row reached it)");
}

}  // namespace
}  // namespace fastload::load
