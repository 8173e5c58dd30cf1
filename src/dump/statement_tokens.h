// A statement of a dump read as MariaDB's lexer reads it, as far as judging it needs (schema_statement.cc,
// routine_statement.cc): executable comments (/*!40101 ...*/, /*M!100616 ...*/) are code, other comments are
// skipped.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sqldump/sqldump.h"
#include "text/text.h"

namespace fastload::dump {

struct Token {
  enum Kind { word, quoted, string, user_var, system_var, symbol } kind;
  std::string text;  // word: as written; quoted, string, user_var: unquoted, without '@'; system_var: after "@@"
  int depth = 0;     // the parentheses around it
};

// The statement's tokens as read under `mode` (ANSI_QUOTES: "x" is a quoted name; NO_BACKSLASH_ESCAPES); nullopt
// when a literal, quoted name or comment is not closed.
std::optional<std::vector<Token>> tokens_of(std::string_view s, sqldump::SqlMode mode = {});

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

// CREATE's clauses before the object's kind, passed: OR REPLACE, ALGORITHM = x, DEFINER = user@host, SQL SECURITY x.
void skip_create_clauses(Reader& r);

}  // namespace fastload::dump
