// A dump's routine statement (CREATE PROCEDURE, CREATE FUNCTION, CREATE EVENT, and the DROP ... IF EXISTS
// mariadb-dump writes before each) judged by what it may do: create one routine of the database the dump is
// restored into, nothing else (docs/design.md, "Routines and events").
#pragma once

#include <optional>
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

}  // namespace fastload::dump
