#include "table/run_clock.h"

#include <algorithm>
#include <fmt/core.h>
#include <fmt/ranges.h>

#include "table/column_list.h"
#include "text/text.h"

namespace fastload::table {
namespace {

bool assigned(const plan::TablePlan& options, const Column& column) {
  return std::any_of(options.set.begin(), options.set.end(),
                     [&](const request::Assignment& a) { return text::same_name(a.column, column.name); });
}

// A column whose DEFAULT reads the clock and that no field or --set fills: the server would give it the time of
// the statement that stores the row.
bool takes_clock_default(const Target& target, const plan::TablePlan& options, const Column& column) {
  return !column.generated && !column.default_sql.empty() && text::reads_clock(column.default_sql) &&
         !field_of(column.name, target, options) && !assigned(options, column);
}

}  // namespace

ClockedAssignments with_run_clock(const Target& target, const plan::TablePlan& options, const db::RunClock& clock) {
  ClockedAssignments out{options.set, {}};
  const bool readable = !clock.ambiguous && !clock.reading.local.empty();
  for (request::Assignment& a : out.set) {
    if (!text::reads_clock(a.expression)) continue;
    if (!readable) {
      out.notes.push_back(fmt::format("--set {}", a.column));
      continue;
    }
    text::ClockRewrite r = text::with_clock(a.expression, clock.reading);
    if (!r.kept.empty())
      out.notes.push_back(fmt::format("--set {} ({})", a.column, fmt::join(r.kept, ", ")));
    a.expression = std::move(r.text);
  }
  for (const Column& c : target.columns) {
    if (!takes_clock_default(target, options, c)) continue;
    text::ClockRewrite r = text::with_clock(c.default_sql, clock.reading);
    if (!readable || !r.kept.empty()) {
      out.notes.push_back(fmt::format("the DEFAULT of column {}", c.name));
      continue;
    }
    out.set.push_back({c.name, std::move(r.text)});
  }
  return out;
}

}  // namespace fastload::table
