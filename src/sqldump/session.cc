#include "sqldump/session.h"

#include <cctype>

#include "sqldump/literal.h"
#include "text/text.h"

namespace fastload::sqldump {
namespace {

// `s` without a leading `word` (any case) and the blanks after it, or nullopt when it does not start with it.
std::optional<std::string_view> after_word(std::string_view s, std::string_view word) {
  if (s.size() < word.size() || ascii_lower(s.substr(0, word.size())) != word) return std::nullopt;
  if (s.size() > word.size() && !std::isspace(static_cast<unsigned char>(s[word.size()]))) return std::nullopt;
  return text::trimmed(s.substr(word.size()));
}

// The statement inside /*!NNNNN ... */ or /*M!NNNNN ... */, which the server runs.
std::string_view executable_body(std::string_view s) {
  const std::size_t marker = s.starts_with("/*!") ? 3 : s.starts_with("/*M!") ? 4 : 0;
  if (marker == 0 || !s.ends_with("*/")) return s;
  s = s.substr(marker, s.size() - marker - 2);
  while (!s.empty() && std::isdigit(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  return text::trimmed(s);
}

// NAMES x [COLLATE y], CHARACTER SET x: x, unquoted, lower case.
Assignment names(std::string_view rest) {
  std::string_view word = rest.substr(0, rest.find_first_of(" \t\r\n"));
  const bool quoted = !word.empty() && (word.front() == '\'' || word.front() == '"' || word.front() == '`');
  return Assignment{"names", ascii_lower(quoted ? text::unquote(word, false) : std::string(word)), quoted};
}

std::optional<Assignment> assignment(std::string_view part, std::size_t equals, SqlMode mode) {
  std::string_view left = text::trimmed(part.substr(0, equals));
  std::string_view right = equals == std::string_view::npos ? "" : text::trimmed(part.substr(equals + 1));
  if (auto rest = after_word(left, "names"); rest && equals == std::string_view::npos) return names(*rest);
  if (auto set = after_word(left, "character"); set && after_word(*set, "set") && equals == std::string_view::npos)
    return names(*after_word(*set, "set"));
  std::string name = ascii_lower(left);
  if (name.starts_with("@@")) name.erase(0, 2);
  if (name.starts_with("global.") || name.starts_with("global ")) return std::nullopt;
  for (std::string_view scope : {"session.", "local.", "session ", "local "})
    if (name.starts_with(scope)) name = std::string(text::trimmed(std::string_view(name).substr(scope.size())));
  const bool quoted = !right.empty() && (right.front() == '\'' || right.front() == '"');
  return Assignment{name, quoted ? text::unquote(right, mode.backslash_escapes) : std::string(right), quoted};
}

// The name get() knows a variable by: @@SESSION.sql_mode is sql_mode, @OLD_SQL_MODE is @old_sql_mode.
std::string variable_name(std::string_view written) {
  std::string name = ascii_lower(written.substr(written.starts_with("@@") ? 2 : 0));
  for (std::string_view scope : {"session.", "local."})
    if (name.starts_with(scope)) name.erase(0, scope.size());
  return name;
}

}  // namespace

std::optional<std::vector<Assignment>> set_assignments(std::string_view statement, SqlMode mode) {
  const std::optional<std::string_view> body = after_word(executable_body(text::trimmed(statement)), "set");
  if (!body) return std::nullopt;
  const text::SqlScan scan = text::scan_sql(*body, mode.backslash_escapes);
  std::vector<Assignment> out;
  std::size_t begin = 0;
  for (std::size_t k = 0; k <= scan.commas.size(); ++k) {
    const std::size_t end = k < scan.commas.size() ? scan.commas[k] : body->size();
    std::size_t equals = std::string_view::npos;
    for (std::size_t e : scan.equals)
      if (e >= begin && e < end && equals == std::string_view::npos) equals = e - begin;
    if (auto a = assignment(body->substr(begin, end - begin), equals, mode)) out.push_back(std::move(*a));
    begin = end + 1;
  }
  return out;
}

SqlMode mode_flags(std::string_view sql_mode) {
  SqlMode mode;
  std::size_t begin = 0;
  while (begin <= sql_mode.size()) {
    std::size_t end = sql_mode.find(',', begin);
    end = end == std::string_view::npos ? sql_mode.size() : end;
    const std::string word = ascii_lower(text::trimmed(sql_mode.substr(begin, end - begin)));
    if (word == "no_backslash_escapes") mode.backslash_escapes = false;
    for (std::string_view quotes : {"ansi_quotes", "ansi", "oracle", "mssql", "db2", "postgresql", "maxdb"})
      if (word == quotes) mode.ansi_quotes = true;
    begin = end + 1;
  }
  return mode;
}

bool bytewise_readable(std::string_view charset) {
  const std::string name = ascii_lower(charset);
  for (std::string_view unsafe : {"big5", "cp932", "gbk", "gb18030", "sjis"})
    if (name == unsafe) return false;
  return true;
}

Session::Session(std::string sql_mode, std::string charset) {
  values_["sql_mode"] = std::move(sql_mode);
  values_["character_set_client"] = std::move(charset);
}

std::string Session::get(const std::string& name) const {
  auto it = values_.find(name);
  return it == values_.end() ? "" : it->second;
}

// A value that names a variable (@@x, @x) takes that variable's value; SET NAMES sets the client's character set.
bool Session::apply(std::string_view statement) {
  const auto assignments = set_assignments(statement, mode());
  if (!assignments) return false;
  for (const Assignment& a : *assignments) {
    std::string value = a.value;
    if (!a.literal && value.starts_with("@")) value = get(variable_name(value));
    const bool charset = a.name == "names" || a.name == "character_set_client";
    if (charset) value = ascii_lower(value);
    values_[charset ? "character_set_client" : a.name] = value;
  }
  return true;
}

}  // namespace fastload::sqldump
