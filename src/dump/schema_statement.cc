#include "dump/schema_statement.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <vector>
#include <fmt/core.h>

#include "text/text.h"

namespace fastload::dump {
namespace {

using text::same_name;

// A statement read as MariaDB's lexer reads it, as far as judging it needs: executable comments (/*!40101 ...*/,
// /*M!100616 ...*/) are code, other comments are skipped.
struct Token {
  enum Kind { word, quoted, string, user_var, system_var, symbol } kind;
  std::string text;  // word: as written; quoted, string, user_var: unquoted, without '@'; system_var: after "@@"
  int depth = 0;     // the parentheses around it
};

bool word_byte(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || static_cast<unsigned char>(c) >= 0x80;
}

// The quoted text at s[i] (s[i] is the quote): backslash escapes in strings, a doubled quote is one.
std::optional<std::string> read_quoted(std::string_view s, std::size_t& i) {
  const char quote = s[i++];
  std::string out;
  while (i < s.size()) {
    const char c = s[i++];
    if (c == '\\' && quote != '`' && i < s.size()) {
      out += s[i++];
    } else if (c == quote) {
      if (i < s.size() && s[i] == quote) out += s[i++];
      else return out;
    } else {
      out += c;
    }
  }
  return std::nullopt;
}

// A plain name or keyword at s[i]; with `dots`, a system variable's scope too (session.sql_mode).
std::string read_word(std::string_view s, std::size_t& i, bool dots = false) {
  const std::size_t from = i;
  while (i < s.size() && (word_byte(s[i]) || (dots && s[i] == '.'))) ++i;
  return std::string(s.substr(from, i - from));
}

// Skips white space and comments at s[i]; returns false for a comment left open.
bool skip_space(std::string_view s, std::size_t& i, bool& executable) {
  while (i < s.size()) {
    const char c = s[i];
    const std::string_view rest = s.substr(i);
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '#' || (rest.starts_with("--") && (rest.size() == 2 || std::isspace(static_cast<unsigned char>(rest[2]))))) {
      const std::size_t end = s.find('\n', i);
      i = end == std::string_view::npos ? s.size() : end;
    } else if (rest.starts_with("/*!") || rest.starts_with("/*M!")) {
      i += rest[2] == '!' ? 3 : 4;
      while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
      executable = true;
    } else if (rest.starts_with("/*")) {
      const std::size_t end = s.find("*/", i + 2);
      if (end == std::string_view::npos) return false;
      i = end + 2;
    } else if (executable && rest.starts_with("*/")) {
      i += 2;
      executable = false;
    } else {
      return true;
    }
  }
  return true;
}

std::optional<std::vector<Token>> tokens_of(std::string_view s) {
  std::vector<Token> out;
  bool executable = false;
  int depth = 0;
  for (std::size_t i = 0;;) {
    if (!skip_space(s, i, executable)) return std::nullopt;
    if (i >= s.size()) return out;
    const char c = s[i];
    Token t{Token::symbol, std::string(1, c), depth};
    if (c == '`' || c == '\'' || c == '"') {
      auto text = read_quoted(s, i);
      if (!text) return std::nullopt;
      t = {c == '`' ? Token::quoted : Token::string, std::move(*text), depth};
    } else if (c == '@' && i + 1 < s.size() && s[i + 1] == '@') {
      i += 2;
      t = {Token::system_var, read_word(s, i, true), depth};
    } else if (c == '@') {
      ++i;
      auto text = i < s.size() && (s[i] == '`' || s[i] == '\'' || s[i] == '"') ? read_quoted(s, i)
                                                                               : std::optional(read_word(s, i));
      if (!text) return std::nullopt;
      t = {Token::user_var, std::move(*text), depth};
    } else if (word_byte(c)) {
      t = {Token::word, read_word(s, i), depth};
    } else {
      ++i;
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    }
    out.push_back(std::move(t));
  }
}

// Reads the statement's tokens from `at` on.
struct Reader {
  const std::vector<Token>& tokens;
  std::size_t at = 0;

  const Token* peek(std::size_t ahead = 0) const {
    return at + ahead < tokens.size() ? &tokens[at + ahead] : nullptr;
  }
  bool is_word(std::string_view w, std::size_t ahead = 0) const {
    const Token* t = peek(ahead);
    return t && t->kind == Token::word && text::same_name(t->text, w);
  }
  bool is_symbol(char c, std::size_t ahead = 0) const {
    const Token* t = peek(ahead);
    return t && t->kind == Token::symbol && t->text[0] == c;
  }
  bool take_word(std::string_view w) { return is_word(w) && (++at, true); }
  bool take_symbol(char c) { return is_symbol(c) && (++at, true); }
  bool done() const { return at >= tokens.size(); }

  // One unqualified name (plain or quoted); nullopt when there is none, or a '.' follows it (db.name).
  std::optional<std::string> name() {
    const Token* t = peek();
    if (!t || (t->kind != Token::word && t->kind != Token::quoted) || is_symbol('.', 1)) return std::nullopt;
    ++at;
    return t->text;
  }
};

SchemaStatement refused(std::string why) { return {StatementKind::refused, "", std::move(why)}; }

// "a CREATE USER", "an UPDATE": the statement's words after the article.
std::string a_statement(std::string_view words) {
  const bool vowel = !words.empty() && std::string_view("AEIOUaeiou").find(words[0]) != std::string_view::npos;
  return fmt::format("{} {}", vowel ? "an" : "a", words);
}

// The session variables a dump's header (mariadb-dump, mysqldump) and its triggers' and views' blocks set.
bool dump_variable(std::string_view name) {
  static constexpr std::array kNames = {
      "character_set_client", "character_set_results", "character_set_connection", "collation_connection",
      "time_zone", "sql_mode", "unique_checks", "foreign_key_checks", "sql_notes", "note_verbosity",
      "sql_quote_show_create", "check_constraint_checks", "default_collation_for_utf8mb4"};
  return std::any_of(kNames.begin(), kNames.end(), [&](std::string_view n) { return text::same_name(n, name); });
}

// One `target = value` of a SET, up to its comma.
std::string judge_assignment(Reader& r) {
  if (r.take_word("global") || r.is_word("persist") || r.is_word("persist_only")) return "a SET of a global variable";
  if (!r.take_word("session")) r.take_word("local");
  const Token* target = r.peek();
  if (!target || target->kind == Token::symbol) return "a SET that is not of a variable";
  ++r.at;
  std::string name = target->text;
  if (target->kind == Token::system_var) {
    const std::size_t dot = name.find('.');
    if (dot != std::string::npos && text::same_name(name.substr(0, dot), "global")) return "a SET of a global variable";
    if (dot != std::string::npos) name = name.substr(dot + 1);
  }
  if (target->kind != Token::user_var && !dump_variable(name))
    return fmt::format("a SET of {}, which no dump's header sets", name);
  if (!(r.take_symbol('=') || (r.take_symbol(':') && r.take_symbol('='))))
    return "a SET that is not `variable = value`";
  bool value = false;
  for (; !r.done() && !(r.is_symbol(',') && r.peek()->depth == 0); ++r.at, value = true) {
    const Token& t = *r.peek();
    if (t.kind == Token::symbol && t.text != "-" && t.text != "+")
      return "a SET whose value is an expression (a call, a subquery), not a plain value";
  }
  return value ? "" : "a SET without a value";
}

SchemaStatement judge_set(Reader& r) {
  if (r.is_word("password") || r.is_word("role") || r.is_word("default") || r.is_word("statement") ||
      r.is_word("transaction") || (r.is_word("global") && r.is_word("transaction", 1)))
    return refused(fmt::format("a SET {}", r.peek()->text));
  if (r.take_word("names") || (r.take_word("character") && r.take_word("set"))) {
    const Token* charset = r.peek();
    if (!charset || charset->kind == Token::symbol || charset->kind == Token::system_var)
      return refused("a SET NAMES without a character set");
    ++r.at;
    if (r.take_word("collate")) ++r.at;
    return r.done() ? SchemaStatement{StatementKind::setting, "", ""} : refused("a SET NAMES with more after it");
  }
  do {
    if (std::string why = judge_assignment(r); !why.empty()) return refused(why);
  } while (r.take_symbol(','));
  return r.done() ? SchemaStatement{StatementKind::setting, "", ""} : refused("a SET with more after it");
}

SchemaStatement judge_drop(Reader& r) {
  r.take_word("temporary");
  const std::string what = r.peek() ? r.peek()->text : "";
  if (!r.take_word("table") && !r.take_word("view")) return refused(fmt::format("a DROP {}", what));
  if (r.take_word("if")) r.take_word("exists");
  std::optional<std::string> name = r.name();
  if (!name || !r.done()) return refused(fmt::format("a DROP {} of another database's or of several", what));
  return {StatementKind::ignored, *name, ""};
}

// CREATE's clauses before the object's kind: OR REPLACE, ALGORITHM = x, DEFINER = user@host, SQL SECURITY x.
void skip_create_clauses(Reader& r) {
  for (bool more = true; more;) {
    more = false;
    if (r.is_word("or") && r.is_word("replace", 1)) r.at += 2, more = true;
    if (r.is_word("algorithm") && r.is_symbol('=', 1)) r.at += 3, more = true;
    if (r.is_word("sql") && r.is_word("security", 1)) r.at += 3, more = true;
    if (r.is_word("definer") && r.is_symbol('=', 1)) {
      r.at += 3;  // the user
      if (r.take_symbol('(')) r.take_symbol(')');  // CURRENT_USER()
      if (r.peek() && r.peek()->kind == Token::user_var) ++r.at;  // @host
      more = true;
    }
  }
}

// A table's own definition: a column list, no copy of another table (LIKE) or of a query's rows (SELECT).
bool own_definition(const Reader& r) {
  if (!r.is_symbol('(')) return false;
  if (r.is_word("like", 1) || r.is_word("select", 1) || r.is_word("with", 1) || r.is_word("values", 1) ||
      r.is_word("table", 1))
    return false;
  return std::none_of(r.tokens.begin() + static_cast<std::ptrdiff_t>(r.at), r.tokens.end(), [](const Token& t) {
    return t.depth == 0 && t.kind == Token::word && (text::same_name(t.text, "select") || text::same_name(t.text, "like"));
  });
}

SchemaStatement judge_create(Reader& r) {
  skip_create_clauses(r);
  const std::string what = r.peek() ? r.peek()->text : "";
  const StatementKind kind = r.take_word("table") ? StatementKind::create_table
                             : r.take_word("view") ? StatementKind::create_view
                             : r.take_word("trigger") ? StatementKind::trigger : StatementKind::refused;
  if (kind == StatementKind::refused) return refused(fmt::format("a CREATE {}", what));
  if (r.is_word("if") && r.is_word("not", 1) && r.is_word("exists", 2)) r.at += 3;
  std::optional<std::string> name = r.name();
  if (!name) return refused(fmt::format("a CREATE {} in another database (a qualified name)", what));
  if (kind == StatementKind::create_table && !own_definition(r))
    return refused("a CREATE TABLE that copies another table or a query's rows (LIKE, SELECT)");
  if (kind != StatementKind::trigger) return {kind, *name, ""};
  while (!r.done() && !(r.is_word("on") && r.peek()->depth == 0)) ++r.at;
  r.take_word("on");
  std::optional<std::string> table = r.name();
  if (!table) return refused("a CREATE TRIGGER on a table of another database (a qualified name)");
  return {kind, *table, ""};
}

// CREATE DATABASE [IF NOT EXISTS] db [options], after CREATE.
SchemaStatement judge_create_database(Reader& r) {
  if (r.is_word("if") && r.is_word("not", 1) && r.is_word("exists", 2)) r.at += 3;
  std::optional<std::string> name = r.name();
  if (!name) return refused("a CREATE DATABASE without a plain name");
  return {StatementKind::database, *name, ""};
}

// LOCK TABLES t WRITE, UNLOCK TABLES, ALTER TABLE t DISABLE|ENABLE KEYS: what mariadb-dump writes around a
// table's INSERTs.
SchemaStatement judge_dump_own(Reader& r) {
  if (r.take_word("unlock") && r.take_word("tables") && r.done()) return {StatementKind::dump_own, "", ""};
  if (r.take_word("lock") && r.take_word("tables")) {
    std::optional<std::string> name = r.name();
    if (name && (r.take_word("write") || (r.take_word("read") && (r.take_word("local"), true))) && r.done())
      return {StatementKind::dump_own, *name, ""};
    return refused("a LOCK TABLES of several tables or of another database's");
  }
  if (r.take_word("alter") && r.take_word("table")) {
    std::optional<std::string> name = r.name();
    if (name && (r.take_word("disable") || r.take_word("enable")) && r.take_word("keys") && r.done())
      return {StatementKind::dump_own, *name, ""};
    return refused("an ALTER TABLE (other than a dump's DISABLE KEYS or ENABLE KEYS)");
  }
  return refused("");
}

}  // namespace

SchemaStatement judge_dump_statement(std::string_view statement) {
  const auto tokens = tokens_of(statement);
  if (!tokens) return judge_statement(statement);
  Reader r{*tokens};
  if (r.take_word("use")) {
    std::optional<std::string> name = r.name();
    if (name && r.done()) return {StatementKind::use, *name, ""};
    return refused("a USE without one plain database name");
  }
  if (r.is_word("create") && (r.is_word("database", 1) || r.is_word("schema", 1))) {
    r.at += 2;
    return judge_create_database(r);
  }
  if (r.is_word("lock") || r.is_word("unlock") || (r.is_word("alter") && r.is_word("table", 1))) {
    SchemaStatement judged = judge_dump_own(r);
    if (!judged.why.empty() || judged.kind != StatementKind::refused) return judged;
  }
  return judge_statement(statement);
}

std::string statement_excerpt(std::string_view statement) {
  std::string out;
  for (char c : statement) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c;
    }
    if (out.size() >= 72) return out + "...";
  }
  return out;
}

SchemaStatement judge_statement(std::string_view statement) {
  const auto tokens = tokens_of(statement);
  if (!tokens) return refused("a statement whose literal, quoted name or comment is not closed");
  Reader r{*tokens};
  if (r.done()) return {StatementKind::ignored, "", ""};
  if (r.take_word("set")) return judge_set(r);
  if (r.take_word("drop")) return judge_drop(r);
  if (r.take_word("create")) return judge_create(r);
  if (r.is_word("insert") || r.is_word("replace") || r.is_word("load")) return {StatementKind::rows, "", ""};
  return refused(a_statement(fmt::format("{} statement", r.peek()->kind == Token::word ? r.peek()->text : "malformed")));
}

}  // namespace fastload::dump
