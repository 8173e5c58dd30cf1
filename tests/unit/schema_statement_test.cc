// A dump's schema file is data: each statement judged by what it may do (dump/schema_statement.h), the names it
// uses checked against the file's own (dump/schema_file.h), and the dump directory's files kept inside it and
// given once (dump/tables.h).
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "base/base.h"
#include "dump/schema_file.h"
#include "dump/schema_statement.h"
#include "dump/dump.h"
#include "temp_dir.h"

namespace fastload {
namespace {

using dump::StatementKind;

struct Case {
  std::string_view statement;
  StatementKind kind;
  std::string_view object = "";
};

// What mariadb-dump 10.11 and mysqldump 8 write in --tab's T.sql and a view's file, each as the client splits it.
// An SQL dump of a whole database adds CREATE DATABASE, USE and the statements mariadb-dump writes around a
// table's INSERTs; a schema file (judge_statement) still refuses them.
TEST(SchemaStatement, WhatSqlDumpsAdd) {
  const std::vector<Case> cases = {
      {"CREATE DATABASE /*!32312 IF NOT EXISTS*/ `a` /*!40100 DEFAULT CHARACTER SET utf8mb4 */",
       StatementKind::database, "a"},
      {"USE `a b`", StatementKind::use, "a b"},
      {"LOCK TABLES `t` WRITE", StatementKind::dump_own, "t"},
      {"UNLOCK TABLES", StatementKind::dump_own},
      {"/*!40000 ALTER TABLE `t` DISABLE KEYS */", StatementKind::dump_own, "t"},
      {"/*!40000 ALTER TABLE `t` ENABLE KEYS */", StatementKind::dump_own, "t"},
      {"ALTER TABLE t ADD COLUMN x int", StatementKind::refused},
      {"LOCK TABLES t WRITE, u WRITE", StatementKind::refused},
      {"USE a; DROP", StatementKind::refused},
      {"CREATE TABLE `t` (x int)", StatementKind::create_table, "t"},
      {"GRANT ALL ON *.* TO x", StatementKind::refused},
  };
  for (const Case& c : cases) {
    const dump::SchemaStatement judged = dump::judge_dump_statement(c.statement);
    EXPECT_EQ(judged.kind, c.kind) << c.statement;
    EXPECT_EQ(judged.object, c.object) << c.statement;
    if (c.kind == StatementKind::database || c.kind == StatementKind::use || c.kind == StatementKind::dump_own) {
      EXPECT_EQ(dump::judge_statement(c.statement).kind, StatementKind::refused) << c.statement;
    }
  }
}

TEST(SchemaStatement, WhatDumpsWrite) {
  const std::vector<Case> cases = {
      {"/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */", StatementKind::setting},
      {"/*!40101 SET NAMES utf8mb4 */", StatementKind::setting},
      {"/*!50503 SET NAMES utf8mb4 COLLATE utf8mb4_0900_ai_ci */", StatementKind::setting},
      {"/*!40103 SET TIME_ZONE='+00:00' */", StatementKind::setting},
      {"/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */", StatementKind::setting},
      {"/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */", StatementKind::setting},
      {"/*!40111 SET @OLD_SQL_NOTES=@@SQL_NOTES, SQL_NOTES=0 */", StatementKind::setting},
      {"/*M!100616 SET @OLD_NOTE_VERBOSITY=@@NOTE_VERBOSITY, NOTE_VERBOSITY=0 */", StatementKind::setting},
      {"/*!50003 SET @saved_cs_client      = @@character_set_client */", StatementKind::setting},
      {"/*!50003 SET sql_mode              = 'STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION' */", StatementKind::setting},
      {"/*!40101 SET character_set_client = @saved_cs_client */", StatementKind::setting},
      {"SET @@session.time_zone = '-05:00'", StatementKind::setting},
      {"DROP TABLE IF EXISTS `t`", StatementKind::ignored, "t"},
      {"/*!50001 DROP VIEW IF EXISTS `v0`*/", StatementKind::ignored, "v0"},
      {"-- only a comment\n/* and another */", StatementKind::ignored},
      {"CREATE TABLE `t` (\n  `id` int(11) NOT NULL,\n  `g` int(11) GENERATED ALWAYS AS (`id` * 2) VIRTUAL,\n"
       "  PRIMARY KEY (`id`)\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COMMENT='select like this'",
       StatementKind::create_table, "t"},
      {"CREATE TABLE IF NOT EXISTS a_b (x int) PARTITION BY RANGE (x) (PARTITION p0 VALUES LESS THAN (10))",
       StatementKind::create_table, "a_b"},
      {"CREATE TABLE `a``b` (x int)", StatementKind::create_table, "a`b"},
      {"/*!50001 CREATE ALGORITHM=UNDEFINED */\n/*!50013 DEFINER=`root`@`localhost` SQL SECURITY DEFINER */\n"
       "/*!50001 VIEW `v0` AS select `v1`.`id` AS `id` from `v1` */", StatementKind::create_view, "v0"},
      {"/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`localhost`*/ /*!50003 TRIGGER tr BEFORE INSERT ON t FOR EACH "
       "ROW SET NEW.v = UPPER(NEW.v) \n*/", StatementKind::trigger, "t"},
      {"CREATE DEFINER='app'@'%' TRIGGER `x` AFTER UPDATE ON `t` FOR EACH ROW BEGIN UPDATE other.audit SET n = n + 1; "
       "END", StatementKind::trigger, "t"},
      {"INSERT INTO t VALUES (1)", StatementKind::rows},
  };
  for (const Case& c : cases) {
    const dump::SchemaStatement s = dump::judge_statement(c.statement);
    EXPECT_EQ(s.kind, c.kind) << c.statement << ": " << s.why;
    EXPECT_EQ(s.object, c.object) << c.statement;
  }
}

// Statements no dump writes for a table of its own: each refused, with what it is.
TEST(SchemaStatement, Refused) {
  const std::vector<std::pair<std::string_view, std::string_view>> cases = {
      {"UPDATE other.t SET a = 1", "an UPDATE statement"},
      {"GRANT ALL ON *.* TO 'x'@'%'", "GRANT statement"},
      {"SET PASSWORD FOR 'root'@'localhost' = PASSWORD('x')", "SET PASSWORD"},
      {"SET GLOBAL local_infile = 0", "global variable"},
      {"SET @@global.read_only = 1", "global variable"},
      {"/*!40101 SET @OLD=@@SQL_MODE, @@GLOBAL.SQL_MODE='' */", "global variable"},
      {"SET sql_log_bin = 0", "sql_log_bin, which no dump's header sets"},
      {"SET @x = (SELECT password FROM mysql.user LIMIT 1)", "an expression"},
      {"SET @x = sys_exec('rm -rf /')", "an expression"},
      {"SET time_zone = '+00:00' + (SELECT 1)", "an expression"},
      {"SET STATEMENT max_statement_time=1 FOR SELECT 1", "SET STATEMENT"},
      {"CREATE TABLE other.t (a int)", "another database"},
      {"CREATE TABLE t LIKE other.secret", "copies another table"},
      {"CREATE TABLE t AS SELECT * FROM other.secret", "copies another table"},
      {"CREATE TABLE t (a int) SELECT a FROM other.secret", "copies another table"},
      {"CREATE TABLE t (SELECT a FROM other.secret)", "copies another table"},
      {"CREATE TEMPORARY TABLE t (a int)", "CREATE TEMPORARY"},
      {"CREATE DATABASE x", "CREATE DATABASE"},
      {"CREATE USER 'x'@'%' IDENTIFIED BY 'y'", "CREATE USER"},
      {"CREATE OR REPLACE FUNCTION f() RETURNS int RETURN 1", "CREATE FUNCTION"},
      {"CREATE VIEW other.v AS SELECT 1", "another database"},
      {"CREATE TRIGGER tr BEFORE INSERT ON other.t FOR EACH ROW SET @a = 1", "another database"},
      {"DROP DATABASE d", "DROP DATABASE"},
      {"DROP TABLE IF EXISTS t, u", "several"},
      {"DROP TABLE other.t", "another database"},
      {"ALTER TABLE t ADD COLUMN x int", "ALTER statement"},
      {"USE mysql", "USE statement"},
      {"DELETE FROM mysql.user", "DELETE statement"},
      {"CALL p()", "CALL statement"},
      {"INSTALL SONAME 'ha_x'", "INSTALL statement"},
      {"SET @a = 'open", "not closed"},
  };
  for (const auto& [statement, why] : cases) {
    const dump::SchemaStatement s = dump::judge_statement(statement);
    EXPECT_EQ(s.kind, StatementKind::refused) << statement;
    EXPECT_TRUE(std::regex_search(s.why, std::regex(std::string(why)))) << statement << ": " << s.why;
  }
}

TEST(SchemaFile, RefusedWithFileLineAndStatement) {
  try {
    dump::parse_schema("d/t.sql", "/*!40101 SET NAMES utf8mb4 */;\nCREATE TABLE t (a int);\n\nGRANT ALL ON *.* TO x;");
    ADD_FAILURE() << "a GRANT in a schema file was taken";
  } catch (const Failure& f) {
    EXPECT_EQ(f.code(), ExitCode::input);
    EXPECT_NE(std::string(f.what()).find("d/t.sql:4: a GRANT statement (`GRANT ALL ON *.* TO x`) is not part of "
                                         "restoring a table"), std::string::npos) << f.what();
    EXPECT_NE(std::string(f.what()).find("nothing was changed on the server"), std::string::npos) << f.what();
  }
  EXPECT_THROW(dump::parse_schema("t.sql", "CREATE TABLE t (a int); CREATE TABLE t2 (a int);"), Failure);
  EXPECT_THROW(dump::parse_schema("v.sql", "CREATE VIEW v AS SELECT 1; CREATE TRIGGER x BEFORE INSERT ON v FOR "
                                           "EACH ROW SET @a = 1;"), Failure);
  // A data-only dump (--no-create-info): the header alone.
  const dump::SchemaFile data_only = dump::parse_schema("t.sql", "/*!40103 SET TIME_ZONE='+00:00' */;");
  EXPECT_TRUE(data_only.create.empty());
  EXPECT_EQ(data_only.time_zone, "'+00:00'");
}

TEST(SchemaFile, NamesMustBeTheFilesOwn) {
  const dump::SchemaFile t = dump::parse_schema("d/t.sql", "DROP TABLE IF EXISTS `t`;\nCREATE TABLE `t` (a int);\n"
                                                           "CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET @a = 1;");
  EXPECT_NO_THROW(dump::check_names(t, "t"));
  try {
    dump::check_names(t, "u");
    ADD_FAILURE() << "t's schema was taken for u";
  } catch (const Failure& f) {
    EXPECT_EQ(f.code(), ExitCode::input);
    EXPECT_NE(std::string(f.what()).find("d/t.sql:1: `DROP TABLE IF EXISTS `t`` names `t`, but this file is the "
                                         "schema of `u`"), std::string::npos) << f.what();
  }
  const dump::SchemaFile zz = dump::parse_schema("zz.sql", "CREATE OR REPLACE VIEW existing AS SELECT 1;");
  EXPECT_THROW(dump::check_names(zz, "zz"), Failure);
  const dump::SchemaFile trigger = dump::parse_schema("a.sql", "CREATE TABLE a (x int);\nCREATE TRIGGER tr BEFORE "
                                                               "INSERT ON b FOR EACH ROW SET @a = 1;");
  EXPECT_THROW(dump::check_names(trigger, "a"), Failure);
}

TEST(Tables, DumpFilesInsideTheDirectoryAndOnce) {
  TempDir dir;
  std::filesystem::create_directory(dir.path("dump"));
  dir.write("CREATE TABLE a (x int);", "dump/a.sql");
  dir.write("1\n", "dump/a.txt");
  dir.write("secret\n", "outside.txt");
  std::filesystem::create_symlink(dir.path("outside.txt"), dir.path("dump/b.txt"));
  try {
    dump::tables_of({dir.path("dump")});
    ADD_FAILURE() << "a link out of the dump directory was followed";
  } catch (const Failure& f) {
    EXPECT_EQ(f.code(), ExitCode::input);
    EXPECT_NE(std::string(f.what()).find("outside the dump directory"), std::string::npos) << f.what();
  }
  std::filesystem::remove(dir.path("dump/b.txt"));
  std::filesystem::create_symlink("a.txt", dir.path("dump/c.txt"));  // a link inside it is a file of it
  EXPECT_EQ(dump::tables_of({dir.path("dump")}).size(), 2u);
  dir.write("", "dump/a.txt.gz");
  EXPECT_THROW(dump::tables_of({dir.path("dump")}), Failure);  // a's rows twice
  std::filesystem::remove(dir.path("dump/a.txt.gz"));
  dir.write("CREATE VIEW v AS SELECT 1;", "dump/v.sql");
  dir.write("1\n", "dump/v.txt");
  EXPECT_THROW(dump::tables_of({dir.path("dump")}), Failure);  // rows for a view
  std::filesystem::remove(dir.path("dump/v.txt"));
  dir.write("1\n", "a.more.tsv");
  EXPECT_THROW(dump::tables_of({dir.path("dump"), dir.path("a.more.tsv")}), Failure);  // a: twice
  EXPECT_THROW(dump::tables_of({dir.path("a.more.tsv"), dir.path("dump")}), Failure);
}

}  // namespace
}  // namespace fastload
