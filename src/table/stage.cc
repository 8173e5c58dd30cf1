#include "table/stage.h"

#include <cinttypes>
#include <cstdio>
#include <fmt/core.h>
#include <optional>
#include <spdlog/spdlog.h>
#include <vector>

#include "db/db.h"
#include "text/text.h"

namespace fastload::table {
namespace {

// Marks a table as a stage fastload made, so it may drop it: a table of the
// user's that happens to have the stage's name never has it.
constexpr const char* kComment = "fastload --atomic stage: safe to drop when no fastload runs";

// FNV-1a: the same on every platform and build, unlike std::hash.
std::uint64_t name_hash(const std::string& database, const std::string& table) {
  std::uint64_t h = 14695981039346656037ull;
  auto add = [&](unsigned char c) { h = (h ^ c) * 1099511628211ull; };
  for (char c : database) add(c);
  add(0);  // so that ("ab", "c") and ("a", "bc") differ
  for (char c : table) add(c);
  return h;
}

Target staged_target(const Target& target) {
  Target stage = target;  // same columns, engine, transactional
  stage.table = stage_name(target);
  stage.quoted = text::quote_identifier(stage.database) + "." + text::quote_identifier(stage.table);
  stage.display = stage.database + "." + stage.table;
  return stage;
}

// Held by the control session until it disconnects: one run per stage.
void lock_stage(db::Session& control, const Target& target, const Stage& stage) {
  auto got = control.query_value(fmt::format("SELECT GET_LOCK({}, 0)",
                                             control.quote_string("fastload." + stage.target.table)));
  if (got != "1")
    throw Failure(ExitCode::load_failed, fmt::format(
        "--atomic: another fastload run is loading {} through the stage {} (it holds the lock "
        "fastload.{}); wait for it to end, then rerun", target.display, stage.target.display, stage.target.table));
}

// The information_schema.TABLES column `column` of `t`; nullopt when there is no such table.
std::optional<std::optional<std::string>> table_field(db::Session& control, const Target& t, const char* column) {
  auto rows = control.query(fmt::format("SELECT {} FROM information_schema.TABLES WHERE TABLE_SCHEMA = {} AND "
                                        "TABLE_NAME = {}", column, control.quote_string(t.database),
                                        control.quote_string(t.table)));
  if (rows.empty()) return std::nullopt;
  return rows[0][0];
}

// Generated columns are computed by the target itself; invisible ones are
// copied too (SELECT * would miss them).
std::vector<std::string> publish_columns(db::Session& control, const Target& target) {
  std::vector<std::string> columns;
  for (const db::Row& r : control.query(fmt::format(
           "SELECT COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = {} AND TABLE_NAME = {} "
           "AND COALESCE(GENERATION_EXPRESSION, '') = '' ORDER BY ORDINAL_POSITION",
           control.quote_string(target.database), control.quote_string(target.table))))
    columns.push_back(text::quote_identifier(r[0].value_or("")));
  return columns;
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

void create_stage(db::Session& control, const Target& target, const Stage& stage) {
  control.execute(fmt::format("CREATE TABLE {} LIKE {}", stage.target.quoted, target.quoted));
  // LIKE copies the target's comment but not its AUTO_INCREMENT: rows that
  // leave the counter to the server get the numbers the target would give.
  std::string alter = fmt::format("ALTER TABLE {} COMMENT = {}", stage.target.quoted, control.quote_string(kComment));
  std::string next = table_field(control, target, "AUTO_INCREMENT").value_or(std::nullopt).value_or("");
  if (!next.empty() && next.find_first_not_of("0123456789") == std::string::npos) alter += ", AUTO_INCREMENT = " + next;
  try {
    control.execute(alter);
  } catch (const db::ServerError&) {
    drop_stage(control, stage);  // ours, though it lacks the comment yet
    throw;
  }
}

Failure stage_failure(const db::ServerError& e, const Target& target, const Stage& stage) {
  if (db::is_read_only(e))
    return Failure(ExitCode::privilege, fmt::format("--atomic: cannot set up the staging table {}: {}",
                                                    stage.target.display, read_only_advice(e)));
  bool denied = db::is_privilege_denied(e.code());
  return Failure(denied ? ExitCode::privilege : ExitCode::load_failed, fmt::format(
      "--atomic: cannot set up the staging table {}: {} (error {}); {}", stage.target.display, e.server_message(),
      e.code(), denied ? fmt::format("GRANT CREATE, ALTER, DROP, INSERT, SELECT ON {}.* to the user (the stage "
                                     "lives next to {}), or load without --atomic", text::quote_identifier(target.database),
                                     target.display)
                       : "fix the cause, or load without --atomic"));
}

}  // namespace

std::string stage_name(const Target& target) {
  return fmt::format("fastload_stage_{:016x}", name_hash(target.database, target.table));
}

Stage prepare_stage(db::Session& control, const Target& target, bool keep_existing) {
  require_transactional(target, ExitCode::usage, "--atomic", "a failed publish would leave part of the load in it",
                        "Load without --atomic");
  Stage stage{staged_target(target), {}, keep_existing, false};
  try {
    lock_stage(control, target, stage);
    stage.columns = publish_columns(control, target);
    auto comment = table_field(control, stage.target, "TABLE_COMMENT");
    if (comment && comment->value_or("") != kComment)
      throw Failure(ExitCode::load_failed, fmt::format(
          "--atomic: {} exists and is not a fastload stage (its comment is not fastload's), so "
          "fastload will not drop it; --atomic into {} needs that name: rename that table, then rerun",
          stage.target.display, target.display));
    // The --resume hook: a rerun continues the stage whose chunks its ledger lists.
    stage.resumed = comment && keep_existing;
    if (comment && !keep_existing) control.execute("DROP TABLE " + stage.target.quoted);  // an earlier run's
    if (!stage.resumed) create_stage(control, target, stage);
  } catch (const db::ServerError& e) {
    throw stage_failure(e, target, stage);
  }
  return stage;
}

void clear_stage(db::Session& control, const Stage& stage) {
  control.execute("DELETE FROM " + stage.target.quoted);
}

bool drop_stage(db::Session& control, const Stage& stage) noexcept {
  try {
    control.execute("DROP TABLE IF EXISTS " + stage.target.quoted);
    return true;
  } catch (...) {
    return false;
  }
}

std::string abandon_stage(db::Session& control, const Target& target, const Stage& stage) {
  std::string unchanged = fmt::format("--atomic: nothing was published: {} is unchanged", target.display);
  if (stage.keep)
    return fmt::format("{}; its stage {} is kept with the chunks it holds: fix the problem, then rerun with "
                       "--resume, which loads the rest and publishes", unchanged, stage.target.display);
  if (drop_stage(control, stage))
    return unchanged + " and its stage table was dropped; fix the problem, then rerun the whole load";
  return fmt::format("{}; its stage {} could not be dropped (the next --atomic run into {} drops it, or DROP TABLE "
                     "it yourself); fix the problem, then rerun the whole load", unchanged, stage.target.display,
                     target.display);
}

namespace {

std::string publish_statement(const Target& target, const Stage& stage, request::OnDuplicate on_duplicate) {
  std::string columns = joined(stage.columns);
  // --partition's clause too: the stage has the target's partitions, but the target's own must take the rows.
  std::string rows = fmt::format("{} ({}) SELECT {} FROM {}", target.into(), columns, columns, stage.target.quoted);
  if (on_duplicate == request::OnDuplicate::replace) return "REPLACE INTO " + rows;
  if (on_duplicate == request::OnDuplicate::error) return "INSERT INTO " + rows;
  // ignore: a no-op update keeps the target's row. Unlike INSERT IGNORE it
  // leaves every other error (a foreign key, a bad value) an error.
  std::string first = target.quoted + "." + stage.columns.at(0);
  return fmt::format("INSERT INTO {} ON DUPLICATE KEY UPDATE {} = {}", rows, first, first);
}

// The publish's warnings, but for 1592 (unsafe for a statement-based binary
// log: about replicas, not the data). Everything when the list is truncated.
std::vector<std::string> data_warnings(db::Session& control) {
  std::vector<std::string> out;
  auto rows = control.query("SHOW WARNINGS");
  for (const db::Row& r : rows)
    if (r.size() >= 3 && r[1].value_or("") != std::to_string(er::BINLOG_UNSAFE_STATEMENT))
      out.push_back(fmt::format("{} (error {})", r[2].value_or(""), r[1].value_or("")));
  if (rows.size() < control.warning_count()) out.push_back("and more warnings");
  return out;
}

// The server's account of the INSERT ... SELECT against what the load put in the stage.
Published check_publish(db::Session& control, const Target& target, std::uint64_t staged_rows, request::OnDuplicate policy) {
  std::uint64_t records = 0, duplicates = 0, warnings = 0, affected = control.affected_rows();
  std::string info = control.info();
  if (std::sscanf(info.c_str(), "Records: %" SCNu64 " Duplicates: %" SCNu64 " Warnings: %" SCNu64, &records,
                  &duplicates, &warnings) != 3)
    records = duplicates = 0, warnings = control.warning_count();  // no report: an empty stage
  // error: every row stored; ignore and replace: the stage may hold fewer rows
  // than the load's chunks (their own duplicates were already resolved).
  bool exact = policy == request::OnDuplicate::error    ? records == staged_rows && affected == records
               : policy == request::OnDuplicate::ignore ? records <= staged_rows && affected <= records
                                               : records <= staged_rows;
  std::vector<std::string> problems = warnings ? data_warnings(control) : std::vector<std::string>{};
  if (exact && problems.empty())
    return {records, policy == request::OnDuplicate::ignore ? records - affected : 0,
            policy == request::OnDuplicate::replace ? duplicates : 0};
  std::string said;
  for (const std::string& p : problems) said += "; " + p;
  throw Failure(ExitCode::rejected, fmt::format(
      "--atomic: publishing into {} read {} rows of the stage (the load committed {}) and stored {}, "
      "with {} warnings{}", target.display, records, staged_rows, affected, warnings, said));
}

// The server's refusal of the publish as the Failure a user can act on.
Failure publish_failure(const db::ServerError& e, const Target& target) {
  auto failure = [&](ExitCode code, const char* hint) {
    return Failure(code, fmt::format("--atomic: publishing into {} failed: {} (error {}); {}",
                                     target.display, e.server_message(), e.code(), hint));
  };
  if (db::is_read_only(e))
    return Failure(ExitCode::privilege, fmt::format("--atomic: publishing into {} failed: {}",
                                                    target.display, read_only_advice(e)));
  if (db::is_data_error(e.code()))
    return failure(ExitCode::rejected, "a row of the load conflicts with the table (a key already in it, a "
                   "foreign key, a constraint): remove it from the file, or give --on-duplicate ignore or replace "
                   "for keys");
  if (db::is_privilege_denied(e.code()))
    return failure(ExitCode::privilege, "GRANT the user INSERT on the table (and DELETE for --on-duplicate "
                   "replace, UPDATE for ignore)");
  if (db::is_transaction_too_large(e.code()))
    return failure(ExitCode::load_failed, "one transaction cannot hold the whole load on this server: raise "
                   "max_binlog_cache_size or innodb_buffer_pool_size, or load without --atomic");
  return failure(ExitCode::load_failed, "see the server's message");
}

// COMMIT; a lost answer leaves the target with all of the load or none of it.
void commit_publish(db::Session& control, const Target& target, const Stage& stage, std::uint64_t rows) {
  try {
    control.execute("COMMIT");
  } catch (const db::ServerError& e) {
    if (!db::is_connection_lost(e.code())) throw;
    throw PublishUnknown(ExitCode::load_failed, fmt::format(
        "--atomic: the connection was lost during the publish's COMMIT ({}, error {}): {} holds "
        "either all {} rows of the load or none of them; {}", e.server_message(), e.code(), target.display, rows,
        stage.keep ? "rerun with --resume: its ledger knows whether the publish committed"
                   : fmt::format("count its rows to tell; if none, rerun the load (the next --atomic run drops the "
                                 "stage {})", stage.target.display)));
  }
}

// After a failed publish: the transaction rolled back, the stage abandoned,
// and the user told so after `failure`'s own message.
Failure abandoned(db::Session& control, const Target& target, const Stage& stage, const Failure& failure) {
  try {
    control.execute("ROLLBACK");
  } catch (const db::ServerError&) {
    // The connection is gone: the server rolls the transaction back itself.
  }
  return failure.with_message(fmt::format("{}\n{}", failure.what(), abandon_stage(control, target, stage)));
}

}  // namespace

Published publish_stage(db::Session& control, const Target& target, const Stage& stage, std::uint64_t staged_rows,
                        request::OnDuplicate on_duplicate, const std::function<void(db::Session&)>& in_transaction) {
  Published published;
  try {
    control.execute("START TRANSACTION");
    control.execute(publish_statement(target, stage, on_duplicate));
    published = check_publish(control, target, staged_rows, on_duplicate);
    in_transaction(control);
    commit_publish(control, target, stage, published.rows);
  } catch (const PublishUnknown&) {
    throw;  // maybe committed: the stage stays, nothing can be said "unchanged"
  } catch (const db::ServerError& e) {  // before Failure: a ServerError is one too, but unexplained
    throw abandoned(control, target, stage, publish_failure(e, target));
  } catch (const Failure& f) {
    throw abandoned(control, target, stage, f);
  }
  if (!drop_stage(control, stage))
    spdlog::warn("the load is published into {}, but its stage {} could not be dropped: DROP TABLE it "
                 "yourself, or the next --atomic run into {} does", target.display, stage.target.display,
                 target.display);
  return published;
}

}  // namespace fastload::table
