#include "load/worker.h"

#include <algorithm>
#include <fmt/core.h>
#include <spdlog/spdlog.h>

#include "base/errors.h"
#include "sink/make_sink.h"
#include "db/rate_limit.h"
#include "db/session_variables.h"

namespace fastload::load {
namespace {

// A new connection to `to`, ready for chunks. Each chunk is one transaction,
// ended by COMMIT or ROLLBACK: autocommit=0 rather than START TRANSACTION a
// chunk, the same transactions with less server CPU a row (docs/benchmarks.md).
// Every worker takes from the one --max-rate limiter, so the cap is the load's.
Link connect(const LoadJob& job, const Destination& to) {
  const Options& o = to.options;
  Link link;
  link.session = std::make_unique<Session>(to.connection, to.password, o.compress);
  if (o.compress) spdlog::debug("a worker connected, its protocol compressed with {}", link.session->compression());
  pin_session(*link.session, to.pins);
  link.session->use_database(o.database);
  set_loading_variables(*link.session, o);  // before any transaction: sql_log_bin cannot change inside one
  link.session->execute("SET autocommit = 0");
  link.session->set_rate_limiter(shared_rate_limiter(o.max_rate));
  std::vector<const input::MappedFile*> mapped;
  for (const JobInput& input : job.inputs)
    if (input.file) mapped.push_back(input.file);
  link.session->release_sent_pages(std::move(mapped));
  try {
    link.sink = make_sink(*link.session, to.target, o, job.ids, job.inputs.front().name);
  } catch (const ServerError& e) {
    throw explain(e, to.target, "preparing the workers' statements" + to.where(), o.mode);
  }
  return link;
}

}  // namespace

std::string describe(const Chunk& c, const LoadJob& job) {
  return fmt::format("{}: chunk {} (bytes {}-{}, lines {}-{}, {} rows)", job.name_of(c), c.index, c.begin,
                     c.end, c.first_line, c.first_line + std::max<std::uint64_t>(c.lines, 1) - 1, c.rows);
}

void connect(Worker& w, const LoadJob& job) {
  w.links.clear();
  std::vector<Link> links;
  for (const Destination& to : job.destinations) links.push_back(connect(job, to));
  w.links = std::move(links);
  if (job.make_router && !w.router) w.router = job.make_router();
  // Every destination takes the fields in the same columns: the first one's types decide.
  if (!w.values) w.values.emplace(job.destinations.front().target, job.options);
}

void rollback_quietly(Worker& w) noexcept {
  for (Link& link : w.links) {
    try {
      link.session->execute("ROLLBACK");
    } catch (...) {
      // The connection is gone: the server rolls the transaction back itself.
    }
  }
}

void rollback(Worker& w) {
  for (Link& link : w.links) link.session->execute("ROLLBACK");
}

}  // namespace fastload::load
