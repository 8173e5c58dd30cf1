#include "dump/routine_statement.h"

#include <algorithm>
#include <array>
#include <fmt/core.h>

#include "base/base.h"

namespace fastload::dump {
namespace {

using text::same_name;

bool is(const std::vector<Token>& t, std::size_t i, std::string_view word) {
  return i < t.size() && t[i].kind == Token::word && text::same_name(t[i].text, word);
}
bool is_symbol(const std::vector<Token>& t, std::size_t i, char c) {
  return i < t.size() && t[i].kind == Token::symbol && t[i].text[0] == c;
}

// Words after which IF( is the IF() function, not an IF statement whose condition is in parentheses.
bool expression_word(const Token& t) {
  static constexpr std::array kWords = {"select", "return", "set",  "where", "and",    "or",    "not", "when",
                                        "xor",    "on",     "having", "by",  "values", "case",  "while", "until",
                                        "in",     "like",   "is",   "elseif", "if",    "div",   "mod",  "limit"};
  return t.kind == Token::word &&
         std::any_of(kWords.begin(), kWords.end(), [&](std::string_view w) { return text::same_name(t.text, w); });
}

// Whether t[i] opens a compound statement that an END closes. Where the words alone cannot tell (IF() or IF
// (cond) THEN), it counts as one: a miscount then lets a second statement through to the server, which refuses
// it (fastload's sessions run one statement at a time), rather than refusing a good routine.
bool opens(const std::vector<Token>& t, std::size_t i, std::size_t from) {
  if (i > from && is(t, i - 1, "end")) return false;  // END IF, END LOOP, ...
  if (is(t, i, "begin") || is(t, i, "case") || is(t, i, "loop") || is(t, i, "while")) return true;
  if (is(t, i, "repeat")) return !is_symbol(t, i + 1, '(');
  if (is(t, i, "for")) return is(t, i + 2, "in");  // FOR x IN ..., not HANDLER FOR or FOR UPDATE
  if (!is(t, i, "if") || is(t, i + 1, "not") || is(t, i + 1, "exists")) return false;
  if (!is_symbol(t, i + 1, '(') || i == from) return true;
  const Token& before = t[i - 1];
  if (before.kind == Token::symbol) return before.text == ";" || before.text == ":" || before.text == ")";
  return !expression_word(before);
}

SchemaStatement refused(std::string why) { return {StatementKind::refused, "", std::move(why), ""}; }

std::string kind_of(Reader& r) {
  for (const char* kind : {"PROCEDURE", "FUNCTION", "EVENT"})
    if (r.take_word(kind)) return kind;
  return "";
}

SchemaStatement judge_drop(Reader& r, const std::string& kind) {
  if (r.take_word("if")) r.take_word("exists");
  std::optional<std::string> name = r.name();
  if (!name || !r.done())
    return refused(fmt::format("a DROP {} of another database's routine (a qualified name) or of several", kind));
  return {StatementKind::drop_routine, *name, "", kind};
}

SchemaStatement judge_create(Reader& r, const std::string& kind) {
  if (r.is_word("if") && r.is_word("not", 1) && r.is_word("exists", 2)) r.at += 3;
  const bool soname = std::any_of(r.tokens.begin() + static_cast<std::ptrdiff_t>(r.at), r.tokens.end(),
                                  [](const Token& t) { return t.kind == Token::word && same_name(t.text, "soname"); });
  std::optional<std::string> name = r.name();
  if (!name) return refused(fmt::format("a CREATE {} in another database (a qualified name)", kind));
  if (kind != "EVENT" && !r.is_symbol('('))  // a loadable function has none: CREATE FUNCTION f RETURNS INT SONAME
    return refused(fmt::format("a CREATE {} without a parameter list{}", kind,
                               soname ? " (... SONAME: a loadable function, a library the server would load)" : ""));
  if (!one_body(r.tokens, r.at))
    return refused(fmt::format("a CREATE {} followed by another statement before its delimiter (a ';' after the "
                               "routine's body)", kind));
  return {StatementKind::routine, *name, "", kind};
}

}  // namespace

bool one_body(const std::vector<Token>& t, std::size_t from) {
  int depth = 0;
  for (std::size_t i = from; i < t.size(); ++i) {
    if (is_symbol(t, i, ';')) {
      if (depth <= 0 && i + 1 < t.size()) return false;
    } else if (is(t, i, "end")) {
      if (--depth < 0) return false;
    } else if (t[i].kind == Token::word && opens(t, i, from)) {
      ++depth;
    }
  }
  return true;
}

std::optional<SchemaStatement> judge_routine_statement(const std::vector<Token>& tokens) {
  Reader r{tokens};
  if (r.take_word("drop")) {
    const std::string kind = kind_of(r);
    return kind.empty() ? std::nullopt : std::optional(judge_drop(r, kind));
  }
  if (!r.take_word("create")) return std::nullopt;
  skip_create_clauses(r);
  r.take_word("aggregate");  // CREATE AGGREGATE FUNCTION
  const std::string kind = kind_of(r);
  return kind.empty() ? std::nullopt : std::optional(judge_create(r, kind));
}

bool asked_for(const SchemaStatement& judged, bool routines, bool events) {
  return judged.routine == "EVENT" ? events : routines;
}

void refuse_not_asked(std::string_view file, std::uint64_t line, const SchemaStatement& judged,
                      std::string_view statement, const RoutineSource& source) {
  const bool event = judged.routine == "EVENT";
  throw Failure(ExitCode::input, fmt::format(
      "{}:{}: a {} {} (`{}`): fastload restores {} {} only when asked; nothing was changed on the server. Give {} to "
      "restore them, or dump without them ({})", file, line, judged.kind == StatementKind::routine ? "CREATE" : "DROP",
      judged.routine, statement_excerpt(statement), source.dump, event ? "events" : "procedures and functions",
      event ? "--events" : "--routines", event ? source.without_events : source.without_routines));
}

std::optional<std::string> unfollowed_drop(std::string_view kind, std::string_view name, const SchemaStatement& next,
                                           bool same_database) {
  if (next.kind == StatementKind::routine && next.routine == kind && same_name(next.object, name) && same_database)
    return std::nullopt;
  return fmt::format("a DROP {} of `{}` that its CREATE does not follow: fastload drops a routine only to create it "
                     "again", kind, name);
}

}  // namespace fastload::dump
