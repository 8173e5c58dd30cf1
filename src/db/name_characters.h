// Names with characters the server cannot keep in one. MariaDB and MySQL keep the names of databases, tables and
// columns in utf8mb3 (character_set_system): a character outside Unicode's Basic Multilingual Plane (four bytes in
// UTF-8, as 😀) is in no name there, and information_schema's names compared with a literal holding one fail
// ("Illegal mix of collations", error 1267) instead of matching nothing. Such a name is said to name nothing
// before it is compared; a server whose character_set_system is utf8mb4 has its names compared as any others.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace fastload::db {

class Session;

// The first character of `name` that no name on the server holds, as "😀 (U+1F600)", or nullopt. Asks the
// server (one query) only when `name` holds a four-byte character.
std::optional<std::string> unnameable_character(Session& session, std::string_view name);

// The end of a message about a `name` unnameable_character found `character` in: why nothing is named so.
std::string unnameable_reason(const std::string& character);

}  // namespace fastload::db
