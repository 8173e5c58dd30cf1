#include "dump/mydumper.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <fmt/core.h>

#include "base/base.h"
#include "dump/schema_statement.h"
#include "input/input.h"
#include "sqldump/sqldump.h"
#include "text/text.h"

namespace fastload::dump {
namespace {

namespace fs = std::filesystem;

// What a file of the directory is, by the name mydumper gives it.
enum class Part { create_database, schema, triggers, view, data, post };

struct FileName {
  Part part = Part::data;
  std::string object;      // the table or view; the database for create_database
  std::uint64_t chunk = 0;  // a data file's DB.T.00003.sql: 3
};

// The name without a compression suffix and without .sql; none for a file that is not SQL.
std::optional<std::string> sql_stem(std::string name) {
  if (!input::sql_file_name(name)) return std::nullopt;
  name.erase(name.rfind(".sql"));
  return name;
}

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// DB.T-schema.sql, DB.T-schema-triggers.sql, DB.V-schema-view.sql, DB.T.sql, DB.T.00000.sql, DB-schema-create.sql,
// DB-schema-post.sql; none for another name.
std::optional<FileName> parse_name(const std::string& stem, const std::string& database) {
  if (stem == database + "-schema-create") return FileName{Part::create_database, database};
  if (stem == database + "-schema-post") return FileName{Part::post, database};
  if (!stem.starts_with(database + ".") || stem.size() == database.size() + 1) return std::nullopt;
  std::string rest = stem.substr(database.size() + 1);
  for (auto [tail, part] : {std::pair{"-schema-triggers", Part::triggers}, {"-schema-view", Part::view},
                            {"-schema", Part::schema}})
    if (rest.ends_with(tail) && rest.size() > std::string_view(tail).size())
      return FileName{part, rest.substr(0, rest.size() - std::string_view(tail).size())};
  if (rest.find("-schema") != std::string::npos) return std::nullopt;
  const std::size_t dot = rest.rfind('.');
  if (dot != std::string::npos && dot > 0 && all_digits(rest.substr(dot + 1)))
    return FileName{Part::data, rest.substr(0, dot), std::stoull(rest.substr(dot + 1))};
  return FileName{Part::data, rest};
}

std::string content(const std::string& path) {
  const auto stream = input::open_stream(path, {.threads = 1});
  std::string out, block(1 << 16, '\0');
  while (const std::size_t got = stream->read(block.data(), block.size())) out.append(block.data(), got);
  return out;
}

// The database the directory holds: DB-schema-create.sql's, else the first file's name up to its dot.
std::string database_of(const std::string& dir, const std::vector<std::string>& stems) {
  std::vector<std::string> named;
  for (const std::string& s : stems)
    if (s.ends_with("-schema-create")) named.push_back(s.substr(0, s.size() - 14));
  if (named.size() > 1)
    throw Failure(ExitCode::usage, fmt::format(
        "{}: a dump of several databases ({}, {}, ...): fastload restores one database a run; dump each with "
        "mydumper -B DB into a directory of its own, or restore this one with myloader", dir, named[0], named[1]));
  if (!named.empty()) return named.front();
  for (const std::string& s : stems)
    if (s.find('.') != std::string::npos) return s.substr(0, s.find('.'));
  throw Failure(ExitCode::usage, fmt::format("{}: no file names the database (DB-schema-create.sql, "
                                             "DB.T-schema.sql, DB.T.sql): is this a directory mydumper wrote?", dir));
}

class Reader {
 public:
  Reader(const std::string& dir, const std::string& database, MydumperAsked asked) : asked_(asked) {
    out_.dir = dir, out_.database = database;
  }
  void file(const FileName& n, const std::string& path);
  MydumperDump finish();

 private:
  struct Table {
    std::optional<SchemaFile> schema, triggers_of;
    std::vector<std::string> after;  // the triggers file's statements in order, its SETs too
    std::map<std::uint64_t, std::string> data;
  };
  TableFiles table_of(const std::string& name, Table& t);
  DumpTable scan_data(const std::string& name, const std::string& path, std::optional<std::string>& time_zone);
  void schema_settings(const SchemaFile& s);
  void finish_post();

  MydumperAsked asked_;
  MydumperDump out_;
  // The schema files' SETs, each once: myloader runs every schema file on the connection that then makes the
  // routines, so what they set last is the routines' session. A variable two files set to different values
  // (`conflict_`) would leave it as the directory's order says.
  std::vector<std::string> header_;
  std::map<std::string, std::pair<std::string, std::string>> set_by_;  // variable: value, file
  std::string conflict_;
  std::map<std::string, Table> tables_;
  std::map<std::string, SchemaFile> views_;
};

void Reader::file(const FileName& n, const std::string& path) {
  switch (n.part) {
    case Part::create_database: {
      const std::string text = content(path);
      const auto statements = text::split_script(text);
      const auto create = std::find_if(statements.begin(), statements.end(), [](std::string_view s) {
        return judge_dump_statement(s).kind != StatementKind::ignored;
      });
      if (create == statements.end() || judge_dump_statement(*create).kind != StatementKind::database ||
          judge_dump_statement(*create).object != n.object || create + 1 != statements.end())
        throw Failure(ExitCode::input, fmt::format("{}: this file should hold the CREATE DATABASE of `{}` alone; "
                                                   "nothing was changed on the server. Check that the file is the "
                                                   "dump's own", path, n.object));
      out_.create_database = std::string(*create);
      return;
    }
    case Part::schema: {
      SchemaFile s = parse_schema(path, content(path));
      check_names(s, n.object);
      schema_settings(s);
      if (s.create.empty() || s.view)
        throw Failure(ExitCode::input, fmt::format("{}: no CREATE TABLE of `{}` in this schema file: the dump is "
                                                   "damaged; make it again", path, n.object));
      tables_[n.object].schema = std::move(s);
      return;
    }
    case Part::triggers: {
      const std::string text = content(path);
      SchemaFile s = parse_schema(path, text);  // judged: SETs and this table's triggers only
      check_names(s, n.object);
      if (!s.create.empty())
        throw Failure(ExitCode::input, fmt::format("{}: a CREATE in a triggers file: it should hold the triggers of "
                                                   "`{}` only; check that the file is the dump's own", path, n.object));
      Table& t = tables_[n.object];
      for (std::string_view statement : text::split_script(text))
        if (judge_statement(statement).kind != StatementKind::ignored) t.after.emplace_back(statement);
      t.triggers_of = std::move(s);
      return;
    }
    case Part::view: {
      SchemaFile s = parse_schema(path, content(path));
      check_names(s, n.object);
      if (!s.view)
        throw Failure(ExitCode::input, fmt::format("{}: this view's file holds no CREATE VIEW of `{}`; check that "
                                                   "the file is the dump's own", path, n.object));
      views_[n.object] = std::move(s);
      return;
    }
    case Part::post:
      out_.post = read_schema_post(path, content(path), asked_);
      return;
    case Part::data:
      if (!tables_[n.object].data.emplace(n.chunk, path).second)
        throw Failure(ExitCode::usage, fmt::format("{}: a second data file of `{}` numbered {} (compressed and "
                                                   "not?): remove one", path, n.object, n.chunk));
      return;
  }
}

// One data file, scanned as an SQL dump: its table's INSERTs and the settings of its header, nothing else.
DumpTable Reader::scan_data(const std::string& name, const std::string& path, std::optional<std::string>& time_zone) {
  const auto stream = input::open_stream(path, {.threads = 1});
  SqlDump d = scan_sql_dump(*stream, path);
  const auto other = std::find_if(d.tables.begin(), d.tables.end(), [&](const DumpTable& t) {
    return t.table != name || !(t.database.empty() || t.database == out_.database) || !t.create.empty() ||
           t.triggers > 0;
  });
  if (other != d.tables.end() || !d.views.empty() || !d.create_database.empty())
    throw Failure(ExitCode::input, fmt::format(
        "{}: this data file holds more than the rows of `{}` (a CREATE, or another table's rows: `{}`); fastload "
        "reads from a mydumper data file its table's INSERTs only; nothing was changed on the server. Check that "
        "the file is the dump's own", path, name, other != d.tables.end() ? other->table : d.views.front().name));
  SchemaFile header;
  for (const std::string& set : d.settings) read_settings(set, header);
  time_zone = header.time_zone;
  if (d.tables.empty()) return DumpTable{out_.database, name, {}, {}, 0, 0, std::nullopt, {}, false, {}, 0};
  return std::move(d.tables.front());
}

// Every data file's INSERTs read as one table's: the same kind, column list, character set and time zone.
void check_agrees(const std::string& path, const DumpTable& first, const std::string& first_path, const DumpTable& t) {
  const char* differs = first.kind != t.kind                                    ? "its INSERT kind"
                        : first.columns_listed != t.columns_listed ||
                                  first.columns != t.columns                    ? "its column list"
                        : first.inserts.front().charset != t.inserts.front().charset ? "its character set (SET NAMES)"
                                                                                     : nullptr;
  if (differs)
    throw Failure(ExitCode::input, fmt::format(
        "{}: {} differs from {}'s, another data file of `{}`: fastload reads a table's files as one dump; dump the "
        "table again, or restore it with myloader", path, differs, first_path, t.table));
}

TableFiles Reader::table_of(const std::string& name, Table& t) {
  TableFiles out{name, {}, std::nullopt, {}, {}};
  if (t.schema) {
    out.schema = std::move(t.schema);
  } else {  // --no-schemas: the table must exist; the data file's header is its session
    out.schema.emplace();
    out.schema->path = t.data.empty() ? out_.dir : t.data.begin()->second;
  }
  out.schema->after = std::move(t.after);
  for (const auto& [chunk, path] : t.data) {
    std::optional<std::string> time_zone;
    DumpTable d = scan_data(name, path, time_zone);
    if (d.statements == 0) continue;  // -e: a file of no rows
    if (time_zone != out.schema->time_zone && t.schema)
      throw Failure(ExitCode::input, fmt::format(
          "{}: its time zone ({}) is not its schema file's ({}): TIMESTAMP values would be read in another; dump "
          "the table again", path, time_zone.value_or("the server's"), out.schema->time_zone.value_or("the server's")));
    if (!t.schema && out.files.empty()) out.schema->time_zone = time_zone;
    if (!out.sql.empty()) check_agrees(path, out.sql.front(), out.files.front(), d);
    out.files.push_back(path);
    out.sql.push_back(std::move(d));
  }
  return out;
}

void Reader::schema_settings(const SchemaFile& s) {
  for (const std::string& set : s.settings) {
    if (std::find(header_.begin(), header_.end(), set) != header_.end()) continue;
    for (const sqldump::Assignment& a : sqldump::set_assignments(set).value_or(std::vector<sqldump::Assignment>{})) {
      const auto [it, added] = set_by_.try_emplace(a.name, a.value, s.path);
      if (!added && it->second.first != a.value && conflict_.empty())
        conflict_ = fmt::format("{} sets {} to {}, {} to {}", it->second.second, a.name, it->second.first, s.path,
                                a.value);
    }
    header_.push_back(set);
  }
}

// The routines' session: the schema files' header (its SET NAMES and time zone: an event keeps the zone it is made
// in), then the post file's SETs before its first routine.
void Reader::finish_post() {
  if (out_.post && out_.post->routines.empty()) out_.post.reset();
  if (!out_.post) return;
  if (!conflict_.empty())
    throw Failure(ExitCode::input, fmt::format(
        "{}: its routines are made in the session the schema files leave, as myloader makes them, but {}: which "
        "holds would depend on the directory's order; dump the database again, or restore it with myloader",
        out_.post->name, conflict_));
  out_.post->settings.insert(out_.post->settings.begin(), header_.begin(), header_.end());
}

MydumperDump Reader::finish() {
  finish_post();
  for (auto& [name, s] : views_) {
    const auto standin = tables_.find(name);  // mydumper's CREATE TABLE of the view's columns, made before it
    if (standin != tables_.end() && !standin->second.data.empty())
      throw Failure(ExitCode::input, fmt::format("{}: rows for `{}`, which {} makes a view: a view has no rows of "
                                                 "its own; remove the file", standin->second.data.begin()->second,
                                                 name, s.path));
    if (standin != tables_.end()) tables_.erase(standin);
    out_.views.push_back({name, {}, std::move(s), {}, {}});
  }
  for (auto& [name, t] : tables_) {
    if (!t.schema && t.data.empty())
      throw Failure(ExitCode::input, fmt::format("{}: triggers of `{}`, a table this dump has neither the schema "
                                                 "nor the rows of", t.triggers_of->path, name));
    out_.tables.push_back(table_of(name, t));
  }
  return std::move(out_);
}

}  // namespace

MydumperDump read_mydumper(const std::string& dir, MydumperAsked asked) {
  std::vector<std::pair<std::string, std::string>> files;  // stem, path
  std::error_code error;
  for (fs::directory_iterator it(dir, error), end; !error && it != end; it.increment(error))
    if (auto stem = sql_stem(it->path().filename().string())) files.emplace_back(*stem, it->path().string());
  if (error)
    throw Failure(ExitCode::input, fmt::format("{}: cannot list this directory ({}); check that it is readable",
                                               dir, error.message()));
  std::sort(files.begin(), files.end());
  std::vector<std::string> stems;
  for (const auto& f : files) stems.push_back(f.first);
  const std::string database = database_of(dir, stems);
  Reader reader(dir, database, asked);
  for (const auto& [stem, path] : files) {
    const auto name = parse_name(stem, database);
    if (!name)
      throw Failure(ExitCode::usage, fmt::format(
          "{}: not a file mydumper writes for a database ({}-schema-create.sql, {}.T-schema.sql, "
          "{}.T-schema-triggers.sql, {}.V-schema-view.sql, {}.T.sql, {}.T.00000.sql, {}-schema-post.sql): another "
          "database's files are not restored by fastload; move it out, or restore the directory with myloader",
          path, database, database, database, database, database, database, database));
    check_inside(dir, path);
    reader.file(*name, path);
  }
  return reader.finish();
}

}  // namespace fastload::dump
