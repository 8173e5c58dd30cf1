#include "dump/schema_statement.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <vector>
#include <fmt/core.h>

#include "dump/routine_statement.h"
#include "dump/statement_tokens.h"
#include "text/text.h"

namespace fastload::dump {
namespace {

using text::same_name;

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

SchemaStatement judge_dump_statement(std::string_view statement, sqldump::SqlMode mode) {
  const auto tokens = tokens_of(statement, mode);
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
  if (std::optional<SchemaStatement> routine = judge_routine_statement(*tokens)) return *routine;
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
