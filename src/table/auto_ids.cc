#include "table/auto_ids.h"

#include <algorithm>
#include <fmt/core.h>
#include <spdlog/spdlog.h>

#include "base/base.h"
#include "table/column_list.h"
#include "text/text.h"

namespace fastload::table {

const Column* unfilled_auto_increment(const Target& target, const plan::TablePlan& options) {
  for (const Column& column : target.columns) {
    if (!column.auto_increment) continue;
    for (const request::Assignment& a : options.set)
      if (text::same_name(a.column, column.name)) return nullptr;
    if (options.columns.empty()) return column.invisible ? &column : nullptr;
    for (const request::ColumnEntry& e : options.columns)
      if (!e.variable && text::same_name(e.name, column.name)) return nullptr;
    return &column;
  }
  return nullptr;
}

const Column* filled_auto_increment(const Target& target, const plan::TablePlan& options) {
  for (const Column& column : target.columns) {
    if (!column.auto_increment) continue;
    for (const request::Assignment& a : options.set)
      if (text::same_name(a.column, column.name)) return nullptr;
    return unfilled_auto_increment(target, options) ? nullptr : &column;
  }
  return nullptr;
}

bool zero_is_a_value(db::Session& session) {
  return session.query_value("SELECT @@sql_mode LIKE '%NO_AUTO_VALUE_ON_ZERO%'").value_or("0") == "1";
}

bool makes_up_id(const text::Field& field, bool zero_is_a_value) {
  if (field.is_null) return true;
  if (zero_is_a_value) return false;
  // A number whose digits are all zeros: 0, 00, -0, 0.0, .0, 0e5.
  std::string_view v = field.value;
  std::size_t i = !v.empty() && (v[0] == '-' || v[0] == '+');
  bool digit = false;
  for (; i < v.size() && v[i] != 'e' && v[i] != 'E'; ++i) {
    if (v[i] == '0') digit = true;
    else if (v[i] != '.') return false;
  }
  return digit;
}

Problem made_up_id(std::uint64_t row, const std::string& column, bool zero_is_a_value) {
  Problem p;
  p.row_in_chunk = row;
  p.message = fmt::format("{} in the AUTO_INCREMENT column {} has the server make up an id; fastload gives such a row "
                          "the id one LOAD DATA would only where it reads the input before the load: a FILE it maps "
                          "(a compressed file or a pipe is read as it loads), without --part, into a table that is "
                          "no Spider table; decompress the input to a FILE first, or give the row its id{}",
                          zero_is_a_value ? "NULL" : "NULL or 0", text::quote_identifier(column),
                          zero_is_a_value ? "" : " (0 is stored as 0 under sql_mode NO_AUTO_VALUE_ON_ZERO)");
  return p;
}

GivenIdCheck::GivenIdCheck(db::Session& session, const Target& target, const plan::TablePlan& options) {
  const Column* column = filled_auto_increment(target, options);
  if (!column) return;
  column_ = column->name;
  field_ = field_of(column->name, target, options).value_or(0);  // filled: a field holds it
  zero_is_a_value_ = zero_is_a_value(session);
  rows_.emplace(row_width(target, options), options.source.dialect);
}

std::optional<Problem> GivenIdCheck::first_made_up(std::string_view file, const Chunk& chunk) {
  if (!rows_) return std::nullopt;
  std::optional<Problem> found;
  std::vector<Problem> miscounted;  // a row of the wrong width ends the check: the server refuses it anyway
  rows_->for_each(file, chunk, miscounted, [&](const std::vector<text::Field>& fields, std::uint64_t row) {
    if (makes_up_id(fields[field_], zero_is_a_value_)) found = made_up_id(row, column_, zero_is_a_value_);
    rows_->release();
    return !found;
  });
  return found;
}

std::uint64_t first_id(std::uint64_t next, std::uint64_t increment, std::uint64_t offset) {
  if (increment <= 1) return next;
  // The server's compute_next_insert_id(next - 1): the least offset + j * increment >= next.
  std::uint64_t before = next - 1;
  if (before + increment < offset) return offset;
  return (before + increment - offset) / increment * increment + offset;
}

std::uint64_t ids_taken(std::uint64_t rows, const std::string& engine) {
  if (!text::same_name(engine, "InnoDB") || rows == 0) return rows;
  constexpr std::uint64_t kMaxInterval = 65535;
  std::uint64_t taken = 0;
  for (unsigned interval = 0; taken < rows; ++interval)
    taken += interval < 16 ? std::uint64_t{1} << interval : kMaxInterval;
  return taken;
}

void check_numbering(db::Session& control, const Target& target, const Column& column) {
  if (!text::same_name(target.engine, "MyISAM") && !text::same_name(target.engine, "Aria")) return;
  // MyISAM and Aria number a column that no index begins with per group of the index's first columns.
  auto leads = control.query_value(fmt::format(
      "SELECT COUNT(*) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = {} AND TABLE_NAME = {} AND "
      "COLUMN_NAME = {} AND SEQ_IN_INDEX = 1", control.quote_string(target.database),
      control.quote_string(target.table), control.quote_string(column.name)));
  if (leads.value_or("0") != "0") return;
  throw Failure(ExitCode::usage, fmt::format(
      "{} numbers its AUTO_INCREMENT column {} per group of a multi-column index ({} does so when no "
      "index begins with the column), and the file does not give it: fastload numbers rows in file order and "
      "cannot give each group's numbers. Give the ids in the file (--columns naming {}), or load with one "
      "LOAD DATA", target.display, text::quote_identifier(column.name), target.engine, column.name));
}

std::uint64_t next_auto_increment(db::Session& control, const Target& target) {
  try {  // MySQL 8 caches the value for a day by default; MariaDB has no such variable and reads it exactly
    control.execute("SET SESSION information_schema_stats_expiry = 0");
  } catch (const db::ServerError&) {
  }
  auto next = control.query_value(fmt::format(
      "SELECT AUTO_INCREMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = {} AND TABLE_NAME = {}",
      control.quote_string(target.database), control.quote_string(target.table)));
  if (!next || next->empty() || next->find_first_not_of("0123456789") != std::string::npos)
    throw Failure(ExitCode::no_table, fmt::format(
        "the server does not say the next AUTO_INCREMENT value of {} ('{}'), from which fastload numbers "
        "the rows the file gives no id: give the ids in the file (--columns)", target.display, next.value_or("NULL")));
  return std::stoull(*next);
}

void move_auto_increment(db::Session& control, const Target& target, std::uint64_t next) {
  try {
    control.execute(fmt::format("ALTER TABLE {} AUTO_INCREMENT = {}", target.quoted, next));
  } catch (const db::ServerError& e) {
    if (e.code() != er::TABLEACCESS_DENIED_ERROR) throw;  // no ALTER on the table
    spdlog::warn("{}: the user may not ALTER the table ({}), so its AUTO_INCREMENT counter is not moved "
                 "past the ids the load gives: another writer taking one of them during the load makes that row "
                 "refused as a duplicate key", target.display, e.server_message());
  }
}

std::string load_data_assignment(const AutoIds& ids) {
  return fmt::format("{} = (@fastload_id := @fastload_id + {})", text::quote_identifier(ids.column), ids.increment);
}

std::string load_data_counter(const AutoIds& ids, std::uint64_t first) {
  // Signed: the counter starts one increment before the first id, which may be below 0.
  return fmt::format("SET @fastload_id = {}", static_cast<std::int64_t>(first) -
                                                 static_cast<std::int64_t>(ids.increment));
}

}  // namespace fastload::table
