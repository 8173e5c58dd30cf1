// LINES STARTING BY: the row scanner, the splitter and the stream's chunks
// against the model of the server's READ_INFO (find_start_of_fields), on
// hand-made files measured on the server (docs/design.md#lines-starting-by)
// and on random files in every dialect the prefix is taken with.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "dialect_cases.h"
#include "chunks/chunks.h"
#include "read_info_model.h"
#include "text/text.h"
#include "temp_dir.h"

namespace fastload::text {
namespace {

text::Dialect with_prefix(text::Dialect d, std::string prefix) {
  d.line_start = std::move(prefix);
  return d;
}

struct Row {
  std::uint64_t offset;
  std::string text;
  bool operator==(const Row&) const = default;
};
std::ostream& operator<<(std::ostream& out, const Row& r) {
  return out << r.offset << ":" << testing::PrintToString(r.text);
}

std::vector<Row> rows_of(std::string_view bytes, const text::Dialect& d) {
  std::vector<Row> rows;
  RowScanner(d).for_each_row(bytes, [&](std::string_view text, std::uint64_t offset, RowEnd) {
    rows.push_back({offset, std::string(text)});
    return true;
  });
  return rows;
}

// As LOAD DATA read it (MariaDB 10.11): the prefix mid-line, lines without it,
// the search going on over line ends and an escaped one, an escaped line end
// inside a row, the prefix inside a row, and a prefix the file ends with.
TEST(LineStart, RowsBeginAfterThePrefix) {
  const std::string file = "no prefix\nstill no xxxA\tB\nzz\\xxxC\tD\nxxxE\\\nxxxF\tG\nxxx\n\nxxx\tH\txxxI\nxxx";
  const text::Dialect d = with_prefix(text::Dialect{}, "xxx");
  const std::vector<Row> expected = {{19, "A\tB"}, {29, "C\tD"}, {36, "E\\\nxxxF\tG"}, {49, ""}, {54, "\tH\txxxI"}};
  EXPECT_EQ(rows_of(file, d), expected);
  const RowScanner scanner(d);
  EXPECT_EQ(scanner.count_rows(file, 0, file.size()).rows, 5u);
  const Chunk whole{.begin = 0, .end = file.size(), .rows = 5, .first_line = 1};
  EXPECT_EQ(scanner.locate_row(file, whole, 1).byte_offset, 19u);
  EXPECT_EQ(scanner.locate_row(file, whole, 1).line, 2u);
  EXPECT_EQ(scanner.locate_row(file, whole, 4).line, 6u);
  EXPECT_EQ(scanner.locate_row(file, whole, 6).byte_offset, file.size());
}

// A quote right after the prefix opens an enclosure even when the prefix was
// found inside quotes among the bytes skipped; the prefix inside a field is data.
TEST(LineStart, EnclosedFields) {
  const std::string file = "junk \"xxx\",1\nxxx\"a xxx\nb\",c\n\"xxx 2\",3\nxxx\"q\",r";
  const std::vector<Row> expected = {{6, "\",1\nxxx\"a xxx\nb\",c"}, {29, " 2\",3"}, {38, "\"q\",r"}};
  EXPECT_EQ(rows_of(file, with_prefix(text::csv_dialect(), "xxx")), expected);
}

// The search for the prefix begins after a row's line terminator: "ab" in
// "aab" is found, and a row's own end is not searched again.
TEST(LineStart, OverlappingPrefixes) {
  const std::vector<Row> expected = {{1, "1"}, {6, "2"}};
  EXPECT_EQ(rows_of("aab1\nxab2\n", with_prefix(text::Dialect{}, "ab")), expected);
}

TEST(LineStart, TheLastRowWithoutTerminator) {
  const text::Dialect d = with_prefix(text::Dialect{}, ">");
  auto last = RowScanner(d).unterminated_last_row("x\n>a\tb\nno\n>c\td");
  ASSERT_TRUE(last.has_value());
  EXPECT_EQ(last->first, "c\td");
  EXPECT_EQ(last->second, 10u);
  EXPECT_FALSE(RowScanner(d).unterminated_last_row("x\n>a\tb\nno").has_value());  // a last line without the prefix
}

// Chunk boundaries: a local dialect may begin a chunk after any line
// terminator not escaped, between rows too (the search begins there); a
// dialect with an enclosure only after a row's end. Rows are counted as the
// server counts them: lines without the prefix are none.
TEST(LineStart, ChunkBoundaryPositions) {
  const std::string file = "xxxa\njunk\n\\\njunk\nxxxb\nj";
  const std::vector<Chunk> tsv = chunks::split(file, 1, 2, with_prefix(text::Dialect{}, "xxx"));
  std::vector<std::uint64_t> begins, rows;
  for (const Chunk& c : tsv) begins.push_back(c.begin), rows.push_back(c.rows);
  EXPECT_EQ(begins, (std::vector<std::uint64_t>{0, 5, 10, 17, 22}));  // not after the escaped LF at 11
  EXPECT_EQ(rows, (std::vector<std::uint64_t>{1, 0, 0, 1, 0}));
  EXPECT_EQ(tsv[3].first_line, 5u);
  EXPECT_EQ(tsv[3].first_row, 2u);
  const std::vector<Chunk> csv = chunks::split(file, 1, 2, with_prefix(text::csv_dialect(), "xxx"));
  begins.clear();
  for (const Chunk& c : csv) begins.push_back(c.begin);
  EXPECT_EQ(begins, (std::vector<std::uint64_t>{0, 5, 22}));  // row ends only
  EXPECT_EQ(csv[1].rows, 1u);
  EXPECT_EQ(csv[1].first_line, 2u);
}

TEST(LineStart, HeaderLinesAreLinesNotRows) {
  const std::string file = "h1 xxxH\t1\nh2\nxxxA\tB\nC\tD\nxxxE\tF\n";
  text::Dialect d = with_prefix(text::Dialect{}, "xxx");
  d.skip_rows = 1;
  EXPECT_EQ(rows_of(file.substr(RowScanner(d).first_row_start(file)), d).size(), 2u);
  d.skip_rows = 3;
  EXPECT_EQ(RowScanner(d).first_row_start(file), 20u);
}

// Prefixes a dialect takes (no line terminator byte, not ending with the escape).
std::vector<std::string> prefixes_for(const text::Dialect& d) {
  std::vector<std::string> out;
  const std::string quote = d.enclosure ? std::string(1, *d.enclosure) : "\"";
  for (const std::string& p : {std::string("xxx"), std::string(">"), std::string("ab"), d.field_terminator, quote,
                               std::string("\\x")}) {
    if (p.find_first_of(d.line_terminator) != std::string::npos) continue;
    if (d.escape && p.ends_with(*d.escape)) continue;
    out.push_back(p);
  }
  return out;
}

// Random rows of the dialect with the prefix put at line starts, mid-line, cut short, and left out.
std::string random_file(std::mt19937& rng, const text::Dialect& d) {
  std::string base = rng() % 2 ? testing_dialects::random_rows(rng, d, static_cast<int>(rng() % 12))
                               : testing_dialects::random_text(rng, d, static_cast<int>(rng() % 50));
  std::string file;
  bool line_start = true;
  for (char c : base) {
    if ((line_start && rng() % 4 != 0) || rng() % 25 == 0)
      file += rng() % 6 == 0 ? d.line_start.substr(0, d.line_start.size() - 1) : d.line_start;
    file += c;
    line_start = c == d.line_terminator.back();
  }
  return file;
}

using model::ModelRow;

// The model's rows of `bytes`, with fields, as strings to compare.
std::vector<std::string> model_rows(std::string_view bytes, text::Dialect d, std::uint64_t shift = 0) {
  std::vector<std::string> out;
  for (const ModelRow& row : model::ReadInfo(bytes, d).rows()) {
    std::string text = std::to_string(shift + row.begin) + ":";
    for (const model::Value& v : row.fields) text += (v ? "[" + *v + "]" : "NULL") + ",";
    out.push_back(text);
  }
  return out;
}

// The scanner's rows parsed by the field parser, in the model's form.
std::vector<std::string> parsed_rows(std::string_view bytes, const text::Dialect& d) {
  std::vector<std::string> out;
  FieldParser parser(d);
  RowScanner(d).for_each_row(bytes, [&](std::string_view text, std::uint64_t offset, RowEnd end) {
    std::vector<Field> fields;
    parser.parse_row(text, end, fields);
    std::string row = std::to_string(offset) + ":";
    for (const Field& f : fields) row += (f.is_null ? "NULL" : "[" + std::string(f.value) + "]") + ",";
    if (!fields.empty()) out.push_back(row);  // an empty last row at the end of the file is none
    return true;
  });
  return out;
}

// Each chunk read alone gives the rows the whole file gives there; boundaries
// fall at the first place the search may begin at or after each target
// (chunk_size 0: not checked, for a stream's chunks).
void expect_chunks_read_as_whole(std::string_view file, const text::Dialect& d, const std::vector<Chunk>& chunks,
                                 std::uint64_t chunk_size) {
  text::Dialect rows_only = d;
  rows_only.skip_rows = 0;
  const std::vector<ModelRow> all = model::ReadInfo(file, d).rows();
  std::vector<std::string> joined;
  std::uint64_t next_row = 1, previous = 0;
  for (const Chunk& c : chunks) {
    const std::vector<std::string> rows = model_rows(file.substr(c.begin, c.size()), rows_only, c.begin);
    joined.insert(joined.end(), rows.begin(), rows.end());
    EXPECT_EQ(c.rows, rows.size()) << c.index;
    EXPECT_EQ(c.first_row, next_row);
    next_row += c.rows;
    if (c.index > 0 && chunk_size > 0) {
      const std::uint64_t target = (previous / chunk_size + 1) * chunk_size;
      std::uint64_t latest = file.size();  // the first row end at or after the target
      for (const ModelRow& r : all)
        if (r.end >= target) latest = std::min(latest, r.end);
      EXPECT_GE(c.begin, target) << c.index;
      EXPECT_LE(c.begin, latest) << c.index;
    }
    previous = c.begin;
    for (std::uint64_t row = 1; row <= c.rows; ++row)
      EXPECT_EQ(RowScanner(d).locate_row(file, c, row).byte_offset,
                all[c.first_row - 1 + row - 1].begin);
  }
  EXPECT_EQ(joined, model_rows(file, d));
  EXPECT_NO_THROW(chunks::verify_chunks(file, chunks, d));
}

TEST(LineStart, RandomFilesInEveryDialect) {
  std::mt19937 rng(515);
  for (const text::Dialect& base : testing_dialects::all()) {
    for (const std::string& prefix : prefixes_for(base)) {
      for (int iteration = 0; iteration < 40; ++iteration) {
        text::Dialect d = with_prefix(base, prefix);
        d.skip_rows = iteration % 4 == 0 ? rng() % 3 : 0;
        const std::string file = random_file(rng, d);
        const std::uint64_t header = RowScanner(d).first_row_start(file);
        text::Dialect rows_only = d;
        rows_only.skip_rows = 0;
        EXPECT_EQ(parsed_rows(file.substr(header), rows_only), model_rows(file.substr(header), rows_only));
        for (std::uint64_t size : {1, 2, 3, 5, 8, 13, 40})
          for (unsigned threads : {1u, 3u}) expect_chunks_read_as_whole(file, d, chunks::split(file, size, threads, d), size);
        if (HasFailure()) {
          ADD_FAILURE() << describe(d) << ", file " << testing::PrintToString(file);
          return;
        }
      }
    }
  }
}

// A stream's chunks end at row ends or after line terminators between rows,
// and read alone give the rows the whole gives; bytes without the prefix do
// not make one chunk of them.
TEST(LineStart, StreamChunksAsTheWhole) {
  TempDir dir;
  std::mt19937 rng(516);
  for (const text::Dialect& base : {text::Dialect{}, text::csv_dialect()}) {
    const text::Dialect d = with_prefix(base, "xxx");
    std::string file;
    for (int k = 0; k < 300; ++k)
      file += (k % 7 == 0 ? "xxx" : "no row ") + std::to_string(k) + "\n";
    file += testing_dialects::random_rows(rng, d, 40);
    auto stream = input::open_stream(dir.write(file));
    chunks::StreamChunks chunks(*stream, 16, d);
    std::vector<Chunk> cut;
    std::uint64_t longest = 0;
    while (auto c = chunks.next()) {
      cut.push_back(c->chunk);
      longest = std::max<std::uint64_t>(longest, c->chunk.size());
    }
    expect_chunks_read_as_whole(file, d, cut, 0);
    EXPECT_LT(longest, 16u + 200u) << describe(d);
  }
}

}  // namespace
}  // namespace fastload::text
