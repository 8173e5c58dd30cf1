#include "dump/statement_tokens.h"

#include <cctype>

namespace fastload::dump {
namespace {

bool word_byte(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || static_cast<unsigned char>(c) >= 0x80;
}

// The quoted text at s[i] (s[i] is the quote): backslash escapes in strings (unless NO_BACKSLASH_ESCAPES), a
// doubled quote is one.
std::optional<std::string> read_quoted(std::string_view s, std::size_t& i, bool escapes) {
  const char quote = s[i++];
  std::string out;
  while (i < s.size()) {
    const char c = s[i++];
    if (c == '\\' && escapes && i < s.size()) {
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

}  // namespace

std::optional<std::vector<Token>> tokens_of(std::string_view s, sqldump::SqlMode mode) {
  std::vector<Token> out;
  bool executable = false;
  int depth = 0;
  for (std::size_t i = 0;;) {
    if (!skip_space(s, i, executable)) return std::nullopt;
    if (i >= s.size()) return out;
    const char c = s[i];
    Token t{Token::symbol, std::string(1, c), depth};
    if (c == '`' || c == '\'' || c == '"') {
      const bool name = c == '`' || (c == '"' && mode.ansi_quotes);
      auto text = read_quoted(s, i, mode.backslash_escapes && !name);
      if (!text) return std::nullopt;
      t = {name ? Token::quoted : Token::string, std::move(*text), depth};
    } else if (c == '@' && i + 1 < s.size() && s[i + 1] == '@') {
      i += 2;
      t = {Token::system_var, read_word(s, i, true), depth};
    } else if (c == '@') {
      ++i;
      auto text = i < s.size() && (s[i] == '`' || s[i] == '\'' || s[i] == '"') ? read_quoted(s, i, mode.backslash_escapes && s[i] != '`')
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

}  // namespace fastload::dump
