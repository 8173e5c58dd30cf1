// The client's reproduction of the server's partitioning (src/shard): what
// information_schema says of each form, the refusals, and routing at the
// edges. The descriptions are as MariaDB 10.11 writes them;
// tests/integration/partitioning.sh compares with the server row by row.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "shard/shard.h"

namespace fastload::shard {
namespace {

using Descriptions = std::vector<std::optional<std::string>>;
using Values = std::vector<std::optional<std::string>>;  // nullopt: NULL

// The rows information_schema.PARTITIONS has for a table partitioned by
// `method` on `expression`, one a description (partitions p0, p1, ...).
std::vector<PartitionRow> partition_rows(const std::string& method, const std::string& expression,
                                         const Descriptions& descriptions) {
  std::vector<PartitionRow> rows;
  for (std::size_t i = 0; i < descriptions.size(); ++i)
    rows.push_back({"p" + std::to_string(i), method, std::nullopt, expression, descriptions[i], i + 1});
  return rows;
}

std::vector<PartitionRow> hash_rows(const std::string& method, std::size_t count) {
  return partition_rows(method, "`id`", Descriptions(count));
}

ColumnRow column(const std::string& name, const std::string& type, bool nullable = true,
                 const std::string& extra = "") {
  const std::string data_type = type.substr(0, type.find_first_of("( "));
  return {name, data_type, type, nullable, extra};
}

std::variant<Partitioning, Unsupported> describe_table(const std::vector<PartitionRow>& rows,
                                                       const std::vector<ColumnRow>& columns) {
  return describe(rows, columns);
}

Partitioning described(const std::vector<PartitionRow>& rows, const std::vector<ColumnRow>& columns) {
  auto result = describe_table(rows, columns);
  if (auto* unsupported = std::get_if<Unsupported>(&result)) ADD_FAILURE() << unsupported->reason;
  return std::get<Partitioning>(std::move(result));
}

std::string refusal(const std::vector<PartitionRow>& rows, const std::vector<ColumnRow>& columns) {
  auto result = describe_table(rows, columns);
  auto* unsupported = std::get_if<Unsupported>(&result);
  return unsupported ? unsupported->reason : "described";
}

// "p2", "none: <the server's message>" or "refused: <why>".
std::string route(const Partitioning& partitioning, const Values& values) {
  std::vector<text::Field> fields;
  for (const auto& value : values) fields.push_back({value ? std::string_view(*value) : "", !value, false});
  RowRoute routed = partitioning.route(fields);
  if (auto* partition = std::get_if<std::uint32_t>(&routed)) return "p" + std::to_string(*partition);
  const RowRefusal& refused = std::get<RowRefusal>(routed);
  return (refused.kind == RowRefusal::Kind::kNoPartition ? "none: " : "refused: ") + refused.message;
}

bool refused(const Partitioning& partitioning, const Values& values) {
  return route(partitioning, values).starts_with("refused: ");
}

// Routes one-column rows: each value (nullopt: NULL) and what route() should say of it.
using Expected = std::vector<std::pair<std::optional<std::string>, std::string>>;
void expect_routes(const Partitioning& partitioning, const Expected& expected) {
  for (const auto& [value, says] : expected) EXPECT_EQ(route(partitioning, {value}), says) << value.value_or("NULL");
}

const std::vector<ColumnRow> kBigint = {column("id", "bigint(20)")};
const std::vector<ColumnRow> kUnsignedBigint = {column("id", "bigint(20) unsigned")};

TEST(PartitionDescribe, EachForm) {
  const Partitioning hash = described(hash_rows("HASH", 3), kBigint);
  EXPECT_EQ(hash.method(), Method::kHash);
  EXPECT_EQ(hash.partitions(), (std::vector<std::string>{"p0", "p1", "p2"}));
  ASSERT_EQ(hash.columns().size(), 1u);
  EXPECT_EQ(hash.columns()[0].name, "id");
  EXPECT_EQ(described(hash_rows("LINEAR HASH", 6), kBigint).method(), Method::kLinearHash);
  EXPECT_EQ(described(partition_rows("RANGE", "`id`", {"-5", "100", "MAXVALUE"}), kBigint).method(), Method::kRange);
  EXPECT_EQ(described(partition_rows("LIST", "`id`", {"NULL,-1,3", "5,2"}), kBigint).method(), Method::kList);
  const std::vector<ColumnRow> table = {column("x", "varchar(10)"), column("a", "int(11)"), column("d", "date")};
  const Partitioning range = described(
      partition_rows("RANGE COLUMNS", "`a`,`d`", {"10,'2020-01-01'", "10,MAXVALUE", "MAXVALUE,MAXVALUE"}), table);
  EXPECT_EQ(range.method(), Method::kRangeColumns);
  ASSERT_EQ(range.columns().size(), 2u);
  EXPECT_EQ(range.columns()[0].table_index, 1u);
  EXPECT_EQ(range.columns()[1].table_index, 2u);
  EXPECT_EQ(described(partition_rows("LIST COLUMNS", "`a`,`d`", {"(1,'2020-01-01'),(NULL,NULL)", "(-2,'2021-02-03')"}),
                      table).method(), Method::kListColumns);
  EXPECT_EQ(described(partition_rows("LIST COLUMNS", "`a`", {"1,NULL", "-2"}), table).method(), Method::kListColumns);
}

TEST(PartitionDescribe, ColumnNames) {
  // Doubled backquotes, and the server's case-insensitive names.
  const Partitioning odd = described(partition_rows("HASH", "`i``D`", Descriptions(2)), {column("I`d", "int(11)")});
  EXPECT_EQ(odd.columns()[0].name, "I`d");
  const std::vector<ColumnRow> two = {column("a,b", "int(11)"), column("c", "int(11)")};
  EXPECT_EQ(described(partition_rows("RANGE COLUMNS", "`a,b`,`c`", {"1,2"}), two).columns().size(), 2u);
}

TEST(PartitionDescribe, RefusesWhatItDoesNotReproduce) {
  EXPECT_EQ(refusal({{std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt}}, kBigint),
            "it is not partitioned");
  EXPECT_EQ(refusal(hash_rows("KEY", 2), kBigint), "it is partitioned BY KEY, whose hash fastload does not reproduce");
  EXPECT_EQ(refusal(hash_rows("LINEAR KEY", 2), kBigint),
            "it is partitioned BY LINEAR KEY, whose hash fastload does not reproduce");
  EXPECT_EQ(refusal(hash_rows("SYSTEM_TIME", 2), kBigint),
            "it is partitioned BY SYSTEM_TIME, which fastload does not route");
  std::vector<PartitionRow> sub = partition_rows("RANGE", "`id`", {"10", "10"});
  for (PartitionRow& row : sub) row.subpartition_method = "HASH";
  EXPECT_EQ(refusal(sub, kBigint), "it is sub-partitioned (SUBPARTITION BY HASH), which fastload does not route");
  for (const char* expression : {"year(`ts`)", "`id` DIV 10", "`id` + 1", "`id`,`id`", "id", "`id"})
    EXPECT_EQ(refusal(partition_rows("HASH", expression, Descriptions(2)), kBigint),
              std::string("it is partitioned by the expression ") + expression + ", not by a plain column");
  for (const char* type : {"varchar(10)", "decimal(10,0)", "double", "timestamp", "year(4)", "bit(8)", "time"})
    EXPECT_EQ(refusal(partition_rows("RANGE COLUMNS", "`id`", {"1"}), {column("id", type)}),
              std::string("its partitioning column `id` is ") + type +
                  ", which fastload does not route by (it routes by integer columns, and by DATE and DATETIME "
                  "ones with RANGE COLUMNS and LIST COLUMNS)");
  EXPECT_NE(refusal(hash_rows("HASH", 2), {column("id", "date")}), "described");
  EXPECT_EQ(refusal(hash_rows("HASH", 2), {column("id", "int(11)", true, "VIRTUAL GENERATED")}),
            "its partitioning column `id` is generated by the server");
}

TEST(PartitionDescribe, RefusesInconsistentAccounts) {
  const std::string inconsistent = "information_schema describes its partitions inconsistently";
  std::vector<PartitionRow> rows = hash_rows("HASH", 3);
  rows[2].ordinal = 4;
  EXPECT_EQ(refusal(rows, kBigint), inconsistent);
  EXPECT_EQ(refusal(hash_rows("HASH", 2), {column("other", "int(11)")}), inconsistent);
  EXPECT_EQ(refusal(partition_rows("LIST", "`id`", {"1,2", "2"}), kBigint), inconsistent);
  EXPECT_EQ(refusal(partition_rows("RANGE", "`id`", {"10", "10"}), kBigint), inconsistent);
  EXPECT_EQ(refusal(partition_rows("RANGE", "`id`", {"MAXVALUE", "10"}), kBigint), inconsistent);
}

TEST(PartitionDescribe, RefusesValuesItDoesNotReadExactly) {
  const std::vector<ColumnRow> table = {column("a", "int(11)"), column("d", "date"), column("t", "datetime")};
  const auto unreadable = [&](const char* method, const char* expression, const char* description) {
    return refusal(partition_rows(method, expression, {description}), table) ==
           std::string("the values of partition `p0` (") + description + ") are not in a form fastload reads exactly";
  };
  EXPECT_TRUE(unreadable("RANGE COLUMNS", "`d`", "'2020-1-1'"));            // as written, not normalized
  EXPECT_TRUE(unreadable("RANGE COLUMNS", "`d`", "'20200101'"));
  EXPECT_TRUE(unreadable("RANGE COLUMNS", "`t`", "'2020-01-01 00:00:00.7'"));  // cut by the column
  EXPECT_TRUE(unreadable("RANGE COLUMNS", "`d`", "20200101"));
  EXPECT_TRUE(unreadable("RANGE COLUMNS", "`a`", "'10'"));
  EXPECT_TRUE(unreadable("RANGE COLUMNS", "`a`", "NULL"));
  EXPECT_TRUE(unreadable("RANGE COLUMNS", "`a`,`d`", "10"));
  EXPECT_TRUE(unreadable("RANGE COLUMNS", "`a`", "2147483648"));  // out of the column's range
  EXPECT_TRUE(unreadable("RANGE COLUMNS", "`d`", "'2020-01-01''x'"));
  EXPECT_TRUE(unreadable("LIST COLUMNS", "`a`", "MAXVALUE"));
  EXPECT_TRUE(unreadable("LIST COLUMNS", "`a`,`d`", "1,'2020-01-01'"));
  EXPECT_TRUE(unreadable("LIST COLUMNS", "`a`,`d`", "(1,'2020-01-01'"));
  EXPECT_TRUE(unreadable("LIST COLUMNS", "`a`", "(1)"));
  EXPECT_TRUE(unreadable("LIST", "`a`", "1,,2"));
  EXPECT_TRUE(unreadable("RANGE", "`a`", "0x10"));
  std::vector<PartitionRow> missing = partition_rows("RANGE", "`a`", {std::nullopt});
  EXPECT_EQ(refusal(missing, table), "the values of partition `p0` (none) are not in a form fastload reads exactly");
}

TEST(PartitionRoute, HashIsTheRemainderMadePositive) {
  const Partitioning two = described(hash_rows("HASH", 2), kBigint);
  const Partitioning three = described(hash_rows("HASH", 3), kBigint);
  const Partitioning five = described(hash_rows("HASH", 5), kBigint);
  EXPECT_EQ(route(three, {"7"}), "p1");
  EXPECT_EQ(route(three, {"-7"}), "p1");
  EXPECT_EQ(route(five, {"-9223372036854775808"}), "p3");
  EXPECT_EQ(route(five, {"9223372036854775807"}), "p2");
  // NULL is the server's smallest value, not 0 (checked on MariaDB 10.11).
  EXPECT_EQ(route(two, {std::nullopt}), "p0");
  EXPECT_EQ(route(three, {std::nullopt}), "p2");
  EXPECT_EQ(route(five, {std::nullopt}), "p3");
}

TEST(PartitionRoute, HashOfUnsignedWrapsAbove2To63) {
  const Partitioning three = described(hash_rows("HASH", 3), kUnsignedBigint);
  expect_routes(three, {
      {"18446744073709551615", "p1"},  // -1
      {"18446744073709551614", "p2"},  // -2
      {"9223372036854775808", "p2"},   // -2^63
      {"9223372036854775807", "p1"},
  });
}

TEST(PartitionRoute, LinearHashMasks) {
  const Partitioning six = described(hash_rows("LINEAR HASH", 6), kUnsignedBigint);
  expect_routes(six, {{"6", "p2"}, {"7", "p3"}, {"13", "p5"}, {"14", "p2"}, {"18446744073709551615", "p3"},
      {std::nullopt, "p0"}});
  const Partitioning one = described(hash_rows("LINEAR HASH", 1), kBigint);
  EXPECT_EQ(route(one, {"-5"}), "p0");
  const Partitioning three = described(hash_rows("LINEAR HASH", 3), kBigint);
  EXPECT_EQ(route(three, {"-1"}), "p1");  // 3 & 3 is no partition, 3 & 1 is
  EXPECT_EQ(route(three, {"-2"}), "p2");
}

TEST(PartitionRoute, RangeBoundsAreStrict) {
  const Partitioning range = described(partition_rows("RANGE", "`id`", {"-5", "100", "MAXVALUE"}), kBigint);
  expect_routes(range, {{"-9223372036854775808", "p0"}, {"-6", "p0"}, {"-5", "p1"}, {"99", "p1"}, {"100", "p2"},
      {"9223372036854775806", "p2"}, {std::nullopt, "p0"}});
  const Partitioning bounded = described(partition_rows("RANGE", "`id`", {"-5", "100"}), kBigint);
  EXPECT_EQ(route(bounded, {"100"}), "none: Table has no partition for value 100");
  EXPECT_EQ(route(bounded, {std::nullopt}), "p0");
}

TEST(PartitionRoute, RangeOfUnsignedReadsTheSignedBoundsOfInformationSchema) {
  // VALUES LESS THAN (16), (9223372036854775808), (18446744073709551614), as information_schema writes them.
  const Partitioning range =
      described(partition_rows("RANGE", "`id`", {"16", "-9223372036854775808", "-2"}), kUnsignedBigint);
  expect_routes(range, {{"15", "p0"}, {"16", "p1"}, {"9223372036854775807", "p1"}, {"9223372036854775808", "p2"},
      {"18446744073709551613", "p2"},
      {"18446744073709551614", "none: Table has no partition for value 18446744073709551614"}});
}

TEST(PartitionRoute, RangeMaxvalueThatMayBeABound) {
  // information_schema writes VALUES LESS THAN (9223372036854775807) as MAXVALUE.
  const Partitioning signed_last = described(partition_rows("RANGE", "`id`", {"10", "MAXVALUE"}), kBigint);
  EXPECT_EQ(route(signed_last, {"9223372036854775806"}), "p1");
  EXPECT_EQ(route(signed_last, {"9223372036854775807"}),
            "refused: 9223372036854775807 in column `id` cannot be placed for certain: information_schema shows the "
            "last partition's bound as MAXVALUE, which it also shows for a bound of 9223372036854775807");
  const Partitioning unsigned_last = described(partition_rows("RANGE", "`id`", {"10", "MAXVALUE"}), kUnsignedBigint);
  EXPECT_EQ(route(unsigned_last, {"9223372036854775806"}), "p1");
  EXPECT_TRUE(refused(unsigned_last, {"9223372036854775807"}));
  EXPECT_TRUE(refused(unsigned_last, {"18446744073709551615"}));
  // Not last, it is that bound, and the MAXVALUE after it a real one.
  const Partitioning both =
      described(partition_rows("RANGE", "`id`", {"-9223372036854775808", "MAXVALUE", "MAXVALUE"}), kBigint);
  expect_routes(both, {{"-9223372036854775808", "p1"}, {"9223372036854775806", "p1"}, {"9223372036854775807", "p2"}});
  // A column that cannot hold that value has nothing in doubt.
  const Partitioning small = described(partition_rows("RANGE", "`id`", {"MAXVALUE"}), {column("id", "int(11)")});
  EXPECT_EQ(route(small, {"2147483647"}), "p0");
}

TEST(PartitionRoute, ListWithNegativesAndNull) {
  const Partitioning list = described(partition_rows("LIST", "`id`", {"NULL,-1,3", "5,2"}), kBigint);
  expect_routes(list, {{std::nullopt, "p0"}, {"-1", "p0"}, {"2", "p1"},
      {"4", "none: Table has no partition for value 4"}});
  const Partitioning no_null = described(partition_rows("LIST", "`id`", {"-9223372036854775808", "5"}), kBigint);
  EXPECT_EQ(route(no_null, {std::nullopt}), "none: Table has no partition for value NULL");
  EXPECT_EQ(route(no_null, {"-9223372036854775808"}), "p0");
  const Partitioning unsigned_list =
      described(partition_rows("LIST", "`id`", {"0,9223372036854775808", "18446744073709551615"}), kUnsignedBigint);
  expect_routes(unsigned_list, {{"18446744073709551615", "p1"}, {"9223372036854775808", "p0"},
      {"1", "none: Table has no partition for value 1"}});
}

TEST(PartitionRoute, ListColumnsTuples) {
  const std::vector<ColumnRow> table = {column("a", "int(11)"), column("b", "date")};
  const Partitioning list = described(
      partition_rows("LIST COLUMNS", "`a`,`b`", {"(1,'2020-01-01'),(NULL,NULL)", "(-2,'2021-02-03')"}), table);
  EXPECT_EQ(route(list, {"1", "2020-01-01"}), "p0");
  EXPECT_EQ(route(list, {std::nullopt, std::nullopt}), "p0");
  EXPECT_EQ(route(list, {"-2", "2021-02-03"}), "p1");
  EXPECT_EQ(route(list, {std::nullopt, "2020-01-01"}), "none: Table has no partition for value from column_list");
  EXPECT_EQ(route(list, {"1", "2020-01-02"}), "none: Table has no partition for value from column_list");
  const Partitioning single = described(partition_rows("LIST COLUMNS", "`a`", {"1,NULL", "-2"}), table);
  EXPECT_EQ(route(single, {std::nullopt}), "p0");
  EXPECT_EQ(route(single, {"-2"}), "p1");
}

TEST(PartitionRoute, RangeColumnsComparesTuples) {
  const std::vector<ColumnRow> table = {column("a", "int(11)"), column("d", "datetime(3)")};
  const Partitioning range = described(
      partition_rows("RANGE COLUMNS", "`a`,`d`",
                     {"10,'2020-01-01 00:00:00.5'", "10,MAXVALUE", "MAXVALUE,MAXVALUE"}), table);
  EXPECT_EQ(route(range, {"9", "9999-12-31 23:59:59.999"}), "p0");
  EXPECT_EQ(route(range, {"10", "2020-01-01 00:00:00.499"}), "p0");
  EXPECT_EQ(route(range, {"10", "2020-01-01 00:00:00.5"}), "p1");
  EXPECT_EQ(route(range, {"10", std::nullopt}), "p0");  // NULL is below every value
  EXPECT_EQ(route(range, {std::nullopt, "2030-01-01"}), "p0");
  EXPECT_EQ(route(range, {"11", std::nullopt}), "p2");
  const Partitioning bounded =
      described(partition_rows("RANGE COLUMNS", "`a`,`d`", {"10,'2020-01-01 00:00:00.5'"}), table);
  EXPECT_EQ(route(bounded, {"10", "2020-01-01 00:00:00.500"}),
            "none: Table has no partition for value from column_list");
}

TEST(PartitionRoute, IntegerText) {
  const Partitioning five = described(hash_rows("HASH", 5), {column("id", "int(11)")});
  // What the server reads without a warning.
  for (const char* same : {"7", " 7", "\t7", "+7", "007", "+0000000000000000000000007"})
    EXPECT_EQ(route(five, {same}), "p2") << same;
  EXPECT_EQ(route(five, {"-0"}), "p0");
  // What it reads otherwise, rounds, or warns of.
  for (const char* other : {"7 ", "7.0", "6.5", "7e0", "0x7", "", " ", "abc", "7abc", "- 7", "+-7", "--7", "7\r", "\v7",
                            ".7", "1,000"})
    EXPECT_TRUE(refused(five, {other})) << other;
  EXPECT_EQ(route(five, {"7.0"}),
            "refused: '7.0' for column `id` is not a plain integer (digits after an optional sign), so fastload "
            "cannot tell its partition for certain");
  EXPECT_EQ(route(five, {"\x01\xff"}),
            "refused: '\\x01\\xFF' for column `id` is not a plain integer (digits after an optional sign), so "
            "fastload cannot tell its partition for certain");
}

TEST(PartitionRoute, IntegerRanges) {
  const auto hash_on = [](const char* type) { return described(hash_rows("HASH", 3), {column("id", type)}); };
  const Partitioning tiny = hash_on("tinyint(4)"), tiny_unsigned = hash_on("tinyint(3) unsigned"),
                     medium = hash_on("mediumint(8) unsigned zerofill"), big = hash_on("bigint(20)"),
                     big_unsigned = hash_on("bigint(20) unsigned");
  EXPECT_EQ(route(tiny, {"-128"}), "p2");
  EXPECT_EQ(route(tiny, {"127"}), "p1");
  EXPECT_EQ(route(tiny, {"128"}),
            "refused: '128' is out of range for column `id`, so fastload cannot tell its partition for certain");
  EXPECT_TRUE(refused(tiny, {"-129"}));
  EXPECT_EQ(route(tiny_unsigned, {"255"}), "p0");
  EXPECT_EQ(route(tiny_unsigned, {"-0"}), "p0");
  EXPECT_TRUE(refused(tiny_unsigned, {"256"}));
  EXPECT_TRUE(refused(tiny_unsigned, {"-1"}));
  EXPECT_EQ(route(medium, {"16777215"}), "p0");
  EXPECT_TRUE(refused(medium, {"16777216"}));
  EXPECT_EQ(route(big, {"-9223372036854775808"}), "p2");
  EXPECT_TRUE(refused(big, {"9223372036854775808"}));
  EXPECT_TRUE(refused(big, {"-9223372036854775809"}));
  EXPECT_EQ(route(big_unsigned, {"18446744073709551615"}), "p1");
  EXPECT_TRUE(refused(big_unsigned, {"18446744073709551616"}));
  EXPECT_TRUE(refused(big_unsigned, {"99999999999999999999999999"}));
}

TEST(PartitionRoute, NullAndAutoIncrement) {
  const Partitioning not_null = described(hash_rows("HASH", 3), {column("id", "int(11)", false)});
  EXPECT_EQ(route(not_null, {std::nullopt}), "refused: column `id` cannot be NULL");
  const Partitioning counter = described(hash_rows("HASH", 3), {column("id", "int(11)", false, "auto_increment")});
  EXPECT_EQ(route(counter, {"4"}), "p1");
  for (const Values& made_up : {Values{std::nullopt}, Values{"0"}, Values{"-0"}, Values{" 000"}})
    EXPECT_EQ(route(counter, made_up),
              "refused: column `id` is AUTO_INCREMENT: the server makes up its value for NULL and 0, so fastload "
              "cannot tell the row's partition");
}

TEST(PartitionRoute, DateText) {
  const Partitioning list = described(
      partition_rows("LIST COLUMNS", "`d`", {"'2020-02-29','0004-02-29'", "'9999-12-31','0000-01-01'"}),
      {column("d", "date")});
  expect_routes(list, {{"2020-02-29", "p0"}, {" 0004-02-29", "p0"}, {"0000-01-01", "p1"},
      {"2020-03-01", "none: Table has no partition for value from column_list"}});
  for (const char* invalid : {"2019-02-29", "1900-02-29", "0000-02-29", "0000-00-00", "2020-00-01", "2020-01-00",
                              "2020-13-01", "2020-04-31"})
    EXPECT_EQ(route(list, {invalid}),
              std::string("refused: '") + invalid +
                  "' for column `d` is not a valid date and time (a zero or invalid one is stored or refused "
                  "depending on the server's sql_mode), so fastload cannot tell its partition for certain");
  for (const char* other : {"2020-1-1", "20200101", "2020/01/01", "2020-01-01 ", "2020-01-01 00:00:00",
                            "2020-01-01T00:00:00", "99-01-01", "10000-01-01", ""})
    EXPECT_EQ(route(list, {other}),
              std::string("refused: '") + other +
                  "' for column `d` is not a date written YYYY-MM-DD, so fastload cannot tell its partition for "
                  "certain");
}

TEST(PartitionRoute, DatetimeText) {
  const auto range_on = [](const char* type, const char* bound) {
    return described(partition_rows("RANGE COLUMNS", "`t`", {bound, "MAXVALUE"}), {column("t", type)});
  };
  const Partitioning seconds = range_on("datetime", "'2020-01-01 10:00:00'");
  expect_routes(seconds, {
      {"2020-01-01 09:59:59", "p0"},
      {"2020-01-01 10:00:00", "p1"},
      {"2020-01-01", "p0"},  // midnight
      {"2019-12-31 23:59:59", "p0"},
  });
  EXPECT_EQ(route(seconds, {"2020-01-01 09:59:59.9"}),
            "refused: '2020-01-01 09:59:59.9' for column `t` is not a datetime written YYYY-MM-DD HH:MM:SS with at "
            "most 0 fractional digits, so fastload cannot tell its partition for certain");
  const Partitioning micro = range_on("datetime(6)", "'2020-01-01 10:00:00.000001'");
  expect_routes(micro, {{"2020-01-01 10:00:00", "p0"}, {"2020-01-01 10:00:00.000001", "p1"},
      {"2020-01-01 10:00:00.1", "p1"}});
  EXPECT_EQ(route(micro, {"\t2020-01-01 10:00:00.0000009"}).substr(0, 8), "refused:");
  const Partitioning milli = range_on("datetime(3)", "'2020-01-01 10:00:00.5'");
  EXPECT_EQ(route(milli, {"2020-01-01 10:00:00.499"}), "p0");
  EXPECT_EQ(route(milli, {"2020-01-01 10:00:00.50"}), "p1");
  for (const char* other : {"2020-01-01 10:00:00.", "2020-01-01 10:00:00.1234", "2020-01-01 1:00:00",
                            "2020-01-01 10:00", "2020-01-01T10:00:00", "2020-01-01 10:00:00 "})
    EXPECT_TRUE(refused(milli, {other})) << other;
  for (const char* invalid : {"2020-01-01 24:00:00", "2020-01-01 23:60:00", "2020-01-01 23:59:60", "2020-02-30"})
    EXPECT_NE(route(milli, {invalid}).find("is not a valid date and time"), std::string::npos) << invalid;
}

TEST(PartitionRoute, NeedsAFieldAColumn) {
  const Partitioning hash = described(hash_rows("HASH", 3), kBigint);
  EXPECT_THROW(route(hash, {}), Failure);
  EXPECT_THROW(route(hash, {"1", "2"}), Failure);
}

}  // namespace
}  // namespace fastload::shard
