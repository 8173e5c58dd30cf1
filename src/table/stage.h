// --atomic: the workers load a staging table in parallel, then one transaction
// publishes it into the target (INSERT ... SELECT, COMMIT). Readers of the
// target see none of the load until that COMMIT and all of it after; after any
// failure the target is exactly as it was.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "base/base.h"
#include "plan/plan.h"
#include "db/db.h"
#include "table/target.h"

namespace fastload::table {

struct Stage {
  Target target;         // the staging table: the target's columns and engine; the workers load into it
  std::vector<std::string> columns;  // the target's non-generated columns, quoted: what the publish copies
  bool keep = false;     // --resume: a failure leaves the stage and its committed chunks for the rerun
  bool resumed = false;  // keep, and an earlier run's stage was found: it holds that run's chunks
};

// The staging table's name for `target`: fastload_stage_ and 16 hex digits of
// a hash of the target's database and table, the same on every run.
std::string stage_name(const Target& target);

// Creates the stage in the target's database (CREATE TABLE ... LIKE, then our
// COMMENT and the target's AUTO_INCREMENT), holding a named lock on the
// control session so that two --atomic runs into one table cannot share it.
// A stage an earlier run left is dropped and created again, unless
// keep_existing (--resume), which continues it. A table of that name without
// fastload's comment is never dropped: refused. Throws Failure; refuses a
// target whose engine cannot roll back (ExitCode::usage).
Stage prepare_stage(db::Session& control, const Target& target, bool keep_existing);

struct Published {
  std::uint64_t rows = 0;      // rows of the stage the publish read
  std::uint64_t kept = 0;      // --on-duplicate ignore: rows whose key was in the target, which kept its row
  std::uint64_t replaced = 0;  // --on-duplicate replace: rows of the target the publish replaced
};

// In one transaction, under a strict sql_mode: INSERT (or REPLACE, or INSERT
// ... ON DUPLICATE KEY UPDATE as a no-op for --on-duplicate ignore) INTO the
// target the stage's rows, checked against `staged_rows` (what the load
// committed into the stage, earlier runs' chunks included); then
// `in_transaction(control)` (the --resume ledger records the publish there);
// then COMMIT, and the stage is dropped. On failure everything is rolled
// back, the stage abandoned (abandon_stage) and a Failure thrown saying the
// target is unchanged; PublishUnknown when the COMMIT's answer was lost.
Published publish_stage(db::Session& control, const Target& target, const Stage& stage, std::uint64_t staged_rows,
                        request::OnDuplicate on_duplicate, const std::function<void(db::Session&)>& in_transaction);

// The publish's COMMIT was sent and its answer lost: the target holds all of
// the load or none of it.
class PublishUnknown : public Failure {
 public:
  using Failure::Failure;
};

// --resume: empties a kept stage when the ledger lists none of its chunks as
// this load's (they are another load's). DELETE, not TRUNCATE, which would
// give the table a new identity and so void the ledger's record of it.
void clear_stage(db::Session& control, const Stage& stage);

// DROP TABLE IF EXISTS the stage; false when the server refused or the
// connection is gone.
bool drop_stage(db::Session& control, const Stage& stage) noexcept;

// After a failure before the publish committed: drops the stage unless it is
// kept for --resume. Returns the message for the user: the target is
// unchanged, what became of the stage, what to do.
std::string abandon_stage(db::Session& control, const Target& target, const Stage& stage);

}  // namespace fastload::table
