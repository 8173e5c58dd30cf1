// Which columns hold JSON (table::mark_json), from what information_schema says of them on each server kind.
#include <gtest/gtest.h>

#include "table/target.h"

namespace fastload::table {
namespace {

Column column(const std::string& name, const std::string& type) {
  Column c;
  c.name = name;
  c.type = type;
  return c;
}

std::vector<bool> json_of(std::vector<Column> columns, const std::vector<std::string>& checks, bool mariadb) {
  mark_json(columns, checks, mariadb);
  std::vector<bool> json;
  for (const Column& c : columns) json.push_back(c.json);
  return json;
}

// MySQL: its JSON type is its own DATA_TYPE; a LONGTEXT is text, whatever a check clause says (none is read).
TEST(JsonColumns, MySqlByTheType) {
  std::vector<Column> columns = {column("doc", "json"), column("body", "longtext"), column("n", "int")};
  EXPECT_EQ(json_of(columns, {}, false), (std::vector<bool>{true, false, false}));
  EXPECT_EQ(json_of(columns, {"json_valid(`body`)"}, false), (std::vector<bool>{true, false, false}));
}

// MariaDB: JSON is a LONGTEXT with CHECK (json_valid(`col`)), the column's own or the table's; any other check,
// another column's, or the check on a type other than LONGTEXT does not make one.
TEST(JsonColumns, MariaDbByTheCheckOnALongtext) {
  std::vector<Column> columns = {column("doc", "longtext"), column("body", "longtext"), column("a`b", "longtext"),
                                 column("t", "text"), column("doc2", "longtext")};
  EXPECT_EQ(json_of(columns, {}, true), (std::vector<bool>{false, false, false, false, false}));
  EXPECT_EQ(json_of(columns, {"json_valid(`doc`)", "json_valid(`a``b`)", "json_valid(`t`)", "`body` <> ''",
                              "json_valid(`doc2`) and 1"}, true),
            (std::vector<bool>{true, false, true, false, false}));
}

}  // namespace
}  // namespace fastload::table
