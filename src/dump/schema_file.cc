#include "dump/schema_file.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <fmt/core.h>

#include "base/base.h"
#include "dump/schema_statement.h"
#include "text/text.h"

namespace fastload::dump {
using text::trimmed;

namespace {

// A statement's code: the inside of the executable comment (`/*!40103 SET ... */`) that the dump wraps it in.
std::string_view code_of(std::string_view statement) {
  std::size_t marker = statement.starts_with("/*!") ? 3 : statement.starts_with("/*M!") ? 4 : 0;
  if (marker == 0 || !statement.ends_with("*/") || statement.find("*/") != statement.size() - 2) return statement;
  statement = statement.substr(marker, statement.size() - marker - 2);
  while (!statement.empty() && std::isdigit(static_cast<unsigned char>(statement.front()))) statement.remove_prefix(1);
  return text::trimmed(statement);
}

// The statement's unquoted words (keywords and names), executable comments read as code.
std::vector<std::string_view> words_of(std::string_view statement) {
  const text::SqlScan scan = text::scan_sql(statement);
  std::vector<std::string_view> words;
  for (const auto& w : scan.words) words.push_back(statement.substr(w.begin, w.end - w.begin));
  return words;
}

std::size_t line_of(std::string_view script, std::string_view statement) {
  return 1 + static_cast<std::size_t>(std::count(script.data(), statement.data(), '\n'));
}

}  // namespace

// The header's SET: what it sets the variables fastload carries to the load's sessions to.
void read_settings(std::string_view statement, SchemaFile& out) {
  const std::string_view code = code_of(statement);
  const text::SqlScan scan = text::scan_sql(code);
  const auto words = words_of(code);
  if (words.size() >= 3 && text::same_name(words[1], "names")) out.names = std::string(words[2]);
  std::vector<std::size_t> ends = scan.commas;
  ends.push_back(code.size());
  std::size_t from = words.empty() ? 0 : scan.words[0].end;  // past SET
  for (std::size_t end : ends) {
    const std::string_view part = code.substr(from, end - from);
    from = end + 1;
    const std::size_t eq = part.find('=');
    if (eq == std::string_view::npos) continue;
    std::string_view name = text::trimmed(part.substr(0, eq));
    if (name.starts_with("@@session.")) name.remove_prefix(10);
    const std::string value(text::trimmed(part.substr(eq + 1)));
    if (text::same_name(name, "time_zone")) out.time_zone = value;
    if (text::same_name(name, "sql_mode")) out.sql_mode = value;
  }
}

namespace {

const auto excerpt = statement_excerpt;

Failure refusal(const std::string& path, std::size_t line, std::string_view statement, const std::string& why) {
  return Failure(ExitCode::input, fmt::format(
      "{}:{}: {} (`{}`) is not part of restoring a table: from a dump's schema file fastload runs only the "
      "session settings of its header, the CREATE TABLE of the table the file is named for, that table's "
      "triggers, and in a view's file the CREATE VIEW of that view; nothing was changed on the server. Remove "
      "the statement, or run the file yourself with the mariadb client if you trust it", path, line, why,
      excerpt(statement)));
}

}  // namespace

SchemaFile parse_schema(const std::string& path, std::string_view script) {
  SchemaFile out;
  out.path = path;
  for (std::string_view statement : text::split_script(script)) {
    const SchemaStatement judged = judge_statement(statement);
    const std::size_t line = line_of(script, statement);
    if (!judged.object.empty()) out.named.push_back({judged.object, line, excerpt(statement)});
    switch (judged.kind) {
      case StatementKind::ignored:
        continue;  // never run: fastload drops nothing
      case StatementKind::refused:
      case StatementKind::database:  // judge_dump_statement's kinds: judge_statement gives none of them
      case StatementKind::use:
      case StatementKind::dump_own:
      case StatementKind::routine:
      case StatementKind::drop_routine:
        throw refusal(path, line, statement, judged.why);
      case StatementKind::rows:
        throw Failure(ExitCode::input, fmt::format(
            "{}:{}: this schema file holds rows (`{}`); fastload reads a table's rows from its own text file: "
            "make the dump with `mariadb-dump --tab=DIR`", path, line, excerpt(statement)));
      case StatementKind::create_table:
      case StatementKind::create_view:
        if (!out.create.empty())
          throw refusal(path, line, statement, "a second CREATE TABLE or VIEW");
        out.create = std::string(statement);
        out.view = judged.kind == StatementKind::create_view;
        continue;
      case StatementKind::setting:
        if (out.create.empty()) {
          read_settings(statement, out);
          out.settings.emplace_back(statement);
          continue;
        }
        break;
      case StatementKind::trigger:
        if (out.view) throw refusal(path, line, statement, "a trigger in a view's file");
        break;
    }
    out.after.emplace_back(statement);
  }
  return out;
}

void check_names(const SchemaFile& schema, const std::string& object) {
  for (const SchemaFile::Named& n : schema.named)
    if (n.object != object)
      throw Failure(ExitCode::input, fmt::format(
          "{}:{}: `{}` names `{}`, but this file is the schema of `{}` (its name, as the dump encodes it): "
          "fastload runs from a table's schema file only what restores that table; nothing was changed on the "
          "server. Check that the file is the dump's own", schema.path, n.line, n.statement, n.object, object));
}

SchemaFile read_schema_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  if (in.is_open()) text << in.rdbuf();
  if (!in.is_open() || in.bad())
    throw Failure(ExitCode::input, fmt::format("{}: cannot read this schema file; check that it exists and is "
                                               "readable", path));
  return parse_schema(path, text.str());
}

}  // namespace fastload::dump
