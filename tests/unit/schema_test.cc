// Type inference for --create (src/schema): each rule of docs/design.md#type-inference---create, value by value.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "schema/schema.h"
#include "schema/value_shape.h"

namespace fastload::schema {
namespace {

using Value = std::optional<std::string>;  // nullopt: NULL
const Value kNull = std::nullopt;

text::Field field(const Value& v) {
  text::Field f;
  if (v) f.value = *v;
  else f.is_null = true;
  return f;
}

TableStats table_of(const std::vector<std::vector<Value>>& rows) {
  TableStats stats;
  for (const auto& row : rows) {
    std::vector<text::Field> fields;
    for (const Value& v : row) fields.push_back(field(v));
    stats.add_row(fields);
  }
  return stats;
}

// The one column inferred from these values, a row each.
InferredColumn column_of(const std::vector<Value>& values) {
  std::vector<std::vector<Value>> rows;
  for (const Value& v : values) rows.push_back({v});
  auto columns = infer_columns(table_of(rows), {});
  EXPECT_EQ(columns.size(), 1u);
  return columns.at(0);
}

std::string type_of(const std::vector<Value>& values) { return column_of(values).type; }

TEST(Schema, LeadingZerosKeptAsText) {
  for (const char* zeros : {"007", "00", "01", "00.5", "-007"}) {
    InferredColumn c = column_of({"1", zeros});
    EXPECT_EQ(c.type, "varchar(" + std::to_string(std::max<std::size_t>(1, std::string(zeros).size())) + ")")
        << zeros;
    EXPECT_EQ(c.why.substr(0, 27), "leading zeros: kept as text") << zeros;
  }
  EXPECT_EQ(type_of({"0"}), "tinyint");
  EXPECT_EQ(type_of({"0", "10"}), "tinyint");
  EXPECT_EQ(type_of({"0.5", "0"}), "decimal(1,1)");
  EXPECT_EQ(type_of({"012:00:00"}), "varchar(9)");
}

TEST(Schema, NegativeZeroKeptAsText) {
  for (const char* zero : {"-0", "-0.0", "-0.000", "-00:00:00", "-00:00:00.000"}) {
    InferredColumn c = column_of({"1", zero});
    EXPECT_EQ(c.why.substr(0, 27), "negative zero: kept as text") << zero << " " << c.why;
  }
  EXPECT_EQ(type_of({"-0.5"}), "decimal(1,1)");
  EXPECT_EQ(type_of({"-00:00:00.5"}), "time(1)");
}

TEST(Schema, IntegersByTheirBounds) {
  const std::pair<std::vector<Value>, const char*> cases[] = {
      {{"127"}, "tinyint"},
      {{"128"}, "tinyint unsigned"},
      {{"-128"}, "tinyint"},
      {{"-129"}, "smallint"},
      {{"255"}, "tinyint unsigned"},
      {{"256"}, "smallint"},
      {{"-1", "128"}, "smallint"},
      {{"32767"}, "smallint"},
      {{"32768"}, "smallint unsigned"},
      {{"-32768"}, "smallint"},
      {{"-32769"}, "mediumint"},
      {{"65535"}, "smallint unsigned"},
      {{"65536"}, "mediumint"},
      {{"8388607"}, "mediumint"},
      {{"8388608"}, "mediumint unsigned"},
      {{"-8388608"}, "mediumint"},
      {{"-8388609"}, "int"},
      {{"16777215"}, "mediumint unsigned"},
      {{"16777216"}, "int"},
      {{"2147483647"}, "int"},
      {{"2147483648"}, "int unsigned"},
      {{"-2147483648"}, "int"},
      {{"-2147483649"}, "bigint"},
      {{"4294967295"}, "int unsigned"},
      {{"4294967296"}, "bigint"},
      {{"9223372036854775807"}, "bigint"},
      {{"9223372036854775808"}, "bigint unsigned"},
      {{"-9223372036854775808"}, "bigint"},
      {{"-9223372036854775809"}, "decimal(19,0)"},
      {{"18446744073709551615"}, "bigint unsigned"},
      {{"18446744073709551616"}, "decimal(20,0)"},
      {{"-1", "9223372036854775808"}, "decimal(19,0)"},
      {{"-1", "18446744073709551615"}, "decimal(20,0)"},
      {{"99999999999999999999999999999999999999999999999999999999999999999"}, "decimal(65,0)"},
  };
  for (const auto& [values, type] : cases) EXPECT_EQ(type_of(values), type) << *values.back();
  const std::string digits66(66, '9');
  EXPECT_EQ(type_of({digits66}), "varchar(66)");
  EXPECT_EQ(column_of({digits66}).why, "more than 65 digits: text, longest 66 characters");
  EXPECT_EQ(column_of({"-5", "300"}).why, "integers from -5 up to 300");
}

TEST(Schema, SignsBlanksAndExponentsAreText) {
  for (const char* text : {"+1", " 1", "1 ", "1e5", "1E-3", "5.", ".5", "NaN", "inf", "-Infinity", "0x10"}) {
    InferredColumn c = column_of({"1", text});
    EXPECT_EQ(c.type.substr(0, 8), "varchar(") << text;
    if (std::string(text) != "0x10") {
      EXPECT_EQ(c.why.substr(0, 15), "a sign, blank, ") << text;
    }
  }
  EXPECT_EQ(column_of({"1", "abc"}).why, "text, longest 3 characters");
  EXPECT_EQ(column_of({"1", "2024-01-01"}).why, "numbers, dates and times mixed: text, longest 10 characters");
}

TEST(Schema, Decimals) {
  const std::string f30(30, '3'), f38(38, '8'), f39(39, '9'), w27(27, '2'), w28(28, '2');
  EXPECT_EQ(type_of({"0.5"}), "decimal(1,1)");
  EXPECT_EQ(type_of({"1", "2.25"}), "decimal(3,2)");
  EXPECT_EQ(type_of({"123.4", "-5.678"}), "decimal(6,3)");
  EXPECT_EQ(type_of({"1.50"}), "decimal(3,2)");
  EXPECT_EQ(type_of({"0." + f30}), "decimal(30,30)");
  EXPECT_EQ(type_of({"1." + f30}), "decimal(31,30)");
  EXPECT_EQ(type_of({"0." + f38}), "decimal(38,38)");
  EXPECT_EQ(type_of({"0." + f39}), "varchar(41)");
  EXPECT_EQ(column_of({"0." + f39}).why, "more than 38 fraction digits: text, longest 41 characters");
  EXPECT_EQ(type_of({w27 + "." + f38}), "decimal(65,38)");  // 65 digits
  EXPECT_EQ(type_of({w28 + "." + f38}), "varchar(67)");     // 66 digits
  // 65 digits at most over the column: the most whole digits of one value, the most fraction digits of another.
  EXPECT_EQ(type_of({w27, "0." + f38}), "decimal(65,38)");
  EXPECT_EQ(type_of({w28, "0." + f38}), "varchar(40)");
  EXPECT_EQ(type_of({"18446744073709551616", "0.5"}), "decimal(21,1)");
}

TEST(Schema, Dates) {
  EXPECT_EQ(type_of({"2024-02-29"}), "date");
  EXPECT_EQ(type_of({"2000-02-29", "1000-01-01", "9999-12-31"}), "date");
  for (const char* bad : {"2023-02-29", "1900-02-29", "2024-04-31", "2024-13-01", "2024-00-10", "2024-01-00",
                          "0000-00-00", "0999-12-31"}) {
    InferredColumn c = column_of({"2024-01-01", bad});
    EXPECT_EQ(c.type, "varchar(10)") << bad;
    EXPECT_EQ(c.why.substr(0, 29), "not a real date or time: text") << bad;
  }
  for (const char* other : {"2024-1-01", "2024/01/01", "20240101", "2024-01-01T10:00:00", "2024-01-01 10:00"})
    EXPECT_EQ(type_of({"2024-01-01", other}).substr(0, 8), "varchar(") << other;
}

TEST(Schema, DateTimes) {
  EXPECT_EQ(type_of({"2024-01-01 00:00:00"}), "datetime(0)");
  EXPECT_EQ(type_of({"2024-01-01 23:59:59.123", "2024-01-01 10:00:00"}), "datetime(3)");
  EXPECT_EQ(type_of({"2024-01-01 23:59:59.123456"}), "datetime(6)");
  EXPECT_EQ(type_of({"2024-01-01 23:59:59.1234567"}), "varchar(27)");
  EXPECT_EQ(type_of({"2024-01-01 10:00:00.5", "2024-01-02"}), "datetime(1)");  // a date is its midnight
  for (const char* bad : {"2024-01-01 24:00:00", "2024-01-01 10:60:00", "2024-01-01 10:00:60", "2023-02-29 10:00:00"})
    EXPECT_EQ(type_of({"2024-01-01 10:00:00", bad}), "varchar(19)") << bad;
  EXPECT_EQ(type_of({"2024-01-01 10:00:00", "2024-01-01 10:00:00."}), "varchar(20)");
  EXPECT_EQ(type_of({"2024-01-01", "10:00:00"}), "varchar(10)");
}

TEST(Schema, Times) {
  EXPECT_EQ(type_of({"10:00:00"}), "time(0)");
  EXPECT_EQ(type_of({"00:00:00", "-01:30:00"}), "time(0)");
  EXPECT_EQ(type_of({"838:59:59"}), "time(0)");
  EXPECT_EQ(type_of({"-838:59:59.999999", "100:00:00.5"}), "time(6)");
  EXPECT_EQ(type_of({"24:00:00.123"}), "time(3)");
  for (const char* bad : {"839:00:00", "-839:00:00", "10:60:00", "10:00:60", "10:00:00.1234567"})
    EXPECT_EQ(column_of({"10:00:00", bad}).why.substr(0, 29), "not a real date or time: text") << bad;
  for (const char* other : {"1:00:00", "10:00", "1000:00:00", "10:00:00."})
    EXPECT_EQ(type_of({"10:00:00", other}).substr(0, 8), "varchar(") << other;
}

TEST(Schema, Nulls) {
  InferredColumn c = column_of({"1", kNull, "2"});
  EXPECT_EQ(c.type, "tinyint");
  EXPECT_TRUE(c.nullable);
  EXPECT_FALSE(column_of({"1", "2"}).nullable);
  c = column_of({kNull, kNull});
  EXPECT_EQ(c.type, "text");
  EXPECT_TRUE(c.nullable);
  EXPECT_EQ(c.why, "only NULLs: text");
  EXPECT_EQ(type_of({"\\N"}), "varchar(2)");  // the parser's NULL is is_null; these bytes are a value
}

TEST(Schema, EmptyValues) {
  for (const std::vector<Value>& values : std::vector<std::vector<Value>>{
           {"1", ""}, {"", "1.5"}, {"2024-01-01", ""}, {"10:00:00", ""}, {"2024-01-01 10:00:00", ""}}) {
    InferredColumn c = column_of(values);
    EXPECT_EQ(c.why.substr(0, 43), "an empty value among numbers or dates: text") << c.why;
    EXPECT_FALSE(c.nullable);
  }
  EXPECT_EQ(type_of({""}), "varchar(1)");
  EXPECT_EQ(type_of({"abc", ""}), "varchar(3)");
  EXPECT_EQ(type_of({"", kNull}), "varchar(1)");
  EXPECT_EQ(column_of({"", ""}).why, "only empty values: text, longest 0 characters");
}

TEST(Schema, TextByCharactersAndBytes) {
  EXPECT_EQ(type_of({"h\xc3\xa9llo", "\xf0\x9f\x98\x80"}), "varchar(5)");  // 6 and 4 bytes
  EXPECT_EQ(type_of({std::string(768, 'x')}), "varchar(768)");
  EXPECT_EQ(type_of({std::string(769, 'x')}), "text");
  std::string e_acute;
  for (int i = 0; i < 768; ++i) e_acute += "\xc3\xa9";
  EXPECT_EQ(type_of({e_acute}), "varchar(768)");
  EXPECT_EQ(type_of({std::string(65535, 'x')}), "text");
  EXPECT_EQ(type_of({std::string(65536, 'x')}), "mediumtext");
  EXPECT_EQ(type_of({std::string(16777216, 'x')}), "longtext");
}

TEST(Schema, InvalidUtf8IsBinary) {
  for (const char* bytes : {"\xff", "a\x80", "\xc0\xaf", "\xe0\x80\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xc3"}) {
    InferredColumn c = column_of({"abcd", bytes});
    EXPECT_EQ(c.type, "varbinary(4)") << c.why;
    EXPECT_EQ(c.why, "not valid UTF-8: binary, longest 4 bytes");
  }
  EXPECT_EQ(type_of({std::string(3072, 'x') + "\xff"}), "blob");
  EXPECT_EQ(type_of({std::string(3071, 'x') + "\xff"}), "varbinary(3072)");
  EXPECT_EQ(type_of({std::string(65536, 'x') + "\xff"}), "mediumblob");
  EXPECT_TRUE(measure_utf8("\xf4\x8f\xbf\xbf").valid);  // U+10FFFF
  EXPECT_TRUE(measure_utf8("\xed\x9f\xbf").valid);      // U+D7FF
  EXPECT_EQ(measure_utf8("a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80").characters, 4u);
}

TEST(Schema, HeaderNames) {
  TableStats stats = table_of({{"1", "2", "3", "4", "5", "6", "7"}});
  auto columns = infer_columns(stats, {"id", "", "id", "name  ", "ID", "c2"});
  std::vector<std::string> names;
  for (const auto& c : columns) names.push_back(c.name);
  EXPECT_EQ(names, (std::vector<std::string>{"id", "c2_2", "id_3", "name", "ID_5", "c2", "c7"}));
  EXPECT_EQ(columns[0].why, "integers up to 1");
  EXPECT_EQ(columns[1].why, "integers up to 2; header name empty: named c2_2");
  EXPECT_EQ(columns[2].why, "integers up to 3; header name repeated: named id_3");
  EXPECT_EQ(columns[3].why, "integers up to 4; trailing spaces dropped from the header name");
  EXPECT_EQ(columns[6].why, "integers up to 7; no header name: named c7");
  names.clear();
  for (const auto& c : infer_columns(stats, {})) names.push_back(c.name);
  EXPECT_EQ(names, (std::vector<std::string>{"c1", "c2", "c3", "c4", "c5", "c6", "c7"}));
}

TEST(Schema, HeaderNamesMariadbRefuses) {
  const std::string long_name(70, 'n');
  auto columns = infer_columns(table_of({{"1", "2", "3"}}), {long_name, "\xff", long_name});
  EXPECT_EQ(columns[0].name, std::string(64, 'n'));
  EXPECT_EQ(columns[0].why, "integers up to 1; header name cut to 64 characters");
  EXPECT_EQ(columns[1].name, "c2");
  EXPECT_EQ(columns[1].why, "integers up to 2; header name not UTF-8: named c2");
  EXPECT_EQ(columns[2].name, std::string(62, 'n') + "_3");
  // MariaDB: "Invalid utf8mb4 character string" for a name with a character past U+FFFF.
  columns = infer_columns(table_of({{"1", "2"}}), {"a\xf0\x9f\x98\x80", "b"});
  EXPECT_EQ(columns[0].name, "c1");
  EXPECT_EQ(columns[0].why, "integers up to 1; header name has a character past U+FFFF: named c1");
}

TEST(Schema, HeaderNamesComparedAsMariadbDoes) {
  // MariaDB: "Duplicate column name" for É and é, Ж and ж, Ā and ā; e and é, ß and ss, Σ and ς are two names.
  auto columns = infer_columns(table_of({{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"}}),
                               {"\xc3\x89", "\xc3\xa9", "e", "\xd0\x96", "\xd0\xb6", "\xc4\x80", "\xc4\x81",
                                "\xc3\x9f", "ss", "\xce\xa3", "\xcf\x82"});
  std::vector<std::string> names;
  for (const auto& c : columns) names.push_back(c.name);
  EXPECT_EQ(names, (std::vector<std::string>{"\xc3\x89", "\xc3\xa9_2", "e", "\xd0\x96", "\xd0\xb6_5", "\xc4\x80",
                                             "\xc4\x81_7", "\xc3\x9f", "ss", "\xce\xa3", "\xcf\x82"}));
}

TEST(Schema, RowsWithFewerOrMoreFields) {
  auto columns = infer_columns(table_of({{"1", "a"}, {"2"}, {"3", "b", "2024-01-01"}}), {"x", "y"});
  ASSERT_EQ(columns.size(), 3u);
  EXPECT_FALSE(columns[0].nullable);
  EXPECT_TRUE(columns[1].nullable);
  EXPECT_EQ(columns[1].why, "text, longest 1 characters; missing in some rows: nullable");
  EXPECT_EQ(columns[2].type, "date");
  EXPECT_TRUE(columns[2].nullable);
  EXPECT_EQ(columns[2].name, "c3");
  // A header longer than the rows: columns without a value.
  columns = infer_columns(table_of({{"1"}}), {"x", "y"});
  EXPECT_EQ(columns[1].type, "text");
  EXPECT_TRUE(columns[1].nullable);
  EXPECT_EQ(columns[1].why, "no values: text");
}

TEST(Schema, MergingHalvesIsAddingAllRows) {
  const std::vector<std::vector<Value>> rows = {
      {"1", "a", "2024-01-01"}, {"-300", kNull}, {"70000", "\xff", "2024-01-01 10:00:00.25", "x"},
      {"5", "bb"},              {"0", "ccc", kNull, "", "9"}, {"12"}};
  const TableStats all = table_of(rows);
  std::vector<std::string> whole;
  for (const auto& c : infer_columns(all, {})) whole.push_back(c.name + " " + c.type + " " + c.why);
  for (std::size_t cut = 0; cut <= rows.size(); ++cut) {
    TableStats first = table_of({rows.begin(), rows.begin() + cut});
    first.merge(table_of({rows.begin() + cut, rows.end()}));
    EXPECT_EQ(first.rows(), rows.size());
    std::vector<std::string> merged;
    for (const auto& c : infer_columns(first, {})) merged.push_back(c.name + " " + c.type + " " + c.why);
    EXPECT_EQ(merged, whole) << "cut after row " << cut;
    for (std::size_t i = 0; i < first.columns(); ++i) {
      const ColumnFacts &a = first.column(i).facts(), &b = all.column(i).facts();
      EXPECT_EQ(a.values, b.values);
      EXPECT_EQ(a.nulls, b.nulls);
      EXPECT_EQ(a.absent, b.absent) << "column " << i << ", cut " << cut;
    }
  }
  EXPECT_EQ(whole[3], "c4 varchar(1) text, longest 1 characters; missing in some rows: nullable");
}

TEST(Schema, RowSizeLimit) {
  // varchar(767) takes 767 * 4 + 2 = 3070 bytes of the row, varchar(768) 3074: 22 such columns pass 65535, so
  // the widest one becomes text; 21 fit.
  std::vector<Value> row;
  for (int i = 0; i < 22; ++i) row.push_back(std::string(i == 7 ? 768 : 767, 'x'));
  auto columns = infer_columns(table_of({row}), {});
  for (int i = 0; i < 22; ++i) EXPECT_EQ(columns[i].type, i == 7 ? "text" : "varchar(767)") << i;
  EXPECT_EQ(columns[7].why, "text, longest 768 characters; not varchar(768): row size limit");
  row.resize(21);
  for (const auto& c : infer_columns(table_of({row}), {})) EXPECT_EQ(c.type.substr(0, 8), "varchar(");
}

TEST(Schema, PageSizeLimit) {
  // InnoDB counts a varchar(30) at 121 bytes of a 16K page's half (8126): 66 fit, 70 do not, and the longest
  // become varchar(64), which may leave the page, until the row fits: 4 of them here.
  std::vector<Value> row;
  for (int i = 0; i < 70; ++i) row.push_back(std::string(i == 5 ? 31 : 30, 'x'));
  auto columns = infer_columns(table_of({row}), {});
  for (int i = 0; i < 70; ++i)
    EXPECT_EQ(columns[i].type, i == 5 || i < 3 ? "varchar(64)" : "varchar(30)") << i;
  EXPECT_EQ(columns[5].why, "text, longest 31 characters; not varchar(31): page size limit");
  row.resize(66);
  for (const auto& c : infer_columns(table_of({row}), {}))
    EXPECT_EQ(c.type, c.name == "c6" ? "varchar(31)" : "varchar(30)");
  // Binary columns alike; fixed-size columns stay.
  row.assign(40, std::string(250, 'x') + "\xff");
  row.push_back("12345");
  columns = infer_columns(table_of({row}), {});
  EXPECT_EQ(columns[0].type, "varbinary(256)");
  EXPECT_EQ(columns[40].type, "smallint");
}

TEST(Schema, EmptyFile) {
  EXPECT_TRUE(infer_columns(TableStats{}, {}).empty());
  auto columns = infer_columns(TableStats{}, {"a", "b"});
  ASSERT_EQ(columns.size(), 2u);
  EXPECT_EQ(columns[0].type, "text");
  EXPECT_TRUE(columns[0].nullable);
  EXPECT_EQ(columns[1].why, "no values: text");
  EXPECT_THROW(create_table_sql("d", "t", {}), std::exception);
}

TEST(Schema, CreateTableSql) {
  auto columns = infer_columns(table_of({{"1", "x", kNull}, {"2", "yy", "2.5"}}), {"id", "na`me", "price"});
  EXPECT_EQ(create_table_sql("d b", "t`1", columns),
            "CREATE TABLE `d b`.`t``1` (\n"
            "  `id` tinyint NOT NULL,\n"
            "  `na``me` varchar(2) NOT NULL,\n"
            "  `price` decimal(2,1)\n"
            ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4");
}

}  // namespace
}  // namespace fastload::schema
