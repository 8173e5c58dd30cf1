// Nested Parquet fields (parquet/nested.cc): schemas read into shapes and levels (the format's list and map forms,
// legacy ones too), and rows reassembled from leaf columns' repetition and definition levels into JSON text.
#include <gtest/gtest.h>

#include <cmath>

#include "parquet/encodings.h"
#include "parquet/metadata.h"
#include "parquet/values.h"
#include "parquet/parquet.h"

namespace fastload::parquet {
namespace {

constexpr int required = 0, optional = 1, repeated = 2;

SchemaElement group(std::string name, int repetition, int children, int converted = -1) {
  SchemaElement e;
  e.name = std::move(name);
  e.repetition = repetition;
  e.num_children = children;
  e.converted = converted;
  return e;
}

SchemaElement leaf(std::string name, int repetition, Physical physical, int converted = -1) {
  SchemaElement e;
  e.name = std::move(name);
  e.repetition = repetition;
  e.type = static_cast<int>(physical);
  e.converted = converted;
  return e;
}

constexpr int LIST = 3, MAP = 1, UTF8 = 0;

struct Schema {
  std::vector<Column> columns;
  std::vector<Field> fields;
};

Schema schema(std::vector<SchemaElement> elements) {
  Schema s;
  s.fields = read_schema(elements, s.columns);
  return s;
}

// A leaf's levels and values: `levels` as (repetition, definition) pairs, `ints` its int32 values.
Values int_levels(std::vector<std::pair<int, int>> levels, std::vector<std::int32_t> ints) {
  Values v;
  clear_values(v, Physical::int32);
  for (auto [r, d] : levels) {
    v.repetition.push_back(static_cast<std::uint8_t>(r));
    v.definition.push_back(static_cast<std::uint8_t>(d));
  }
  v.entries = levels.size();
  v.int32s = std::move(ints);
  return v;
}

Values string_levels(std::vector<std::pair<int, int>> levels, std::vector<std::string> strings) {
  Values v;
  clear_values(v, Physical::byte_array);
  for (auto [r, d] : levels) {
    v.repetition.push_back(static_cast<std::uint8_t>(r));
    v.definition.push_back(static_cast<std::uint8_t>(d));
  }
  v.entries = levels.size();
  for (const std::string& s : strings) {
    v.bytes += s;
    v.offsets.push_back(static_cast<std::uint32_t>(v.bytes.size()));
  }
  return v;
}

// Every row of field `f` as JSON ("NULL" for a NULL field, "refused: why" for a refused row).
std::vector<std::string> rows(const Schema& s, std::size_t f, std::vector<Values> values) {
  NestedRows nested;
  nested.assign(s.fields[f], s.columns, std::move(values));
  std::vector<std::string> out;
  for (int i = 0; i < 100; ++i) {
    std::string text, why;
    try {
      if (!nested.next(text, why)) text = "NULL";
    } catch (const Failure&) {
      break;  // past the last row
    }
    out.push_back(why.empty() ? text : "refused: " + why);
  }
  return out;
}

// optional group li (LIST) { repeated group list { optional int32 element } }
Schema list_of_ints() {
  return schema({group("root", required, 1), group("li", optional, 1, LIST), group("list", repeated, 1),
                 leaf("element", optional, Physical::int32)});
}

TEST(ParquetNested, ThreeLevelListLevels) {
  Schema s = list_of_ints();
  ASSERT_EQ(s.fields.size(), 1u);
  ASSERT_EQ(s.columns.size(), 1u);
  EXPECT_TRUE(s.fields[0].nested);
  EXPECT_EQ(s.columns[0].name, "li.list.element");
  EXPECT_EQ(s.columns[0].max_definition, 3);
  EXPECT_EQ(s.columns[0].max_repetition, 1);
  const Shape& list = s.fields[0].shape;
  EXPECT_EQ(list.kind, Shape::Kind::list);
  EXPECT_EQ(list.definition, 1);
  EXPECT_EQ(list.elements, 2);
  EXPECT_EQ(list.repetition, 1);
  ASSERT_EQ(list.children.size(), 1u);
  EXPECT_EQ(list.children[0].kind, Shape::Kind::leaf);
  EXPECT_EQ(list.children[0].definition, 3);
}

TEST(ParquetNested, ListsNullEmptyAndNullElements) {
  // [1, null, 3]; NULL; []; [null]; [7]
  Values v = int_levels({{0, 3}, {1, 2}, {1, 3}, {0, 0}, {0, 1}, {0, 2}, {0, 3}}, {1, 3, 7});
  EXPECT_EQ(rows(list_of_ints(), 0, {v}), (std::vector<std::string>{"[1,null,3]", "NULL", "[]", "[null]", "[7]"}));
}

TEST(ParquetNested, ListOfLists) {
  // optional group ll (LIST) { repeated group list { optional group element (LIST) { repeated group list {
  //   optional int32 element } } } }
  Schema s = schema({group("root", required, 1), group("ll", optional, 1, LIST), group("list", repeated, 1),
                     group("element", optional, 1, LIST), group("list", repeated, 1),
                     leaf("element", optional, Physical::int32)});
  EXPECT_EQ(s.columns[0].max_definition, 5);
  EXPECT_EQ(s.columns[0].max_repetition, 2);
  // [[1,2],[3]]; [[], null, [null]]; []
  Values v = int_levels({{0, 5}, {2, 5}, {1, 5}, {0, 3}, {1, 2}, {1, 4}, {0, 1}}, {1, 2, 3});
  EXPECT_EQ(rows(s, 0, {v}), (std::vector<std::string>{"[[1,2],[3]]", "[[],null,[null]]", "[]"}));
}

TEST(ParquetNested, LegacyTwoLevelListsAndBareRepeatedFields) {
  // optional group a (LIST) { repeated int32 array }: the repeated node is the element.
  Schema two = schema({group("root", required, 2), group("a", optional, 1, LIST), leaf("array", repeated, Physical::int32),
                       leaf("r", repeated, Physical::int32)});
  ASSERT_EQ(two.fields.size(), 2u);
  EXPECT_EQ(two.columns[0].max_definition, 2);
  EXPECT_EQ(two.fields[0].shape.children[0].kind, Shape::Kind::leaf);
  // [4,5]; []; NULL
  Values a = int_levels({{0, 2}, {1, 2}, {0, 1}, {0, 0}}, {4, 5});
  EXPECT_EQ(rows(two, 0, {a}), (std::vector<std::string>{"[4,5]", "[]", "NULL"}));
  // repeated int32 r (no LIST): a list that is never NULL.
  EXPECT_TRUE(two.fields[1].nested);
  EXPECT_EQ(two.columns[1].max_definition, 1);
  Values r = int_levels({{0, 1}, {1, 1}, {0, 0}}, {8, 9});
  EXPECT_EQ(rows(two, 1, {r}), (std::vector<std::string>{"[8,9]", "[]"}));
  // A repeated group named "array" holds a struct element: {"x": ...}.
  Schema arr = schema({group("root", required, 1), group("a", optional, 1, LIST), group("array", repeated, 1),
                       leaf("x", required, Physical::int32)});
  Values x = int_levels({{0, 2}, {1, 2}}, {1, 2});
  EXPECT_EQ(rows(arr, 0, {x}), (std::vector<std::string>{"[{\"x\":1},{\"x\":2}]"}));
}

TEST(ParquetNested, StructsWithNullFields) {
  // optional group st { optional int32 a; optional binary s (UTF8) }
  Schema s = schema({group("root", required, 1), group("st", optional, 2), leaf("a", optional, Physical::int32),
                     leaf("s", optional, Physical::byte_array, UTF8)});
  ASSERT_EQ(s.columns.size(), 2u);
  EXPECT_EQ(s.columns[1].max_repetition, 0);
  // {"a":1,"s":"x\"y"}; NULL; {"a":null,"s":null}
  Values a = int_levels({{0, 2}, {0, 0}, {0, 1}}, {1});
  Values t = string_levels({{0, 2}, {0, 0}, {0, 1}}, {"x\"y"});
  a.repetition.clear();  // no repetition level: the column's maximum is 0
  t.repetition.clear();
  EXPECT_EQ(rows(s, 0, {a, t}),
            (std::vector<std::string>{"{\"a\":1,\"s\":\"x\\\"y\"}", "NULL", "{\"a\":null,\"s\":null}"}));
}

TEST(ParquetNested, MapsByTheirKeys) {
  // optional group m (MAP) { repeated group key_value { required binary key (UTF8); optional int32 value } }
  Schema text = schema({group("root", required, 1), group("m", optional, 1, MAP), group("key_value", repeated, 2),
                        leaf("key", required, Physical::byte_array, UTF8), leaf("value", optional, Physical::int32)});
  EXPECT_EQ(text.fields[0].shape.kind, Shape::Kind::map);
  Values keys = string_levels({{0, 2}, {1, 2}, {0, 1}, {0, 0}}, {"a", "b"});
  Values values = int_levels({{0, 3}, {1, 2}, {0, 1}, {0, 0}}, {1});
  EXPECT_EQ(rows(text, 0, {keys, values}), (std::vector<std::string>{"{\"a\":1,\"b\":null}", "{}", "NULL"}));
  // Integer keys: an array of {"key", "value"} objects.
  Schema ints = schema({group("root", required, 1), group("m", optional, 1, MAP), group("key_value", repeated, 2),
                        leaf("key", required, Physical::int32), leaf("value", optional, Physical::byte_array, UTF8)});
  Values k = int_levels({{0, 2}, {1, 2}}, {5, 6});
  Values v = string_levels({{0, 3}, {1, 2}}, {"five"});
  EXPECT_EQ(rows(ints, 0, {k, v}),
            (std::vector<std::string>{"[{\"key\":5,\"value\":\"five\"},{\"key\":6,\"value\":null}]"}));
}

TEST(ParquetNested, ListOfStructs) {
  // optional group l (LIST) { repeated group list { optional group element { optional int32 x; optional int32 y } } }
  Schema s = schema({group("root", required, 1), group("l", optional, 1, LIST), group("list", repeated, 1),
                     group("element", optional, 2), leaf("x", optional, Physical::int32),
                     leaf("y", optional, Physical::int32)});
  // [{"x":1,"y":null}, null, {"x":3,"y":4}]; []
  Values x = int_levels({{0, 4}, {1, 2}, {1, 4}, {0, 1}}, {1, 3});
  Values y = int_levels({{0, 3}, {1, 2}, {1, 4}, {0, 1}}, {4});
  EXPECT_EQ(rows(s, 0, {x, y}),
            (std::vector<std::string>{"[{\"x\":1,\"y\":null},null,{\"x\":3,\"y\":4}]", "[]"}));
}

TEST(ParquetNested, ValuesJsonCannotHoldRefuseTheRow) {
  Schema s = schema({group("root", required, 1), group("l", optional, 1, LIST), group("list", repeated, 1),
                     leaf("element", optional, Physical::float64)});
  Values v;
  clear_values(v, Physical::float64);
  v.repetition = {0, 1, 0};
  v.definition = {3, 3, 3};
  v.entries = 3;
  v.doubles = {1.5, std::nan(""), 1e21};
  std::vector<std::string> got = rows(s, 0, {v});
  ASSERT_EQ(got.size(), 2u);
  EXPECT_NE(got[0].find("refused: column l.list.element holds nan"), std::string::npos) << got[0];
  EXPECT_EQ(got[1], "[1e+21]");
  Schema b = schema({group("root", required, 1), group("l", optional, 1, LIST), group("list", repeated, 1),
                     leaf("element", optional, Physical::byte_array)});
  Values bytes = string_levels({{0, 3}, {0, 3}}, {"\xff", "ok\n"});
  got = rows(b, 0, {bytes});
  ASSERT_EQ(got.size(), 2u);
  EXPECT_NE(got[0].find("not UTF-8"), std::string::npos) << got[0];
  EXPECT_EQ(got[1], "[\"ok\\n\"]");
}

TEST(ParquetNested, LevelsThatDoNotFitAreDamage) {
  // The second column has a row fewer than the first.
  Schema s = schema({group("root", required, 1), group("st", optional, 2), leaf("a", optional, Physical::int32),
                     leaf("b", optional, Physical::int32)});
  Values a = int_levels({{0, 2}, {0, 2}}, {1, 2});
  Values b = int_levels({{0, 2}}, {1});
  a.repetition.clear();
  b.repetition.clear();
  NestedRows nested;
  nested.assign(s.fields[0], s.columns, {a, b});
  std::string out, why;
  EXPECT_TRUE(nested.next(out, why));
  EXPECT_THROW(nested.next(out, why), Failure);
}

TEST(ParquetNested, JsonStringsAndUtf8) {
  std::string out;
  append_json_string(out, std::string("a\"\\\x01\t\xc3\xa9", 7));
  EXPECT_EQ(out, "\"a\\\"\\\\\\u0001\\t\xc3\xa9\"");
  EXPECT_TRUE(is_utf8("h\xc3\xa9llo \xf0\x9f\x98\x80"));
  EXPECT_FALSE(is_utf8("\xc0\xaf"));          // overlong
  EXPECT_FALSE(is_utf8("\xed\xa0\x80"));      // a surrogate
  EXPECT_FALSE(is_utf8("\xf4\x90\x80\x80"));  // past U+10FFFF
  EXPECT_FALSE(is_utf8("\xe2\x82"));          // truncated
}

}  // namespace
}  // namespace fastload::parquet
