#include "dump/sql_rows.h"

#include <algorithm>
#include <cstring>

#include <fmt/core.h>

#include "base/base.h"

namespace fastload::dump {
namespace {

constexpr std::size_t kRead = 64 << 10;   // dump bytes a read takes
constexpr std::size_t kRows = 256 << 10;  // row text converted at once before it is handed out

std::string kind_name(sqldump::InsertKind k) {
  return k == sqldump::InsertKind::replace ? "REPLACE" : k == sqldump::InsertKind::insert_ignore ? "INSERT IGNORE" : "INSERT";
}

bool same_name(std::string_view a, std::string_view b) { return sqldump::ascii_lower(a) == sqldump::ascii_lower(b); }

}  // namespace

SqlRowsStream::SqlRowsStream(std::unique_ptr<input::ByteStream> dump, std::vector<InsertRange> ranges,
                             SqlTarget target, bool reject_rows, std::size_t max_statement, std::size_t max_tuple)
    : RowTextStream(*dump), inner_(std::move(dump)), ranges_(std::move(ranges)), target_(std::move(target)),
      reject_rows_(reject_rows), max_statement_(max_statement), max_tuple_(max_tuple) {}

bool SqlRowsStream::produce() {
  const std::size_t before = out().size();
  while (out().size() < kRows) {
    while (splitter_) {
      std::optional<sqldump::Piece> piece = splitter_->next();
      if (!piece) break;
      statement(*piece);
    }
    if (!feed_splitter()) break;
  }
  return out().size() > before;
}

bool SqlRowsStream::feed_splitter() {
  if (splitter_ && at_ == ranges_[range_].end) {  // the range is read and its statements drained
    splitter_.reset();
    ++range_;
  }
  if (range_ == ranges_.size()) return false;
  const InsertRange& r = ranges_[range_];
  auto take = [&](std::size_t want) {
    raw_.resize(want);
    const std::size_t got = want ? inner_->read(raw_.data(), want) : 0;
    if (got < want)
      throw Failure(ExitCode::input, fmt::format("{}: the dump ends at byte {}, before the INSERTs of table `{}` that "
                                                 "a first read found up to byte {}; do not change it during a load",
                                                 name(), at_ + got, target_.table, r.end));
    at_ += got;
    raw_.resize(got);
  };
  if (!splitter_) {
    if (r.begin < at_ || r.end < r.begin)
      throw Failure(ExitCode::internal, fmt::format("{}: the INSERT ranges of table `{}` are not in order (bytes {}-{} "
                                                    "after byte {})", name(), target_.table, r.begin, r.end, at_));
    if (sqldump::ascii_lower(r.charset) != sqldump::ascii_lower(target_.charset))
      throw Failure(ExitCode::rejected,
                    fmt::format("{}:{} (byte {}): the INSERTs of table `{}` from here are in the character set {}, "
                                "those before in {}; fastload reads one table's rows in one: give the dump one SET NAMES "
                                "for the table", name(), r.line, r.begin, target_.table, r.charset, target_.charset));
    if (at_ < r.begin) {  // other tables' statements: a plain dump's are not even read
      const std::uint64_t passed = inner_->skip(r.begin - at_);
      at_ += passed;
      if (at_ < r.begin)
        throw Failure(ExitCode::input, fmt::format("{}: the dump ends at byte {}, before the INSERTs of table `{}` "
                                                   "that a first read found from byte {}; do not change it during a "
                                                   "load", name(), at_, target_.table, r.begin));
    }
    splitter_.emplace(max_statement_, r.mode);
  }
  take(std::min<std::uint64_t>(kRead, r.end - at_));
  in_ranges_.fetch_add(raw_.size(), std::memory_order_relaxed);
  splitter_->feed(raw_);
  if (at_ == r.end) splitter_->finish();
  return true;
}

// Offsets and lines of a piece are from the range's start: the dump's from here on.
void SqlRowsStream::statement(const sqldump::Piece& relative) {
  const InsertRange& r = ranges_[range_];
  sqldump::Piece piece = relative;
  piece.offset += r.begin;
  piece.part_offset += r.begin;
  piece.line += r.line - 1;
  if (piece.first) reader_.emplace(r.mode, max_tuple_);
  reader_->feed(piece.text);
  if (piece.last) reader_->finish();
  drain(piece);
}

void SqlRowsStream::drain(const sqldump::Piece& piece) {
  for (;;) {
    switch (reader_->next()) {
      case sqldump::InsertReader::Step::head: check_head(piece); break;
      case sqldump::InsertReader::Step::tuple: row(piece); break;
      case sqldump::InsertReader::Step::refused: {
        const sqldump::Refusal& r = reader_->refusal();
        refuse(piece, r.offset, r.lines, "an INSERT fastload does not read: " + r.reason);
      }
      case sqldump::InsertReader::Step::other:
        refuse(piece, 0, 0, "a statement that is not an INSERT, among those that insert the table's rows");
      default: return;
    }
  }
}

void SqlRowsStream::check_head(const sqldump::Piece& piece) {
  const sqldump::InsertHead& h = reader_->head();
  if (h.table != target_.table) refuse(piece, 0, 0, "an INSERT into `" + h.table + "`, among those of the table");
  if (h.kind != target_.kind)
    refuse(piece, 0, 0, kind_name(h.kind) + " among the table's " + kind_name(target_.kind) + " statements");
  bool same = h.columns_listed == target_.columns_listed &&
              (!h.columns_listed || h.columns.size() == target_.columns.size());
  for (std::size_t k = 0; same && h.columns_listed && k < h.columns.size(); ++k)
    same = same_name(h.columns[k], target_.columns[k].name);
  if (!same) refuse(piece, 0, 0, "an INSERT that lists other columns than the table's first INSERT");
}

// Why the tuple's row would not be stored as the INSERT stores it, naming its value's byte; none when it would.
// Without reject_rows it throws instead.
std::optional<std::string> SqlRowsStream::row_refusal(const sqldump::Piece& piece) const {
  const sqldump::Tuple& t = reader_->tuple();
  const std::size_t n = target_.columns.size();
  std::optional<std::string> why;
  std::uint64_t at = t.offset;
  if (t.values.size() != n)
    why = fmt::format("a row of {} values for {} columns{}", t.values.size(), n,
                      t.values.empty() ? " (VALUES () stores the columns' defaults, which LOAD DATA does not)" : "");
  for (std::size_t k = 0; k < n && !why; ++k) {
    const ColumnType& column = target_.columns[k];
    if (std::optional<std::string> literal = literal_refusal(t.values[k], column, target_.charset)) {
      why = "column `" + column.name + "`: " + *literal;
      at = t.values[k].offset;
    }
  }
  if (!why) return std::nullopt;
  if (!reject_rows_) refuse(piece, at, t.lines, *why);
  return fmt::format("byte {}: {}; LOAD DATA of the row would not store what the INSERT does (restore the row with "
                     "the mariadb client)", piece.offset + at, *why);
}

void SqlRowsStream::row(const sqldump::Piece& piece) {
  const sqldump::Tuple& t = reader_->tuple();
  std::optional<std::string> refused = row_refusal(piece);
  start_row(piece.offset + t.offset, piece.line + t.lines);
  if (refused) mark_refused(std::move(*refused));  // handed out all the same: the load leaves it out
  sqldump::append_row(t, out());
  ++rows_;
}

void SqlRowsStream::refuse(const sqldump::Piece& piece, std::uint64_t offset, std::uint64_t lines,
                           const std::string& what) const {
  throw Failure(ExitCode::rejected,
                fmt::format("{}:{} (byte {}): table `{}`: {}. fastload stores a dump's rows only where LOAD DATA of "
                            "them stores what the INSERT would: write the value as mariadb-dump does (a quoted string "
                            "in {}, a number into a numeric column, NULL), or restore this table with the mariadb "
                            "client", name(), piece.line + lines, piece.offset + offset, target_.table, what,
                            target_.charset));
}

}  // namespace fastload::dump
