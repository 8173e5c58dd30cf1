// AUTO_INCREMENT ids in file order (table/auto_ids.h): the first id, how many ids one LOAD DATA takes, which
// column fastload numbers, which given values the server would make up, a statement's rows' ids.
#include <gtest/gtest.h>

#include "table/table.h"

namespace fastload {
namespace {

// Measured on MariaDB 10.11 (one LOAD DATA into a table at AUTO_INCREMENT = 10): increment 3, offset 2 gave
// 11, 14, ...; offset 5 (greater than the increment) gave the same.
TEST(AutoIds, FirstIdIsTheLeastValueOfTheSeriesFromTheCounter) {
  EXPECT_EQ(table::first_id(10, 1, 1), 10u);
  EXPECT_EQ(table::first_id(10, 3, 2), 11u);
  EXPECT_EQ(table::first_id(11, 3, 2), 11u);
  EXPECT_EQ(table::first_id(10, 3, 5), 11u);
  EXPECT_EQ(table::first_id(1, 3, 2), 2u);
  EXPECT_EQ(table::first_id(1, 10, 10), 10u);
}

// InnoDB's counter after one LOAD DATA from 10, as measured: 1 row 11, 2 and 3 rows 13, 4 and 5 rows 17,
// 8 and 9 rows 25, 100 rows 137, 1000 rows 1033; MyISAM's one past the last row.
TEST(AutoIds, IdsTakenFollowTheServersIntervals) {
  for (auto [rows, taken] : std::vector<std::pair<std::uint64_t, std::uint64_t>>{
           {1, 1}, {2, 3}, {3, 3}, {4, 7}, {5, 7}, {8, 15}, {9, 15}, {100, 127}, {1000, 1023}, {65535, 65535},
           {65536, 131070}, {200000, 262140}})
    EXPECT_EQ(table::ids_taken(rows, "InnoDB"), taken) << rows;
  EXPECT_EQ(table::ids_taken(0, "InnoDB"), 0u);
  EXPECT_EQ(table::ids_taken(1000, "MyISAM"), 1000u);
  EXPECT_EQ(table::ids_taken(1000, "Aria"), 1000u);
}

table::Target table(bool invisible_id) {
  table::Target t;
  table::Column id{.name = "id", .integer = true, .exact_number = true, .invisible = invisible_id};
  id.auto_increment = true;
  t.columns = {id, {.name = "name"}, {.name = "v", .integer = true, .exact_number = true}};
  return t;
}

TEST(AutoIds, NumberedWhenTheFieldsLeaveTheColumnOutAndNoSetSetsIt) {
  plan::TablePlan o;
  EXPECT_EQ(table::unfilled_auto_increment(table(false), o), nullptr);
  EXPECT_NE(table::filled_auto_increment(table(false), o), nullptr);
  table::Target invisible = table(true);
  EXPECT_EQ(table::unfilled_auto_increment(invisible, o), &invisible.columns[0]);
  o.columns = {{"name", false}, {"v", false}};
  table::Target t = table(false);
  EXPECT_EQ(table::unfilled_auto_increment(t, o), &t.columns[0]);
  EXPECT_EQ(table::filled_auto_increment(t, o), nullptr);
  o.columns = {{"ID", false}, {"name", false}};
  EXPECT_EQ(table::unfilled_auto_increment(t, o), nullptr);
  o.columns = {{"id", true}, {"name", false}};  // read into @id, which no --set uses
  EXPECT_EQ(table::unfilled_auto_increment(t, o), &t.columns[0]);
  o.set = {{"id", "@id + 1"}};
  EXPECT_EQ(table::unfilled_auto_increment(t, o), nullptr);
  EXPECT_EQ(table::filled_auto_increment(t, o), nullptr);
}

TEST(AutoIds, NullAndZeroMakeTheServerMakeUpAnId) {
  auto made_up = [](std::string_view text, bool zero_is_a_value = false) {
    return table::makes_up_id({text, false, false}, zero_is_a_value);
  };
  EXPECT_TRUE(table::makes_up_id({"", true, false}, false));
  EXPECT_TRUE(table::makes_up_id({"", true, false}, true));
  for (std::string_view zero : {"0", "00", "-0", "+0", "0.0", ".0", "0.", "0e5"}) {
    EXPECT_TRUE(made_up(zero)) << zero;
    EXPECT_FALSE(made_up(zero, true)) << zero;
  }
  for (std::string_view id : {"1", "10", "0.5", "-1", "", "-", "e5", "0x0", "abc"}) EXPECT_FALSE(made_up(id)) << id;
}

TEST(AutoIds, StatementRowsTakeTheirPlacesIds) {
  table::AutoIds ids{"id", 11, 3};
  table::RowIds all{&ids, 101, nullptr};
  EXPECT_EQ(all.id(1), 11u + 100 * 3);
  EXPECT_EQ(all.consecutive(1, 50), 50u);
  std::vector<std::uint64_t> kept = {1, 2, 4, 5, 6, 9};  // rows 3, 7 and 8 left out
  table::RowIds some{&ids, 1, &kept};
  EXPECT_EQ(some.id(3), 11u + 3 * 3);
  EXPECT_EQ(some.consecutive(1, 6), 2u);
  EXPECT_EQ(some.consecutive(3, 4), 3u);
  EXPECT_EQ(some.consecutive(3, 2), 2u);
  EXPECT_EQ(some.consecutive(6, 1), 1u);
  table::RowIds none{nullptr, 1, &kept};
  EXPECT_EQ(none.consecutive(1, 6), 6u);
}

}  // namespace
}  // namespace fastload
