// base/result.h: a value or the Failure that stopped it, asked by name (no bool: an old optional<Failure> was
// true on failure), and an exception caught turned into the Failure the run reports.
#include <gtest/gtest.h>

#include <functional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "base/base.h"
#include "db/db.h"

namespace fastload {
namespace {

static_assert(!std::is_convertible_v<Result<void>, bool>, "ask ok() or failed() by name");
static_assert(!std::is_convertible_v<Result<int>, bool>, "ask ok() or failed() by name");

TEST(Result, ValueOrFailure) {
  Result<int> seven = 7;
  EXPECT_TRUE(seven.ok());
  EXPECT_EQ(seven.value(), 7);
  EXPECT_EQ(std::move(seven).or_throw(), 7);

  Result<std::string> refused = Failure(ExitCode::usage, "no");
  EXPECT_TRUE(refused.failed());
  EXPECT_EQ(refused.failure().code(), ExitCode::usage);
  EXPECT_THROW(refused.value(), Failure);
}

TEST(Result, VoidAddsLaterFailuresBelowTheFirst) {
  Result<void> stopped;
  EXPECT_TRUE(stopped.ok());
  EXPECT_NO_THROW(stopped.or_throw());
  stopped.add(Failure(ExitCode::rejected, "rows were rejected", 1062));
  EXPECT_EQ(std::string(stopped.failure().what()), "rows were rejected");
  stopped.add(Failure(ExitCode::load_failed, "re-creating the indexes failed"));
  EXPECT_EQ(stopped.failure().code(), ExitCode::rejected);  // the first stays the one to act on
  EXPECT_EQ(stopped.failure().server_code(), 1062u);
  EXPECT_EQ(std::string(stopped.failure().what()), "rows were rejected\nre-creating the indexes failed");
  try {
    stopped.or_throw();
    FAIL();
  } catch (const Failure& f) {
    EXPECT_EQ(f.code(), ExitCode::rejected);
  }
}

Failure caught(const std::function<void()>& work) {
  try {
    work();
  } catch (...) {
    return current_failure();
  }
  return Failure(ExitCode::ok, "nothing thrown");
}

TEST(Result, CaughtFailures) {
  Failure f = caught([] { throw misuse("not with --atomic"); });
  EXPECT_EQ(f.code(), ExitCode::usage);
  EXPECT_EQ(std::string(f.what()), "not with --atomic");

  f = caught([] { throw db::ServerError(er::LOCK_DEADLOCK, "40001", "Deadlock"); });
  EXPECT_EQ(f.code(), ExitCode::load_failed);
  EXPECT_EQ(std::string(f.what()), "the server failed a statement: Deadlock (error 1213)");
  EXPECT_EQ(f.server_code(), er::LOCK_DEADLOCK);

  f = caught([] { std::vector<int>().at(1); });
  EXPECT_EQ(f.code(), ExitCode::internal);
  f = caught([] { throw 42; });
  EXPECT_EQ(std::string(f.what()),
            "internal error: an exception of unknown type; please report it with the command line you ran");
}

TEST(Result, ServerErrorIsAFailureWithTheServersOwnWords) {
  const db::ServerError e(er::LOCK_DEADLOCK, "40001", "Deadlock found");
  const Failure& f = e;
  EXPECT_EQ(f.code(), ExitCode::load_failed);
  EXPECT_EQ(e.code(), er::LOCK_DEADLOCK);
  EXPECT_EQ(e.sqlstate(), "40001");
  EXPECT_EQ(e.server_message(), "Deadlock found");
  EXPECT_EQ(db::message_of(e), "Deadlock found");
  EXPECT_EQ(db::message_of(std::runtime_error("gone")), "gone");
}

}  // namespace
}  // namespace fastload
