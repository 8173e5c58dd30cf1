// Thrift's compact protocol (parquet/thrift.h) and the footer and page header read from it (parquet/metadata.h),
// over hand-made bytes: fields by delta and by id, every type skipped, and hostile input refused.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "parquet/metadata.h"
#include "parquet/pages.h"
#include "parquet/parquet.h"
#include "parquet/thrift.h"

namespace fastload::parquet {
namespace {

// Writes the compact protocol: enough of it to build footers and page headers.
struct Writer {
  std::string out;
  std::vector<int> last{0};

  Writer& byte(int b) { out += static_cast<char>(b); return *this; }
  Writer& varint(std::uint64_t v) {
    while (v >= 0x80) { byte(static_cast<int>((v & 0x7f) | 0x80)); v >>= 7; }
    return byte(static_cast<int>(v));
  }
  Writer& zigzag(std::int64_t v) { return varint((static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63)); }
  Writer& field(int id, int type) {
    int delta = id - last.back();
    if (delta > 0 && delta <= 15) byte(delta << 4 | type);
    else byte(type).zigzag(id);
    last.back() = id;
    return *this;
  }
  Writer& i(int id, std::int64_t v) { return field(id, ttype::i64).zigzag(v); }
  Writer& i32(int id, std::int64_t v) { return field(id, ttype::i32).zigzag(v); }
  Writer& str(int id, const std::string& s) { field(id, ttype::binary).varint(s.size()); out += s; return *this; }
  Writer& boolean(int id, bool v) { return field(id, v ? ttype::bool_true : ttype::bool_false); }
  Writer& begin(int id) { field(id, ttype::strct); last.push_back(0); return *this; }
  Writer& end() { last.pop_back(); return byte(0); }
  Writer& list(int id, int type, std::size_t size) {
    field(id, ttype::list);
    if (size < 15) return byte(static_cast<int>(size << 4) | type);
    return byte(0xf0 | type).varint(size);
  }
  Writer& list_struct() { last.push_back(0); return *this; }  // an element struct's fields follow; end() closes it
};

TEST(ParquetThrift, Varints) {
  Compact a(std::string("\x96\x01", 2));
  EXPECT_EQ(a.varint(), 150u);
  Compact b(std::string("\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", 10));
  EXPECT_EQ(b.varint(), ~std::uint64_t(0));
  Compact truncated(std::string("\x96", 1));
  EXPECT_THROW(truncated.varint(), Failure);
  Compact too_long(std::string(11, '\x80'));
  EXPECT_THROW(too_long.varint(), Failure);
}

TEST(ParquetThrift, FieldsByDeltaAndByLongFormId) {
  Writer w;
  w.i32(1, -3).str(2, "abc").boolean(3, true).boolean(4, false).i(300, -9000000000).i32(5, 7).byte(0);
  Compact in(w.out);
  std::vector<std::string> seen;
  in.read_struct([&](int id, int type) {
    switch (id) {
      case 1: seen.push_back("1=" + std::to_string(in.int32(type))); return true;
      case 2: seen.push_back("2=" + std::string(in.binary(type))); return true;
      case 3: case 4: seen.push_back(std::to_string(id) + "=" + std::to_string(in.boolean(type))); return true;
      case 300: seen.push_back("300=" + std::to_string(in.integer(type))); return true;
      case 5: seen.push_back("5=" + std::to_string(in.integer(type))); return true;
    }
    return false;
  });
  EXPECT_EQ(seen, (std::vector<std::string>{"1=-3", "2=abc", "3=1", "4=0", "300=-9000000000", "5=7"}));
  EXPECT_EQ(in.position(), w.out.size());
}

TEST(ParquetThrift, UnknownFieldsOfEveryTypeAreSkipped) {
  Writer w;
  w.field(1, ttype::i8).byte(0x80);
  w.field(2, ttype::i16).zigzag(-300);
  w.field(3, ttype::dbl);
  w.out += std::string(8, '\x11');
  w.str(4, "skipped");
  w.list(5, ttype::bool_true, 3).byte(1).byte(2).byte(1);  // bools in a list: a byte each
  w.list(6, ttype::i64, 20);
  for (int k = 0; k < 20; ++k) w.zigzag(-k * 1000);
  w.field(7, ttype::map).varint(2).byte(ttype::binary << 4 | ttype::strct);
  for (int k = 0; k < 2; ++k) w.varint(1).byte('k').list_struct().i32(1, k).begin(2).list(1, ttype::strct, 1).list_struct().str(1, "deep").end().end().end();
  w.field(8, ttype::map).varint(0);
  w.field(9, ttype::set).byte(0x15).zigzag(1);
  w.begin(10).begin(1).i(1, 1).end().end();
  w.i32(11, 42).byte(0);
  Compact in(w.out);
  int found = 0;
  in.read_struct([&](int id, int type) {
    if (id != 11) return false;
    found = in.int32(type);
    return true;
  });
  EXPECT_EQ(found, 42);
  EXPECT_EQ(in.position(), w.out.size());
}

template <class F>
void expect_refused(const std::string& bytes, F&& read, const std::string& why) {
  try {
    Compact in(bytes);
    read(in);
    ADD_FAILURE() << "no Failure for " << why;
  } catch (const Failure& f) {
    EXPECT_EQ(f.code(), ExitCode::input);
    EXPECT_NE(std::string(f.what()).find(why), std::string::npos) << f.what();
  }
}

TEST(ParquetThrift, HostileInputIsRefused) {
  auto skip_all = [](Compact& in) { in.read_struct([](int, int) { return false; }); };
  expect_refused(Writer().field(1, ttype::binary).varint(1000000).out + "ab", skip_all, "string longer than the data");
  expect_refused(Writer().field(1, ttype::list).byte(0xf5).varint(1u << 30).out, skip_all, "list longer than the data");
  expect_refused(Writer().field(1, ttype::map).varint(1u << 30).byte(0x55).out, skip_all, "map longer than the data");
  expect_refused(Writer().field(1, ttype::i32).byte(0x80).out, skip_all, "truncated");
  expect_refused(Writer().i32(1, 5).out, skip_all, "truncated");  // no stop
  expect_refused(Writer().field(1, 13).out, skip_all, "unknown Thrift type");
  expect_refused(Writer().field(1, ttype::dbl).out + "1234", skip_all, "truncated");
  std::string deep;
  for (int k = 0; k < 100000; ++k) deep += static_cast<char>(0x10 | ttype::strct);
  expect_refused(deep, skip_all, "nested too deep");
  std::string deep_lists;
  for (int k = 0; k < 1000; ++k) deep_lists += static_cast<char>(0x19);  // a list of one list of ...
  expect_refused(std::string(1, 0x10 | ttype::list) + deep_lists, skip_all, "nested too deep");
  expect_refused(Writer().i(1, std::int64_t(1) << 40).byte(0).out, [](Compact& in) {
    in.read_struct([&](int, int type) { in.int32(type); return true; });
  }, "i32 out of range");
  expect_refused(Writer().str(1, "x").byte(0).out, [](Compact& in) {
    in.read_struct([&](int, int type) { in.int32(type); return true; });
  }, "wrong type");
}

// A footer: root + a required INT64 id + an optional DECIMAL(9,2) INT32 (converted type) + a TIMESTAMP
// logical type; one row group; an unknown field 99 of nested structs.
std::string footer() {
  Writer w;
  w.i32(1, 2);
  w.list(2, ttype::strct, 4);
  w.list_struct().str(4, "schema").i32(5, 3).end();
  w.list_struct().i32(1, 2).i32(3, 0).str(4, "id").end();
  w.list_struct().i32(1, 1).i32(3, 1).str(4, "price").i32(6, 5).i32(7, 2).i32(8, 9).end();
  w.list_struct().i32(1, 2).i32(3, 1).str(4, "at").begin(10).begin(8).boolean(1, true).begin(2).begin(3).end().end().end().end().end();
  w.i(3, 10);
  w.list(4, ttype::strct, 1).list_struct();
  w.list(1, ttype::strct, 3);
  for (int c = 0; c < 3; ++c) {
    w.list_struct().i(2, 0).begin(3).i32(1, c == 1 ? 1 : 2).list(2, ttype::i32, 1).zigzag(0).list(3, ttype::binary, 1).varint(1).byte('c');
    w.i32(4, 6).i(5, 10).i(6, 100).i(7, 90).i(9, 4 + 100 * c).end().end();
  }
  w.i(3, 10).end();
  w.str(6, "writer 1.0");
  w.begin(99).begin(1).list(1, ttype::strct, 1).list_struct().end().end().end();
  w.byte(0);
  return w.out;
}

TEST(ParquetThrift, FooterStructs) {
  FileMeta meta = read_file_meta(footer());
  ASSERT_EQ(meta.schema.size(), 4u);
  EXPECT_EQ(meta.schema[2].name, "price");
  EXPECT_EQ(meta.schema[2].converted, 5);
  EXPECT_EQ(meta.schema[2].precision, 9);
  ASSERT_TRUE(meta.schema[3].has_logical);
  EXPECT_EQ(meta.schema[3].logical.kind, Logical::Kind::timestamp);
  EXPECT_EQ(meta.schema[3].logical.unit, TimeUnit::nanos);
  EXPECT_TRUE(meta.schema[3].logical.utc);
  EXPECT_EQ(meta.num_rows, 10);
  ASSERT_EQ(meta.row_groups.size(), 1u);
  ASSERT_EQ(meta.row_groups[0].columns.size(), 3u);
  EXPECT_EQ(meta.row_groups[0].columns[2].data_page_offset, 204);
  EXPECT_EQ(meta.row_groups[0].columns[2].codec, 6);
  EXPECT_EQ(meta.created_by, "writer 1.0");
}

std::string file_of(const std::string& footer, std::size_t data = 400) {
  std::string f = "PAR1" + std::string(data, '\0') + footer;
  auto size = static_cast<std::uint32_t>(footer.size());
  f.append(reinterpret_cast<const char*>(&size), 4);
  return f + "PAR1";
}

TEST(ParquetThrift, FileFlattensTheSchema) {
  std::string bytes = file_of(footer());
  File file(bytes, "f.parquet");
  ASSERT_EQ(file.columns().size(), 3u);
  EXPECT_EQ(file.columns()[0].name, "id");
  EXPECT_FALSE(file.columns()[0].optional);
  EXPECT_EQ(file.columns()[1].logical.kind, Logical::Kind::decimal);
  EXPECT_EQ(file.columns()[1].logical.scale, 2);
  EXPECT_EQ(file.columns()[1].logical.precision, 9);
  EXPECT_TRUE(file.columns()[1].optional);
  EXPECT_EQ(file.rows(), 10u);
  EXPECT_EQ(file.row_groups()[0].begin, 4u);
  EXPECT_EQ(file.row_groups()[0].end, 294u);  // the last chunk: 204 + its 90 bytes
  EXPECT_EQ(file.created_by(), "writer 1.0");
}

TEST(ParquetThrift, DamagedFilesAreRefusedNamingThem) {
  auto refused = [](const std::string& bytes, const std::string& why) {
    try {
      File file(bytes, "f.parquet");
      ADD_FAILURE() << "no Failure for " << why;
    } catch (const Failure& f) {
      EXPECT_EQ(f.code(), ExitCode::input);
      EXPECT_EQ(std::string(f.what()).rfind("f.parquet: ", 0), 0u) << f.what();
      EXPECT_NE(std::string(f.what()).find(why), std::string::npos) << f.what();
    }
  };
  std::string good = file_of(footer());
  refused("PAR1", "not a Parquet file");
  refused(good.substr(0, good.size() - 1), "not a Parquet file");
  std::string big = good;
  big[big.size() - 5] = '\x7f';
  refused(big, "footer's length");
  for (std::size_t cut = 1; cut < footer().size(); cut += 7)
    refused(file_of(footer().substr(0, footer().size() - cut)), "damaged");
  refused(file_of(footer(), 100), "outside the file's data");  // the chunks past the footer's start
}

TEST(ParquetThrift, NestedColumnsAreListedWithTheirLevels) {
  Writer w;
  w.list(2, ttype::strct, 4);
  w.list_struct().str(4, "schema").i32(5, 1).end();
  w.list_struct().i32(3, 1).str(4, "tags").i32(5, 1).end();
  w.list_struct().i32(3, 2).str(4, "list").i32(5, 1).end();
  w.list_struct().i32(1, 1).i32(3, 1).str(4, "element").end();
  w.i(3, 0).list(4, ttype::strct, 0).byte(0);
  std::string bytes = file_of(w.out);
  File file(bytes, "f.parquet");
  ASSERT_EQ(file.columns().size(), 1u);
  EXPECT_EQ(file.columns()[0].name, "tags.list.element");
  EXPECT_TRUE(file.columns()[0].nested);
  EXPECT_EQ(file.columns()[0].max_definition, 3);
  EXPECT_EQ(file.columns()[0].max_repetition, 1);
  ASSERT_EQ(file.fields().size(), 1u);
  EXPECT_EQ(file.fields()[0].name, "tags");
  EXPECT_TRUE(file.fields()[0].nested);
  EXPECT_EQ(file.fields()[0].shape.kind, Shape::Kind::structure);  // no LIST annotation: a struct of a repeated group
}

TEST(ParquetThrift, PageHeaders) {
  Writer w;
  w.i32(1, 3).i32(2, 120).i32(3, 80).begin(8).i32(1, 10).i32(2, 2).i32(3, 10).i32(4, 5).i32(5, 3).i32(6, 0).boolean(7, false).end().byte(0);
  std::size_t size = 0;
  PageHeader h = read_page_header(w.out + "body", size);
  EXPECT_EQ(size, w.out.size());
  EXPECT_EQ(h.type, page_type::data_v2);
  EXPECT_EQ(h.uncompressed_size, 120);
  EXPECT_EQ(h.compressed_size, 80);
  EXPECT_EQ(h.num_values, 10);
  EXPECT_EQ(h.num_nulls, 2);
  EXPECT_EQ(h.encoding, 5);
  EXPECT_EQ(h.definition_bytes, 3);
  EXPECT_FALSE(h.is_compressed);
  EXPECT_TRUE(h.has_kind);
}

// A v1 page's levels are read only in RLE: the deprecated BIT_PACKED form, of either level, is refused by name.
TEST(ParquetThrift, V1LevelsOtherThanRleAreRefused) {
  auto page = [](int definition, int repetition) {
    Writer w;
    w.i32(1, 0).i32(2, 8).i32(3, 8).begin(5).i32(1, 1).i32(2, 0).i32(3, definition).i32(4, repetition).end().byte(0);
    return w.out + std::string(8, '\0');
  };
  std::size_t size = 0;
  PageHeader h = read_page_header(page(3, 4), size);
  EXPECT_EQ(h.definition_encoding, 3);
  EXPECT_EQ(h.repetition_encoding, 4);
  Column nested;
  nested.physical = Physical::int32;
  nested.nested = true;
  nested.max_definition = nested.max_repetition = 1;
  Column optional = nested;
  optional.nested = false;
  optional.max_repetition = 0;
  optional.optional = true;
  auto refusal = [](const std::string& bytes, const Column& column) {
    Values values;
    std::uint64_t at = 0;
    try {
      read_chunk(bytes, {0, 0, bytes.size(), 1}, column, values, at);
    } catch (const Failure& f) {
      return std::string(f.what());
    }
    return std::string("none");
  };
  EXPECT_NE(refusal(page(3, 4), nested).find("its repetition levels are encoded BIT_PACKED"), std::string::npos);
  EXPECT_NE(refusal(page(4, 3), nested).find("its definition levels are encoded BIT_PACKED"), std::string::npos);
  EXPECT_NE(refusal(page(4, 4), optional).find("its definition levels are encoded BIT_PACKED"), std::string::npos);
  // A level whose largest value is 0 is not stored: its encoding, whatever a writer put there, is not looked at.
  EXPECT_EQ(refusal(page(3, 4), optional).find("encoded"), std::string::npos);
}

TEST(ParquetThrift, ConvertedTypes) {
  EXPECT_EQ(logical_of_converted(0, 0, 0).kind, Logical::Kind::string);
  EXPECT_EQ(logical_of_converted(4, 0, 0).kind, Logical::Kind::enum_text);
  EXPECT_EQ(logical_of_converted(19, 0, 0).kind, Logical::Kind::json);
  EXPECT_EQ(logical_of_converted(20, 0, 0).kind, Logical::Kind::bson);
  Logical l = logical_of_converted(13, 0, 0);
  EXPECT_EQ(l.kind, Logical::Kind::integer);
  EXPECT_EQ(l.bit_width, 32);
  EXPECT_FALSE(l.is_signed);
  l = logical_of_converted(15, 0, 0);
  EXPECT_EQ(l.bit_width, 8);
  EXPECT_TRUE(l.is_signed);
  l = logical_of_converted(9, 0, 0);
  EXPECT_EQ(l.kind, Logical::Kind::timestamp);
  EXPECT_EQ(l.unit, TimeUnit::millis);
  EXPECT_TRUE(l.utc);
  l = logical_of_converted(8, 0, 0);
  EXPECT_EQ(l.kind, Logical::Kind::time);
  EXPECT_EQ(l.unit, TimeUnit::micros);
  l = logical_of_converted(5, 38, 10);
  EXPECT_EQ(l.precision, 38);
  EXPECT_EQ(l.scale, 10);
}

}  // namespace
}  // namespace fastload::parquet
