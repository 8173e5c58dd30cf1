// --max-lag, --replica, --max-load, --critical-load: their values, the chunk size --max-lag caps, and the gate
// the workers pass (throttle/gate.h).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "base/errors.h"
#include "cli/cli.h"
#include "messages.h"
#include "throttle/gate.h"

namespace fastload {
namespace {

TEST(ThrottleOptions, Values) {
  auto o = parse_args({"--max-lag", "1.5", "--replica", "r1=loader@db2:3307", "--replica", "/tmp/r2.sock",
                       "--max-load", "Threads_running=40,Threads_connected=500", "--critical-load",
                       "Threads_running=200", "f", "d.t"}).options;
  EXPECT_DOUBLE_EQ(o.throttle.max_lag, 1.5);
  ASSERT_EQ(o.throttle.replicas.size(), 2u);
  EXPECT_EQ(o.throttle.replicas[0].name, "r1");
  EXPECT_EQ(o.throttle.replicas[0].connection.user, "loader");
  EXPECT_EQ(o.throttle.replicas[0].connection.port, 3307u);
  EXPECT_EQ(o.throttle.replicas[1].name, "/tmp/r2.sock");  // no NAME=: named by where it is
  EXPECT_EQ(o.throttle.replicas[1].connection.socket, "/tmp/r2.sock");
  ASSERT_EQ(o.throttle.max_load.size(), 2u);
  EXPECT_EQ(o.throttle.max_load[1].variable, "Threads_connected");
  EXPECT_EQ(o.throttle.max_load[1].limit, 500u);
  ASSERT_EQ(o.throttle.critical_load.size(), 1u);
  EXPECT_EQ(o.throttle.critical_load[0].limit, 200u);
}

TEST(ThrottleOptions, Refused) {
  for (std::vector<std::string> bad : std::vector<std::vector<std::string>>{
           {"--max-lag", "0"}, {"--max-lag", "-1"}, {"--max-lag", "2s"}, {"--max-lag", "nan"},
           {"--max-lag", "100000"}, {"--max-load", "Threads_running"}, {"--max-load", "Threads_running=-1"},
           {"--max-load", "Threads running=4"}, {"--max-load", "a=1,a=2"}, {"--critical-load", "x=1,"},
           {"--replica", "r1=db"},                                    // without --max-lag
           {"--max-lag", "2", "--no-binlog"},                         // the replicas get nothing
           {"--max-lag", "2", "--mode", "bulk"},                      // one statement: no pause divides it
           {"--max-lag", "2", "--replica", "r=a", "--replica", "r=b"},  // twice
           {"--max-lag", "2", "--replica", "r=u:pw@db"}}) {          // a password on the command line
    bad.insert(bad.end(), {"f", "d.t"});
    EXPECT_EQ(code_of([&] { parse_args(bad); }), ExitCode::usage) << bad[0] << " " << bad[1];
  }
}

TEST(ThrottleOptions, ChunkCap) {
  EXPECT_EQ(lag_chunk_cap(0), UINT64_MAX);
  EXPECT_EQ(lag_chunk_cap(2), 2u << 20);
  EXPECT_EQ(lag_chunk_cap(0.1), 256u << 10);
  EXPECT_EQ(lag_chunk_cap(3600), 64u << 20);
}

TEST(Gate, PausesResumesAndAccounts) {
  throttle::Gate gate;
  std::atomic<bool> passed{false};
  gate.update({"replica r1 is 3.0 s behind", std::nullopt, 3.0});
  EXPECT_EQ(gate.paused(), "replica r1 is 3.0 s behind");
  std::thread worker([&] { passed = gate.pass([] { return false; }); });
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  EXPECT_FALSE(passed.load());  // still waiting
  gate.update({std::nullopt, std::nullopt, 0.5});
  worker.join();
  EXPECT_TRUE(passed.load());
  const throttle::Account a = gate.account();
  EXPECT_GE(a.paused_seconds, 0.1);
  EXPECT_EQ(a.highest_lag, 3.0);
  EXPECT_EQ(a.first_pause, "replica r1 is 3.0 s behind");
  EXPECT_FALSE(a.stopped);
}

TEST(Gate, StopsForGoodOrWhenAsked) {
  throttle::Gate gate;
  gate.update({"busy", std::nullopt, std::nullopt});
  std::atomic<bool> stop{false};
  std::thread worker([&] { EXPECT_FALSE(gate.pass([&] { return stop.load(); })); });
  stop = true;  // a signal: the waiting worker gives up within 100 ms
  worker.join();
  gate.update({std::nullopt, "Threads_running is 300 (--critical-load Threads_running=200)", std::nullopt});
  EXPECT_FALSE(gate.pass([] { return false; }));  // shut: no chunk starts again
  EXPECT_EQ(gate.stopped(), "Threads_running is 300 (--critical-load Threads_running=200)");
  gate.update({std::nullopt, std::nullopt, std::nullopt});
  EXPECT_FALSE(gate.pass([] { return false; }));
}

}  // namespace
}  // namespace fastload
