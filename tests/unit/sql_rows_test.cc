// One table's rows of a SQL dump as delimited text (dump/sql_rows.h): the same rows and offsets however the
// statements are cut into parts, each row named by its tuple's byte and line in the dump, and each literal whose
// INSERT stores another value than LOAD DATA of its bytes refused (dump/sql_columns.h).
#include <gtest/gtest.h>

#include <fmt/core.h>

#include <string>
#include <vector>

#include "chunks/chunks.h"
#include "dump/dump.h"
#include "messages.h"
#include "temp_dir.h"

namespace fastload::dump {
namespace {

const std::string kDump =
    "/*!40101 SET NAMES utf8mb4 */;\n"
    "CREATE TABLE t (id INT, s VARCHAR(9), b VARBINARY(9), bt BIT(8));\n"
    "INSERT INTO `t` VALUES (1,'a\\tb',_binary 'x\\0y',b'101'),\n"
    "(2,NULL,X'00FF',0x41),(3,_utf8mb4 X'C3A9','',_binary 'A');\n"
    "INSERT INTO u VALUES (9);\n"
    "INSERT INTO t VALUES (-4,'é;\\'',0x5C,'\\0'),\n"
    " /* ),( */ (5,TRUE,b'1',b'11111111');\n";
const std::string kRows =
    "1\ta\\tb\tx\\0y\t\x05\n"
    "2\t\\N\t\\0\xff\tA\n"
    "3\t\xc3\xa9\t\tA\n"
    "-4\t\xc3\xa9;'\t\\\\\t\\0\n"
    "5\t1\t\x01\t\xff\n";

SqlTarget target() {
  return {"t",
          {{"id", ColumnKind::numeric, ""},
           {"s", ColumnKind::character, "utf8mb4"},
           {"b", ColumnKind::binary, ""},
           {"bt", ColumnKind::bit, ""}},
          false,
          sqldump::InsertKind::insert,
          "utf8mb4"};
}

// The INSERT INTO t statements of `dump` (those starting a line), one range each.
std::vector<InsertRange> ranges_of(const std::string& dump) {
  std::vector<InsertRange> out;
  std::uint64_t line = 1;
  for (std::size_t at = 0; at < dump.size();) {
    const std::size_t eol = dump.find('\n', at);
    const std::string_view l = std::string_view(dump).substr(at);
    if (l.starts_with("INSERT INTO `t`") || l.starts_with("INSERT INTO t ") || l.starts_with("REPLACE INTO t ")) {
      const std::size_t end = dump.find(";\n", at) + 2;
      out.push_back({.begin = at, .end = end, .line = line, .mode = {}, .charset = "utf8mb4"});
    }
    line += 1;
    at = eol + 1;
  }
  return out;
}

struct Read {
  std::string rows;
  input::OffsetMap offsets;
  std::vector<std::uint64_t> lines;
};

Read read_all(const TempDir& dir, const std::string& dump, std::size_t max_statement, std::size_t read_size,
              SqlTarget t = target()) {
  SqlRowsStream stream(input::open_stream(dir.write(dump, "dump.sql")), ranges_of(dump), std::move(t), false,
                       max_statement);
  Read r;
  std::string buffer(read_size, '\0');
  while (std::size_t n = stream.read(buffer.data(), buffer.size())) r.rows.append(buffer, 0, n);
  EXPECT_EQ(stream.verified(), r.rows.size());
  r.offsets = *stream.take_offsets(0, r.rows.size());
  r.lines = *stream.take_row_lines();
  return r;
}

TEST(SqlRowsStream, SameRowsWhereverStatementsAreCut) {
  TempDir dir;
  input::OffsetMap want_offsets;
  std::size_t row = 0;
  for (const char* tuple : {"(1,", "(2,", "(3,", "(-4,", "(5,"}) {
    want_offsets.emplace_back(row, kDump.find(tuple));
    row = kRows.find('\n', row) + 1;
  }
  const std::vector<std::uint64_t> want_lines = {3, 4, 4, 6, 7};
  for (std::size_t max = 1; max <= kDump.size(); ++max) {
    const Read r = read_all(dir, kDump, max, 1 + max % 7);
    ASSERT_EQ(r.rows, kRows) << max;
    EXPECT_EQ(r.offsets, want_offsets) << max;
    EXPECT_EQ(r.lines, want_lines) << max;
  }
}

TEST(SqlRowsStream, OffsetsOfEachChunk) {
  TempDir dir;
  SqlRowsStream stream(input::open_stream(dir.write(kDump, "dump.sql")), ranges_of(kDump), target());
  std::string rows(kRows.size(), '\0');
  ASSERT_EQ(stream.read(rows.data(), rows.size()), kRows.size());
  const std::uint64_t third = kRows.find("3\t"), fourth = kRows.find("-4\t");
  const input::OffsetMap first = *stream.take_offsets(0, third);  // rows 1 and 2, and where row 3 starts
  ASSERT_EQ(first.size(), 3u);
  EXPECT_EQ(first[2], std::make_pair(third, std::uint64_t{kDump.find("(3,")}));
  const input::OffsetMap rest = *stream.take_offsets(third, kRows.size());
  ASSERT_EQ(rest.size(), 3u);
  EXPECT_EQ(rest[1], std::make_pair(fourth - third, std::uint64_t{kDump.find("(-4,")}));
  EXPECT_EQ(*stream.take_row_lines(), (std::vector<std::uint64_t>{4, 6, 7}));
}

// Cut into chunks as a load cuts a stream, each row is named by its tuple's byte and line in the dump.
TEST(SqlRowsStream, ChunksNameTheDumpsLinesAndBytes) {
  TempDir dir;
  SqlRowsStream stream(input::open_stream(dir.write(kDump, "dump.sql")), ranges_of(kDump), target());
  chunks::StreamChunks cutter(stream, 20, text::Dialect{});
  chunks::StreamedChunks source(cutter, nullptr);
  std::vector<std::uint64_t> lines, bytes;
  while (std::optional<chunks::ChunkText> c = source.next()) {
    ASSERT_TRUE(c->row_lines);
    for (std::uint64_t row = 0, at = 0; row < c->chunk.rows; ++row, at = c->bytes.find('\n', at) + 1) {
      lines.push_back(c->row_lines->at(row));
      bytes.push_back(c->file_offset(at));
    }
  }
  EXPECT_EQ(lines, (std::vector<std::uint64_t>{3, 4, 4, 6, 7}));
  EXPECT_EQ(bytes, (std::vector<std::uint64_t>{kDump.find("(1,"), kDump.find("(2,"), kDump.find("(3,"),
                                               kDump.find("(-4,"), kDump.find("(5,")}));
}

// With reject_rows, a row whose literal LOAD DATA would store otherwise is handed out and named by the chunk it
// falls in, at its place there, whatever the chunk size: the same rows as without the bad ones, plus those.
TEST(SqlRowsStream, RefusedRowsNamedInTheirChunk) {
  TempDir dir;
  std::string dump = kDump;
  dump.replace(dump.find("(2,NULL,X'00FF',0x41)"), 21, "(2,NULL,X'00FF',65)");  // a number into BIT
  dump.replace(dump.find("(5,TRUE,b'1',b'11111111')"), 25, "(5,TRUE)");          // two values for four columns
  const std::string path = dir.write(dump, "dump.sql");
  for (std::uint64_t size = 1; size <= kRows.size() + 1; ++size) {
    SqlRowsStream stream(input::open_stream(path), ranges_of(dump), target(), true);
    chunks::StreamChunks cutter(stream, size, text::Dialect{});
    chunks::StreamedChunks source(cutter, nullptr);
    std::vector<std::uint64_t> refused_ids;
    std::vector<std::string> messages;
    std::uint64_t rows = 0;
    while (std::optional<chunks::ChunkText> c = source.next()) {
      for (const Problem& p : c->refused ? *c->refused : std::vector<Problem>{}) {
        ASSERT_GE(p.row_in_chunk, 1u);
        ASSERT_LE(p.row_in_chunk, c->chunk.rows);
        std::string_view row = c->bytes;
        for (std::uint64_t k = 1; k < p.row_in_chunk; ++k) row.remove_prefix(row.find('\n') + 1);
        refused_ids.push_back(std::stoull(std::string(row.substr(0, row.find('\t')))));
        messages.push_back(p.message);
      }
      rows += c->chunk.rows;
    }
    EXPECT_EQ(rows, 5u) << size;
    EXPECT_EQ(refused_ids, (std::vector<std::uint64_t>{2, 5})) << size;
    ASSERT_EQ(messages.size(), 2u) << size;
    EXPECT_NE(messages[0].find(fmt::format("byte {}: column `bt`: a number into a BIT column", dump.find("65)"))),
              std::string::npos) << messages[0];
    EXPECT_NE(messages[1].find("a row of 2 values for 4 columns"), std::string::npos) << messages[1];
  }
}

// The message of the Failure reading `dump` throws, with its exit code checked.
std::string refusal(const std::string& dump, SqlTarget t = target()) {
  TempDir dir;
  try {
    read_all(dir, dump, 5, 100, std::move(t));
  } catch (const Failure& e) {
    EXPECT_EQ(e.code(), ExitCode::rejected) << e.what();
    EXPECT_TRUE(without_program_prefix(e.what())) << e.what();
    return e.what();
  }
  return "not refused";
}

// Where the message says it is: "dump.sql:LINE (byte B): table `t`: " with B the offset of `at` in `dump`.
std::string where(const std::string& dump, std::uint64_t line, const std::string& at) {
  return "dump.sql:" + std::to_string(line) + " (byte " + std::to_string(dump.find(at)) + "): table `t`: ";
}

TEST(SqlRowsStream, RefusesWhatLoadDataWouldStoreOtherwise) {
  const std::string head = "SET NAMES utf8mb4;\n";
  auto refused = [&](const std::string& insert, std::uint64_t line, const std::string& at, const std::string& what,
                     SqlTarget t = target()) {
    const std::string dump = head + insert;
    const std::string message = refusal(dump, t);
    EXPECT_NE(message.find("/" + where(dump, line, at) + what), std::string::npos) << message;
  };
  refused("INSERT INTO t VALUES (1,'a','b',5);\n", 2, "5)", "column `bt`: a number into a BIT column");
  refused("INSERT INTO t VALUES\n(1,'a','b',''),\n(0x41,'a','b','');\n", 4, "0x41", "column `id`: a hex literal into a numeric");
  refused("INSERT INTO t VALUES (1,_latin1 X'E9','b','');\n", 2, "_latin1", "column `s`: a string with the introducer _latin1");
  refused("INSERT INTO t VALUES (1,'a','b');\n", 2, "(1,", "a row of 3 values for 4 columns");
  refused("INSERT INTO t VALUES ();\n", 2, "()", "a row of 0 values for 4 columns (VALUES ()");
  refused("INSERT INTO t VALUES (1,X'E9','b','');\n", 2, "X'", "column `s`: a hex literal whose bytes are not valid utf8mb4");
  refused("INSERT INTO t VALUES (1,1e3,'b','');\n", 2, "1e3", "column `s`: a number not written as the server prints it (1e3)");
  refused("INSERT INTO t VALUES (1,'a','b',TRUE);\n", 2, "TRUE", "column `bt`: TRUE or FALSE into a BIT");
  refused("INSERT INTO t VALUES (1,'\xe9','b','');\n", 2, "'\xe9", "column `s`: a string whose bytes are not valid utf8mb4");
  refused("INSERT INTO t VALUES (1,'a',now(),'');\n", 2, "now", "an INSERT fastload does not read");
  refused("REPLACE INTO t VALUES (1,'a','b','');\n", 2, "REPLACE", "REPLACE among the table's INSERT statements");
  SqlTarget listed = target();
  listed.columns_listed = true;
  refused("INSERT INTO t (id,s,bt,b) VALUES (1,'a','b','');\n", 2, "INSERT", "an INSERT that lists other columns", listed);
  EXPECT_EQ(refusal(head + "INSERT INTO t (ID,s,b,bt) VALUES (1,'a','b','');\n", listed), "not refused");
}

TEST(SqlColumns, LiteralsByColumn) {
  auto lit = [](sqldump::LiteralKind k, std::string bytes, std::string introducer = "") {
    sqldump::Literal l;
    l.kind = k;
    l.bytes = std::move(bytes);
    l.introducer = std::move(introducer);
    return l;
  };
  using K = sqldump::LiteralKind;
  const ColumnType text{"c", ColumnKind::character, "utf8mb4"}, latin{"l", ColumnKind::character, "latin1"},
      year{"y", ColumnKind::year, ""}, en{"e", ColumnKind::enum_set, ""}, date{"d", ColumnKind::temporal, ""};
  for (const char* n : {"0", "12", "-3", "1.50", "-0.5"}) EXPECT_FALSE(literal_refusal(lit(K::number, n), text, "utf8mb4")) << n;
  for (const char* n : {"+1", "01", "-0", "1e3", ".5", "1234567890123456789"})
    EXPECT_TRUE(literal_refusal(lit(K::number, n), text, "utf8mb4")) << n;
  EXPECT_FALSE(literal_refusal(lit(K::number, "2024"), year, "utf8mb4"));
  EXPECT_TRUE(literal_refusal(lit(K::number, "0"), year, "utf8mb4"));
  EXPECT_TRUE(literal_refusal(lit(K::number, "1"), en, "utf8mb4"));
  EXPECT_TRUE(literal_refusal(lit(K::number, "20240101"), date, "utf8mb4"));
  EXPECT_FALSE(literal_refusal(lit(K::string, "2024-01-01"), date, "utf8mb4"));
  EXPECT_TRUE(literal_refusal(lit(K::hex, "A"), latin, "utf8mb4"));   // stored unconverted into latin1
  EXPECT_FALSE(literal_refusal(lit(K::string, "\xc3\xa9"), latin, "utf8mb4"));  // converted by both
  EXPECT_FALSE(literal_refusal(lit(K::string, "\xe9", "_latin1"), latin, "latin1"));
  EXPECT_FALSE(literal_refusal(lit(K::string, "\xc3\xa9", "n"), text, "utf8mb4"));
  EXPECT_TRUE(literal_refusal(lit(K::string, "\xc3\xa9", "n"), latin, "latin1"));
  EXPECT_EQ(column_kind("MEDIUMBLOB"), ColumnKind::binary);
  EXPECT_EQ(column_kind("geometry"), ColumnKind::binary);  // its bytes, checked as a geometry by both
  EXPECT_EQ(column_kind("point"), ColumnKind::binary);
  EXPECT_EQ(column_kind("inet6"), ColumnKind::other);
  const ColumnType generated{"g", ColumnKind::generated, ""};  // dropped by the server: any literal but bad text
  EXPECT_FALSE(literal_refusal(lit(K::number, "5"), generated, "utf8mb4"));
  EXPECT_FALSE(literal_refusal(lit(K::hex, "\xff"), generated, "utf8mb4"));
  EXPECT_TRUE(literal_refusal(lit(K::string, "\xff"), generated, "utf8mb4"));
}

}  // namespace
}  // namespace fastload::dump
