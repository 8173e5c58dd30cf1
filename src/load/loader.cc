#include "load/loader.h"

#include <algorithm>
#include <optional>

#include "base/base.h"
#include "load/chunk_transaction.h"
#include "load/work_queue.h"
#include "load/worker_links.h"

namespace fastload::load {
namespace {

// One worker: takes chunks from the queue until it says stop, each settled by its transaction on the
// worker's own links, and says what became of each.
void work(WorkQueue& queue, unsigned worker, WorkerLinks& links) {
  while (std::optional<Taken> taken = queue.next(worker, links)) {
    Result<void> failed;
    try {
      settle_chunk(links, taken->work);
    } catch (...) {  // what it threw, as the Failure its table's outcome keeps
      failed = current_failure();
    }
    queue.done(taken, links, failed);
  }
}

}  // namespace

void load_tables(const std::vector<TableWork*>& tables, unsigned threads) {
  if (tables.empty()) return;
  if (std::optional<std::size_t> known = tables[0]->source->count(); known && tables.size() == 1)
    threads = static_cast<unsigned>(std::min<std::size_t>(threads, *known));
  WorkQueue queue(tables, threads);
  std::vector<WorkerLinks> links(threads);  // each worker's own
  if (!queue.connect(links)) return;
  run_workers(threads, queue.stop(), [&](unsigned worker) { work(queue, worker, links[worker]); });
}

}  // namespace fastload::load
