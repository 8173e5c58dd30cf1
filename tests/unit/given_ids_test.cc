// The ids the server makes up for a NULL or 0 the file gives the AUTO_INCREMENT column (table/given_ids.h):
// a chunk's step composes as the rows' do, the series' next value, and a chunk's rows numbered from a cursor
// as one LOAD DATA numbers them (measured on MariaDB 10.11: NULL, 20, NULL, 5, 0 from a counter of 7 gave
// 7, 20, 21, 5, 22).
#include <gtest/gtest.h>

#include "table/table.h"

namespace fastload {
namespace {

table::Target table() {
  table::Target t;
  table::Column id{.name = "id", .integer = true, .exact_number = true};
  id.auto_increment = true;
  t.columns = {id, {.name = "v"}};
  return t;
}

Chunk whole(std::string_view file, std::uint64_t rows) { return Chunk{0, 0, file.size(), rows, rows, 1, 1, 0}; }

TEST(GivenIds, StepsComposeAsTheirRows) {
  const table::IdStep made_up{1, 0, 1}, given_20{0, 21, 0}, given_5{0, 6, 0};
  for (std::uint64_t c : {1u, 7u, 21u, 30u}) {
    EXPECT_EQ(made_up.then(given_20).apply(c), given_20.apply(made_up.apply(c))) << c;
    EXPECT_EQ(given_20.then(made_up).then(given_5).apply(c), given_5.apply(made_up.apply(given_20.apply(c)))) << c;
  }
  EXPECT_EQ(made_up.then(made_up).made_up, 2u);
}

TEST(GivenIds, TheSeriesNextValueAfterAGivenId) {
  EXPECT_EQ((table::IdSeries{1, 1}.after(20)), 21u);
  EXPECT_EQ((table::IdSeries{3, 2}.after(20)), 23u);  // 2, 5, ..., 20, 23
  EXPECT_EQ((table::IdSeries{3, 2}.after(21)), 23u);
}

TEST(GivenIds, RowsNumberedAsOneLoadDataNumbersThem) {
  plan::TablePlan o;
  table::GivenIds ids(table(), o, false, {1, 1});
  ASSERT_TRUE(ids.fills());
  const std::string file = "\\N\ta\n20\tb\n\\N\tc\n5\td\n0\te\n";
  EXPECT_EQ(ids.number(file, whole(file, 5), 7), (std::vector<std::uint64_t>{7, 0, 21, 0, 22}));
  const table::IdStep step = ids.step(file, whole(file, 5));
  EXPECT_EQ(step.made_up, 3u);
  EXPECT_EQ(step.apply(7), 23u);
  table::GivenIds zero_kept(table(), o, true, {1, 1});  // NO_AUTO_VALUE_ON_ZERO
  EXPECT_EQ(zero_kept.number(file, whole(file, 5), 7), (std::vector<std::uint64_t>{7, 0, 21, 0, 0}));
}

TEST(GivenIds, ChunksStartWhereTheRowsBeforeLeaveTheCursor) {
  plan::TablePlan o;
  table::GivenIdPlan plan{table::GivenIds(table(), o, false, {1, 1}), {}, {}};
  const std::string first = "\\N\ta\n20\tb\n", second = "\\N\tc\n";
  plan.steps = {{1, plan.ids.step(first, whole(first, 2))}, {3, plan.ids.step(second, whole(second, 1))}};
  EXPECT_TRUE(plan.makes_up_ids());
  plan.start_at(7);
  EXPECT_EQ(plan.start_of(1), 7u);
  EXPECT_EQ(plan.start_of(3), 21u);
  EXPECT_EQ(plan.end(), 22u);
}

}  // namespace
}  // namespace fastload
