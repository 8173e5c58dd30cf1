#include "plan/plan.h"

#include <fmt/core.h>

#include "text/text.h"

namespace fastload::plan {

std::string why_not_insert(const TablePlan& o) {
  // fastload converts the file to utf8mb4: measured and checked with LOAD DATA only.
  if (o.convert_charset) return fmt::format("the file is converted from --charset {}", o.charset);
  // Each string value would be converted by CONVERT(? USING ...): a cost the measurement did not cover.
  if (!text::same_name(o.charset, "utf8mb4") && !text::same_name(o.charset, "utf8") &&
      !text::same_name(o.charset, "utf8mb3") && !text::same_name(o.charset, "binary"))
    return fmt::format("--charset {} is not the rows' utf8mb4", o.charset);
  // MariaDB's array binding evaluates a subquery that depends only on parameters once per batch, LOAD DATA
  // once per row: --set's expressions mean what they say only in LOAD DATA.
  if (!o.set.empty()) return "--set's expressions are evaluated row by row only by LOAD DATA";
  // With unique_checks = 0, MariaDB's bulk path finds a duplicate key of INSERTs only at COMMIT, without its row;
  // LOAD DATA names the row.
  if (o.sessions.disable_checks) return "with --disable-checks only LOAD DATA names a duplicate key's row";
  return "";
}

namespace {

ModeChoice load_because(std::string why) { return {request::Mode::load, "LOAD DATA LOCAL: " + std::move(why)}; }

}  // namespace

ModeChoice choose_mode(const TableShape& table, const ServerFacts& server, const TablePlan& options) {
  const std::string blocked = why_not_insert(options);
  if (!blocked.empty()) return load_because(blocked);
  if (server.local_infile_refused)
    return {request::Mode::insert, "the server refuses LOAD DATA LOCAL (local_infile=0): prepared INSERTs"};
  if (!server.array_binding) return load_because("prepared INSERTs without array binding cost the server more");
  if (!table.innodb) return load_because("measured on InnoDB tables only");
  // An INSERT refuses a row longer than max_allowed_packet; LOAD DATA LOCAL streams it.
  if (table.max_row_bytes > server.max_allowed_packet / 2)
    return load_because("a row may be longer than one INSERT can carry (max_allowed_packet)");
  return {request::Mode::insert, "prepared INSERTs cost this table's server least"};
}

}  // namespace fastload::plan
