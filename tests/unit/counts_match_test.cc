#include <gtest/gtest.h>

#include "sink/sink.h"

namespace fastload {
namespace {

using sink::counts_match;

// An account of `records` rows read with the given counts, as a sink reports it.
sink::SinkResult account(std::uint64_t records, std::uint64_t affected, std::uint64_t deleted = 0,
                   std::uint64_t skipped = 0, std::uint64_t warnings = 0, std::uint64_t duplicates = 0) {
  sink::SinkResult r;
  r.records = records;
  r.affected = affected;
  r.deleted = deleted;
  r.skipped = skipped;
  r.warnings = warnings;
  r.duplicates = duplicates;
  return r;
}

constexpr request::OnDuplicate kPolicies[] = {request::OnDuplicate::error, request::OnDuplicate::ignore, request::OnDuplicate::replace};

TEST(CountsMatch, EveryRowStoredCleanlyMatchesUnderEveryPolicy) {
  for (request::OnDuplicate policy : kPolicies) {
    EXPECT_TRUE(sink::counts_match(account(10, 10), 10, policy));
    EXPECT_TRUE(sink::counts_match(account(0, 0), 0, policy));
  }
}

TEST(CountsMatch, RowsTheServerDidNotReadNeverMatch) {
  for (request::OnDuplicate policy : kPolicies) {
    EXPECT_FALSE(sink::counts_match(account(9, 9), 10, policy));
    EXPECT_FALSE(sink::counts_match(account(11, 11), 10, policy));
  }
}

TEST(CountsMatch, ErrorToleratesNothing) {
  EXPECT_FALSE(sink::counts_match(account(10, 8, 0, 2, 2, 2), 10, request::OnDuplicate::error));  // skipped duplicates
  EXPECT_FALSE(sink::counts_match(account(10, 12, 2), 10, request::OnDuplicate::error));          // replaced rows
  EXPECT_FALSE(sink::counts_match(account(10, 10, 0, 0, 1), 10, request::OnDuplicate::error));    // a coerced value
}

// LOAD DATA LOCAL IGNORE of 4 rows, 2 of them duplicates: Records 4, Skipped 2, Warnings 2, affected 2.
TEST(CountsMatch, IgnoreAcceptsSkippedRowsEachWithADuplicateWarning) {
  EXPECT_TRUE(sink::counts_match(account(4, 2, 0, 2, 2, 2), 4, request::OnDuplicate::ignore));
}

TEST(CountsMatch, IgnoreRefusesAnyOtherWarning) {
  // A bad value besides the duplicates: one warning more than rows skipped.
  EXPECT_FALSE(sink::counts_match(account(5, 3, 0, 2, 3, 2), 5, request::OnDuplicate::ignore));
  // As many warnings as skipped rows, but one of them is not a duplicate key (say a foreign key).
  EXPECT_FALSE(sink::counts_match(account(4, 2, 0, 2, 2, 1), 4, request::OnDuplicate::ignore));
  // Duplicate warnings the server did not keep cannot be counted: refused, not assumed.
  EXPECT_FALSE(sink::counts_match(account(100000, 0, 0, 100000, 100000, 65535), 100000, request::OnDuplicate::ignore));
}

TEST(CountsMatch, IgnoreRefusesRowsNeitherStoredNorSkipped) {
  EXPECT_FALSE(sink::counts_match(account(4, 1, 0, 2, 2, 2), 4, request::OnDuplicate::ignore));
  EXPECT_FALSE(sink::counts_match(account(4, 3, 1, 1, 1, 1), 4, request::OnDuplicate::ignore));  // a replaced row
}

// LOAD DATA REPLACE of 4 rows, 2 replacing old ones: Records 4, Deleted 2, affected 6. A row
// that replaces two old rows (two unique keys) counts 3.
TEST(CountsMatch, ReplaceAcceptsReplacedRowsCountedTwice) {
  EXPECT_TRUE(sink::counts_match(account(4, 6, 2), 4, request::OnDuplicate::replace));
  EXPECT_TRUE(sink::counts_match(account(1, 3, 2), 1, request::OnDuplicate::replace));
}

TEST(CountsMatch, ReplaceRefusesWarningsSkipsAndMissingRows) {
  EXPECT_FALSE(sink::counts_match(account(4, 6, 2, 0, 1), 4, request::OnDuplicate::replace));
  EXPECT_FALSE(sink::counts_match(account(4, 3, 0, 1, 1, 1), 4, request::OnDuplicate::replace));
  EXPECT_FALSE(sink::counts_match(account(4, 5, 2), 4, request::OnDuplicate::replace));
}

TEST(AddCounts, SumsEveryCount) {
  sink::SinkResult total = account(1, 2, 3, 4, 5, 6);
  sink::add_counts(total, account(10, 20, 30, 40, 50, 60));
  EXPECT_EQ(total.records, 11u);
  EXPECT_EQ(total.affected, 22u);
  EXPECT_EQ(total.deleted, 33u);
  EXPECT_EQ(total.skipped, 44u);
  EXPECT_EQ(total.warnings, 55u);
  EXPECT_EQ(total.duplicates, 66u);
}

}  // namespace
}  // namespace fastload
