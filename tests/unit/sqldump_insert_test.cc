// A dump's INSERTs read as the server's lexer reads their literals, tuple by tuple from bytes fed in any pieces
// (sqldump/insert_reader.h, sqldump/literal.h), and written as LOAD DATA's default text (sqldump/row_text.h).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sqldump/insert_reader.h"
#include "sqldump/row_text.h"
#include "sqldump/splitter.h"

namespace fastload::sqldump {
namespace {

struct Read {
  InsertHead head;
  std::string rows;       // as row_text writes them
  std::string kinds;      // one letter a value: N(ull) 9(number) s(tring) x(hex) b(it) t(boolean); '|' a row
  std::string refusal;    // "offset:lines:reason"
};

char letter(LiteralKind k) {
  switch (k) {
    case LiteralKind::null: return 'N';
    case LiteralKind::number: return '9';
    case LiteralKind::string: return 's';
    case LiteralKind::hex: return 'x';
    case LiteralKind::bit: return 'b';
    case LiteralKind::boolean: return 't';
  }
  return '?';
}

// `statement` fed `step` bytes at a time.
Read read(std::string_view statement, std::size_t step = 1 << 20, SqlMode mode = {}) {
  InsertReader reader(mode);
  Read out;
  auto drain = [&] {
    for (;;) {
      const InsertReader::Step s = reader.next();
      if (s == InsertReader::Step::head) out.head = reader.head();
      if (s == InsertReader::Step::tuple) {
        append_row(reader.tuple(), out.rows);
        for (const Literal& v : reader.tuple().values) out.kinds += letter(v.kind);
        out.kinds += '|';
      }
      if (s == InsertReader::Step::refused) {
        const Refusal& r = reader.refusal();
        out.refusal = std::to_string(r.offset) + ":" + std::to_string(r.lines) + ":" + r.reason.substr(0, 12);
      }
      if (s == InsertReader::Step::more || s == InsertReader::Step::end || s == InsertReader::Step::refused) return;
    }
  };
  for (std::size_t i = 0; i < statement.size(); i += step) {
    reader.feed(statement.substr(i, step));
    drain();
  }
  reader.finish();
  drain();
  return out;
}

TEST(SqldumpInsert, Heads) {
  Read r = read("INSERT INTO `db`.`t``x` VALUES (1)");
  EXPECT_EQ(r.head.database, "db");
  EXPECT_EQ(r.head.table, "t`x");
  EXPECT_FALSE(r.head.columns_listed);
  EXPECT_EQ(r.head.kind, InsertKind::insert);
  r = read("insert low_priority ignore t (`a`, b,`c d`) value (1,2,3)");
  EXPECT_EQ(r.head.table, "t");
  EXPECT_EQ(r.head.kind, InsertKind::insert_ignore);
  EXPECT_EQ(r.head.columns, (std::vector<std::string>{"a", "b", "c d"}));
  r = read("REPLACE /* c */ INTO t() VALUES ()");
  EXPECT_EQ(r.head.kind, InsertKind::replace);
  EXPECT_TRUE(r.head.columns_listed);
  EXPECT_EQ(r.rows, "\n");
  EXPECT_EQ(read("INSERT INTO \"t\" VALUES (1)", 100, SqlMode{true, true}).head.table, "t");
  EXPECT_TRUE(is_insert(" /* x */ Insert into t"));
  EXPECT_FALSE(is_insert("SELECT 1"));
  EXPECT_EQ(read("INSERT INTO t SET a=1").refusal, "14:0:no VALUES wh");
  InsertReader other;
  other.feed("SEL");
  EXPECT_EQ(other.next(), InsertReader::Step::more);
  other.feed("ECT 1");
  EXPECT_EQ(other.next(), InsertReader::Step::other);
}

TEST(SqldumpInsert, Literals) {
  Read r = read("INSERT INTO t VALUES (NULL,\\N,-1.5e+3,.5,+7,'a''b\\'c',\"d\"\"e\",'x' \"y\" 'z',TRUE,false)");
  EXPECT_EQ(r.kinds, "NN999ssstt|");
  EXPECT_EQ(r.rows, "\\N\t\\N\t-1.5e+3\t.5\t+7\ta'b'c\td\"e\txyz\t1\t0\n");
  r = read("INSERT INTO t VALUES ('\\0\\b\\n\\r\\t\\Z\\\\\\%\\_\\q\\'\\\"', 'tab\there')");
  EXPECT_EQ(r.rows, std::string("\\0\b\\n\r\\t\032\\\\\\\\%\\\\_q'\"\ttab\\there\n"));
  r = read("INSERT INTO t VALUES (X'4142',x'',0x414,0xC3A9,b'101',B'1000000001',0b1,b'')");
  EXPECT_EQ(r.kinds, "xxxxbbbb|");
  EXPECT_EQ(r.rows, std::string("AB\t\t\x04\x14\t\xC3\xA9\t\x05\t\x02\x01\t\x01\t\n"));
  r = read("INSERT INTO t VALUES (_binary 'a\\0', _latin1'b' COLLATE latin1_bin, _utf8mb4 0x41, N'n', _binary b'1')");
  EXPECT_EQ(r.kinds, "ssxsb|");
  EXPECT_EQ(r.rows, "a\\0\tb\tA\tn\t\x01\n");
}

// The values most dumps hold are read in one go when ',' or ')' follows them at once (literal.cc, read_plain);
// with a blank before the ',' they take the general way: both must read every value alike, in both modes.
TEST(SqldumpInsert, PlainValuesReadAsTheGeneralWay) {
  const std::vector<std::string> values = {
      "0", "-1", "12.", "-0.50", "123456789012345678901234567890", "1e3", "-1.5E-2", "0x41", "0b1", "-x",
      "NULL", "null", "Null", "NULLx", "''", "'a''b'", "'a\\'b'", "'\\0\\n\\t\\Z\\%\\_\\q'", "'\\\\'",
      "'it''s; (1),(2)'", "'a' 'b'", "'a' COLLATE utf8mb4_bin", "_binary'x'", "'\xC3\xA9'", "'tab\there'",
      "TRUE", "X'4142'", "\\N", "'\\''"};
  for (const SqlMode mode : {SqlMode{}, SqlMode{false, false}})
    for (const std::string& v : values) {
      const std::string tight = "INSERT INTO t VALUES (" + v + "," + v + ")";
      const std::string loose = "INSERT INTO t VALUES (" + v + " ," + v + " )";
      for (std::size_t step : {std::size_t{1}, std::size_t{3}, std::size_t{1} << 20}) {
        const Read a = read(tight, step, mode), b = read(loose, step, mode);
        EXPECT_EQ(a.rows, b.rows) << v << " step " << step << " backslash escapes " << mode.backslash_escapes;
        EXPECT_EQ(a.kinds, b.kinds) << v;
        EXPECT_EQ(a.refusal.empty(), b.refusal.empty()) << v;
      }
    }
}

TEST(SqldumpInsert, LiteralDetails) {
  InsertReader reader;
  reader.feed("INSERT INTO t VALUES (_latin1'b' COLLATE `latin1_bin`, 0x41, 'q')");
  reader.finish();
  ASSERT_EQ(reader.next(), InsertReader::Step::head);
  ASSERT_EQ(reader.next(), InsertReader::Step::tuple);
  const Tuple& t = reader.tuple();
  ASSERT_EQ(t.values.size(), 3u);
  EXPECT_EQ(t.values[0].introducer, "_latin1");
  EXPECT_EQ(t.values[0].collation, "latin1_bin");
  EXPECT_EQ(t.values[0].offset, 22u);
  EXPECT_EQ(t.values[1].offset, 55u);
  EXPECT_EQ(t.values[2].introducer, "");
  EXPECT_EQ(t.offset, 21u);
  EXPECT_EQ(reader.next(), InsertReader::Step::end);
}

TEST(SqldumpInsert, ReadableAs) {
  EXPECT_TRUE(readable_as("a\xC3\xA9\xF0\x9F\x98\x80", "utf8mb4"));
  EXPECT_FALSE(readable_as("a\xF0\x9F\x98\x80", "utf8mb3"));
  EXPECT_FALSE(readable_as("\xE9", "utf8mb4"));
  EXPECT_FALSE(readable_as("\xC3", "UTF8MB4"));
  EXPECT_TRUE(readable_as("\xE9\xFF\x00", "latin1"));
  EXPECT_TRUE(readable_as("\xE9", "binary"));
  EXPECT_FALSE(readable_as("a", "sjis"));
  // A character at every place of a longer ASCII run (passed 8 bytes at a time): valid or cut short alike.
  for (std::size_t before = 0; before <= 20; ++before)
    for (std::size_t after = 0; after <= 9; ++after) {
      const std::string a(before, 'a'), b(after, 'b');
      EXPECT_TRUE(readable_as(a + "\xF0\x9F\x98\x80" + b, "utf8mb4")) << before << " " << after;
      EXPECT_FALSE(readable_as(a + "\xF0\x9F\x98\x80" + b, "utf8mb3")) << before << " " << after;
      EXPECT_FALSE(readable_as(a + "\xC3" + b, "utf8mb4")) << before << " " << after;
      EXPECT_FALSE(readable_as(a + b + "\xE2\x82", "utf8mb4")) << before << " " << after;
    }
}

TEST(SqldumpInsert, NoBackslashEscapes) {
  Read r = read("INSERT INTO t VALUES ('a\\b','c''d','\\')", 100, SqlMode{false, false});
  EXPECT_EQ(r.rows, "a\\\\b\tc'd\t\\\\\n");
  r = read("INSERT INTO t VALUES (\"a\")", 100, SqlMode{true, true});  // under ANSI_QUOTES "a" is a name
  EXPECT_EQ(r.refusal, "22:0:a value that");
}

TEST(SqldumpInsert, NotLiteralsRefusedAtTheirOffset) {
  EXPECT_EQ(read("INSERT INTO t VALUES (1,NOW())").refusal, "24:0:a value that");
  EXPECT_EQ(read("INSERT INTO t VALUES (1),\n(DEFAULT)").refusal, "27:1:a value that");
  EXPECT_EQ(read("INSERT INTO t VALUES (1+2)").refusal, "22:0:a value that");
  EXPECT_EQ(read("INSERT INTO t VALUES (@v)").refusal, "22:0:a value that");
  EXPECT_EQ(read("INSERT INTO t VALUES (- 1)").refusal, "22:0:a value that");
  EXPECT_EQ(read("INSERT INTO t VALUES (1e)").refusal, "22:0:a value that");
  EXPECT_EQ(read("INSERT INTO t VALUES (0x1g)").refusal, "22:0:a value that");
  EXPECT_EQ(read("INSERT INTO t VALUES (X'123')").refusal, "22:0:a value that");
  EXPECT_EQ(read("INSERT INTO t VALUES ('a' 'b' COLLATE)").refusal, "22:0:a value that");
  EXPECT_EQ(read("INSERT INTO t VALUES (1) ON DUPLICATE KEY UPDATE a=1").refusal, "25:0:not ',' and ");
  EXPECT_EQ(read("INSERT INTO t VALUES (1,'open").refusal, "29:0:the statemen");
}

constexpr std::string_view kTuples =
    "INSERT INTO `t` VALUES (1,'a),(b\\'',NULL),\n(-2.5e-3,'x''y',0x00FF)/* c */,(_binary 'z\\0',b'11',TRUE) ,"
    "('tab\there # -- /*', \"q\")";

TEST(SqldumpInsert, SameAtEveryFeedBoundary) {
  const Read whole = read(kTuples);
  EXPECT_EQ(whole.kinds, "9sN|9sx|sbt|ss|");
  EXPECT_EQ(whole.rows, std::string("1\ta),(b'\t\\N\n-2.5e-3\tx'y\t\\0\xFF\nz\\0\t\x03\t1\ntab\\there # -- /*\tq\n"));
  for (std::size_t step = 1; step <= 9; ++step) {
    const Read r = read(kTuples, step);
    EXPECT_EQ(r.rows, whole.rows) << step;
    EXPECT_EQ(r.kinds, whole.kinds) << step;
    EXPECT_EQ(r.refusal, "") << step;
  }
  for (std::size_t cut = 0; cut <= kTuples.size(); ++cut) {
    InsertReader reader;
    std::string rows;
    reader.feed(kTuples.substr(0, cut));
    auto drain = [&] {
      for (InsertReader::Step s; (s = reader.next()) != InsertReader::Step::more && s != InsertReader::Step::end;) {
        ASSERT_NE(s, InsertReader::Step::refused) << cut;
        if (s == InsertReader::Step::tuple) append_row(reader.tuple(), rows);
      }
    };
    drain();
    reader.feed(kTuples.substr(cut));
    reader.finish();
    drain();
    EXPECT_EQ(rows, whole.rows) << cut;
  }
}

// A dump whose INSERTs are longer than the splitter's limit: their parts, fed to the reader as they come, give
// the rows the whole statements give, whatever the feeds and the limit.
TEST(SqldumpInsert, StatementsInParts) {
  const std::string dump = "SET NAMES utf8mb4;\n" + std::string(kTuples) + ";\nINSERT INTO t VALUES (';'),('x\\'');";
  const std::string want = read(kTuples).rows + ";\nx'\n";
  for (std::size_t limit : {1, 5, 64, 1000})
    for (std::size_t step : {1, 3, 50}) {
      Splitter splitter(limit);
      InsertReader reader;
      std::string rows;
      auto drain = [&] {
        while (auto p = splitter.next()) {
          if (p->first) reader = InsertReader();
          reader.feed(p->text);
          if (p->last) reader.finish();
          for (InsertReader::Step s; (s = reader.next()) != InsertReader::Step::more && s != InsertReader::Step::end;) {
            ASSERT_NE(s, InsertReader::Step::refused) << reader.refusal().reason << " at " << reader.refusal().offset;
            if (s == InsertReader::Step::tuple) append_row(reader.tuple(), rows);
            if (s == InsertReader::Step::other) break;
          }
        }
      };
      for (std::size_t i = 0; i < dump.size(); i += step) {
        splitter.feed(std::string_view(dump).substr(i, step));
        drain();
      }
      splitter.finish();
      drain();
      EXPECT_EQ(rows, want) << limit << " " << step;
    }
}

// A statement far longer than any window: the reader holds no more than a part and a tuple (a tuple longer than
// max_tuple would be refused), and reads every row.
TEST(SqldumpInsert, StreamsALongStatement) {
  InsertReader reader({}, 1024);
  reader.feed("INSERT INTO t VALUES ");
  std::string part;
  std::size_t rows = 0, lines = 0;
  for (int k = 0; k < 200; ++k) {
    part.clear();
    for (int r = 0; r < 1000; ++r) part += "(" + std::to_string(k * 1000 + r) + ",'a),(b\\'',0x00FF),\n";
    reader.feed(part);
    for (InsertReader::Step s; (s = reader.next()) != InsertReader::Step::more;) {
      ASSERT_TRUE(s == InsertReader::Step::tuple || s == InsertReader::Step::head) << reader.refusal().reason;
      if (s == InsertReader::Step::tuple) {
        ASSERT_EQ(reader.tuple().values[0].bytes, std::to_string(rows++));
        lines = reader.tuple().lines;
      }
    }
  }
  reader.feed("(-1,'',X'')");
  reader.finish();
  EXPECT_EQ(reader.next(), InsertReader::Step::tuple);
  EXPECT_EQ(reader.tuple().lines, 200000u);
  EXPECT_EQ(reader.next(), InsertReader::Step::end);
  EXPECT_EQ(rows, 200000u);
  EXPECT_EQ(lines, 199999u);
}

TEST(SqldumpInsert, TupleLimit) {
  InsertReader reader({}, 8);
  reader.feed("INSERT INTO t VALUES (1),('abcdefghijklmnop");
  EXPECT_EQ(reader.next(), InsertReader::Step::head);
  EXPECT_EQ(reader.next(), InsertReader::Step::tuple);
  EXPECT_EQ(reader.next(), InsertReader::Step::refused);
  EXPECT_EQ(reader.refusal().offset, 24u);
}

}  // namespace
}  // namespace fastload::sqldump
