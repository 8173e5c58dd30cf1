// --atomic: the staged rows published into the target in one transaction, or
// the stage abandoned (kept for --resume) after a failure.
#include "run/state.h"

#include <spdlog/spdlog.h>

namespace fastload::run {
namespace {

// --atomic: the target never held any of the load, so nothing counts as
// committed; the staged chunks are not published, or unknown when the publish's
// answer was lost.
void unpublished(report::Summary& s, bool in_doubt) {
  for (report::ChunkSpan& span : s.spans) {
    if (span.state.state != ChunkState::committed || span.state.unverified) continue;
    if (in_doubt) span.state.state = ChunkState::unknown;
    else span.state.unpublished = true;
  }
  s.rows = s.bytes = s.chunks_committed = 0;
}

}  // namespace

// --atomic, after a failure before the publish: the stage goes (or stays for
// --resume) and the user learns that the target is unchanged.
void abandon(RunState& state) {
  if (!state.stage) return;
  state.summary.error += "\n" + table::abandon_stage(*state.control, state.target, *state.stage);
  if (!state.stage->keep) unpublished(state.summary, false);
  state.stage.reset();
}

// --atomic: the staged rows into the target in one transaction (see table/stage.h).
void publish(const plan::TablePlan& options, RunState& state) {
  table::Stage stage = std::move(*state.stage);
  state.stage.reset();  // publish_stage drops it, or abandons it on failure
  if (state.published_before) {  // --resume: an earlier run published; its stage may be left
    table::drop_stage(*state.control, stage);
    return;
  }
  const report::Summary& s = state.summary;
  try {
    table::Published p = table::publish_stage(
        *state.control, state.target, stage, s.rows + s.rows_loaded_before, options.on_duplicate,
        [&](db::Session& control) {  // --resume: "published" commits with the rows
          for (const Input& input : state.inputs)
            for (const auto& ledger : input.ledgers) control.execute(ledger->record_published(control));
        });
    if (p.kept) spdlog::info("{} rows had the key of a row already in {}, which kept its row", p.kept, s.table);
    // The rows the publish skipped or replaced are the load's, as a run without --atomic counts them.
    state.summary.duplicates_skipped += p.kept;
    state.summary.rows_replaced += p.replaced;
  } catch (const table::PublishUnknown&) {
    unpublished(state.summary, true);
    throw;
  } catch (const Failure&) {  // publish_stage explains every ServerError: none arrives here raw
    unpublished(state.summary, false);
    throw;
  }
}

}  // namespace fastload::run
