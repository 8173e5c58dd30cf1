// A dump's routine statement (CREATE PROCEDURE, CREATE FUNCTION, CREATE EVENT, and the DROP ... IF EXISTS
// mariadb-dump writes before each) judged by what it may do: create one routine of the database the dump is
// restored into, nothing else (docs/design.md, "Routines and events"); and what an SQL dump and a mydumper
// directory refuse alike: a routine not asked for, a DROP that its CREATE does not follow.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dump/schema_statement.h"
#include "dump/statement_tokens.h"

namespace fastload::dump {

// nullopt when `tokens` are no routine statement. Else kind routine or drop_routine (object: the routine's name,
// routine: PROCEDURE, FUNCTION or EVENT), or refused: a routine of another database (a qualified name), a
// loadable function (CREATE FUNCTION ... SONAME: a library the server would load), a DROP of several or without
// a name, a routine followed by another statement in its DELIMITER block.
std::optional<SchemaStatement> judge_routine_statement(const std::vector<Token>& tokens);

// Whether the tokens from `from` on are one routine body: a ';' only inside a compound statement (BEGIN ... END,
// IF, CASE, LOOP, WHILE, REPEAT, FOR ... END x), or last.
bool one_body(const std::vector<Token>& tokens, std::size_t from);

// Where a dump's routines come from, for a refusal of them: the kind of dump ("a dump's") and how to make one
// without its routines, without its events ("mariadb-dump --skip-routines").
struct RoutineSource {
  std::string_view dump;
  std::string_view without_routines, without_events;
};

// Whether `judged`, a routine's CREATE or DROP, is of those asked for: an event with `events`, a procedure or
// function with `routines`.
bool asked_for(const SchemaStatement& judged, bool routines, bool events);

// Throws Failure(ExitCode::input) for `judged`, a routine's CREATE or DROP not asked for (`statement`, at `line`
// of `file`): it names the option that restores it and how `source` is made without it.
[[noreturn]] void refuse_not_asked(std::string_view file, std::uint64_t line, const SchemaStatement& judged,
                                   std::string_view statement, const RoutineSource& source);

// A routine's DROP (of the `kind` routine `name`) is run only right before its CREATE: why it is refused when
// `next`, the statement after it (SETs aside), is not that CREATE, in the same database (`same_database`);
// nullopt when it is.
std::optional<std::string> unfollowed_drop(std::string_view kind, std::string_view name, const SchemaStatement& next,
                                           bool same_database = true);

}  // namespace fastload::dump
