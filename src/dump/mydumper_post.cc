// DB-schema-post.sql, mydumper's routines and events, read statement by statement as myloader 0.10 reads it, and
// judged before anything is changed (docs/design.md, "mydumper directories").
#include <algorithm>
#include <array>
#include <optional>
#include <fmt/core.h>

#include "base/base.h"
#include "dump/mydumper.h"
#include "dump/routine_statement.h"
#include "dump/schema_statement.h"
#include "dump/statement_tokens.h"

namespace fastload::dump {
namespace {

// A statement as myloader cuts it: the lines up to one that ends in ';', without that ';' and newline.
struct Cut {
  std::string_view text;
  std::uint64_t line = 1;  // of its first byte that is no blank
};

constexpr const char* kTakes =
    "from a mydumper directory's DB-schema-post.sql fastload runs only the SETs of the character sets and of the "
    "@PREV_ variables mydumper writes, and each routine's DROP ... IF EXISTS and CREATE PROCEDURE, FUNCTION or "
    "EVENT; nothing was changed on the server";

constexpr RoutineSource kSource = {"a mydumper directory's", "mydumper without -R", "mydumper without -E"};

[[noreturn]] void refuse(const std::string& path, std::uint64_t line, std::string_view statement,
                         std::string_view why) {
  throw Failure(ExitCode::input, fmt::format("{}:{}: {} (`{}`): {}. Remove it, or restore the directory with "
                                             "myloader if you trust it", path, line, why, statement_excerpt(statement),
                                             kTakes));
}

std::uint64_t lines_in(std::string_view s) { return static_cast<std::uint64_t>(std::count(s.begin(), s.end(), '\n')); }

// myloader reads the file a line at a time and sends what it holds once a line ends in ";\n"; what follows the
// last such line it never sends. A NUL byte ends its copy of a line.
std::vector<Cut> myloader_cuts(const std::string& path, std::string_view content) {
  if (const std::size_t nul = content.find('\0'); nul != std::string_view::npos)
    refuse(path, 1 + lines_in(content.substr(0, nul)), content.substr(content.rfind('\n', nul) + 1),
           "a NUL byte, where myloader's reading of a line stops");
  std::vector<Cut> out;
  std::size_t begin = 0;
  std::uint64_t line = 1;
  for (std::size_t nl = content.find('\n'); nl != std::string_view::npos; nl = content.find('\n', nl + 1)) {
    if (nl > begin && content[nl - 1] == ';') {
      std::string_view text = content.substr(begin, nl - 1 - begin);
      const std::size_t code = std::min(text.find_first_not_of(" \t\r\n"), text.size());
      out.push_back({text.substr(code), line + lines_in(text.substr(0, code))});
      line += lines_in(content.substr(begin, nl + 1 - begin)), begin = nl + 1;
    }
  }
  const std::string_view rest = content.substr(begin);
  const auto tokens = tokens_of(rest);
  if (!tokens || !tokens->empty())
    refuse(path, line + lines_in(rest.substr(0, std::min(rest.find_first_not_of(" \t\r\n"), rest.size()))), rest,
           "text after the file's last line ending in ';', which myloader never runs (a file cut short?)");
  return out;
}

// The SETs mydumper writes around each routine: its client character set, results and collation, saved in
// @PREV_ variables and put back.
bool mydumper_set(std::string_view statement) {
  static constexpr std::array kNames = {"character_set_client", "character_set_results", "collation_connection",
                                        "@prev_character_set_client", "@prev_character_set_results",
                                        "@prev_collation_connection"};
  const auto assignments = sqldump::set_assignments(statement);
  return assignments && !assignments->empty() &&
         std::all_of(assignments->begin(), assignments->end(), [](const sqldump::Assignment& a) {
           return std::any_of(kNames.begin(), kNames.end(), [&](std::string_view n) { return a.name == n; });
         });
}

class Judge {
 public:
  Judge(const std::string& path, MydumperAsked asked) : path_(path), asked_(asked) {}
  bool take(const Cut& c);  // false: blanks and comments only
  void finish() const;

 private:
  [[noreturn]] void fail(const Cut& c, std::string_view why) const;
  void check_drop(const SchemaStatement& judged) const;

  const std::string& path_;
  MydumperAsked asked_;
  std::optional<std::pair<SchemaStatement, Cut>> drop_;     // a DROP whose CREATE must come next
  std::optional<std::pair<SchemaStatement, Cut>> created_;  // the statement before, when it was a CREATE
};

// A statement refused right after a routine's CREATE is most likely the rest of its body, cut by myloader's reading.
void Judge::fail(const Cut& c, std::string_view why) const {
  if (!created_) refuse(path_, c.line, c.text, why);
  refuse(path_, c.line, c.text, fmt::format(
      "{}, right after the CREATE {} `{}` of line {}: myloader ends a statement at each line ending in ';', so a "
      "line of that routine's body ending in ';' cuts it there (mydumper writes \"; \" at such a line's end)", why,
      created_->first.routine, created_->first.object, created_->second.line));
}

bool Judge::take(const Cut& c) {
  const auto tokens = tokens_of(c.text);
  if (!tokens)
    fail(c, "a statement that myloader cuts inside a string, quoted name or comment (it ends one at each line "
            "ending in ';')");
  if (tokens->empty()) return false;
  const SchemaStatement judged = judge_dump_statement(c.text);
  const bool several = std::any_of(tokens->begin(), tokens->end(), [](const Token& t) {
    return t.kind == Token::symbol && t.text == ";";
  });
  if (several && judged.kind != StatementKind::routine)
    fail(c, "two statements that myloader sends as one (it ends one only at a line ending in ';'), which the server "
            "refuses");
  const auto taken = [&](std::optional<std::pair<SchemaStatement, Cut>>& as) {
    if (!asked_for(judged, asked_.routines, asked_.events)) refuse_not_asked(path_, c.line, judged, c.text, kSource);
    check_drop(judged);
    drop_.reset(), created_.reset();
    as.emplace(judged, c);
    return true;
  };
  switch (judged.kind) {
    case StatementKind::setting:
      if (!mydumper_set(c.text)) fail(c, "a SET of another variable than mydumper's");
      created_.reset();
      return true;
    case StatementKind::drop_routine: return taken(drop_);
    case StatementKind::routine: return taken(created_);
    case StatementKind::refused: fail(c, judged.why);
    default: fail(c, "a statement that makes no routine or event");
  }
}

// A DROP is taken only right before the CREATE of the routine it drops (SETs between).
void Judge::check_drop(const SchemaStatement& judged) const {
  if (!drop_) return;
  if (const auto why = unfollowed_drop(drop_->first.routine, drop_->first.object, judged))
    refuse(path_, drop_->second.line, drop_->second.text, *why);
}

void Judge::finish() const { check_drop({}); }

}  // namespace

SqlDump read_schema_post(const std::string& path, std::string_view content, MydumperAsked asked) {
  Judge judge(path, asked);
  std::vector<sqldump::Piece> statements;
  for (const Cut& c : myloader_cuts(path, content))
    if (judge.take(c)) {
      sqldump::Piece p;
      p.text = c.text, p.line = c.line;
      statements.push_back(p);
    }
  judge.finish();
  return scan_statements(statements, path, {.routines = true, .events = true});
}

}  // namespace fastload::dump
