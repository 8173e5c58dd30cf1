// --mode auto's rule (cli/auto_mode.h): a pure function of the table's shape, the server's facts and the
// options, as measured by bench/mode-shapes.sh (docs/design.md, "Choosing the mode").
#include <gtest/gtest.h>

#include "cli/auto_mode.h"

namespace fastload {
namespace {

// The nodes table of the reference experiment: 8 columns, one VARCHAR(255).
TableShape nodes() { return {.innodb = true, .max_row_bytes = 1400}; }

ServerFacts mariadb() { return {.array_binding = true, .local_infile_refused = false}; }

TEST(AutoMode, NodesOnMariaDbGoesByPreparedInserts) {
  ModeChoice c = choose_mode(nodes(), mariadb(), Options{});
  EXPECT_EQ(c.mode, Mode::insert);
  EXPECT_EQ(c.reason, "prepared INSERTs cost this table's server least");
}

TEST(AutoMode, WithoutArrayBindingLoadDataIsCheaper) {
  ModeChoice c = choose_mode(nodes(), {.array_binding = false}, Options{});
  EXPECT_EQ(c.mode, Mode::load);
  EXPECT_NE(c.reason.find("array binding"), std::string::npos) << c.reason;
}

TEST(AutoMode, OtherEnginesKeepLoadData) {
  TableShape t = nodes();
  t.innodb = false;
  EXPECT_EQ(choose_mode(t, mariadb(), Options{}).mode, Mode::load);
}

TEST(AutoMode, RowsLongerThanAPacketNeedLoadData) {
  TableShape t = nodes();
  t.max_row_bytes = 4ull << 30;  // a LONGTEXT column
  ModeChoice c = choose_mode(t, mariadb(), Options{});
  EXPECT_EQ(c.mode, Mode::load);
  EXPECT_NE(c.reason.find("longer than one INSERT"), std::string::npos) << c.reason;
  t.max_row_bytes = 70000;  // a TEXT column: under max_allowed_packet, but not under 1K
  EXPECT_EQ(choose_mode(t, mariadb(), Options{}).mode, Mode::insert);
  EXPECT_EQ(choose_mode(t, {.array_binding = true, .max_allowed_packet = 1024}, Options{}).mode, Mode::load);
}

TEST(AutoMode, LocalInfileRefusedTakesTheInsertPath) {
  for (TableShape t : {nodes(), TableShape{.innodb = false}}) {
    ModeChoice c = choose_mode(t, {.array_binding = false, .local_infile_refused = true}, Options{});
    EXPECT_EQ(c.mode, Mode::insert);
    EXPECT_NE(c.reason.find("local_infile=0"), std::string::npos) << c.reason;
  }
}

TEST(AutoMode, OptionsOnlyLoadDataServesExactlyKeepIt) {
  Options converted;
  converted.charset = "utf16";
  converted.convert_charset = true;
  Options latin1;
  latin1.charset = "latin1";
  Options set;
  set.set.push_back({"c", "UPPER(@x)"});
  Options unchecked;
  unchecked.disable_checks = true;
  for (const Options& o : {converted, latin1, set, unchecked}) {
    EXPECT_NE(why_not_insert(o), "");
    ModeChoice c = choose_mode(nodes(), mariadb(), o);
    EXPECT_EQ(c.mode, Mode::load) << c.reason;
    // Even where the server refuses LOAD DATA LOCAL: its refusal (exit 6) then stands.
    EXPECT_EQ(choose_mode(nodes(), {.array_binding = true, .local_infile_refused = true}, o).mode, Mode::load);
  }
  EXPECT_EQ(why_not_insert(Options{}), "");
  Options utf8;
  utf8.charset = "UTF8";
  EXPECT_EQ(why_not_insert(utf8), "");
}

}  // namespace
}  // namespace fastload
