// What the server said about the rows of a statement: its counts checked
// against the rows sent, and its conditions as problems tied to rows of the
// chunk. Runs right after the statement, before anything (a ROLLBACK
// included) clears the server's diagnostics.
#pragma once

#include <vector>

#include "base/base.h"
#include "plan/plan.h"
#include "sink/interface.h"
#include "db/db.h"

namespace fastload::sink {

// True when the server's account of `rows` rows (a statement's or a whole
// chunk's) is exactly what `policy` allows: every row read, and
//   error:   every row stored; nothing deleted, skipped or warned about;
//   ignore:  every row stored or skipped, each skipped row matched by a
//            duplicate-key warning and no other warning (warnings == duplicates == skipped);
//   replace: every row stored, the rows it replaced counted in affected as
//            the server does (affected == rows + deleted); nothing skipped or warned about.
bool counts_match(const SinkResult& result, std::uint64_t rows, request::OnDuplicate policy);

// Adds a statement's counts to the chunk's.
void add_counts(SinkResult& total, const SinkResult& statement);

// Most rows a statement may hold: `wanted` (0: no limit) except under ignore,
// where it raises the session's max_error_count as far as the server allows
// and caps the rows at it: then the server keeps every condition of a
// statement whose warnings are no more than its rows, so each skipped row can
// be matched with its duplicate-key warning.
std::uint64_t max_statement_rows(db::Session& session, request::OnDuplicate policy, std::uint64_t wanted);

// Checks the account of the statement just run, which held `rows` rows
// starting at the chunk's row `first_row`, and adds it to `total` (whose
// on_duplicate says the policy). Returns false, with total.problems, when it
// does not match.
bool check_statement(db::Session& session, SinkResult statement, std::uint64_t rows, std::uint64_t first_row,
                     SinkResult& total);

// The conditions of the last statement, but duplicate keys when `policy` is
// ignore; the statement's row r is the chunk's row `first_row - 1 + r`.
std::vector<Problem> server_problems(db::Session& session, std::uint64_t first_row, request::OnDuplicate policy);

// Records in `result` that the statement starting at the chunk's row
// `first_row` was stopped by error `code`, at the row result.problems names
// for it (0 when none does).
void note_stop(SinkResult& result, std::uint64_t first_row, unsigned code);

}  // namespace fastload::sink
