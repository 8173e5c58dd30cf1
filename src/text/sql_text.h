// Reading SQL the user wrote (--set expressions) as MariaDB's lexer reads it,
// only as far as fastload must: where its user variables are (the INSERT
// modes rewrite them), and its top-level '=' and ',' and '?' placeholders
// (to check that a --set is one assignment), each outside string literals,
// quoted names and comments. Pure: no server is asked.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace fastload::text {

struct SqlScan {
  struct Variable {
    std::size_t begin = 0, end = 0;  // the bytes of `@name` (or @`name`, @'name', @"name") in the text
    std::string name;                // without '@' and quotes
  };
  std::vector<Variable> variables;        // user variables; never system ones (@@name)
  std::vector<std::size_t> equals;        // '=' outside parentheses and CASE ... END; not of <= >= != := <=>
  std::vector<std::size_t> commas;        // ',' outside parentheses
  std::vector<std::size_t> placeholders;  // '?'
  std::vector<std::size_t> assignments;   // ':=' (a user variable assigned)
  struct Word {
    std::size_t begin = 0, end = 0;  // an unquoted name or keyword
    bool call = false;               // '(' follows it: a function's name
    bool qualified = false;          // '.' before it: db.name
  };
  std::vector<Word> words;
  bool unterminated = false;              // a literal, quoted name or comment runs to the end
};

// backslash_escapes: false under sql_mode NO_BACKSLASH_ESCAPES, where a
// backslash in a literal is a plain character. Executable comments
// (/*! ... */, /*M! ... */) are read as code, as the server runs them.
// `s` without the white space (as isspace) at its ends.
std::string_view trimmed(std::string_view s);

SqlScan scan_sql(std::string_view text, bool backslash_escapes = true);

// Why `text` (a --set expression, scanned as `scan`) would not give each row
// what one LOAD DATA of the whole file gives it, or "" when it would: it
// reads state of the statement or the session (ROWNUM(), CONNECTION_ID(),
// LAST_INSERT_ID(), ROW_COUNT(), FOUND_ROWS()), draws from a sequence, or
// assigns a user variable (:=) that later rows read. fastload sends a file in
// many statements over many sessions.
std::string per_statement_use(std::string_view text, const SqlScan& scan);

// The statements of an SQL script as the mysql client splits them: at the
// delimiter (';', or what a DELIMITER line sets) outside literals, quoted
// names and comments; each without its delimiter, blanks around it dropped,
// those of only comments left out. DELIMITER lines are the client's and not statements.
// A literal or comment left open ends the script's last statement.
std::vector<std::string_view> split_script(std::string_view script, bool backslash_escapes = true);

// The lexical pieces the functions above read by, for other readers of SQL that must agree with them.
// One past the quote that closes the run text[i] (' " or `) opens, npos when the text ends first. Backticks take no
// backslash escapes (nor do the others without backslash_escapes); a doubled quote is one quote.
std::size_t quoted_end(std::string_view text, std::size_t i, bool backslash_escapes);
// The name inside a quoted run that quoted_end found whole.
std::string unquote(std::string_view quoted, bool backslash_escapes);
// One past the comment (# or -- to the line's end, /* */) starting at text[i], npos when it is not closed, 0 when
// none starts there. Executable comments (/*! */, /*M! */) are code, not comments.
std::size_t comment_end(std::string_view text, std::size_t i);
// At a line's start, a line for the client, not the server: "DELIMITER x" (which sets `delimiter` to x), or the
// sandbox command (`/*M!999999\- enable the sandbox mode */`) that mariadb-dump writes first. One past that line
// (its line end included), or 0 when the line is none.
std::size_t client_line(std::string_view script, std::size_t i, std::string& delimiter);

// `expression` followed by a line end when it may end in a line comment
// (# or --), so that SQL written after it is not commented out.
std::string closed_expression(const std::string& expression);

}  // namespace fastload::text
