// --max-lag, --replica, --max-load, --critical-load: their values, the chunk size --max-lag caps, and the gate
// the workers pass (throttle/gate.h).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "base/base.h"
#include "cli/cli.h"
#include "messages.h"
#include "throttle/throttle.h"

namespace fastload {
using cli::parse_args;
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
  EXPECT_EQ(request::lag_chunk_cap(0), UINT64_MAX);
  EXPECT_EQ(request::lag_chunk_cap(2), 512u << 10);
  EXPECT_EQ(request::lag_chunk_cap(0.1), 128u << 10);
  EXPECT_EQ(request::lag_chunk_cap(3600), 16u << 20);
}

throttle::Reading reading(std::optional<std::string> pause, std::optional<std::string> stop,
                          std::optional<double> lag) {
  throttle::Reading r;
  r.pause = std::move(pause), r.stop = std::move(stop), r.lag = lag;
  return r;
}

// Galera: the sample says how many more chunks the receive queues have room for; the chunks taken or committed
// since count against it, and the next sample gives the room anew.
TEST(Gate, LetsAsManyChunksGoAsTheQueuesHoldRoomFor) {
  throttle::Gate gate;
  throttle::Reading r;
  r.room = 2;
  gate.update(r);
  ASSERT_TRUE(gate.pass([] { return false; }));
  gate.taken(100);
  ASSERT_TRUE(gate.pass([] { return false; }));
  gate.taken(100);
  gate.settled(100);  // committed: in a queue until the next sample says otherwise
  std::atomic<bool> passed{false};
  std::thread worker([&] { passed = gate.pass([] { return false; }); });
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  EXPECT_FALSE(passed.load());  // two chunks out, room for two
  r.room = 1;  // the queues drained a little: one in flight, room for one more
  gate.update(r);
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  EXPECT_FALSE(passed.load());  // the one still in flight fills it
  gate.settled(100);
  r.room = 3;
  gate.update(r);
  worker.join();
  EXPECT_TRUE(passed.load());
  EXPECT_FALSE(gate.paused());
}

// --max-lag 2 at a replica pace of 1000 bytes a second: a chunk waits when what is ahead of the replica and
// the chunk itself would take it past the limit, and goes alone when nothing is ahead.
TEST(Gate, CountsTheChunkAskedFor) {
  throttle::Gate gate;
  gate.set_marks("`db`.`fastload_heartbeat`", 1ull << 32, 2);
  throttle::Reading r;
  r.backlog = 0, r.rate = 1000;
  gate.update(r);
  ASSERT_TRUE(gate.pass([] { return false; }));  // nothing ahead: goes, whatever its size
  gate.taken(1000);
  r.backlog = 500;  // 0.5 s committed and not applied, 1 s in flight, 1 s asked for: 2.5 s
  gate.update(r);
  std::atomic<bool> passed{false};
  std::thread worker([&] { passed = gate.pass([] { return false; }); });
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  EXPECT_FALSE(passed.load());
  EXPECT_EQ(gate.paused(), "the chunks in flight are all the replicas can take now");
  gate.settled(1000);
  r.backlog = 0;  // applied: nothing ahead
  gate.update(r);
  worker.join();
  EXPECT_TRUE(passed.load());
  EXPECT_EQ(gate.account().first_pause, "the chunks in flight are all the replicas can take now");
}

TEST(Galera, OtherNodesByTheirAddresses) {
  throttle::Galera g;
  g.own_address = "127.0.0.1:3306";
  g.addresses = {"127.0.0.1:3306", "10.0.0.2:3307", "[fe80::1]:3308", "AUTO"};
  request::ConnectionOptions run;
  run.user = "loader", run.socket = "/run/mysqld.sock";
  std::vector<std::string> unknown;
  const std::vector<throttle::Replica> nodes = throttle::other_nodes(g, run, std::string("pw"), unknown);
  ASSERT_EQ(nodes.size(), 2u);
  EXPECT_EQ(nodes[0].name, "10.0.0.2:3307");
  EXPECT_EQ(nodes[0].connection.host, "10.0.0.2");
  EXPECT_EQ(nodes[0].connection.port, 3307u);
  EXPECT_EQ(nodes[0].connection.user, "loader");
  EXPECT_TRUE(nodes[0].connection.socket.empty());
  EXPECT_EQ(nodes[0].connection.protocol, request::Protocol::tcp);
  EXPECT_EQ(nodes[1].connection.host, "fe80::1");
  EXPECT_EQ(nodes[1].connection.port, 3308u);
  EXPECT_EQ(unknown, std::vector<std::string>{"AUTO"});
}

TEST(Galera, ChunkBytesLeaveRoomForTheWriteSet) {
  throttle::Galera g;
  g.max_ws_size = 2147483647;
  EXPECT_EQ(throttle::write_set_bytes(g), 2147483647u / 8);
  g.max_ws_size = 1024;
  EXPECT_EQ(throttle::write_set_bytes(g), 128u);
  g.max_ws_size = 0;
  EXPECT_EQ(throttle::write_set_bytes(g), UINT64_MAX);
}

TEST(Gate, PausesResumesAndAccounts) {
  throttle::Gate gate;
  std::atomic<bool> passed{false};
  gate.update(reading("replica r1 is 3.0 s behind", std::nullopt, 3.0));
  EXPECT_EQ(gate.paused(), "replica r1 is 3.0 s behind");
  std::thread worker([&] { passed = gate.pass([] { return false; }); });
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  EXPECT_FALSE(passed.load());  // still waiting
  gate.update(reading(std::nullopt, std::nullopt, 0.5));
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
  gate.update(reading("busy", std::nullopt, std::nullopt));
  std::atomic<bool> stop{false};
  std::thread worker([&] { EXPECT_FALSE(gate.pass([&] { return stop.load(); })); });
  stop = true;  // a signal: the waiting worker gives up within 100 ms
  worker.join();
  gate.update(reading(std::nullopt, "Threads_running is 300 (--critical-load Threads_running=200)", std::nullopt));
  EXPECT_FALSE(gate.pass([] { return false; }));  // shut: no chunk starts again
  EXPECT_EQ(gate.stopped(), "Threads_running is 300 (--critical-load Threads_running=200)");
  gate.update(reading(std::nullopt, std::nullopt, std::nullopt));
  EXPECT_FALSE(gate.pass([] { return false; }));
}

}  // namespace
}  // namespace fastload
