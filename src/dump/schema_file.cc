#include "dump/schema_file.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <fmt/core.h>

#include "base/errors.h"
#include "text/identifiers.h"
#include "text/sql_text.h"

namespace fastload::dump {
using load::trimmed;

namespace {

// A statement's code: the inside of the executable comment (`/*!40103 SET ... */`) that the dump wraps it in.
std::string_view code_of(std::string_view statement) {
  std::size_t marker = statement.starts_with("/*!") ? 3 : statement.starts_with("/*M!") ? 4 : 0;
  if (marker == 0 || !statement.ends_with("*/") || statement.find("*/") != statement.size() - 2) return statement;
  statement = statement.substr(marker, statement.size() - marker - 2);
  while (!statement.empty() && std::isdigit(static_cast<unsigned char>(statement.front()))) statement.remove_prefix(1);
  return trimmed(statement);
}

// The statement's unquoted words (keywords and names), executable comments read as code.
std::vector<std::string_view> words_of(std::string_view statement) {
  const load::SqlScan scan = load::scan_sql(statement);
  std::vector<std::string_view> words;
  for (const auto& w : scan.words) words.push_back(statement.substr(w.begin, w.end - w.begin));
  return words;
}

bool among_first(const std::vector<std::string_view>& words, std::string_view word, std::size_t n) {
  return std::any_of(words.begin(), words.begin() + static_cast<std::ptrdiff_t>(std::min(n, words.size())),
                     [&](std::string_view w) { return load::same_name(w, word); });
}

// The header's SET: what it sets the variables fastload carries to the load's sessions to.
void read_settings(std::string_view statement, SchemaFile& out) {
  const std::string_view code = code_of(statement);
  const load::SqlScan scan = load::scan_sql(code);
  const auto words = words_of(code);
  if (words.size() >= 3 && load::same_name(words[1], "names")) out.names = std::string(words[2]);
  std::vector<std::size_t> ends = scan.commas;
  ends.push_back(code.size());
  std::size_t from = words.empty() ? 0 : scan.words[0].end;  // past SET
  for (std::size_t end : ends) {
    const std::string_view part = code.substr(from, end - from);
    from = end + 1;
    const std::size_t eq = part.find('=');
    if (eq == std::string_view::npos) continue;
    std::string_view name = trimmed(part.substr(0, eq));
    if (name.starts_with("@@session.")) name.remove_prefix(10);
    const std::string value(trimmed(part.substr(eq + 1)));
    if (load::same_name(name, "time_zone")) out.time_zone = value;
    if (load::same_name(name, "sql_mode")) out.sql_mode = value;
  }
}

std::size_t line_of(std::string_view script, std::string_view statement) {
  return 1 + static_cast<std::size_t>(std::count(script.data(), statement.data(), '\n'));
}

}  // namespace

SchemaFile parse_schema(const std::string& path, std::string_view script) {
  SchemaFile out;
  out.path = path;
  for (std::string_view statement : load::split_script(script)) {
    const auto words = words_of(statement);
    if (words.empty()) continue;
    const bool set = load::same_name(words[0], "set"), create = load::same_name(words[0], "create");
    if (load::same_name(words[0], "drop")) continue;  // fastload never drops a table
    if (load::same_name(words[0], "insert") || load::same_name(words[0], "replace") ||
        load::same_name(words[0], "load"))
      throw Failure(ExitCode::input, fmt::format(
          "{}:{}: this schema file holds rows ({} statement); fastload reads a table's rows from its own "
          "text file: make the dump with `mariadb-dump --tab=DIR`", path, line_of(script, statement), words[0]));
    if (out.create.empty() && !out.view) {
      if (set) {
        read_settings(statement, out);
        out.settings.emplace_back(statement);
      } else if (create && among_first(words, "view", 12)) {
        out.view = true;
        out.create = std::string(statement);
      } else if (create && among_first(words, "table", 3) && !among_first(words, "temporary", 3)) {
        out.create = std::string(statement);
      }
      continue;
    }
    out.after.emplace_back(statement);
  }
  if (out.create.empty())
    throw Failure(ExitCode::input, fmt::format("{}: no CREATE TABLE in this schema file; a table's schema file "
                                               "(T.sql, as `mariadb-dump --tab` writes it) creates the table",
                                               path));
  return out;
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
