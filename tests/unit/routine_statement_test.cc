// A dump's routines and events (dump/routine_statement.h): judged as one routine of the dump's own database, kept
// by the scan only when asked (--routines, --events), each with the SETs before it and its own DROP IF EXISTS.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "base/base.h"
#include "dump/dump.h"
#include "dump/schema_statement.h"
#include "scanned_dump.h"

namespace fastload {
namespace {

using dump::StatementKind;

TEST(RoutineStatement, Taken) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"CREATE DEFINER=`root`@`localhost` PROCEDURE `p1`(IN x INT)\n    COMMENT 'a; comment'\nBEGIN\n  DECLARE y "
       "INT DEFAULT 0;\n  IF (x > 1) THEN SELECT IF(x, 1, 2); END IF;\n  lbl: LOOP LEAVE lbl; END LOOP lbl;\n  "
       "CASE x WHEN 1 THEN SELECT CASE WHEN x THEN 1 END; ELSE BEGIN END; END CASE;\n  DROP TABLE IF EXISTS tmp;\n"
       "  FOR i IN 1..3 DO SELECT i; END FOR;\n  REPEAT SET x = REPEAT('a', 1); UNTIL 1 END REPEAT;\nEND", "PROCEDURE"},
      {"CREATE DEFINER=`root`@`localhost` FUNCTION `f1`(a INT) RETURNS int(11)\n    DETERMINISTIC\nRETURN a * 2",
       "FUNCTION"},
      {"CREATE FUNCTION f() RETURNS int BEGIN RETURN 1; END;", "FUNCTION"},  // a ';' last: the server takes it
      {"/*!50106 CREATE*/ /*!50117 DEFINER=`root`@`localhost`*/ /*!50106 EVENT `e1` ON SCHEDULE EVERY 1 DAY STARTS "
       "'2030-01-01 00:00:00' ON COMPLETION PRESERVE DISABLE COMMENT 'ev' DO DELETE FROM t WHERE id > 100 */",
       "EVENT"},
      {"CREATE OR REPLACE AGGREGATE FUNCTION g(x INT) RETURNS INT BEGIN DECLARE CONTINUE HANDLER FOR NOT FOUND "
       "RETURN 0; LOOP FETCH GROUP NEXT ROW; END LOOP; END", "FUNCTION"},
  };
  for (const auto& [statement, kind] : cases) {
    const dump::SchemaStatement s = dump::judge_dump_statement(statement);
    EXPECT_EQ(s.kind, StatementKind::routine) << statement << ": " << s.why;
    EXPECT_EQ(s.routine, kind) << statement;
  }
  const dump::SchemaStatement drop = dump::judge_dump_statement("/*!50003 DROP PROCEDURE IF EXISTS `p1` */");
  EXPECT_EQ(drop.kind, StatementKind::drop_routine);
  EXPECT_EQ(drop.object, "p1");
  EXPECT_EQ(dump::judge_dump_statement("/*!50106 DROP EVENT IF EXISTS `e1` */").routine, "EVENT");
}

TEST(RoutineStatement, Refused) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"CREATE PROCEDURE other.p() SELECT 1", "a CREATE PROCEDURE in another database"},
      {"CREATE DEFINER=`root`@`%` PROCEDURE `other`.`p`() SELECT 1", "a CREATE PROCEDURE in another database"},
      {"CREATE EVENT mysql.e ON SCHEDULE EVERY 1 DAY DO SELECT 1", "a CREATE EVENT in another database"},
      {"CREATE FUNCTION sys_exec RETURNS INTEGER SONAME 'lib_mysqludf_sys.so'", "SONAME: a loadable function"},
      {"CREATE AGGREGATE FUNCTION agg RETURNS REAL SONAME 'udf.so'", "SONAME: a loadable function"},
      {"CREATE PROCEDURE p() SELECT 1; GRANT ALL ON *.* TO x", "followed by another statement"},
      {"CREATE PROCEDURE p() BEGIN SELECT 1; END; GRANT ALL ON *.* TO x", "followed by another statement"},
      {"CREATE FUNCTION f() RETURNS INT RETURN 1; DROP DATABASE d", "followed by another statement"},
      {"CREATE EVENT e ON SCHEDULE EVERY 1 DAY DO BEGIN END; SET GLOBAL x = 1", "followed by another statement"},
      {"DROP PROCEDURE IF EXISTS other.p", "another database's routine"},
      {"DROP FUNCTION f, g", "or of several"},
  };
  for (const auto& [statement, why] : cases) {
    const dump::SchemaStatement s = dump::judge_dump_statement(statement);
    EXPECT_EQ(s.kind, StatementKind::refused) << statement;
    EXPECT_NE(s.why.find(why), std::string::npos) << statement << ": " << s.why;
  }
  // A schema file (--tab's T.sql) holds no routines.
  EXPECT_EQ(dump::judge_statement("CREATE PROCEDURE p() SELECT 1").kind, StatementKind::refused);
}

const char* const kDump = R"(-- MariaDB dump 10.19
/*!40101 SET NAMES utf8mb4 */;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;
CREATE TABLE t (x int);
/*!50106 SET @save_time_zone= @@TIME_ZONE */ ;
/*!50106 DROP EVENT IF EXISTS `e1` */;
DELIMITER ;;
/*!50003 SET time_zone             = 'SYSTEM' */ ;;
/*!50106 CREATE*/ /*!50106 EVENT `e1` ON SCHEDULE EVERY 1 DAY DO BEGIN DELETE FROM t; SELECT 1; END */ ;;
DELIMITER ;
/*!50106 SET TIME_ZONE= @save_time_zone */ ;
/*!50003 SET sql_mode              = 'ANSI_QUOTES' */ ;
/*!50003 DROP PROCEDURE IF EXISTS `p1` */;
DELIMITER ;;
CREATE PROCEDURE `p1`() BEGIN SELECT "a;b"; END ;;
DELIMITER ;
)";

TEST(RoutineScan, KeptWithTheirSettingsWhenAsked) {
  const dump::SqlDump d = scan(kDump, {.routines = true, .events = true});
  ASSERT_EQ(d.routines.size(), 2u);
  EXPECT_EQ(d.routines[0].kind, "EVENT");
  EXPECT_EQ(d.routines[0].line, 9u);
  EXPECT_EQ(d.routines[0].statements.size(), 4u);  // @save_time_zone, the DROP, time_zone, the CREATE
  EXPECT_NE(d.routines[0].statements[1].find("DROP EVENT"), std::string::npos);
  EXPECT_EQ(d.routines[1].name, "p1");
  ASSERT_EQ(d.routines[1].statements.size(), 4u);  // TIME_ZONE put back, sql_mode, the DROP, the CREATE
  EXPECT_NE(d.routines[1].statements[3].find("\"a;b\""), std::string::npos);
  EXPECT_EQ(d.settings.size(), 2u);  // the header's alone
}

TEST(RoutineScan, RefusedUnlessAsked) {
  const std::string events = refusal(kDump, {.routines = true});
  EXPECT_NE(events.find("dump.sql:6: a DROP EVENT"), std::string::npos) << events;
  EXPECT_NE(events.find("Give --events to restore them"), std::string::npos) << events;
  const std::string routines = refusal(kDump, {.events = true});
  EXPECT_NE(routines.find("dump.sql:13: a DROP PROCEDURE"), std::string::npos) << routines;
  EXPECT_NE(routines.find("Give --routines to restore them"), std::string::npos) << routines;
  EXPECT_NE(routines.find("--skip-routines"), std::string::npos) << routines;
}

TEST(RoutineScan, DropOnlyOfTheRoutineItCreates) {
  const std::string head = "CREATE TABLE t (x int);\nDROP PROCEDURE IF EXISTS p;\n";
  const dump::ScanLimits asked{.routines = true, .events = true};
  EXPECT_NE(refusal(head + "CREATE PROCEDURE q() SELECT 1;\n", asked).find("dump.sql:2: a DROP PROCEDURE of `p` "
                                                                          "that its CREATE does not follow"),
            std::string::npos);
  EXPECT_NE(refusal(head + "CREATE FUNCTION p() RETURNS INT RETURN 1;\n", asked).find("dump.sql:2:"),
            std::string::npos);
  EXPECT_NE(refusal(head + "INSERT INTO t VALUES (1);\n", asked).find("dump.sql:2:"), std::string::npos);
  EXPECT_NE(refusal(head, asked).find("dump.sql:2:"), std::string::npos);  // the dump's end
  EXPECT_EQ(refusal(head + "SET sql_mode = '';\nCREATE PROCEDURE p() SELECT 1;\n", asked), "");
  EXPECT_NE(refusal(head + "USE other;\nCREATE PROCEDURE p() SELECT 1;\n", asked).find("dump.sql:2:"),
            std::string::npos);
}

}  // namespace
}  // namespace fastload
