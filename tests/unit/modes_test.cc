// The mode table (request/modes.h): one row a mode, names that round-trip, and
// traits that agree with each other and with the sink each row builds.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "request/request.h"

namespace fastload {
namespace {

TEST(ModeTable, EveryModeHasExactlyOneRowInEnumOrder) {
  const auto& rows = request::all_modes();
  ASSERT_EQ(rows.size(), static_cast<std::size_t>(request::Mode::bulk) + 1);  // request::Mode::bulk is the last enumerator
  std::set<std::string> names;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const request::Mode mode = static_cast<request::Mode>(i);
    EXPECT_EQ(rows[i].mode, mode) << i;
    EXPECT_EQ(&request::traits(mode), &rows[i]) << i;
    EXPECT_TRUE(names.insert(rows[i].name).second) << rows[i].name << " twice";
    EXPECT_STRNE(rows[i].help, "") << rows[i].name;
  }
}

TEST(ModeTable, NamesRoundTripIgnoringCase) {
  for (const request::ModeTraits& row : request::all_modes()) {
    ASSERT_NE(request::find_mode(row.name), nullptr) << row.name;
    EXPECT_EQ(request::find_mode(row.name)->mode, row.mode);
    std::string upper = row.name;
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    ASSERT_NE(request::find_mode(upper), nullptr) << upper;
    EXPECT_EQ(request::find_mode(upper)->mode, row.mode);
  }
  EXPECT_EQ(request::find_mode("nope"), nullptr);
  EXPECT_EQ(request::find_mode(""), nullptr);
  EXPECT_EQ(request::find_mode("loa"), nullptr);
}

TEST(ModeTable, TheDefaultIsChosenPerTable) {
  EXPECT_EQ(request::Mode{}, request::kDefaultMode);
  EXPECT_STREQ(request::traits(request::kDefaultMode).name, "auto");
  EXPECT_TRUE(request::traits(request::kDefaultMode).chosen);
  EXPECT_NE(std::string(request::traits(request::kDefaultMode).help).find("default"), std::string::npos);
  // Only auto is a choice; until it is made, the command line's rules treat it as load.
  for (const request::ModeTraits& m : request::all_modes()) EXPECT_EQ(m.chosen, m.mode == request::Mode::automatic) << m.name;
  const request::ModeTraits& chosen = request::traits(request::Mode::automatic);
  const request::ModeTraits& load = request::traits(request::Mode::load);
  EXPECT_EQ(chosen.sink, load.sink);
  EXPECT_EQ(chosen.probe, load.probe);
  EXPECT_EQ(chosen.whole_file, load.whole_file);
  EXPECT_EQ(chosen.server_reads_file, load.server_reads_file);
  EXPECT_EQ(chosen.batches, load.batches);
  EXPECT_EQ(chosen.array_binding, load.array_binding);
  EXPECT_EQ(chosen.bulk_path, load.bulk_path);
}

TEST(ModeTable, TraitsAgree) {
  for (const request::ModeTraits& m : request::all_modes()) {
    SCOPED_TRACE(m.name);
    // A server that reads the file itself: one statement over the file, LOAD DATA INFILE, nothing to probe.
    EXPECT_EQ(m.server_reads_file, m.sink == request::SinkKind::load_data_infile);
    EXPECT_EQ(m.server_reads_file, m.probe == request::Probe::none);
    if (m.server_reads_file) {
      EXPECT_TRUE(m.whole_file);
    }
    // The bulk path is one transaction into an empty table: the whole file at once, rows sent by LOAD DATA LOCAL.
    if (m.bulk_path) {
      EXPECT_TRUE(m.whole_file && m.sink == request::SinkKind::load_data_local);
    }
    // Each sink is tried by the probe that runs its statement.
    if (m.sink == request::SinkKind::load_data_local) {
      EXPECT_EQ(m.probe, request::Probe::load_data);
    }
    if (m.sink == request::SinkKind::prepared_insert || m.sink == request::SinkKind::text_insert) {
      EXPECT_EQ(m.probe, request::Probe::prepare_insert);
    }
    // --batch-rows and --no-array-binding apply to INSERT sinks whose row count is not fixed.
    if (m.batches) {
      EXPECT_TRUE(m.sink == request::SinkKind::prepared_insert || m.sink == request::SinkKind::text_insert);
    }
    if (m.batches) {
      EXPECT_EQ(m.rows_per_statement, 0u);
    }
    if (m.array_binding) {
      EXPECT_EQ(m.sink, request::SinkKind::prepared_insert);
    }
    if (m.sink == request::SinkKind::text_insert) {
      EXPECT_TRUE(m.batches || m.rows_per_statement > 0);
    }
    if (m.sink != request::SinkKind::text_insert) {
      EXPECT_EQ(m.rows_per_statement, 0u);
    }
  }
}

TEST(ModeTable, NamesOfModesWithATrait) {
  EXPECT_EQ(request::names_of_modes(&request::ModeTraits::batches), "insert and multirow");
  EXPECT_EQ(request::names_of_modes(&request::ModeTraits::array_binding), "insert");
  EXPECT_EQ(request::names_of_modes(&request::ModeTraits::whole_file), "server and bulk");
}

}  // namespace
}  // namespace fastload
