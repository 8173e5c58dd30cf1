// --mode auto's rule (plan/auto_mode.h): a pure function of the table's shape, the server's facts and the
// options, as measured by bench/mode-shapes.sh (docs/design.md, "Choosing the mode").
#include <gtest/gtest.h>

#include "plan/plan.h"

namespace fastload {
namespace {

// The nodes table of the reference experiment: 8 columns, one VARCHAR(255).
plan::TableShape nodes() { return {.innodb = true, .max_row_bytes = 1400}; }

plan::ServerFacts mariadb() { return {.array_binding = true, .local_infile_refused = false}; }

TEST(AutoMode, NodesOnMariaDbGoesByPreparedInserts) {
  plan::ModeChoice c = plan::choose_mode(nodes(), mariadb(), plan::TablePlan{});
  EXPECT_EQ(c.mode, request::Mode::insert);
  EXPECT_EQ(c.reason, "prepared INSERTs cost this table's server least");
}

TEST(AutoMode, WithoutArrayBindingLoadDataIsCheaper) {
  plan::ModeChoice c = plan::choose_mode(nodes(), {.array_binding = false}, plan::TablePlan{});
  EXPECT_EQ(c.mode, request::Mode::load);
  EXPECT_NE(c.reason.find("array binding"), std::string::npos) << c.reason;
}

TEST(AutoMode, OtherEnginesKeepLoadData) {
  plan::TableShape t = nodes();
  t.innodb = false;
  EXPECT_EQ(plan::choose_mode(t, mariadb(), plan::TablePlan{}).mode, request::Mode::load);
}

TEST(AutoMode, RowsLongerThanAPacketNeedLoadData) {
  plan::TableShape t = nodes();
  t.max_row_bytes = 4ull << 30;  // a LONGTEXT column
  plan::ModeChoice c = plan::choose_mode(t, mariadb(), plan::TablePlan{});
  EXPECT_EQ(c.mode, request::Mode::load);
  EXPECT_NE(c.reason.find("longer than one INSERT"), std::string::npos) << c.reason;
  t.max_row_bytes = 70000;  // a TEXT column: under max_allowed_packet, but not under 1K
  EXPECT_EQ(plan::choose_mode(t, mariadb(), plan::TablePlan{}).mode, request::Mode::insert);
  EXPECT_EQ(plan::choose_mode(t, {.array_binding = true, .max_allowed_packet = 1024}, plan::TablePlan{}).mode, request::Mode::load);
}

TEST(AutoMode, LocalInfileRefusedTakesTheInsertPath) {
  for (plan::TableShape t : {nodes(), plan::TableShape{.innodb = false}}) {
    plan::ModeChoice c = plan::choose_mode(t, {.array_binding = false, .local_infile_refused = true}, plan::TablePlan{});
    EXPECT_EQ(c.mode, request::Mode::insert);
    EXPECT_NE(c.reason.find("local_infile=0"), std::string::npos) << c.reason;
  }
}

TEST(AutoMode, OptionsOnlyLoadDataServesExactlyKeepIt) {
  plan::TablePlan converted;
  converted.charset = "utf16";
  converted.convert_charset = true;
  plan::TablePlan latin1;
  latin1.charset = "latin1";
  plan::TablePlan set;
  set.set.push_back({"c", "UPPER(@x)"});
  request::Request no_checks;
  no_checks.sessions.disable_checks = true;
  const plan::TablePlan unchecked(no_checks);
  for (const plan::TablePlan& o : {converted, latin1, set, unchecked}) {
    EXPECT_NE(plan::why_not_insert(o), "");
    plan::ModeChoice c = plan::choose_mode(nodes(), mariadb(), o);
    EXPECT_EQ(c.mode, request::Mode::load) << c.reason;
    // Even where the server refuses LOAD DATA LOCAL: its refusal (exit 6) then stands.
    EXPECT_EQ(plan::choose_mode(nodes(), {.array_binding = true, .local_infile_refused = true}, o).mode, request::Mode::load);
  }
  EXPECT_EQ(plan::why_not_insert(plan::TablePlan{}), "");
  plan::TablePlan utf8;
  utf8.charset = "UTF8";
  EXPECT_EQ(plan::why_not_insert(utf8), "");
}

}  // namespace
}  // namespace fastload
