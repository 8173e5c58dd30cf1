#include "load/chunk_load.h"

#include <algorithm>
#include <fmt/core.h>

#include "load/chunk_text.h"
#include "sink/sink.h"
#include "table/table.h"
#include "text/text.h"

namespace fastload::load {
namespace {

// The server's account must match the chunk exactly, or nothing of it is kept.
std::vector<Problem> refusals(const sink::SinkResult& result, const Chunk& chunk) {
  std::vector<Problem> problems = result.problems;
  if (problems.empty() && !sink::counts_match(result, chunk.rows, result.on_duplicate)) {
    Problem count;
    count.message = fmt::format("the chunk holds {} rows but the server read {}, stored {} and skipped {}{}",
                                chunk.rows, result.records, result.affected, result.skipped,
                                result.warnings == 0 ? "" : fmt::format(", counting {} warnings it did not list",
                                                                        result.warnings));
    problems.push_back(std::move(count));
  }
  return problems;
}

// Leaves the chunk's refused rows out, within --max-errors. Returns false when
// the chunk must be refused instead: a problem not tied to a row, or too many.
bool leave_out(ChunkLoad& load, std::vector<Problem>& problems, const LoadJob& job, LoadCounters& counters) {
  std::vector<Problem> rows;  // one a row: a row with several bad values has its messages joined
  for (const Problem& p : problems) {
    if (p.row_in_chunk == 0 || load.left_out.count(p.row_in_chunk) > 0) continue;
    auto same = std::find_if(rows.begin(), rows.end(),
                             [&](const Problem& r) { return r.row_in_chunk == p.row_in_chunk; });
    if (same == rows.end()) rows.push_back(p);
    else same->message += "; " + p.message;
  }
  if (rows.empty()) return false;
  std::uint64_t before = counters.rejected_rows.fetch_add(rows.size());
  if (before + rows.size() > job.plan.conflicts.max_errors) {
    counters.rejected_rows.fetch_sub(rows.size());
    Problem limit;
    limit.chunk_index = load.chunk.index;
    limit.where = {load.input.name, 0, load.chunk.begin};
    limit.message = fmt::format("more than --max-errors {} rows were rejected; nothing of this chunk was "
                                "committed", job.plan.conflicts.max_errors);
    problems.push_back(std::move(limit));
    return false;
  }
  for (Problem& p : rows) {
    load.left_out.insert(p.row_in_chunk);
    load.outcome.rejected_text.push_back(text_of(p, load.text, job.plan.source.dialect));
    load.outcome.rejects.push_back(std::move(p));
  }
  return true;
}

// The input's last row, when no line terminator ends it and it has more
// fields than the columns take (text/last_row.h), unless it is left out.
std::optional<Problem> last_row_problem(const ChunkLoad& load, const LoadJob& job) {
  const JobInput& input = load.input;
  if (!load.text.last || load.chunk.rows == 0 || load.left_out.count(load.chunk.rows) > 0) return std::nullopt;
  const sink::Destination& to = job.destinations.front();  // every destination takes the fields in the same columns
  text::RowWidth width = table::row_width(to.target, to.plan);
  width.listed = !job.plan.columns.empty();  // a shard's list is the head's columns, not the user's
  const text::Dialect& dialect = job.plan.source.dialect;
  if (!input.converted_last) return text::unterminated_extra_fields(load.text.bytes, load.chunk.rows, width, dialect);
  auto problem = text::unterminated_extra_fields(*input.converted_last, input.converted_last_rows, width, dialect);
  if (problem) problem->row_in_chunk = load.chunk.rows;  // the file's last row
  return problem;
}

// The ids one LOAD DATA makes up for the chunk's rows, worked out once a chunk; nullptr when the run does
// not number them (the sinks then refuse such a row).
const std::vector<std::uint64_t>* made_up_ids(ChunkLoad& load, const LoadJob& job) {
  if (!job.given_ids) return nullptr;
  if (!load.made_up) {
    std::uint64_t ordinal = load.input.rows_before + load.chunk.first_row;
    load.made_up = job.given_ids->ids.number(load.text.bytes, load.text.local(), job.given_ids->start_of(ordinal));
  }
  return &*load.made_up;
}

// Routes the chunk's rows (but those left out) and sends each destination
// whose part is not done its rows, in its open transaction. Returns the rows
// refused, by chunk row: by the routing (then nothing is sent) or by the
// first destination whose account is not exact.
std::vector<Problem> send_parts(WorkerLinks& w, ChunkLoad& load, const LoadJob& job) {
  std::vector<Problem> problems;
  if (auto extra = last_row_problem(load, job)) {
    problems.push_back(std::move(*extra));
    return problems;
  }
  const sink::RouteRow route = [&](std::string_view text, text::RowEnd end) { return w.router->route(text, end); };
  w.routed.resize(job.destinations.size());
  sink::route_rows(load.text.bytes, load.text.local(), load.left_out, job.plan.source.dialect, w.router ? &route : nullptr,
             w.routed, problems);
  load.outcome.duplicates_skipped = load.outcome.rows_replaced = 0;
  for (std::size_t d = 0; d < w.routed.size() && problems.empty(); ++d) {
    const sink::RoutedRows& rows = w.routed[d];
    if (load.done(d) || (rows.chunk.rows == 0 && w.router)) continue;  // a shard without rows of this chunk
    load.at = d;
    const table::RowIds ids{job.ids, load.input.rows_before + load.chunk.first_row, &rows.original_row,
                     made_up_ids(load, job)};
    sink::SinkResult result = w.links[d]->send(rows.chunk, rows.bytes(), ids);
    // The library still sends end-of-file after a failed read: the server holds a truncated chunk.
    if (result.read_failed) {
      rollback_quietly(w);
      load.outcome.state = ChunkState::failed;
      throw Failure(ExitCode::input, fmt::format("{}: {}; nothing of this chunk was committed",
                                                 describe(load.chunk, job), result.read_error));
    }
    const table::Target& table = job.destinations[d].target;
    if (!table.transactional) keep_account(load.kept, result, rows, table.engine);
    problems = refusals(result, rows.chunk);
    for (Problem& p : problems) {
      if (p.row_in_chunk > 0) p.row_in_chunk = rows.chunk_row(p.row_in_chunk);
      p.message += job.destinations[d].where();
    }
    load.outcome.duplicates_skipped += result.skipped;  // an exact account skips and deletes only as asked
    load.outcome.rows_replaced += result.deleted;
  }
  return problems;
}

}  // namespace

// Sends the chunk (without the rows left out) until the servers' account is
// exact, leaving out refused rows as --max-errors allows. Returns false when
// the chunk is refused. The transactions are open on return true.
bool send_until_exact(WorkerLinks& w, ChunkLoad& load, const LoadJob& job, LoadCounters& counters) {
  for (;;) {
    std::vector<Problem> problems = send_parts(w, load, job);
    if (problems.empty()) return true;
    rollback(w);
    locate(problems, load.text, load.input.name, job.plan.source.dialect);
    if (const sink::Destination* cannot = job.untransactional()) {  // what it stored stays: a resend would store it twice
      if (load.kept.engine.empty()) load.kept.engine = cannot->target.engine;
      load.outcome.left_behind = left_behind(load.kept, problems, describe(load.chunk, job),
                                             job.destinations[load.at].target.display);
      load.outcome.problems = std::move(problems);
      return false;
    }
    if (!leave_out(load, problems, job, counters)) {
      load.outcome.problems = std::move(problems);
      return false;
    }
  }
}


// Leaves out the rows the input refused as it was read (a SQL dump's literals) and those with a value the server
// would convert without a word (load/value_checks.h), as --max-errors allows, before any statement: the same path
// as the rows the server refuses. Returns false when the chunk is refused.
bool leave_out_converted(WorkerLinks& w, ChunkLoad& load, const LoadJob& job, LoadCounters& counters) {
  if (load.values_checked) return true;
  std::vector<Problem> problems;
  if (load.text.refused) problems = *load.text.refused;
  if (!w.values->empty() && !w.values_in_sink) {
    std::vector<Problem> values = w.values->check(load.text.bytes, load.text.local());
    std::erase_if(values, [&](const Problem& v) {  // a refused row's text is not what the dump said: not judged
      return std::any_of(problems.begin(), problems.end(), [&](const Problem& p) { return p.row_in_chunk == v.row_in_chunk; });
    });
    problems.insert(problems.end(), std::make_move_iterator(values.begin()), std::make_move_iterator(values.end()));
  }
  std::erase_if(problems, [&](const Problem& p) { return load.left_out.count(p.row_in_chunk) > 0; });
  if (problems.empty()) return load.values_checked = true;
  locate(problems, load.text, load.input.name, job.plan.source.dialect);
  if (!leave_out(load, problems, job, counters)) {
    load.outcome.problems = std::move(problems);
    return false;
  }
  return load.values_checked = true;
}

}  // namespace fastload::load
