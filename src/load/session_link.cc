#include "load/session_link.h"

#include <spdlog/spdlog.h>

#include "base/base.h"
#include "db/db.h"
#include "sink/sink.h"
#include "table/table.h"

namespace fastload::load {
namespace {

// What a signal does to a worker's call between its chunks' COMMITs (db/stop_signal.h): abandoned where the table
// can roll the chunk back, else given the grace to end.
db::OnStop chunk_on_stop(const table::Target& target) { return target.transactional ? db::OnStop::abandon : db::OnStop::finish; }

class SessionLink final : public Link {
 public:
  SessionLink(const LoadJob& job, std::size_t destination, std::unique_ptr<db::Session> session)
      : job_(job), d_(destination), to_(job.destinations[destination]), session_(std::move(session)) {
    try {
      sink_ = sink::make_sink(*session_, to_.target, to_.plan, job.ids, job.inputs.front().name);
    } catch (const db::ServerError& e) {
      throw table::explain(e, to_.target, "preparing the workers' statements" + to_.where(), to_.plan.mode);
    }
  }

  sink::SinkResult send(const Chunk& rows, std::string_view bytes, const table::RowIds& ids) override {
    return sink_->send(rows, bytes, ids);
  }
  void commit() override {
    // A COMMIT cut would leave the chunk in doubt: it gets the grace; the chunk's other calls do not.
    session_->on_stop(db::OnStop::finish);
    session_->execute("COMMIT");
    session_->on_stop(chunk_on_stop(to_.target));
  }
  void rollback() override { session_->execute("ROLLBACK"); }
  bool table_unchanged() override { return table::same_definition(*session_, to_.target); }
  bool has_ledger(const Chunk& chunk) const override { return ledger(chunk) != nullptr; }
  bool record(const Chunk& chunk, const std::vector<Problem>& rejects, bool last) override {
    try {
      session_->execute(ledger(chunk)->record(*session_, chunk, rejects, last));
      return true;
    } catch (const db::ServerError& e) {
      if (e.code() != er::DUP_ENTRY) throw;  // recorded by another run
      return false;
    }
  }
  bool recorded(const Chunk& chunk) override {
    bool is = ledger(chunk)->is_recorded(*session_, chunk.index);
    session_->execute("ROLLBACK");  // ends the locking read's transaction
    return is;
  }
  std::string method() const override { return sink_->method(); }
  std::uint64_t take_sent() override { return session_->take_sent(); }
  void also(const std::string& sql) override { session_->execute(sql); }
  bool check_values(const sink::RowCheck& check) override {
    return to_.target.transactional && sink_->take_row_check(check);
  }

 private:
  const table::Ledger* ledger(const Chunk& chunk) const {
    const JobInput& input = job_.inputs[chunk.file];
    return input.ledgers.empty() ? nullptr : input.ledgers[d_];
  }

  const LoadJob& job_;
  const std::size_t d_;
  const sink::Destination& to_;
  std::unique_ptr<db::Session> session_;
  std::unique_ptr<sink::Sink> sink_;
};

// A new session to `to`, ready for chunks. Each chunk is one transaction,
// ended by COMMIT or ROLLBACK: autocommit=0 rather than START TRANSACTION a
// chunk, the same transactions with less server CPU a row (docs/benchmarks.md).
// Every worker takes from the one --max-rate limiter, so the cap is the load's.
std::unique_ptr<db::Session> open_session(const sink::Destination& to, const std::vector<const input::MappedFile*>& mapped,
                                      std::atomic<std::uint64_t>* sent) {
  const plan::TablePlan& o = to.plan;
  auto session = std::make_unique<db::Session>(to.connection, to.password, o.sessions.compress);
  if (o.sessions.compress) spdlog::debug("a worker connected, its protocol compressed with {}", session->compression());
  db::pin_session(*session, to.pins);
  session->use_database(o.database);
  db::set_loading_variables(*session, o);  // before any transaction: sql_log_bin cannot change inside one
  session->execute("SET autocommit = 0");
  session->set_rate_limiter(db::shared_rate_limiter(o.load.max_rate));
  session->release_sent_pages(mapped);
  session->take_sent();  // what it sent to set up is no chunk's
  session->count_sent(sent);
  session->on_stop(chunk_on_stop(to.target));  // from here on its calls are chunks'; its set-up above is cut at once
  return session;
}

}  // namespace

Connect session_links(const LoadJob& job, std::vector<const input::MappedFile*> mapped) {
  return [&job, mapped = std::move(mapped)] {
    Links links;
    for (std::size_t d = 0; d < job.destinations.size(); ++d)
      links.push_back(std::make_unique<SessionLink>(job, d, open_session(job.destinations[d], mapped, job.sent)));
    return links;
  };
}

}  // namespace fastload::load
