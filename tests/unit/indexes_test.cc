// parse_keys and deferrable: indexes read from SHOW CREATE TABLE as the server
// writes it, and which of them --defer-indexes may drop.
#include "table/table.h"

#include <gtest/gtest.h>

namespace fastload::load {
namespace {

const std::string kCreate =
    "CREATE TABLE `t` (\n"
    "  `id` int(11) NOT NULL,\n"
    "  `p` int(11) DEFAULT NULL,\n"
    "  `we``ird` varchar(20) DEFAULT NULL,\n"
    "  `doc` text DEFAULT NULL,\n"
    "  PRIMARY KEY (`id`),\n"
    "  UNIQUE KEY `u` (`we``ird`),\n"
    "  KEY `p_w` (`p`,`we``ird`(10) DESC) COMMENT 'a, (b)',\n"
    "  KEY `w` (`we``ird`(5)),\n"
    "  FULLTEXT KEY `ft` (`doc`),\n"
    "  CONSTRAINT `fk` FOREIGN KEY (`p`) REFERENCES `parent` (`id`)\n"
    ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4";

TEST(ParseKeys, ReadsThePrimaryKeyEverySecondaryIndexAndForeignKey) {
  table::TableKeys keys = table::parse_keys(kCreate);
  EXPECT_EQ(keys.primary, std::vector<std::string>{"id"});
  EXPECT_TRUE(table::parse_keys("CREATE TABLE `t` (\n  `a` int\n)").primary.empty());
  ASSERT_EQ(keys.indexes.size(), 4u);
  EXPECT_EQ(keys.indexes[0].name, "u");
  EXPECT_TRUE(keys.indexes[0].unique);
  EXPECT_EQ(keys.indexes[0].columns, std::vector<std::string>{"we`ird"});
  EXPECT_EQ(keys.indexes[1].clause, "KEY `p_w` (`p`,`we``ird`(10) DESC) COMMENT 'a, (b)'");
  EXPECT_EQ(keys.indexes[1].columns, (std::vector<std::string>{"p", "we`ird"}));
  EXPECT_EQ(keys.indexes[2].columns, std::vector<std::string>{"we`ird"});
  EXPECT_EQ(keys.indexes[3].name, "ft");
  ASSERT_EQ(keys.foreign_keys.size(), 1u);
  EXPECT_EQ(keys.foreign_keys[0], std::vector<std::string>{"p"});
}

std::vector<std::string> names(const std::vector<table::IndexDefinition>& indexes) {
  std::vector<std::string> out;
  for (const table::IndexDefinition& i : indexes) out.push_back(i.name);
  return out;
}

TEST(Deferrable, KeepsUniqueAndForeignKeyIndexes) {
  table::TableKeys keys = table::parse_keys(kCreate);
  EXPECT_EQ(names(table::deferrable(keys, {})), (std::vector<std::string>{"w", "ft"}));  // p_w serves fk
  EXPECT_EQ(names(table::deferrable(keys, {{"WE`IRD"}})), std::vector<std::string>{"ft"});  // another table's key
  keys.foreign_keys.clear();
  EXPECT_EQ(names(table::deferrable(keys, {})), (std::vector<std::string>{"p_w", "w", "ft"}));
}

// A resumed run re-creates only what the table lacks of the record: an index a killed run's ALTER (finished by
// the server after it) made is there already, one of another definition under a recorded name is not ours.
TEST(CompareIndexes, MissingInRecordedOrderAndChangedByName) {
  const std::vector<table::IndexDefinition> recorded = {{"w", "KEY `w` (`we``ird`(5))", {}, false},
                                                 {"gone", "KEY `gone` (`p`)", {}, false},
                                                 {"ft", "FULLTEXT KEY `ft` (`doc`)", {}, false},
                                                 {"P_W", "KEY `P_W` (`p`)", {}, false},
                                                 {"also", "KEY `also` (`id`)", {}, false}};
  table::IndexComparison found = table::compare_indexes(recorded, table::parse_keys(kCreate));
  EXPECT_EQ(names(found.missing), (std::vector<std::string>{"gone", "also"}));
  ASSERT_EQ(found.changed.size(), 1u);  // index names are case-insensitive: P_W is p_w, of other columns
  EXPECT_EQ(found.changed[0].first.name, "P_W");
  EXPECT_EQ(found.changed[0].second.clause, "KEY `p_w` (`p`,`we``ird`(10) DESC) COMMENT 'a, (b)'");
  EXPECT_TRUE(table::compare_indexes({}, table::parse_keys(kCreate)).missing.empty());
}

TEST(AddIndexesStatement, IfNotExistsAfterEachKindOfKey) {
  const std::vector<table::IndexDefinition> indexes = {{"k", "KEY `k` (`a`) COMMENT 'KEY x'", {}, false},
                                                {"ft", "FULLTEXT KEY `ft` (`doc`)", {}, false},
                                                {"sp", "SPATIAL KEY `sp` (`g`)", {}, false}};
  EXPECT_EQ(table::add_indexes_statement("`d`.`t`", indexes, true),
            "ALTER TABLE `d`.`t` ADD KEY IF NOT EXISTS `k` (`a`) COMMENT 'KEY x', ADD FULLTEXT KEY IF NOT EXISTS "
            "`ft` (`doc`), ADD SPATIAL KEY IF NOT EXISTS `sp` (`g`)");
  EXPECT_EQ(table::add_indexes_statement("`d`.`t`", indexes, false),
            "ALTER TABLE `d`.`t` ADD KEY `k` (`a`) COMMENT 'KEY x', ADD FULLTEXT KEY `ft` (`doc`), ADD SPATIAL KEY "
            "`sp` (`g`)");
}

}  // namespace
}  // namespace fastload::load
