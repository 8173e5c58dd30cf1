// The dump directory's reading: SQL scripts split as the client splits them, schema files read for their CREATE
// TABLE and settings, files named to tables (dump/, text/sql_text.h).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "base/base.h"
#include "dump/schema_file.h"
#include "dump/dump.h"
#include "temp_dir.h"
#include "text/text.h"

namespace fastload {
namespace {

using Statements = std::vector<std::string_view>;

TEST(SplitScript, DelimitersQuotesAndComments) {
  EXPECT_EQ(text::split_script("SET a=1; SELECT ';' ; -- x;y\nSELECT `a;b`;\n"),
            (Statements{"SET a=1", "SELECT ';'", "-- x;y\nSELECT `a;b`"}));
  EXPECT_EQ(text::split_script("SELECT 'it\\'s;'; /* a;b */ SELECT 2"), (Statements{"SELECT 'it\\'s;'", "/* a;b */ SELECT 2"}));
  EXPECT_EQ(text::split_script("-- only a comment;\n;\n /* and; another */"), Statements{});
  EXPECT_EQ(text::split_script("DELIMITER ;;\nCREATE TRIGGER t BEGIN SET a=1; SET b=2; END;;\nDELIMITER ;\nSET c=3;"),
            (Statements{"CREATE TRIGGER t BEGIN SET a=1; SET b=2; END", "SET c=3"}));
  EXPECT_EQ(text::split_script("/*M!999999\\- enable the sandbox mode */ \n-- c\n/*!40101 SET NAMES utf8mb4 */;"),
            (Statements{"-- c\n/*!40101 SET NAMES utf8mb4 */"}));
  EXPECT_EQ(text::split_script("SELECT 1;\nSELECT 'open"), (Statements{"SELECT 1", "SELECT 'open"}));
  EXPECT_EQ(text::split_script("SELECT 'a''b;' ;delimiter x\nSELECT 2"), (Statements{"SELECT 'a''b;'", "delimiter x\nSELECT 2"}));
}

// As mariadb-dump 10.11 --tab writes a table with a trigger (trimmed).
constexpr std::string_view kTabSchema = R"(/*M!999999\- enable the sandbox mode */ 
-- MariaDB dump 10.19  Distrib 10.11.19-MariaDB
/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!40101 SET NAMES utf8mb4 */;
/*!40103 SET @OLD_TIME_ZONE=@@TIME_ZONE */;
/*!40103 SET TIME_ZONE='+00:00' */;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='' */;
--
-- Table structure for table `c`
--
DROP TABLE IF EXISTS `c`;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `c` (
  `id` int(11) NOT NULL,
  `note` text DEFAULT 'a;b',
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
/*!40103 SET TIME_ZONE=@OLD_TIME_ZONE */;
/*!50003 SET sql_mode              = 'STRICT_TRANS_TABLES' */ ;
DELIMITER ;;
/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`localhost`*/ /*!50003 TRIGGER tr BEFORE INSERT ON c FOR EACH ROW SET NEW.note = UPPER(NEW.note) 
*/;;
DELIMITER ;
)";

TEST(SchemaFile, TabDumpTable) {
  const dump::SchemaFile s = dump::parse_schema("c.sql", kTabSchema);
  EXPECT_TRUE(s.create.starts_with("CREATE TABLE `c` (")) << s.create;
  EXPECT_TRUE(s.create.ends_with("DEFAULT CHARSET=utf8mb4")) << s.create;
  EXPECT_FALSE(s.view);
  EXPECT_EQ(s.time_zone, "'+00:00'");
  EXPECT_EQ(s.sql_mode, "''");
  EXPECT_EQ(s.names, "utf8mb4");
  ASSERT_EQ(s.settings.size(), 6u);  // every SET before the CREATE; never the DROP
  EXPECT_EQ(s.settings[5], "/*!40101 SET character_set_client = utf8mb4 */");
  ASSERT_EQ(s.after.size(), 3u);
  EXPECT_NE(s.after[2].find("TRIGGER tr BEFORE INSERT"), std::string::npos);
}

TEST(SchemaFile, ViewsAndRefusals) {
  const dump::SchemaFile v = dump::parse_schema("v.sql",
      "/*!50001 DROP VIEW IF EXISTS `v`*/;\n/*!50001 CREATE ALGORITHM=UNDEFINED */\n/*!50013 DEFINER=`root`@`localhost` "
      "SQL SECURITY DEFINER */\n/*!50001 VIEW `v` AS select 1 AS `a` */;");
  EXPECT_TRUE(v.view);
  try {
    dump::parse_schema("t.sql", "CREATE TABLE t (a int);\nINSERT INTO t VALUES (1);");
    ADD_FAILURE() << "rows in a schema file were taken";
  } catch (const Failure& f) {
    EXPECT_EQ(f.code(), ExitCode::input);
    EXPECT_NE(std::string(f.what()).find("t.sql:2: this schema file holds rows"), std::string::npos) << f.what();
  }
  EXPECT_THROW(dump::parse_schema("e.sql", "DROP TABLE t; SET a=1;"), Failure);
  EXPECT_THROW(dump::parse_schema("e.sql", "CREATE TEMPORARY TABLE t (a int);"), Failure);
}

TEST(Tables, NamedByFileAndDirectory) {
  TempDir dir;
  std::filesystem::create_directory(dir.path("dump"));
  dir.write("1\n", "dump/a.txt");
  dir.write("CREATE TABLE a (x int);", "dump/a.sql");
  dir.write("", "dump/b.txt.zst");
  dir.write("CREATE VIEW v AS SELECT 1;", "dump/v.sql");
  dir.write("not a table", "dump/notes.md");
  dir.write("1\n", "c.part1.tsv");
  dir.write("2\n", "c.part2.tsv");
  const auto tables = dump::tables_of({dir.path("c.part1.tsv"), dir.path("dump"), dir.path("c.part2.tsv")});
  ASSERT_EQ(tables.size(), 4u);
  EXPECT_EQ(tables[0].table, "c");
  EXPECT_EQ(tables[0].files, (std::vector<std::string>{dir.path("c.part1.tsv"), dir.path("c.part2.tsv")}));
  EXPECT_FALSE(tables[0].schema);
  EXPECT_EQ(tables[1].table, "a");
  EXPECT_EQ(tables[1].files, std::vector<std::string>{dir.path("dump") + "/a.txt"});
  ASSERT_TRUE(tables[1].schema);
  EXPECT_EQ(tables[1].schema->create, "CREATE TABLE a (x int)");
  EXPECT_EQ(tables[2].table, "b");
  EXPECT_EQ(tables[3].table, "v");
  EXPECT_TRUE(tables[3].files.empty());
  EXPECT_TRUE(tables[3].schema && tables[3].schema->view);
  EXPECT_EQ(dump::table_of("/x/y/t.txt.gz"), "t");
  dir.write("1\n", ".hidden");
  try {
    dump::tables_of({dir.path(".hidden")});
    ADD_FAILURE() << "a file without a name before its first dot was taken";
  } catch (const Failure& f) {
    EXPECT_EQ(f.code(), ExitCode::usage) << f.what();  // no table name, not a file that cannot be read
  }
  // A quoted pattern: each file it matches, into the table its own name gives.
  const auto matched = dump::tables_of({dir.path("c.part*.tsv")});
  ASSERT_EQ(matched.size(), 1u);
  EXPECT_EQ(matched[0].files, (std::vector<std::string>{dir.path("c.part1.tsv"), dir.path("c.part2.tsv")}));
  std::filesystem::create_directory(dir.path("empty"));
  EXPECT_THROW(dump::tables_of({dir.path("empty")}), Failure);
  std::filesystem::create_directory(dir.path("mydumper"));
  dir.write("", "mydumper/metadata");
  dir.write("CREATE TABLE t (a int);", "mydumper/db.t-schema.sql");
  EXPECT_THROW(dump::tables_of({dir.path("mydumper")}), Failure);
}

}  // namespace
}  // namespace fastload
