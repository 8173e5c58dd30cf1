// run()'s boundary: whatever the load throws ends as an exit code and a
// message in the summary, and control comes back so that the cleanup
// (--atomic's stage, --defer-indexes' indexes) and the summary still run.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "base/base.h"
#include "db/db.h"
#include "run/run.h"
#include "run/state.h"

namespace fastload::run {
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
  report::Summary s = outcome_of([] { throw db::ServerError(er::LOCK_DEADLOCK, "40001", "Deadlock"); });
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

// A run of many tables: a table another's failure (or the run's) stopped takes that failure's exit code and
// says so; the first table that failed of its own is the cause, whatever the order.
report::Summary table(const std::string& name, int exit_code = 0, bool success = false) {
  report::Summary s;
  s.table = name;
  s.exit_code = exit_code;
  s.success = success;
  return s;
}

TEST(RunOutcome, TablesLeftWithoutAnOutcomeTakeTheFirstFailure) {
  report::Summary run = table("db", 0, true), a = table("db.a"), b = table("db.b", 5), c = table("db.c", 0, true);
  b.error = "table db.b does not exist";
  mark_not_loaded({&a, &b, &c}, run);
  EXPECT_EQ(a.exit_code, 5);
  EXPECT_TRUE(a.stopped_by_another);
  EXPECT_EQ(a.error, "db.a: not loaded: the run stopped because db.b failed (its message says what to do)");
  EXPECT_EQ(b.error, "table db.b does not exist");  // its own, kept
  EXPECT_FALSE(b.stopped_by_another);
  EXPECT_EQ(c.exit_code, 0);  // loaded: its own outcome

  report::Summary failed_run = table("db", 13), d = table("db.d");
  mark_not_loaded({&d}, failed_run);
  EXPECT_EQ(d.exit_code, 13);
  EXPECT_EQ(d.error, "db.d: not loaded: the run stopped because of the failure below");
}

TEST(RunOutcome, StoppedTableSaysWhatItHas) {
  report::Summary t = table("db.t");
  t.input_rows = 10;
  t.rows = 4;
  t.chunks_committed = 1;
  Failure partly = stopped_by(t, "db.x failed", ExitCode::rejected, true);
  EXPECT_EQ(partly.code(), ExitCode::rejected);
  EXPECT_TRUE(std::string(partly.what()).starts_with("db.t: not loaded to the end: the run stopped because db.x "
                                                     "failed; ")) << partly.what();
  EXPECT_TRUE(std::string(partly.what()).ends_with("--resume loads only what is missing")) << partly.what();
  t.rows = 10;
  EXPECT_TRUE(std::string(stopped_by(t, "db.x failed", ExitCode::rejected, false).what())
                  .starts_with("db.t: its rows are loaded, but the run stopped because db.x failed before"));
}

}  // namespace
}  // namespace fastload::run
