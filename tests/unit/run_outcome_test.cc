// run()'s boundary: whatever the load throws ends as an exit code and a
// message in the summary, and control comes back so that the cleanup
// (--atomic's stage, --defer-indexes' indexes) and the summary still run.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "base/errors.h"
#include "db/server_errors.h"
#include "run/run.h"

namespace fastload {
namespace {

// The summary after `work`: record_outcome returning at all is what lets run() go on to abandon(),
// restore_indexes() and the summary.
report::Summary outcome_of(const std::function<void()>& work) {
  report::Summary summary;
  record_outcome(summary, work);
  return summary;
}

TEST(RunOutcome, Success) {
  report::Summary s = outcome_of([] {});
  EXPECT_TRUE(s.success);
  EXPECT_EQ(s.exit_code, 0);
  EXPECT_EQ(s.error, "");
}

TEST(RunOutcome, FailureAsItIs) {
  report::Summary s = outcome_of([] { throw Failure(ExitCode::rejected, "3 rows refused"); });
  EXPECT_FALSE(s.success);
  EXPECT_EQ(s.exit_code, 8);
  EXPECT_EQ(s.error, "3 rows refused");
  EXPECT_FALSE(s.server_errno);
}

TEST(RunOutcome, ServerErrorIsLoadFailed) {
  report::Summary s = outcome_of([] { throw load::ServerError(er::LOCK_DEADLOCK, "40001", "Deadlock"); });
  EXPECT_FALSE(s.success);
  EXPECT_EQ(s.exit_code, 9);
  EXPECT_EQ(s.error, "the server failed a statement: Deadlock (error 1213)");
  EXPECT_EQ(s.server_errno, er::LOCK_DEADLOCK);  // --json's error.server_errno
}

TEST(RunOutcome, AnyOtherExceptionIsInternal) {
  report::Summary s = outcome_of([] { std::vector<int>().at(3); });
  EXPECT_FALSE(s.success);
  EXPECT_EQ(s.exit_code, 1);
  EXPECT_TRUE(s.error.starts_with("internal error: ")) << s.error;
  EXPECT_TRUE(s.error.ends_with("; please report it with the command line you ran")) << s.error;

  s = outcome_of([] { throw std::logic_error("chunk 2 holds no bytes"); });
  EXPECT_EQ(s.exit_code, 1);
  EXPECT_EQ(s.error,
            "internal error: chunk 2 holds no bytes; please report it with the command line you ran");

  s = outcome_of([] { throw 42; });
  EXPECT_EQ(s.exit_code, 1);
  EXPECT_EQ(s.error, "internal error: an exception of unknown type; please report it with the command line "
                     "you ran");
}

TEST(RunOutcome, InternalErrorIsWordedAsMainWordsAStrayException) {
  Failure f = internal_error("unknown partitioning method");
  EXPECT_EQ(f.code(), ExitCode::internal);
  EXPECT_STREQ(f.what(), "internal error: unknown partitioning method; please report it with the command "
                         "line you ran");
}

}  // namespace
}  // namespace fastload
