#include "plan/plan.h"

namespace fastload::plan {
namespace {

const request::Request& defaults() {
  static const request::Request every_default;
  return every_default;
}

}  // namespace

TablePlan::TablePlan(const request::Request& r)
    : source(r.source), load(r.load), connection(r.connection), sessions(r.sessions), conflicts(r.conflicts),
      checkpoint(r.checkpoint), output(r.output), scale(r.scale), throttle(r.throttle),
      database(r.target.database), table(r.target.table), files(r.source.files), mode(r.load.mode), format(r.source.format),
      columns(r.target.columns), set(r.target.set), partitions(r.target.partitions), create(r.target.create), charset(r.source.charset),
      convert_charset(r.source.convert_charset), accepted_conversions(r.conflicts.accepted_conversions),
      on_duplicate(r.conflicts.on_duplicate), rejects_file(r.conflicts.rejects_file),
      // An empty InnoDB table's secondary indexes are built by one sort after the load, unless an option needs
      // them in place: --atomic publishes into the target with its indexes, --part's processes would race to
      // re-create them, --mode bulk builds them by sorting already.
      defer_indexes_if_empty(!r.load.keep_indexes && !r.load.atomic && r.scale.parts <= 1 &&
                             !request::traits(r.load.mode).bulk_path) {}

TablePlan::TablePlan() : TablePlan(defaults()) {}

}  // namespace fastload::plan
