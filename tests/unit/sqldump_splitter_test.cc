// A dump's SQL split as the mariadb client splits it, fed in any pieces (sqldump/splitter.h), and the session its
// SET statements leave (sqldump/session.h).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sqldump/session.h"
#include "sqldump/splitter.h"

namespace fastload::sqldump {
namespace {

struct Out {
  std::string text;
  std::uint64_t offset, line;
  bool unterminated;
  bool operator==(const Out&) const = default;
};
std::ostream& operator<<(std::ostream& os, const Out& o) {
  return os << "{" << testing::PrintToString(o.text) << " @" << o.offset << " line " << o.line << (o.unterminated ? " open" : "") << "}";
}

// The statements of `script` fed `step` bytes at a time; parts of a long statement joined.
std::vector<Out> split(std::string_view script, std::size_t step, std::size_t limit = 1 << 20, SqlMode mode = {}) {
  Splitter splitter(limit, mode);
  std::vector<Out> out;
  auto drain = [&] {
    while (auto p = splitter.next()) {
      if (p->first) out.push_back({"", p->offset, p->line, false});
      EXPECT_EQ(p->part_offset - p->offset, out.back().text.size());
      EXPECT_LE(p->text.size(), limit + 1);
      out.back().text += p->text;
      out.back().unterminated = p->unterminated;
    }
  };
  for (std::size_t i = 0; i < script.size(); i += step) {
    splitter.feed(script.substr(i, step));
    drain();
  }
  splitter.finish();
  drain();
  return out;
}

constexpr std::string_view kSample =
    "/*M!999999\\- enable the sandbox mode */ \n-- MariaDB dump\n/*!40101 SET NAMES utf8mb4 */;\n"
    "# a comment; with a delimiter\nINSERT INTO `t;` VALUES ('a;\\';b', \"c;\"\"d\"),(/* ; */ 2) -- x;\n;\n"
    "/* multi\nline; */ SELECT 1 ;  \nDELIMITER ;;\nCREATE TRIGGER x BEGIN SET @a=1; END;;\nDELIMITER ;\n"
    "SELECT '#', '--', `a``;`;SELECT 3";

const std::vector<Out> kSampleStatements = {
    {"/*!40101 SET NAMES utf8mb4 */", 57, 3, false},
    {"INSERT INTO `t;` VALUES ('a;\\';b', \"c;\"\"d\"),(/* ; */ 2) -- x;", 118, 5, false},
    {"SELECT 1", 200, 8, false},
    {"CREATE TRIGGER x BEGIN SET @a=1; END", 226, 10, false},
    {"SELECT '#', '--', `a``;`", 277, 12, false},
    {"SELECT 3", 302, 12, false},
};

TEST(SqldumpSplitter, FollowsTheClient) { EXPECT_EQ(split(kSample, kSample.size()), kSampleStatements); }

TEST(SqldumpSplitter, SameAtEveryFeedBoundary) {
  for (std::size_t step = 1; step <= 8; ++step) EXPECT_EQ(split(kSample, step), kSampleStatements) << step;
  // Two feeds, cut at every byte.
  for (std::size_t cut = 0; cut <= kSample.size(); ++cut) {
    Splitter s;
    std::vector<std::string> texts;
    s.feed(kSample.substr(0, cut));
    while (auto p = s.next()) texts.emplace_back(p->text);
    s.feed(kSample.substr(cut));
    s.finish();
    while (auto p = s.next()) texts.emplace_back(p->text);
    ASSERT_EQ(texts.size(), kSampleStatements.size()) << cut;
    for (std::size_t k = 0; k < texts.size(); ++k) EXPECT_EQ(texts[k], kSampleStatements[k].text) << cut;
  }
}

TEST(SqldumpSplitter, Comments) {
  EXPECT_EQ(split("-- a;\n#b;\n/* c; */;\n--\n", 3), std::vector<Out>{});
  EXPECT_EQ(split("SELECT 1--2;\n", 100), (std::vector<Out>{{"SELECT 1--2", 0, 1, false}}));  // "--" needs a blank
  EXPECT_EQ(split("--x;\nSELECT 1;", 1), (std::vector<Out>{{"SELECT 1", 5, 2, false}}));  // but not first
  // Hints are code to the client: their delimiter ends the statement.
  EXPECT_EQ(split("SELECT /*+ a; */ 1;", 1),
            (std::vector<Out>{{"SELECT /*+ a", 0, 1, false}, {"*/ 1", 14, 1, false}}));
  EXPECT_EQ(split("/*!50003 SET a=1 */;/*M!100101 SET b=';' */;", 2),
            (std::vector<Out>{{"/*!50003 SET a=1 */", 0, 1, false}, {"/*M!100101 SET b=';' */", 20, 1, false}}));
  // The server runs a versioned comment's code: its delimiter ends the statement, as in the client.
  EXPECT_EQ(split("/*!40101 SET a=1; SET b=2 */;", 100),
            (std::vector<Out>{{"/*!40101 SET a=1", 0, 1, false}, {"SET b=2 */", 18, 1, false}}));
}

TEST(SqldumpSplitter, BackslashesAndModes) {
  EXPECT_EQ(split("SELECT 'a\\';b';SELECT 2;", 1),
            (std::vector<Out>{{"SELECT 'a\\';b'", 0, 1, false}, {"SELECT 2", 15, 1, false}}));
  SqlMode no_escapes{false, false};
  EXPECT_EQ(split("SELECT 'a\\';b';", 1, 1 << 20, no_escapes),
            (std::vector<Out>{{"SELECT 'a\\'", 0, 1, false}, {"b';", 12, 1, true}}));
  EXPECT_EQ(split("SELECT `a\\`;b`;", 1), (std::vector<Out>{{"SELECT `a\\`", 0, 1, false}, {"b`;", 12, 1, true}}));
  EXPECT_EQ(split("SELECT \"a\\\";b\";", 1, 1 << 20, SqlMode{true, true}),
            (std::vector<Out>{{"SELECT \"a\\\"", 0, 1, false}, {"b\";", 12, 1, true}}));
}

TEST(SqldumpSplitter, ModeChangesBetweenStatements) {
  Splitter s;
  s.feed("SET sql_mode='NO_BACKSLASH_ESCAPES';SELECT 'a\\';SELECT 2;");
  s.finish();
  auto first = s.next();
  ASSERT_TRUE(first);
  Session session;
  EXPECT_TRUE(session.apply(first->text));
  s.set_mode(session.mode());
  EXPECT_EQ(s.next()->text, "SELECT 'a\\'");
  EXPECT_EQ(s.next()->text, "SELECT 2");
  EXPECT_FALSE(s.next());
}

TEST(SqldumpSplitter, LongStatementsComeInParts) {
  const std::string script = "SELECT 'abc\\'defghij', /* c; */ 12345678 -- x;\n;SELECT 1;";
  for (std::size_t limit = 8; limit <= 16; ++limit) {
    for (std::size_t step : {1, 3, 100}) {
      Splitter s(limit);
      std::vector<Piece> parts;
      std::vector<std::string> texts;
      for (std::size_t i = 0; i < script.size(); i += step) {
        s.feed(std::string_view(script).substr(i, step));
        while (auto p = s.next()) parts.push_back(*p), texts.emplace_back(p->text);
      }
      s.finish();
      while (auto p = s.next()) parts.push_back(*p), texts.emplace_back(p->text);
      std::string joined;
      for (std::size_t k = 0; k + 1 < texts.size(); ++k) {
        EXPECT_LE(texts[k].size(), limit + 1);
        EXPECT_EQ(parts[k].first, k == 0);
        EXPECT_EQ(parts[k].last, k + 2 == texts.size());
        joined += texts[k];
      }
      EXPECT_EQ(joined, "SELECT 'abc\\'defghij', /* c; */ 12345678 -- x;") << step << " " << limit;
      EXPECT_EQ(texts.back(), "SELECT 1");
      EXPECT_TRUE(parts.back().whole());
    }
  }
}

TEST(SqldumpSplitter, UnterminatedAtTheEnd) {
  EXPECT_EQ(split("SELECT 1;\nSELECT 'open;", 2),
            (std::vector<Out>{{"SELECT 1", 0, 1, false}, {"SELECT 'open;", 10, 2, true}}));
  EXPECT_EQ(split("SELECT 1 /* open;", 2), (std::vector<Out>{{"SELECT 1 /* open;", 0, 1, true}}));
}

TEST(SqldumpSession, BytewiseReadable) {
  EXPECT_TRUE(bytewise_readable("utf8mb4"));
  EXPECT_TRUE(bytewise_readable("latin1"));
  EXPECT_TRUE(bytewise_readable("binary"));
  EXPECT_FALSE(bytewise_readable("SJIS"));
  EXPECT_FALSE(bytewise_readable("gbk"));
}

TEST(SqldumpSession, ReadsWhatMariadbDumpSets) {
  Session s;
  EXPECT_TRUE(s.mode().backslash_escapes);
  EXPECT_FALSE(s.apply("INSERT INTO t VALUES (1)"));
  EXPECT_TRUE(s.apply("/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_BACKSLASH_ESCAPES,ANSI' */"));
  EXPECT_FALSE(s.mode().backslash_escapes);
  EXPECT_TRUE(s.mode().ansi_quotes);
  EXPECT_TRUE(s.apply("/*!40101 SET NAMES latin1 */"));
  EXPECT_EQ(s.charset(), "latin1");
  EXPECT_TRUE(s.apply("/*!40101 SET @saved_cs_client     = @@character_set_client */"));
  EXPECT_TRUE(s.apply("/*!40101 SET character_set_client = utf8mb4 */"));
  EXPECT_EQ(s.charset(), "utf8mb4");
  EXPECT_TRUE(s.apply("/*!40101 SET character_set_client = @saved_cs_client */"));
  EXPECT_EQ(s.charset(), "latin1");
  EXPECT_TRUE(s.apply("/*!40101 SET SQL_MODE=@OLD_SQL_MODE */"));
  EXPECT_TRUE(s.mode().backslash_escapes);
  EXPECT_FALSE(s.mode().ansi_quotes);
  EXPECT_TRUE(s.apply("SET SESSION sql_mode = \"ANSI_QUOTES\", GLOBAL sql_mode = 'NO_BACKSLASH_ESCAPES'"));
  EXPECT_TRUE(s.mode().ansi_quotes);
  EXPECT_TRUE(s.mode().backslash_escapes);
  EXPECT_TRUE(s.apply("SET @keep = @@SESSION.SQL_MODE, sql_mode = 'NO_BACKSLASH_ESCAPES'"));
  EXPECT_FALSE(s.mode().backslash_escapes);
  EXPECT_TRUE(s.apply("SET sql_mode = @KEEP"));
  EXPECT_TRUE(s.mode().backslash_escapes);
  EXPECT_TRUE(s.mode().ansi_quotes);
  EXPECT_TRUE(s.apply("SET NAMES 'LATIN1'"));
  EXPECT_EQ(s.charset(), "latin1");
  EXPECT_TRUE(s.apply("SET CHARACTER SET utf8mb4"));
  EXPECT_EQ(s.charset(), "utf8mb4");
  EXPECT_TRUE(s.apply("/*!40101 SET NAMES binary*/"));
  EXPECT_EQ(s.charset(), "binary");
  const auto set = set_assignments("SET NAMES utf8mb4 COLLATE utf8mb4_bin, @@session.time_zone='+00:00'");
  ASSERT_TRUE(set);
  ASSERT_EQ(set->size(), 2u);
  EXPECT_EQ((*set)[0].name, "names");
  EXPECT_EQ((*set)[0].value, "utf8mb4");
  EXPECT_EQ((*set)[1].name, "time_zone");
  EXPECT_EQ((*set)[1].value, "+00:00");
}

}  // namespace
}  // namespace fastload::sqldump
