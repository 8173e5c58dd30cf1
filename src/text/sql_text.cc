#include "text/sql_text.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <initializer_list>

#include "text/identifiers.h"

namespace fastload::text {
namespace {

constexpr std::size_t npos = std::string_view::npos;

// Bytes of unquoted names and variables: MariaDB reads any byte of a
// multi-byte character as a letter there.
bool name_byte(unsigned char c) { return std::isalnum(c) || c == '_' || c == '$' || c >= 0x80; }
bool is_quote(char c) { return c == '\'' || c == '"' || c == '`'; }

}  // namespace

// One past the quote that closes the run text[i] opens, or npos. Backticks
// take no backslash escapes; a doubled quote is one quote.
std::size_t quoted_end(std::string_view text, std::size_t i, bool backslash_escapes) {
  const char q = text[i];
  const bool escapes = backslash_escapes && q != '`';
  for (std::size_t j = i + 1; j < text.size(); ++j) {
    if (escapes && text[j] == '\\') ++j;
    else if (text[j] == q && j + 1 < text.size() && text[j + 1] == q) ++j;
    else if (text[j] == q) return j + 1;
  }
  return npos;
}

// The name inside a quoted run that quoted_end found whole.
std::string unquote(std::string_view quoted, bool backslash_escapes) {
  const char q = quoted.front();
  std::string name;
  for (std::size_t j = 1; j + 1 < quoted.size(); ++j) {
    if (quoted[j] == q || (backslash_escapes && q != '`' && quoted[j] == '\\')) ++j;  // the next byte is data
    name += quoted[j];
  }
  return name;
}

// One past the comment starting at text[i], npos when it is not closed, 0
// when none starts there. Executable comments are not comments.
std::size_t comment_end(std::string_view text, std::size_t i) {
  std::string_view rest = text.substr(i);
  bool dashes = rest.size() >= 2 && rest.substr(0, 2) == "--" &&
                (rest.size() == 2 || static_cast<unsigned char>(rest[2]) <= ' ' || rest[2] == '\x7f');
  if (rest.front() == '#' || dashes) {
    std::size_t end = text.find('\n', i);
    return end == npos ? text.size() : end + 1;
  }
  if (rest.substr(0, 2) != "/*" || rest.substr(0, 3) == "/*!" || rest.substr(0, 4) == "/*M!") return 0;
  std::size_t end = text.find("*/", i + 2);
  return end == npos ? npos : end + 2;
}

namespace {

class Scanner {
 public:
  Scanner(std::string_view text, bool backslash_escapes) : text_(text), escapes_(backslash_escapes) {}

  SqlScan run() {
    while (i_ < text_.size()) step();
    scan_.unterminated = scan_.unterminated || executable_;
    return std::move(scan_);
  }

 private:
  void step() {
    const char c = text_[i_];
    if (is_quote(c)) return skip_to(quoted_end(text_, i_, escapes_));
    if (std::size_t end = comment_end(text_, i_)) return skip_to(end);
    if (executable_marker()) return;
    if (c == '@') return variable();
    if (name_byte(static_cast<unsigned char>(c))) return word();
    if (c == '(') ++parens_;
    if (c == ')') --parens_;
    if (c == ',' && parens_ == 0) scan_.commas.push_back(i_);
    if (c == '?') scan_.placeholders.push_back(i_);
    if (c == '=' && i_ > 0 && text_[i_ - 1] == ':') scan_.assignments.push_back(i_ - 1);
    bool operator_part = i_ > 0 && std::strchr("<>!:", text_[i_ - 1]) != nullptr;
    if (c == '=' && parens_ == 0 && cases_ == 0 && !operator_part) scan_.equals.push_back(i_);
    ++i_;
  }

  void skip_to(std::size_t end) {
    scan_.unterminated = scan_.unterminated || end == npos;
    i_ = end == npos ? text_.size() : end;
  }

  // "/*!", "/*M!" and a version, or the "*/" that ends them: the code between runs.
  bool executable_marker() {
    std::string_view rest = text_.substr(i_);
    if (executable_ && rest.substr(0, 2) == "*/") {
      executable_ = false;
      i_ += 2;
      return true;
    }
    std::size_t marker = rest.substr(0, 3) == "/*!" ? 3 : rest.substr(0, 4) == "/*M!" ? 4 : 0;
    if (marker == 0) return false;
    executable_ = true;
    for (i_ += marker; i_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[i_]));) ++i_;
    return true;
  }

  void variable() {
    const std::size_t begin = i_++;
    if (i_ < text_.size() && text_[i_] == '@') {  // @@system_variable: its name is read as a word
      ++i_;
      return;
    }
    std::size_t end = i_;
    if (i_ < text_.size() && is_quote(text_[i_])) {
      end = quoted_end(text_, i_, escapes_);
      if (end == npos) return skip_to(npos);
      scan_.variables.push_back({begin, end, unquote(text_.substr(i_, end - i_), escapes_)});
    } else {
      while (end < text_.size() && (name_byte(static_cast<unsigned char>(text_[end])) || text_[end] == '.')) ++end;
      if (end > i_) scan_.variables.push_back({begin, end, std::string(text_.substr(i_, end - i_))});
    }
    i_ = end;
  }

  // CASE ... END holds '=' of its own: WHEN a = b.
  void word() {
    std::size_t end = i_;
    while (end < text_.size() && name_byte(static_cast<unsigned char>(text_[end]))) ++end;
    std::string_view w = text_.substr(i_, end - i_);
    if (same_name(w, "case")) ++cases_;
    if (same_name(w, "end") && cases_ > 0) --cases_;
    std::size_t next = end;
    while (next < text_.size() && std::isspace(static_cast<unsigned char>(text_[next]))) ++next;
    scan_.words.push_back({i_, end, next < text_.size() && text_[next] == '(', i_ > 0 && text_[i_ - 1] == '.'});
    i_ = end;
  }

  std::string_view text_;
  bool escapes_;
  std::size_t i_ = 0;
  int parens_ = 0, cases_ = 0;
  bool executable_ = false;  // inside /*! ... */
  SqlScan scan_;
};

}  // namespace

SqlScan scan_sql(std::string_view text, bool backslash_escapes) { return Scanner(text, backslash_escapes).run(); }

std::string per_statement_use(std::string_view text, const SqlScan& scan) {
  if (!scan.assignments.empty())
    return "':=' assigns a user variable that later rows read: one LOAD DATA carries it from row to row "
           "through the whole file, but fastload sends the file in many statements over several sessions, so "
           "rows would get other values; compute the value from the row's own fields";
  auto word = [&](std::size_t i) { return text.substr(scan.words[i].begin, scan.words[i].end - scan.words[i].begin); };
  auto function = [&](std::size_t i, std::initializer_list<std::string_view> names) {
    const SqlScan::Word& w = scan.words[i];
    return w.call && !w.qualified &&
           std::any_of(names.begin(), names.end(), [&](std::string_view f) { return same_name(word(i), f); });
  };
  for (std::size_t i = 0; i < scan.words.size(); ++i) {
    bool next_value = i + 1 < scan.words.size() && same_name(word(i + 1), "value") &&
                      (same_name(word(i), "next") || same_name(word(i), "previous"));
    if (next_value || function(i, {"nextval", "lastval", "setval"}))
      return "a sequence numbers rows in the order one statement reads them, and fastload loads chunks of the "
             "file in parallel statements, so the numbers would not follow the file; number the rows in the file";
    if (function(i, {"rownum", "connection_id", "last_insert_id", "row_count", "found_rows"}))
      return std::string(word(i)) + "() depends on the statement or the session, and fastload sends the file in "
             "many statements over several sessions, so rows would get other values than one LOAD DATA gives "
             "them; compute the value from the row's own fields";
  }
  return "";
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

namespace {

// At a line's start: "DELIMITER x" sets the delimiter to x; returns one past its line, or 0 when it is none.
std::size_t delimiter_line(std::string_view script, std::size_t i, std::string& delimiter) {
  while (i < script.size() && (script[i] == ' ' || script[i] == '\t')) ++i;
  constexpr std::string_view kWord = "delimiter";
  if (script.size() - i <= kWord.size() || !same_name(script.substr(i, kWord.size()), kWord) ||
      !std::isspace(static_cast<unsigned char>(script[i + kWord.size()])))
    return 0;
  std::size_t end = script.find('\n', i);
  end = end == npos ? script.size() : end;
  const std::string_view word = trimmed(script.substr(i + kWord.size(), end - i - kWord.size()));
  if (word.empty()) return 0;
  delimiter = std::string(word);
  return end == script.size() ? end : end + 1;
}

}  // namespace

std::size_t client_line(std::string_view script, std::size_t i, std::string& delimiter) {
  if (script.compare(i, 12, "/*M!999999\\-") == 0) {
    const std::size_t end = script.find('\n', i);
    return end == npos ? script.size() : end + 1;
  }
  return delimiter_line(script, i, delimiter);
}

std::vector<std::string_view> split_script(std::string_view script, bool backslash_escapes) {
  std::vector<std::string_view> statements;
  std::string delimiter = ";";
  std::size_t begin = 0, i = 0;
  bool code = false;  // the statement so far holds more than blanks and comments
  while (i < script.size()) {
    if (!code && (i == 0 || script[i - 1] == '\n'))
      if (std::size_t next = client_line(script, i, delimiter)) {
        begin = i = next;
        continue;
      }
    if (script.compare(i, delimiter.size(), delimiter) == 0) {
      if (code) statements.push_back(trimmed(script.substr(begin, i - begin)));
      begin = i = i + delimiter.size();
      code = false;
      continue;
    }
    const std::size_t comment = comment_end(script, i);
    code = code || (comment == 0 && !std::isspace(static_cast<unsigned char>(script[i])));
    const std::size_t end = comment ? comment : is_quote(script[i]) ? quoted_end(script, i, backslash_escapes) : i + 1;
    i = end == npos ? script.size() : end;
  }
  if (code) statements.push_back(trimmed(script.substr(begin)));
  return statements;
}

std::string closed_expression(const std::string& expression) {
  // A line comment starts at '#' or at "--" (and a blank): a '-' alone, as in DATE'2026-11-28', starts none.
  return expression.find('#') == std::string::npos && expression.find("--") == std::string::npos ? expression
                                                                                                 : expression + "\n";
}

}  // namespace fastload::text
