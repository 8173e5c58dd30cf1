#include "dump/sql_dump.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <map>
#include <utility>
#include <fmt/core.h>

#include "base/base.h"
#include "dump/routine_statement.h"
#include "dump/schema_statement.h"

namespace fastload::dump {
namespace {

using sqldump::InsertReader;
using sqldump::Piece;

const char* kRestores =
    "from an SQL dump fastload runs only the session settings, CREATE DATABASE and USE, each table's CREATE TABLE, "
    "INSERTs and triggers, the CREATE VIEWs, and when asked (--routines, --events) the routines and events of the "
    "dump's database; nothing was changed on the server";

constexpr RoutineSource kSource = {"a dump's", "mariadb-dump --skip-routines", "mariadb-dump --skip-events"};

// Reads the statements of one dump as the splitter gives them.
class Scanner {
 public:
  Scanner(const std::string& name, const ScanLimits& limits) : limits_(limits) { out_.name = name; }

  void piece(const Piece& p);
  sqldump::SqlMode mode() const { return session_.mode(); }
  SqlDump take() {
    check_drop({});
    return std::move(out_);
  }

 private:
  [[noreturn]] void fail(std::uint64_t line, std::string_view statement, const std::string& why) const;
  void start_insert(const Piece& p);
  void end_insert(std::uint64_t end);
  void read_head(const Piece& p);
  void drain_insert();
  void head(const sqldump::InsertHead& h);
  void whole(const Piece& p);
  void setting(std::string_view statement, std::uint64_t line);
  void create_table(const std::string& name, std::string_view statement, std::uint64_t line);
  void create_view(const std::string& name, std::string_view statement, std::uint64_t line);
  void trigger(const std::string& table, std::string_view statement, std::uint64_t line);
  void routine(const SchemaStatement& judged, std::string_view statement, std::uint64_t line);
  void drop_routine(const SchemaStatement& judged, std::string_view statement, std::uint64_t line);
  void require_asked(const SchemaStatement& judged, std::string_view statement, std::uint64_t line) const;
  void check_drop(const SchemaStatement& judged) const;
  std::size_t table(const std::string& database, const std::string& name);  // its index, added when new
  void add_database(const std::string& name);

  ScanLimits limits_;
  SqlDump out_;
  sqldump::Session session_;
  std::string database_;                   // the last USE's
  std::vector<std::string> pending_sets_;  // since the last other statement: a trigger's block
  std::map<std::pair<std::string, std::string>, std::size_t> index_;
  std::optional<InsertReader> reader_;  // the INSERT being read
  InsertRange range_;
  std::string start_;  // its first bytes, for a message
  std::optional<std::size_t> insert_table_;
  std::optional<std::size_t> last_insert_;  // the table of the statement before, when it was an INSERT
  bool headed_ = false;                     // the INSERT's head is read
  std::optional<DumpRoutine> drop_;  // a routine's DROP, its SETs before it: its CREATE must come next
};

void Scanner::fail(std::uint64_t line, std::string_view statement, const std::string& why) const {
  throw Failure(ExitCode::input, fmt::format("{}:{}: {} (`{}`) is not part of restoring a dump's tables: {}. {}",
                                             out_.name, line, why, statement_excerpt(statement), kRestores,
                                             "Remove the statement, or run the dump yourself with the mariadb "
                                             "client if you trust it"));
}

void Scanner::piece(const Piece& p) {
  if (p.first) start_ = std::string(p.text.substr(0, 256));
  if (p.unterminated)
    throw Failure(ExitCode::input, fmt::format(
        "{}:{}: a statement whose string, quoted name or comment is still open at the dump's end (`{}`): the dump "
        "is truncated or damaged; nothing was changed on the server. Make the dump again", out_.name, p.line,
        statement_excerpt(start_)));
  if (p.first && sqldump::is_insert(p.text)) start_insert(p);
  if (reader_) {
    if (limits_.count_rows) {
      reader_->feed(p.text);
      if (p.last) reader_->finish();
      drain_insert();
    } else {
      read_head(p);
    }
    if (p.last) end_insert(p.part_offset + p.text.size());
    return;
  }
  if (!p.last)
    fail(p.line, start_, fmt::format("a statement longer than {} bytes that is no INSERT", limits_.max_statement));
  whole(p);
}

// The INSERT read to its end: its range, or the table's last grown to it when only this table's INSERTs came
// between (the same session, then).
void Scanner::end_insert(std::uint64_t end) {
  range_.end = end;
  DumpTable& t = out_.tables[*insert_table_];
  t.rows += range_.rows, ++t.statements;
  if (last_insert_ == insert_table_ && !t.inserts.empty() && end - t.inserts.back().begin <= limits_.max_range) {
    InsertRange& last = t.inserts.back();
    last.end = end, last.rows += range_.rows, ++last.statements;
  } else {
    t.inserts.push_back(std::move(range_));
  }
  last_insert_ = insert_table_;
  reader_.reset(), insert_table_.reset();
}

// Without counting the rows, an INSERT is read up to its head (a few KB at a time), the rest passed over: the
// restore reads its tuples anyway, and refuses there what it cannot read (dump/sql_rows.h).
void Scanner::read_head(const Piece& p) {
  constexpr std::size_t kSlice = 4096;
  for (std::size_t at = 0; !headed_ && at < p.text.size(); at += kSlice) {
    reader_->feed(p.text.substr(at, kSlice));
    if (p.last && at + kSlice >= p.text.size()) reader_->finish();
    drain_insert();
  }
  if (p.last && !headed_) {  // a statement that ended before its head did
    reader_->finish();
    drain_insert();
  }
}

void Scanner::start_insert(const Piece& p) {
  headed_ = false;
  reader_.emplace(session_.mode(), limits_.max_statement);
  range_ = InsertRange{p.offset, p.offset, p.line, 0, 1, session_.mode(), session_.charset()};
  pending_sets_.clear();
}

void Scanner::drain_insert() {
  for (;;) switch (reader_->next()) {
      case InsertReader::Step::head:
        head(reader_->head());
        headed_ = true;
        if (!limits_.count_rows) return;
        break;
      case InsertReader::Step::tuple: ++range_.rows; break;
      case InsertReader::Step::refused: {
        const sqldump::Refusal& r = reader_->refusal();
        throw Failure(ExitCode::input, fmt::format(
            "{}:{}: an INSERT that fastload does not read as rows: {} (`{}`); it reads VALUES of literals only. "
            "Nothing was changed on the server. Restore this dump with the mariadb client", out_.name,
            range_.line + r.lines, r.reason, statement_excerpt(start_)));
      }
      case InsertReader::Step::other: fail(range_.line, start_, "a statement the INSERT reader does not take");
      case InsertReader::Step::more:
      case InsertReader::Step::end: return;
    }
}

const char* kind_name(sqldump::InsertKind kind) {
  return kind == sqldump::InsertKind::insert ? "INSERT" : kind == sqldump::InsertKind::replace ? "REPLACE"
                                                                                                : "INSERT IGNORE";
}

void Scanner::head(const sqldump::InsertHead& h) {
  insert_table_ = table(h.database.empty() ? database_ : h.database, h.table);
  DumpTable& t = out_.tables[*insert_table_];
  if (t.kind && *t.kind != h.kind)
    fail(range_.line, start_, fmt::format("an {} into `{}`, whose earlier rows came by {}: a table's rows come by "
                                          "one kind of statement", kind_name(h.kind), h.table, kind_name(*t.kind)));
  if (!t.kind) t.columns = h.columns, t.columns_listed = h.columns_listed;
  t.kind = h.kind;
}

void Scanner::whole(const Piece& p) {
  last_insert_.reset();
  const SchemaStatement judged = judge_dump_statement(p.text, session_.mode());
  if (judged.kind != StatementKind::setting) check_drop(judged);
  switch (judged.kind) {
    case StatementKind::ignored:  // the SETs before it were another object's (a view's restored settings)
    case StatementKind::dump_own: break;
    case StatementKind::setting: return setting(p.text, p.line);
    case StatementKind::use: database_ = judged.object; add_database(judged.object); break;
    case StatementKind::database:
      add_database(judged.object);
      out_.create_database.try_emplace(judged.object, p.text);
      break;
    case StatementKind::create_table: create_table(judged.object, p.text, p.line); break;
    case StatementKind::create_view: create_view(judged.object, p.text, p.line); break;
    case StatementKind::trigger: trigger(judged.object, p.text, p.line); break;
    case StatementKind::routine: routine(judged, p.text, p.line); break;
    case StatementKind::drop_routine: return drop_routine(judged, p.text, p.line);
    case StatementKind::rows: fail(p.line, p.text, "a LOAD DATA (an SQL dump's rows are INSERTs)");
    case StatementKind::refused: fail(p.line, p.text, judged.why);
  }
  pending_sets_.clear();
}

void Scanner::setting(std::string_view statement, std::uint64_t line) {
  session_.apply(statement);
  if (!sqldump::bytewise_readable(session_.charset()))
    fail(line, statement, fmt::format("a character set ({}) whose characters may hold bytes that look like quotes "
                                      "or backslashes, which fastload does not read", session_.charset()));
  const bool header = out_.tables.empty() && out_.views.empty() && out_.routines.empty() && !drop_;
  (header ? out_.settings : pending_sets_).emplace_back(statement);
}

void Scanner::create_table(const std::string& name, std::string_view statement, std::uint64_t line) {
  DumpTable& t = out_.tables[table(database_, name)];
  if (!t.create.empty()) fail(line, statement, fmt::format("a second CREATE TABLE of `{}`", name));
  t.create = std::string(statement);
}

// A view's CREATE: mariadb-dump writes a stand-in first (a CREATE VIEW of constants, or in older dumps a CREATE
// TABLE of the view's columns, with no rows), so that views over views restore in any order, and the view at the
// end: the last one is the view.
void Scanner::create_view(const std::string& name, std::string_view statement, std::uint64_t line) {
  if (auto it = index_.find({database_, name}); it != index_.end()) {
    const DumpTable& standin = out_.tables[it->second];
    if (standin.statements > 0 || standin.triggers > 0)
      fail(line, statement, fmt::format("a CREATE VIEW of `{}`, a table with rows in this dump", name));
    out_.tables.erase(out_.tables.begin() + static_cast<std::ptrdiff_t>(it->second));
    index_.clear();
    for (std::size_t i = 0; i < out_.tables.size(); ++i)
      index_[{out_.tables[i].database, out_.tables[i].table}] = i;
  }
  for (DumpView& v : out_.views)
    if (v.database == database_ && v.name == name) {
      v.create = std::string(statement);
      v.settings = pending_sets_;
      return;
    }
  out_.views.push_back({database_, name, std::string(statement), pending_sets_});
}

void Scanner::trigger(const std::string& name, std::string_view statement, std::uint64_t line) {
  const auto it = index_.find({database_, name});
  if (it == index_.end() || out_.tables[it->second].create.empty())
    fail(line, statement, fmt::format("a trigger on `{}`, a table this dump does not create before it", name));
  DumpTable& t = out_.tables[it->second];
  t.after.insert(t.after.end(), pending_sets_.begin(), pending_sets_.end());
  t.after.emplace_back(statement);
  ++t.triggers;
}

void Scanner::require_asked(const SchemaStatement& judged, std::string_view statement, std::uint64_t line) const {
  if (!asked_for(judged, limits_.routines, limits_.events))
    refuse_not_asked(out_.name, line, judged, statement, kSource);
}

// A routine's DROP IF EXISTS (mariadb-dump's, so that the CREATE replaces it): run only before its own CREATE.
void Scanner::drop_routine(const SchemaStatement& judged, std::string_view statement, std::uint64_t line) {
  require_asked(judged, statement, line);
  drop_ = DumpRoutine{database_, judged.routine, judged.object, std::move(pending_sets_), line};
  drop_->statements.emplace_back(statement);
  pending_sets_.clear();
}

void Scanner::check_drop(const SchemaStatement& judged) const {
  if (!drop_) return;
  if (const auto why = unfollowed_drop(drop_->kind, drop_->name, judged, database_ == drop_->database))
    fail(drop_->line, drop_->statements.back(), *why);
}

void Scanner::routine(const SchemaStatement& judged, std::string_view statement, std::uint64_t line) {
  require_asked(judged, statement, line);
  DumpRoutine r = drop_ ? std::move(*drop_) : DumpRoutine{database_, judged.routine, judged.object, {}, line};
  drop_.reset();
  r.line = line;
  r.statements.insert(r.statements.end(), pending_sets_.begin(), pending_sets_.end());
  r.statements.emplace_back(statement);
  out_.routines.push_back(std::move(r));
}

std::size_t Scanner::table(const std::string& database, const std::string& name) {
  const auto [it, added] = index_.try_emplace({database, name}, out_.tables.size());
  if (added) {
    out_.tables.emplace_back();
    out_.tables.back().database = database, out_.tables.back().table = name;
  }
  return it->second;
}

void Scanner::add_database(const std::string& name) {
  if (std::find(out_.databases.begin(), out_.databases.end(), name) == out_.databases.end())
    out_.databases.push_back(name);
}

}  // namespace

SqlDump scan_sql_dump(input::ByteStream& stream, const std::string& name, const ScanLimits& limits) {
  sqldump::Splitter splitter(limits.max_statement);
  Scanner scanner(name, limits);
  std::string block(std::max<std::size_t>(limits.block, 1), '\0');
  for (bool more = true; more;) {
    const std::size_t got = stream.read(block.data(), block.size());
    splitter.feed(std::string_view(block.data(), got));
    if (!(more = got > 0)) splitter.finish();
    while (auto p = splitter.next()) {
      scanner.piece(*p);
      splitter.set_mode(scanner.mode());
    }
    if (std::optional<std::uint64_t> open = splitter.open_since(); open && splitter.read_to() - *open > limits.max_literal)
      throw Failure(ExitCode::input, fmt::format(
          "{}:{}: a string, quoted name or comment longer than {} bytes, from byte {}: fastload reads a row of at "
          "most that many bytes, and this one may never end; nothing was changed on the server. Restore this dump "
          "with the mariadb client if it is whole", name, splitter.line(), limits.max_literal, *open));
  }
  return scanner.take();
}

SqlDump scan_statements(const std::vector<sqldump::Piece>& statements, const std::string& name,
                        const ScanLimits& limits) {
  Scanner scanner(name, limits);
  for (const sqldump::Piece& p : statements) scanner.piece(p);
  return scanner.take();
}

bool is_sql_dump(const std::string& path) {
  std::error_code ignored;
  if (path == "-" || !std::filesystem::is_regular_file(path, ignored)) return false;
  if (input::sql_file_name(path)) return true;
  try {
    const auto stream = input::open_stream(path, {.threads = 1});
    std::array<char, 128> first{};
    std::string_view start(first.data(), stream->read(first.data(), first.size()));
    if (start.starts_with("/*M!999999"))  // mariadb-dump's sandbox line comes before its header
      start.remove_prefix(std::min(start.size(), start.find('\n') + 1));
    return start.starts_with("-- MariaDB dump") || start.starts_with("-- MySQL dump");
  } catch (const Failure&) {
    return false;  // not readable as a file of fastload's: the run that opens it says why
  }
}

}  // namespace fastload::dump
