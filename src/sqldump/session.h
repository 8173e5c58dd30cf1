// The session settings a dump's own SET statements change and that decide how its INSERTs read: sql_mode (how
// literals are quoted and escaped) and character_set_client (the character set of their bytes).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sqldump/splitter.h"

namespace fastload::sqldump {

// One assignment of a SET statement, read simply: `SET a = v, @@SESSION.b = 'w', NAMES x`, inside /*!NNNNN */ or
// not. name: lower case, without @@ and SESSION./LOCAL.; a user variable keeps its '@'; NAMES and CHARACTER SET
// are "names" (their value the character set's name alone). value: a quoted literal's text, else as written.
// GLOBAL ones are left out (they do not change the dump's session).
struct Assignment {
  std::string name, value;
  bool literal = false;  // value was a quoted literal (else a word, number or @variable)
};
// The assignments of `statement`, or nullopt when it is no SET statement.
std::optional<std::vector<Assignment>> set_assignments(std::string_view statement, SqlMode mode = {});

// The flags of an sql_mode value ('NO_AUTO_VALUE_ON_ZERO,ANSI_QUOTES'); the combination modes (ANSI, ORACLE,
// MSSQL, DB2, POSTGRESQL, MAXDB) hold ANSI_QUOTES. A numeric value is read as no flag.
SqlMode mode_flags(std::string_view sql_mode);

// Whether the splitter and the INSERT reader, which read bytes, read text in `charset` right: false for the
// character sets where a byte past a character's first may be a quote or a backslash (big5, cp932, gbk, gb18030,
// sjis), whose dumps the caller must refuse.
bool bytewise_readable(std::string_view charset);

// The session as the dump's statements leave it, from the settings it starts with: what mariadb-dump sets
// (@OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='...'; SET NAMES; @saved_cs_client) and puts back.
class Session {
 public:
  explicit Session(std::string sql_mode = "STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,"
                                          "NO_ENGINE_SUBSTITUTION",
                   std::string charset = "utf8mb4");
  // Reads `statement` (whole: a SET statement is short, so a caller that gets long statements in parts keeps
  // their first KB for this); true when it was a SET statement.
  bool apply(std::string_view statement);
  SqlMode mode() const { return mode_flags(get("sql_mode")); }
  std::string charset() const { return get("character_set_client"); }  // what LOAD DATA's CHARACTER SET must be

 private:
  std::string get(const std::string& name) const;
  std::map<std::string, std::string> values_;  // system variables (and @user ones) by name
};

}  // namespace fastload::sqldump
