// A plain SQL dump scanned in one pass (dump/sql_dump.h): its databases, tables, rows, views and triggers, and
// every statement that is not a dump's own refused with the dump's name, the line and the statement.
#include <gtest/gtest.h>

#include <string>

#include "base/base.h"
#include "dump/dump.h"
#include "scanned_dump.h"
#include "temp_dir.h"

namespace fastload {
namespace {

// What mariadb-dump 10.11 writes for a database of a table with a trigger and a view (shortened).
const char* const kDump = R"(/*M!999999\- enable the sandbox mode */ 
-- MariaDB dump 10.19  Distrib 10.11.6-MariaDB, for debian-linux-gnu (x86_64)
--
-- Host: localhost    Database: shop
/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!40101 SET NAMES utf8mb4 */;
/*!40103 SET @OLD_TIME_ZONE=@@TIME_ZONE */;
/*!40103 SET TIME_ZONE='+00:00' */;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;

--
-- Table structure for table `items`
--

DROP TABLE IF EXISTS `items`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8 */;
CREATE TABLE `items` (
  `id` int(11) NOT NULL,
  `name` varchar(20) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `items` WRITE;
/*!40000 ALTER TABLE `items` DISABLE KEYS */;
INSERT INTO `items` VALUES (1,'a;b'),(2,'it''s'),
(3,NULL);
INSERT INTO `items` VALUES (4,'(x),(y)');
/*!40000 ALTER TABLE `items` ENABLE KEYS */;
UNLOCK TABLES;
/*!50003 SET @saved_sql_mode       = @@sql_mode */ ;
/*!50003 SET sql_mode              = 'STRICT_TRANS_TABLES' */ ;
DELIMITER ;;
/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`localhost`*/ /*!50003 TRIGGER up BEFORE INSERT ON items FOR EACH ROW SET NEW.name = UPPER(NEW.name) */;;
DELIMITER ;
/*!50003 SET sql_mode              = @saved_sql_mode */ ;

--
-- Temporary table structure for view `v`
--

DROP TABLE IF EXISTS `v`;
/*!50001 DROP VIEW IF EXISTS `v`*/;
SET @saved_cs_client     = @@character_set_client;
SET character_set_client = utf8mb4;
/*!50001 CREATE VIEW `v` AS SELECT
 1 AS `id` */;
SET character_set_client = @saved_cs_client;

--
-- Table structure for table `empty`
--

CREATE TABLE `empty` (`x` int);

--
-- Final view structure for view `v`
--

/*!50001 DROP VIEW IF EXISTS `v`*/;
/*!50001 CREATE ALGORITHM=UNDEFINED */
/*!50013 DEFINER=`root`@`localhost` SQL SECURITY DEFINER */
/*!50001 VIEW `v` AS select `items`.`id` AS `id` from `items` */;
/*!40103 SET TIME_ZONE=@OLD_TIME_ZONE */;
-- Dump completed on 2026-11-29 13:00:00
)";

void expect_whole_dump(const dump::SqlDump& d) {
  ASSERT_EQ(d.tables.size(), 2u);
  const dump::DumpTable& items = d.tables[0];
  EXPECT_EQ(items.table, "items");
  EXPECT_EQ(items.database, "");
  EXPECT_EQ(items.statements, 2u);
  EXPECT_EQ(items.rows, 4u);
  EXPECT_EQ(items.kind, sqldump::InsertKind::insert);
  EXPECT_TRUE(items.create.starts_with("CREATE TABLE `items`"));
  EXPECT_EQ(items.triggers, 1u);
  ASSERT_EQ(items.after.size(), 3u);  // the trigger's two SETs, then it
  EXPECT_NE(items.after[2].find("TRIGGER up"), std::string::npos);
  ASSERT_EQ(items.inserts.size(), 1u);  // two INSERTs one after the other: one range
  EXPECT_EQ(items.inserts[0].line, 27u);
  EXPECT_EQ(items.inserts[0].rows, 4u);
  EXPECT_EQ(items.inserts[0].statements, 2u);
  EXPECT_EQ(items.inserts[0].charset, "utf8mb4");
  EXPECT_EQ(d.tables[1].table, "empty");
  EXPECT_EQ(d.tables[1].rows, 0u);
  EXPECT_FALSE(d.tables[1].kind.has_value());
  ASSERT_EQ(d.views.size(), 1u);  // the stand-in replaced by the view
  EXPECT_NE(d.views[0].create.find("select `items`.`id`"), std::string::npos);
  EXPECT_EQ(d.settings.size(), 7u);  // up to the first table's CREATE
}

TEST(SqlDumpScan, WhatMariadbDumpWrites) {
  const dump::SqlDump d = scan(kDump);
  expect_whole_dump(d);
  const dump::InsertRange& r = d.tables[0].inserts[0];
  const std::string range = std::string(kDump).substr(r.begin, r.end - r.begin);
  EXPECT_TRUE(range.starts_with("INSERT INTO `items` VALUES (1,'a;b')")) << range;
  EXPECT_TRUE(range.ends_with(";\nINSERT INTO `items` VALUES (4,'(x),(y)')")) << range;
}

// A long INSERT comes in parts, read by the INSERT reader across them; the counts and ranges are the same.
TEST(SqlDumpScan, StatementsInParts) {
  std::string insert = "INSERT INTO t VALUES ('a;b'),\n(NULL)";
  for (int i = 0; i < 20; ++i) insert += ",('xxxxxxxxxx')";
  const std::string text = "CREATE TABLE t (x text);\n\n" + insert + ";\nINSERT INTO t VALUES (1);\n";
  for (const dump::ScanLimits limits : {dump::ScanLimits{.max_range = 0},
                                        dump::ScanLimits{.max_statement = 64, .block = 7, .max_range = 0}}) {
    const dump::SqlDump d = scan(text, limits);
    ASSERT_EQ(d.tables.size(), 1u);
    EXPECT_EQ(d.tables[0].rows, 23u);
    EXPECT_EQ(d.tables[0].statements, 2u);
    ASSERT_EQ(d.tables[0].inserts.size(), 2u);
    const dump::InsertRange& r = d.tables[0].inserts[0];
    EXPECT_EQ(text.substr(r.begin, r.end - r.begin), insert);
    EXPECT_EQ(r.line, 3u);
    EXPECT_EQ(d.tables[0].inserts[1].line, 5u);
  }
  const dump::SqlDump merged = scan(text, {.max_statement = 64, .block = 7});  // one range: nothing between
  ASSERT_EQ(merged.tables[0].inserts.size(), 1u);
  EXPECT_EQ(merged.tables[0].inserts[0].statements, 2u);
  EXPECT_EQ(merged.tables[0].inserts[0].end, text.size() - 2);  // up to the last's delimiter
}

// The restore's scan reads an INSERT's head alone: the same tables, ranges and kinds, no rows counted; an INSERT
// that is no VALUES of the table is still refused there, before anything is changed.
TEST(SqlDumpScan, HeadsAloneForARestore) {
  std::string insert = "INSERT INTO t (`x`) VALUES ('a;b'),\n(NULL)";
  for (int i = 0; i < 2000; ++i) insert += ",('xxxxxxxxxx')";
  const std::string text = "CREATE TABLE t (x text);\n\n" + insert + ";\nINSERT INTO t (`x`) VALUES (1);\n";
  for (const dump::ScanLimits limits : {dump::ScanLimits{.count_rows = false},
                                        dump::ScanLimits{.max_statement = 64, .block = 7, .count_rows = false}}) {
    const dump::SqlDump d = scan(text, limits);
    ASSERT_EQ(d.tables.size(), 1u);
    EXPECT_EQ(d.tables[0].rows, 0u);
    EXPECT_EQ(d.tables[0].statements, 2u);
    EXPECT_TRUE(d.tables[0].columns_listed);
    EXPECT_EQ(d.tables[0].columns, std::vector<std::string>{"x"});
    ASSERT_EQ(d.tables[0].inserts.size(), 1u);
    EXPECT_EQ(d.tables[0].inserts[0].end, text.size() - 2);
  }
  EXPECT_THROW(scan("CREATE TABLE t (x int);\nINSERT INTO t SELECT 1;\n", {.count_rows = false}), Failure);
}

// An INSERT after another statement starts a range of its own (the session may have changed between).
TEST(SqlDumpScan, RangesEndAtOtherStatements) {
  const dump::SqlDump d = scan("CREATE TABLE t (x int);\nINSERT INTO t VALUES (1);\nSET NAMES latin1;\n"
                               "INSERT INTO t VALUES (2);\nINSERT INTO t VALUES (3);\n");
  ASSERT_EQ(d.tables[0].inserts.size(), 2u);
  EXPECT_EQ(d.tables[0].inserts[0].charset, "utf8mb4");
  EXPECT_EQ(d.tables[0].inserts[1].charset, "latin1");
  EXPECT_EQ(d.tables[0].inserts[1].statements, 2u);
  EXPECT_EQ(d.tables[0].inserts[1].line, 4u);
}

TEST(SqlDumpScan, DatabasesAndKinds) {
  const dump::SqlDump d = scan(
      "CREATE DATABASE /*!32312 IF NOT EXISTS*/ `a` /*!40100 DEFAULT CHARACTER SET utf8mb4 */;\nUSE `a`;\n"
      "CREATE TABLE t (x int);\nINSERT IGNORE INTO `t` VALUES (1),(2);\nCREATE DATABASE b;\nUSE b;\n"
      "REPLACE INTO t VALUES (3);\nREPLACE INTO t VALUES (4);\n");
  EXPECT_EQ(d.databases, (std::vector<std::string>{"a", "b"}));
  ASSERT_EQ(d.tables.size(), 2u);
  EXPECT_EQ(d.tables[0].database, "a");
  EXPECT_EQ(d.tables[0].kind, sqldump::InsertKind::insert_ignore);
  EXPECT_EQ(d.tables[1].database, "b");
  EXPECT_TRUE(d.tables[1].create.empty());  // a data-only dump's table: it must exist
  EXPECT_EQ(d.tables[1].kind, sqldump::InsertKind::replace);
  EXPECT_EQ(d.tables[1].rows, 2u);
}

struct Refused {
  std::string dump;
  std::string says;  // in the message, after "dump.sql:LINE: "
  int line;
};

TEST(SqlDumpScan, RefusesWhatIsNoDumpsOwn) {
  const std::string head = "-- MariaDB dump 10.19\n/*!40101 SET NAMES utf8mb4 */;\nCREATE TABLE t (x int);\n";
  const std::vector<Refused> cases = {
      {head + "GRANT ALL ON *.* TO 'x'@'%';\n", "a GRANT statement", 4},
      {head + "\n/*!40101 SET GLOBAL general_log = 1 */;\n", "a SET of a global variable", 5},
      {head + "SET @@global.max_connections = 1;\n", "a SET of a global variable", 4},
      {head + "CREATE USER x;\n", "a CREATE USER", 4},
      {head + "DELETE FROM t;\n", "a DELETE statement", 4},
      {head + "UPDATE t SET x = 1;\n", "an UPDATE statement", 4},
      {head + "DROP DATABASE d;\n", "a DROP DATABASE", 4},
      {head + "DELIMITER ;;\nCREATE PROCEDURE p() BEGIN SELECT 1; END ;;\nDELIMITER ;\n", "a CREATE PROCEDURE", 5},
      {head + "INSERT INTO t VALUES (1);\nINSERT IGNORE INTO t VALUES (2);\n", "an INSERT IGNORE into `t`", 5},
      {head + "INSERT INTO t SELECT * FROM u;\n", "an INSERT that fastload does not read as rows", 4},
      {head + "INSERT INTO t VALUES ('open\n;\n", "a statement whose string, quoted name or comment is still open", 4},
      {head + "LOAD DATA INFILE 'x' INTO TABLE t;\n", "a LOAD DATA", 4},
      {head + "CREATE TRIGGER tr BEFORE INSERT ON u FOR EACH ROW SET @a = 1;\n", "a trigger on `u`", 4},
      {head + "CREATE TABLE t (y int);\n", "a second CREATE TABLE of `t`", 4},
      {head + "SET NAMES sjis;\n", "a character set (sjis)", 4},
      {head + "ALTER TABLE t ADD COLUMN y int;\n", "an ALTER TABLE", 4},
  };
  for (const Refused& c : cases) {
    const std::string message = refusal(c.dump);
    EXPECT_NE(message.find(fmt::format("dump.sql:{}: {}", c.line, c.says)), std::string::npos) << message;
    EXPECT_NE(message.find("othing was changed on the server."), std::string::npos) << message;
  }
  EXPECT_NE(refusal(cases[7].dump).find("--skip-routines"), std::string::npos);
}

TEST(SqlDumpScan, LongStatementThatIsNoInsert) {
  const std::string dump = "CREATE TABLE t (x int);\n\nCREATE TABLE u (" + std::string(100, ' ') + "y int);\n";
  EXPECT_NE(refusal(dump, {.max_statement = 64}).find("dump.sql:3: a statement longer than 64 bytes that is no "
                                                      "INSERT"), std::string::npos);
  EXPECT_EQ(refusal(dump, {.max_statement = 1024}), "");
}

// A string (or comment) longer than a row may be is refused once a read passes the limit inside it, whatever the
// block size (with the rows counted, an INSERT's tuple limit may say so first): it may never end, and the dump is
// not read to its end for it. One within the limit, in an INSERT read in parts, is not.
TEST(SqlDumpScan, LiteralLongerThanARow) {
  const std::string head = "CREATE TABLE t (x text);\nINSERT INTO t VALUES ('";
  const std::string said = "a string, quoted name or comment longer than 5000 bytes, from byte ";
  for (std::size_t block : {1, 7, 4096})
    for (bool count : {true, false}) {
      const dump::ScanLimits limits{.max_statement = 1024, .block = block, .max_literal = 5000, .count_rows = count};
      const std::string long_string = refusal(head + std::string(6000, 'a'), limits);
      EXPECT_NE(long_string.find(count ? "longer than" : "dump.sql:2: " + said + std::to_string(head.size() - 1)),
                std::string::npos) << block << " " << long_string;
      EXPECT_NE(refusal(head + "');\n/* " + std::string(6000, 'c'), limits).find("dump.sql:3: " + said + std::to_string(head.size() + 4)),
                std::string::npos) << block;
      EXPECT_EQ(refusal(head + std::string(900, 'a') + "'),('" + std::string(900, 'b') + "');\n", limits), "") << block;
    }
}

TEST(SqlDumpScan, Recognition) {
  TempDir dir;
  EXPECT_TRUE(dump::is_sql_dump(dir.write("x", "a.sql")));
  EXPECT_TRUE(dump::is_sql_dump(dir.write("x", "a.sql.gz")));
  EXPECT_TRUE(dump::is_sql_dump(dir.write("-- MariaDB dump 10.19\n", "backup")));
  EXPECT_TRUE(dump::is_sql_dump(dir.write("-- MySQL dump 10.13\n", "backup.txt")));
  EXPECT_TRUE(dump::is_sql_dump(dir.write("/*M!999999\\- enable the sandbox mode */ \n-- MariaDB dump 10.19\n",
                                          "sandboxed")));
  EXPECT_FALSE(dump::is_sql_dump(dir.write("1\ta\n", "t.txt")));
  EXPECT_FALSE(dump::is_sql_dump(dir.path()));
  EXPECT_FALSE(dump::is_sql_dump("-"));
}

}  // namespace
}  // namespace fastload
