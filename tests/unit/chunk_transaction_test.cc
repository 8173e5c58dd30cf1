// A chunk's transaction (load/chunk_transaction.h) against fake links: its
// retries, the rows it leaves out, lost COMMITs resolved by the ledger, and
// the failures that stop it, without a server.
#include <gtest/gtest.h>

#include <deque>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "base/base.h"
#include "db/db.h"
#include "load/chunk_transaction.h"
#include "load/worker_links.h"

namespace fastload::load {
namespace {

// One destination's server: what it committed, its transaction, its ledger,
// and the failures it is told to act out.
struct FakeServer {
  std::vector<std::string> table;    // committed rows
  std::vector<std::string> open;     // rows of the open transaction
  std::set<std::size_t> ledger;      // chunks recorded as committed
  std::optional<std::size_t> recording;  // the chunk the open transaction records
  bool transactional = true;         // false: rows stay whatever happens (MyISAM)
  bool keeps_ledger = false;         // --resume
  bool altered = false;              // an ALTER TABLE changed the columns
  std::deque<unsigned> send_errors;  // the next sends throw these (0: none)
  std::string bad = "bad";           // a row holding this is refused (error 1366 as a warning)
  bool drop_silently = false;        // a row holding "drop" is neither stored nor warned about
  enum class Lose { no, before, after } lose_commit = Lose::no;  // the next COMMIT's answer is lost
  int sends = 0, commits = 0, rollbacks = 0, connects = 0;
};

std::vector<std::string> rows_of(std::string_view bytes) {
  std::vector<std::string> rows;
  for (std::size_t at = 0; at < bytes.size();) {
    std::size_t end = bytes.find('\n', at);
    if (end == std::string_view::npos) end = bytes.size();
    rows.emplace_back(bytes.substr(at, end - at));
    at = end + 1;
  }
  return rows;
}

class FakeLink final : public Link {
 public:
  explicit FakeLink(FakeServer& server) : s_(server) {}

  sink::SinkResult send(const Chunk& rows, std::string_view bytes, const table::RowIds&) override {
    ++s_.sends;
    if (!s_.send_errors.empty()) {
      unsigned code = s_.send_errors.front();
      s_.send_errors.pop_front();
      if (code) throw db::ServerError(code, "HY000", "injected error " + std::to_string(code));
    }
    sink::SinkResult result;
    std::uint64_t r = 0;
    for (const std::string& row : rows_of(bytes)) {
      ++r;
      ++result.records;
      if (s_.drop_silently && row.find("drop") != std::string::npos) continue;
      if (row.find(s_.bad) != std::string::npos) {
        result.problems.push_back({{}, 0, r, er::TRUNCATED_WRONG_VALUE_FOR_FIELD, "Incorrect integer value"});
        ++result.warnings;
      }
      (s_.transactional ? s_.open : s_.table).push_back(row);
      ++result.affected;
    }
    EXPECT_EQ(r, rows.rows);
    return result;
  }
  void commit() override {
    ++s_.commits;
    auto lose = std::exchange(s_.lose_commit, FakeServer::Lose::no);
    if (lose == FakeServer::Lose::before) throw db::ServerError(cr::SERVER_LOST, "HY000", "Lost connection (before COMMIT)");
    s_.table.insert(s_.table.end(), s_.open.begin(), s_.open.end());
    s_.open.clear();
    if (s_.recording) s_.ledger.insert(*std::exchange(s_.recording, std::nullopt));
    if (lose == FakeServer::Lose::after) throw db::ServerError(cr::SERVER_LOST, "HY000", "Lost connection (after COMMIT)");
  }
  void rollback() override {
    ++s_.rollbacks;
    s_.open.clear();
    s_.recording.reset();
  }
  bool table_unchanged() override { return !s_.altered; }
  bool has_ledger(const Chunk&) const override { return s_.keeps_ledger; }
  bool record(const Chunk& chunk, const std::vector<Problem>&, bool) override {
    if (s_.ledger.count(chunk.index) > 0) return false;
    s_.recording = chunk.index;
    return true;
  }
  bool recorded(const Chunk& chunk) override { return s_.ledger.count(chunk.index) > 0; }
  std::string method() const override { return "fake"; }

 private:
  FakeServer& s_;
};

// Sends the rows whose first field is even to destination 0, the others to 1.
class ParityRouter final : public sink::RowRouter {
 public:
  sink::RowDestination route(std::string_view text, text::RowEnd) override {
    return {static_cast<std::size_t>((text.front() - '0') % 2), 0, {}};
  }
};

// One chunk of `text` (TSV, every row ending in LF), loaded into `servers`.
class ChunkTransaction : public ::testing::Test {
 protected:
  void SetUp() override {
    request_.load.threads = 1;
    request_.load.retries = 2;
  }

  sink::Destination destination(const FakeServer& server, std::string shard = {}) {
    sink::Destination d(options_);
    d.shard = std::move(shard);
    d.target.display = "db.t";
    d.target.quoted = "`db`.`t`";
    d.target.engine = server.transactional ? "InnoDB" : "MyISAM";
    d.target.transactional = server.transactional;
    d.target.columns.resize(2);
    d.target.columns[0].name = "a";
    d.target.columns[0].type = "int";
    d.target.columns[1].name = "b";
    d.target.columns[1].type = "varchar";
    return d;
  }

  // Loads `text` as chunk 0 of file "f.tsv" into the servers; returns the outcome.
  ChunkOutcome load(const std::string& text, std::vector<FakeServer*> servers) {
    destinations_.clear();
    for (std::size_t i = 0; i < servers.size(); ++i)
      destinations_.push_back(destination(*servers[i], servers.size() > 1 ? "s" + std::to_string(i) : ""));
    inputs_.assign(1, JobInput{});
    inputs_[0].name = "f.tsv";
    LoadJob job{options_, destinations_, {}, inputs_, nullptr, {}, nullptr, nullptr, nullptr, {}};
    if (servers.size() > 1) job.make_router = [] { return std::make_unique<ParityRouter>(); };
    job.connect = [servers] {
      Links links;
      for (FakeServer* s : servers) {
        ++s->connects;
        links.push_back(std::make_unique<FakeLink>(*s));
      }
      return links;
    };
    ChunkText chunk;
    chunk.chunk.rows = chunk.chunk.lines = std::count(text.begin(), text.end(), '\n');
    chunk.chunk.end = text.size();
    chunk.bytes = text;
    chunk.last = true;
    WorkerLinks w;
    ChunkOutcome outcome;
    try {
      load_chunk(w, ChunkWork{chunk, job, inputs_[0], counters_, outcome});
    } catch (const Failure& f) {
      failure_ = f;
    }
    return outcome;
  }

  request::Request request_;  // what the plan reads of it is read when the load runs: a test may change it first
  plan::TablePlan options_{request_};
  std::vector<sink::Destination> destinations_;
  std::vector<JobInput> inputs_;
  LoadCounters counters_;
  std::optional<Failure> failure_;
};

const std::string kRows = "1\ta\n2\tb\n3\tc\n4\td\n5\te\n";

TEST_F(ChunkTransaction, CommitsAnExactChunkOnce) {
  FakeServer s;
  ChunkOutcome o = load(kRows, {&s});
  EXPECT_FALSE(failure_);
  EXPECT_EQ(o.state, ChunkState::committed);
  EXPECT_EQ(s.table.size(), 5u);
  EXPECT_EQ(s.sends, 1);
  EXPECT_EQ(s.commits, 1);
  EXPECT_EQ(s.connects, 1);
}

TEST_F(ChunkTransaction, RetriesATransientErrorThenCommits) {
  FakeServer s;
  s.send_errors = {er::LOCK_DEADLOCK};
  ChunkOutcome o = load(kRows, {&s});
  EXPECT_FALSE(failure_);
  EXPECT_EQ(o.state, ChunkState::committed);
  EXPECT_EQ(s.table.size(), 5u);
  EXPECT_EQ(s.sends, 2);
  EXPECT_GE(s.rollbacks, 1);
}

TEST_F(ChunkTransaction, ReconnectsAfterALostConnection) {
  FakeServer s;
  s.send_errors = {cr::SERVER_LOST};
  ChunkOutcome o = load(kRows, {&s});
  EXPECT_EQ(o.state, ChunkState::committed);
  EXPECT_EQ(s.connects, 2);
  EXPECT_EQ(s.table.size(), 5u);
}

TEST_F(ChunkTransaction, GivesUpWhenRetriesDoNotCure) {
  FakeServer s;
  s.send_errors = {er::LOCK_DEADLOCK, er::LOCK_DEADLOCK, er::LOCK_DEADLOCK};
  ChunkOutcome o = load(kRows, {&s});
  ASSERT_TRUE(failure_);
  EXPECT_EQ(failure_->code(), ExitCode::load_failed);
  EXPECT_NE(std::string(failure_->what()).find("nothing of this chunk was committed"), std::string::npos);
  EXPECT_EQ(o.state, ChunkState::failed);
  EXPECT_EQ(s.sends, 3);  // the first attempt and 2 retries
  EXPECT_TRUE(s.table.empty());
}

TEST_F(ChunkTransaction, DoesNotRetryAnErrorThatIsNotTransient) {
  FakeServer s;
  s.send_errors = {er::TABLEACCESS_DENIED_ERROR};
  ChunkOutcome o = load(kRows, {&s});
  ASSERT_TRUE(failure_);
  EXPECT_EQ(failure_->code(), ExitCode::privilege);
  EXPECT_EQ(o.state, ChunkState::failed);
  EXPECT_EQ(s.sends, 1);
}

TEST_F(ChunkTransaction, LeavesRefusedRowsOutWithinMaxErrors) {
  request_.conflicts.max_errors = 2;
  FakeServer s;
  ChunkOutcome o = load("1\ta\n2\tbad\n3\tc\n4\tbad\n5\te\n", {&s});
  EXPECT_FALSE(failure_);
  EXPECT_EQ(o.state, ChunkState::committed);
  EXPECT_EQ(s.table, (std::vector<std::string>{"1\ta", "3\tc", "5\te"}));
  ASSERT_EQ(o.rejects.size(), 2u);
  EXPECT_EQ(o.rejects[0].where.line, 2u);
  EXPECT_EQ(o.rejects[0].where.byte_offset, 4u);
  EXPECT_EQ(o.rejects[1].where.line, 4u);
  EXPECT_EQ(o.rejected_text, (std::vector<std::string>{"2\tbad\n", "4\tbad\n"}));
  EXPECT_EQ(counters_.rejected_rows.load(), 2u);
  EXPECT_EQ(s.sends, 2);  // once with every row, once without the refused ones
}

TEST_F(ChunkTransaction, RefusesTheChunkBeyondMaxErrors) {
  request_.conflicts.max_errors = 1;
  FakeServer s;
  ChunkOutcome o = load("1\ta\n2\tbad\n3\tbad\n", {&s});
  EXPECT_EQ(o.state, ChunkState::rejected);
  EXPECT_EQ(s.commits, 0);
  EXPECT_TRUE(s.table.empty());
  ASSERT_FALSE(o.problems.empty());
  EXPECT_NE(o.problems.back().message.find("more than --max-errors 1"), std::string::npos);
  EXPECT_EQ(counters_.rejected_rows.load(), 0u);  // given back: nothing of the chunk is kept
}

TEST_F(ChunkTransaction, RefusesAnAccountThatDoesNotAddUp) {
  FakeServer s;
  s.drop_silently = true;
  ChunkOutcome o = load("1\ta\n2\tdrop\n3\tc\n", {&s});
  EXPECT_EQ(o.state, ChunkState::rejected);
  EXPECT_EQ(s.commits, 0);
  ASSERT_EQ(o.problems.size(), 1u);
  EXPECT_NE(o.problems[0].message.find("holds 3 rows but the server read 3, stored 2"), std::string::npos)
      << o.problems[0].message;
}

TEST_F(ChunkTransaction, ALostCommitWithoutLedgerIsUnknown) {
  FakeServer s;
  s.lose_commit = FakeServer::Lose::after;
  ChunkOutcome o = load(kRows, {&s});
  ASSERT_TRUE(failure_);
  EXPECT_EQ(failure_->code(), ExitCode::load_failed);
  EXPECT_NE(std::string(failure_->what()).find("was lost during COMMIT"), std::string::npos);
  EXPECT_EQ(o.state, ChunkState::unknown);
}

TEST_F(ChunkTransaction, TheLedgerSaysALostCommitHappened) {
  FakeServer s;
  s.keeps_ledger = true;
  s.lose_commit = FakeServer::Lose::after;
  ChunkOutcome o = load(kRows, {&s});
  EXPECT_FALSE(failure_);
  EXPECT_EQ(o.state, ChunkState::committed);
  EXPECT_EQ(s.table.size(), 5u);  // not sent again
  EXPECT_EQ(s.sends, 1);
  EXPECT_EQ(s.connects, 2);
}

TEST_F(ChunkTransaction, TheLedgerSaysALostCommitDidNotHappen) {
  FakeServer s;
  s.keeps_ledger = true;
  s.lose_commit = FakeServer::Lose::before;
  ChunkOutcome o = load(kRows, {&s});
  EXPECT_FALSE(failure_);
  EXPECT_EQ(o.state, ChunkState::committed);
  EXPECT_EQ(s.table.size(), 5u);  // sent again, committed once
  EXPECT_EQ(s.sends, 2);
  EXPECT_EQ(s.ledger, std::set<std::size_t>{0});
}

TEST_F(ChunkTransaction, AChunkAnotherRunRecordedIsNotLoadedTwice) {
  FakeServer s;
  s.keeps_ledger = true;
  s.ledger = {0};
  ChunkOutcome o = load(kRows, {&s});
  EXPECT_FALSE(failure_);
  EXPECT_EQ(o.state, ChunkState::loaded_before);
  EXPECT_TRUE(s.table.empty());
  EXPECT_EQ(s.commits, 0);
}

TEST_F(ChunkTransaction, ATableThatCannotRollBackIsNotRetried) {
  FakeServer s;
  s.transactional = false;
  s.send_errors = {0, er::LOCK_DEADLOCK};  // the first send stores its rows; nothing is retried
  request_.conflicts.max_errors = 5;
  ChunkOutcome o = load("1\ta\n2\tbad\n", {&s});
  EXPECT_EQ(o.state, ChunkState::rejected);  // a refused row is not left out: a resend would store again
  EXPECT_EQ(s.sends, 1);
  EXPECT_EQ(s.table.size(), 2u);
  EXPECT_NE(o.left_behind.find("cannot roll back"), std::string::npos) << o.left_behind;
}

TEST_F(ChunkTransaction, AChangedTableStopsTheLoad) {
  FakeServer s;
  s.altered = true;
  ChunkOutcome o = load(kRows, {&s});
  ASSERT_TRUE(failure_);
  EXPECT_EQ(failure_->code(), ExitCode::no_table);
  EXPECT_EQ(o.state, ChunkState::failed);
  EXPECT_EQ(s.commits, 0);
}

TEST_F(ChunkTransaction, SplitsRowsAmongDestinations) {
  FakeServer even, odd;
  ChunkOutcome o = load(kRows, {&even, &odd});
  EXPECT_EQ(o.state, ChunkState::committed);
  EXPECT_EQ(even.table, (std::vector<std::string>{"2\tb", "4\td"}));
  EXPECT_EQ(odd.table, (std::vector<std::string>{"1\ta", "3\tc", "5\te"}));
  EXPECT_EQ(o.rows_on, (std::vector<std::uint64_t>{2, 3}));
}

TEST_F(ChunkTransaction, ALostCommitOnOneShardResendsOnlyThere) {
  FakeServer even, odd;
  even.keeps_ledger = odd.keeps_ledger = true;
  odd.lose_commit = FakeServer::Lose::before;
  ChunkOutcome o = load(kRows, {&even, &odd});
  EXPECT_FALSE(failure_);
  EXPECT_EQ(o.state, ChunkState::committed);
  EXPECT_EQ(even.table.size(), 2u);  // committed by the first attempt, not sent again
  EXPECT_EQ(even.sends, 1);
  EXPECT_EQ(odd.table.size(), 3u);
  EXPECT_EQ(odd.sends, 2);
}

TEST_F(ChunkTransaction, ALostCommitOnOneShardWithoutLedgerSaysWhatWasCommitted) {
  FakeServer even, odd;
  odd.lose_commit = FakeServer::Lose::before;
  ChunkOutcome o = load(kRows, {&even, &odd});
  ASSERT_TRUE(failure_);
  EXPECT_EQ(o.state, ChunkState::unknown);
  EXPECT_NE(std::string(failure_->what()).find("whether its rows on shard s1 are in the table is unknown"),
            std::string::npos) << failure_->what();
}

}  // namespace
}  // namespace fastload::load
