#include "load/worker_links.h"

namespace fastload::load {

void connect(WorkerLinks& w, const LoadJob& job) {
  w.links.clear();
  w.links = job.connect();
  if (job.make_router && !w.router) w.router = job.make_router();
  // Every destination takes the fields in the same columns: the first one's types decide.
  if (!w.values) w.values.emplace(job.destinations.front().target, job.plan);
  // One destination: its sink may check the values as it parses each row to send it, saving a parse a row.
  const ValueChecker* values = &*w.values;
  w.values_in_sink = !values->empty() && w.links.size() == 1 &&
                     w.links[0]->check_values([values](const std::vector<text::Field>& fields, std::uint64_t row,
                                                       std::vector<Problem>& problems, std::uint64_t whole) {
                       return values->check_row(fields, row, problems, whole);
                     });
}

void connect_to_table(WorkerLinks& w, const LoadJob& job) {
  w.router.reset();
  w.values.reset();
  connect(w, job);
}

void rollback_quietly(WorkerLinks& w) noexcept {
  for (auto& link : w.links) {
    try {
      link->rollback();
    } catch (...) {
      // The connection is gone: the server rolls the transaction back itself.
    }
  }
}

void rollback(WorkerLinks& w) {
  for (auto& link : w.links) link->rollback();
}

}  // namespace fastload::load
