// --columns and --set against the target table: the names they use must be
// its columns, each at most once, and LOAD DATA's column list and SET clause
// that they say, with every name quoted.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "plan/plan.h"
#include "text/text.h"
#include "table/target.h"

namespace fastload::table {

// The field of each row that holds `column`: its --columns entry (not an @variable), or without --columns its
// position among the table's visible columns; nothing when no field does.
std::optional<std::size_t> field_of(const std::string& column, const Target& target, const plan::TablePlan& options);

// The table's column named `name` (case-insensitive, as the server compares
// them); nullptr when there is none.
const Column* find_column(const Target& target, std::string_view name);

// Throws Failure(ExitCode::usage) naming the column and what to do: a name
// that is not a column of the table, a column twice, a --set column that the
// fields fill too (listed in --columns, or every default column without
// --columns), a field for a generated column (the server would drop its value
// without a word: docs/design.md#values-the-server-changes-silently).
void check_columns(const Target& target, const plan::TablePlan& options);

// How many fields a row must hold: --columns' entries (those up to the last
// column required), or the table's visible columns.
text::RowWidth row_width(const Target& target, const plan::TablePlan& options);

// What each field fills, in order: a column's name, or "" for a @variable (--columns' entries, or the
// table's visible columns).
std::vector<std::string> field_names(const Target& target, const plan::TablePlan& options);

// " (`a`, @`skip`, `b`, @`x`) SET `c` = UPPER(@x)": what follows LOAD DATA's
// other clauses; without --columns the table's visible columns, " (`a`, `b`)".
// Names are the table's.
std::string load_data_columns(const Target& target, const plan::TablePlan& options);

}  // namespace fastload::table
