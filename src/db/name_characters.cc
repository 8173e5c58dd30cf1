#include "db/name_characters.h"

#include <fmt/core.h>

#include "db/session.h"
#include "text/text.h"

namespace fastload::db {

std::optional<std::string> unnameable_character(Session& session, std::string_view name) {
  for (std::size_t at = 0; at < name.size(); ++at) {
    std::size_t length = text::utf8_character(name, at);
    if (length < 4) continue;
    if (session.query_value("SELECT @@character_set_system").value_or("") == "utf8mb4") return std::nullopt;
    auto byte = [&](std::size_t i) { return static_cast<unsigned char>(name[at + i]) & 0x3fu; };
    unsigned code = (static_cast<unsigned char>(name[at]) & 0x07u) << 18 | byte(1) << 12 | byte(2) << 6 | byte(3);
    return fmt::format("{} (U+{:04X})", name.substr(at, length), code);
  }
  return std::nullopt;
}

std::string unnameable_reason(const std::string& character) {
  return fmt::format("its name holds {}, a character outside Unicode's Basic Multilingual Plane, which the server's "
                     "names cannot hold (they are utf8mb3, its character_set_system): check the name", character);
}

}  // namespace fastload::db
