// A mydumper directory read (dump/mydumper.h): its files named to tables, chunks in number order, the view's
// stand-in table dropped, the triggers file's statements kept in order, and what is refused, as mydumper 0.10.1
// writes them (trimmed).
#include <gtest/gtest.h>

#include <string>
#include <fmt/core.h>

#include "base/base.h"
#include "dump/dump.h"
#include "input/input.h"
#include "temp_dir.h"

namespace fastload {
namespace {

constexpr std::string_view kHeader = "/*!40101 SET NAMES binary*/;\n/*!40014 SET FOREIGN_KEY_CHECKS=0*/;\n"
                                     "/*!40103 SET TIME_ZONE='+00:00' */;\n";

std::string rows(std::string_view table, std::string_view tuples, std::string_view header = kHeader) {
  return std::string(header) + "INSERT INTO `" + std::string(table) + "` VALUES\n" + std::string(tuples) + ";\n";
}

// db: table t in two chunks (written out of order), its trigger, an empty table e, view v with its stand-in.
void write_dump(const TempDir& dir) {
  dir.write("Started dump at: 2026-11-29 16:21:47\n", "metadata");
  dir.write("CREATE DATABASE `db` /*!40100 DEFAULT CHARACTER SET utf8mb4 */;\n", "db-schema-create.sql");
  dir.write(std::string(kHeader) + "CREATE TABLE `t` (\n  `id` int(11) NOT NULL,\n  `s` text\n) ENGINE=InnoDB;\n",
            "db.t-schema.sql");
  dir.write(rows("t", "(3,\"c\\\"\"),\n(4,NULL)"), "db.t.00001.sql");
  dir.write(rows("t", "(1,\"a\"),\n(2,\"b\")"), "db.t.00000.sql");
  dir.write("SET @PREV_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT;\nSET character_set_client = utf8mb4;\n"
            "CREATE DEFINER=`root`@`localhost` TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.s = 'x';\n"
            "SET character_set_client = @PREV_CHARACTER_SET_CLIENT;\n", "db.t-schema-triggers.sql");
  dir.write(std::string(kHeader) + "CREATE TABLE `e` (\n  `a` int(11)\n) ENGINE=InnoDB;\n", "db.e-schema.sql");
  dir.write("/*!40101 SET NAMES binary*/;\nCREATE TABLE `v`(\n`id` int\n)ENGINE=MyISAM;\n", "db.v-schema.sql");
  dir.write("/*!40101 SET NAMES binary*/;\nDROP TABLE IF EXISTS `v`;\nDROP VIEW IF EXISTS `v`;\n"
            "SET character_set_client = utf8mb4;\nCREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY "
            "DEFINER VIEW `v` AS select `t`.`id` AS `id` from `t`;\n", "db.v-schema-view.sql");
}

TEST(Mydumper, ReadsTablesChunksTriggersAndViews) {
  TempDir dir;
  write_dump(dir);
  EXPECT_TRUE(input::mydumper_directory(dir.path()));
  const dump::MydumperDump d = dump::read_mydumper(dir.path());
  EXPECT_EQ(d.database, "db");
  EXPECT_NE(d.create_database.find("CREATE DATABASE `db`"), std::string::npos);
  ASSERT_EQ(d.tables.size(), 2u);
  const dump::TableFiles& e = d.tables[0];
  EXPECT_EQ(e.table, "e");
  EXPECT_TRUE(e.files.empty());
  const dump::TableFiles& t = d.tables[1];
  EXPECT_EQ(t.table, "t");
  ASSERT_EQ(t.files.size(), 2u);
  EXPECT_EQ(t.files[0], dir.path("db.t.00000.sql"));
  EXPECT_EQ(t.files[1], dir.path("db.t.00001.sql"));
  ASSERT_EQ(t.sql.size(), 2u);
  EXPECT_EQ(t.sql[0].rows, 2u);
  EXPECT_EQ(t.sql[1].rows, 2u);
  EXPECT_EQ(t.sql[0].inserts.front().charset, "binary");
  ASSERT_TRUE(t.schema);
  EXPECT_EQ(t.schema->time_zone, "'+00:00'");
  EXPECT_TRUE(t.schema->create.starts_with("CREATE TABLE `t`"));
  ASSERT_EQ(t.schema->after.size(), 4u);  // the SETs around the trigger, in order
  EXPECT_NE(t.schema->after[2].find("TRIGGER tr"), std::string::npos);
  ASSERT_EQ(d.views.size(), 1u);
  EXPECT_EQ(d.views[0].table, "v");
  EXPECT_TRUE(d.views[0].schema->view);
}

int exit_of(const std::string& dir, std::string& message) {
  try {
    dump::read_mydumper(dir);
  } catch (const Failure& f) {
    message = f.what();
    return static_cast<int>(f.code());
  }
  return 0;
}

TEST(Mydumper, Refusals) {
  std::string message;
  {
    TempDir dir;
    write_dump(dir);
    dir.write(rows("t", "(5,\"e\")") + "DELETE FROM t;\n", "db.t.00002.sql");
    EXPECT_EQ(exit_of(dir.path(), message), static_cast<int>(ExitCode::input));
    EXPECT_NE(message.find("db.t.00002.sql:6: a DELETE"), std::string::npos) << message;
  }
  {
    TempDir dir;
    write_dump(dir);
    dir.write(std::string(kHeader) + "INSERT IGNORE INTO `t` VALUES\n(5,\"e\");\n", "db.t.00002.sql");
    EXPECT_EQ(exit_of(dir.path(), message), static_cast<int>(ExitCode::input));
    EXPECT_NE(message.find("its INSERT kind differs"), std::string::npos) << message;
  }
  {
    TempDir dir;
    write_dump(dir);
    dir.write(rows("t", "(5,\"e\")", "/*!40101 SET NAMES binary*/;\n"), "db.t.00002.sql");
    EXPECT_EQ(exit_of(dir.path(), message), static_cast<int>(ExitCode::input));
    EXPECT_NE(message.find("its time zone"), std::string::npos) << message;
  }
  {
    TempDir dir;
    write_dump(dir);
    dir.write(rows("e", "(1)"), "db.t.00002.sql");
    EXPECT_EQ(exit_of(dir.path(), message), static_cast<int>(ExitCode::input));
    EXPECT_NE(message.find("more than the rows of `t`"), std::string::npos) << message;
  }
  {
    TempDir dir;
    write_dump(dir);
    dir.write("CREATE DATABASE `other`;\n", "other-schema-create.sql");
    EXPECT_EQ(exit_of(dir.path(), message), static_cast<int>(ExitCode::usage));
    EXPECT_NE(message.find("several databases"), std::string::npos) << message;
  }
  {
    TempDir dir;
    write_dump(dir);
    dir.write("CREATE PROCEDURE p() SELECT 1;\n", "db-schema-post.sql");
    EXPECT_EQ(exit_of(dir.path(), message), static_cast<int>(ExitCode::input));
    EXPECT_NE(message.find("db-schema-post.sql:1: a CREATE PROCEDURE"), std::string::npos) << message;
    EXPECT_NE(message.find("Give --routines"), std::string::npos) << message;
  }
}

// DB-schema-post.sql as mydumper 0.10.1 writes it: each routine between SETs that save, set and put back the
// client's character sets; a ";\n" inside a body written "; \n", so that myloader does not end a statement there.
std::string routine(std::string_view kind, std::string_view name, std::string_view create) {
  return fmt::format("SET @PREV_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT;\n"
                     "SET @PREV_CHARACTER_SET_RESULTS=@@CHARACTER_SET_RESULTS;\n"
                     "SET @PREV_COLLATION_CONNECTION=@@COLLATION_CONNECTION;\n"
                     "SET character_set_client = utf8mb4;\nSET character_set_results = utf8mb4;\n"
                     "SET collation_connection = utf8mb4_general_ci;\nDROP {} IF EXISTS `{}`;\n{};\n"
                     "SET character_set_client = @PREV_CHARACTER_SET_CLIENT;\n"
                     "SET character_set_results = @PREV_CHARACTER_SET_RESULTS;\n"
                     "SET collation_connection = @PREV_COLLATION_CONNECTION;\n", kind, name, create);
}
const std::string kProcedure = "CREATE DEFINER=`root`@`localhost` PROCEDURE `p`(IN x INT)\nBEGIN\n  DECLARE y INT; \n"
                               "  SET y = x; \n  SELECT 'a; \nb', y; \nEND";
const std::string kEvent = "CREATE DEFINER=`root`@`localhost` EVENT `e` ON SCHEDULE EVERY 1 DAY DO BEGIN DELETE FROM "
                           "t; DELETE FROM e; END";

TEST(Mydumper, ReadsRoutinesAsMyloaderCutsThem) {
  TempDir dir;
  write_dump(dir);
  dir.write(routine("FUNCTION", "f", "CREATE DEFINER=`root`@`localhost` FUNCTION `f`(a INT) RETURNS int(11)\n"
                                     "    DETERMINISTIC\nRETURN a * 2") +
                routine("PROCEDURE", "p", kProcedure) + routine("EVENT", "e", kEvent),
            "db-schema-post.sql");
  const dump::MydumperDump d = dump::read_mydumper(dir.path(), {.routines = true, .events = true});
  ASSERT_TRUE(d.post);
  ASSERT_EQ(d.post->routines.size(), 3u);
  // The schema files' header first (myloader's connection ran them), each once, then the file's own SETs.
  ASSERT_GE(d.post->settings.size(), 9u);
  EXPECT_EQ(d.post->settings[0], "/*!40101 SET NAMES binary*/");
  EXPECT_EQ(d.post->settings[2], "/*!40103 SET TIME_ZONE='+00:00' */");
  EXPECT_EQ(d.post->settings[3], "SET @PREV_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT");
  const dump::DumpRoutine& p = d.post->routines[1];
  EXPECT_EQ(p.kind, "PROCEDURE");
  EXPECT_EQ(p.name, "p");
  EXPECT_EQ(p.line, 21u);
  ASSERT_EQ(p.statements.size(), 11u);  // the SETs after the function, those before it, its DROP and CREATE
  EXPECT_EQ(p.statements[9], "DROP PROCEDURE IF EXISTS `p`");
  EXPECT_EQ(p.statements[10], kProcedure);
  EXPECT_EQ(d.post->routines[2].kind, "EVENT");
  EXPECT_EQ(d.post->routines[2].statements.back(), kEvent);
}

TEST(Mydumper, RoutineRefusals) {
  const auto refused = [](const std::string& post, dump::MydumperAsked asked = {true, true}) {
    TempDir dir;
    write_dump(dir);
    dir.write(post, "db-schema-post.sql");
    try {
      dump::read_mydumper(dir.path(), asked);
    } catch (const Failure& f) {
      EXPECT_EQ(f.code(), ExitCode::input) << f.what();
      return std::string(f.what());
    }
    return std::string("accepted");
  };
  const std::string good = routine("PROCEDURE", "p", kProcedure) + routine("EVENT", "e", kEvent);
  EXPECT_NE(refused(good, {.routines = false, .events = true}).find("db-schema-post.sql:7: a DROP PROCEDURE"),
            std::string::npos);
  EXPECT_NE(refused(good, {.routines = true, .events = false}).find("Give --events"), std::string::npos);
  std::string cut = good;
  cut.replace(cut.find("DECLARE y INT; \n"), 16, "DECLARE y INT;\n");
  const std::string m = refused(cut);
  EXPECT_NE(m.find("db-schema-post.sql:11: two statements that myloader sends as one"), std::string::npos) << m;
  EXPECT_NE(m.find("right after the CREATE PROCEDURE `p` of line 8"), std::string::npos) << m;
  std::string in_string = good;
  in_string.replace(in_string.find("'a; \nb'"), 7, "'a;\nb'");
  EXPECT_NE(refused(in_string).find("cuts inside a string"), std::string::npos);
  EXPECT_NE(refused(good + "SELECT 1").find(":29: text after the file's last line ending in ';'"), std::string::npos);
  EXPECT_NE(refused(good + "SET sql_mode = '';\n").find("a SET of another variable"), std::string::npos);
  EXPECT_NE(refused(good + "DROP EVENT IF EXISTS x;\n").find("a DROP EVENT of `x` that its CREATE does not follow"),
            std::string::npos);
  EXPECT_NE(refused(good + "SET character_set_client = utf8mb4;" + std::string(1, '\0') + "\n").find("a NUL byte"),
            std::string::npos);
  EXPECT_EQ(refused("\n-- no routines\n", {}), "accepted");  // nothing to restore: no option needed
}

}  // namespace
}  // namespace fastload
