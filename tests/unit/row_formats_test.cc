// The format table (chunks/row_format.h): every row reachable by name, and delimited text, its one row, cutting
// a mapped file and a stream at the row ends the splitter and StreamChunks find.
#include "chunks/chunks.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "base/base.h"
#include "temp_dir.h"
#include "text/text.h"

namespace fastload::chunks {
namespace {

const std::string kContent = "1\ta\n2\tb\\\nstill 2\n3\tc\\\\\n4\t" + std::string(100, 'x') + "\n5\te";

TEST(RowFormatTable, EveryRowIsReachableByName) {
  std::set<std::string_view> names;
  for (const RowFormatKind& row : row_formats()) {
    EXPECT_EQ(find_row_format(row.name), &row) << row.name;
    std::unique_ptr<RowFormat> format = make_row_format(row.name, {text::Dialect{}});
    EXPECT_EQ(format->name(), row.name);
    names.insert(row.name);
  }
  EXPECT_EQ(names.size(), row_formats().size());
  EXPECT_NE(find_row_format(kDelimitedText), nullptr);
  EXPECT_EQ(find_row_format("parquet"), nullptr);
  EXPECT_THROW(make_row_format("parquet", {text::Dialect{}}), Failure);
}

TEST(RowFormatTable, DelimitedTextSplitsAsTheSplitter) {
  text::Dialect dialect;
  dialect.skip_rows = 1;
  std::unique_ptr<RowFormat> format = make_row_format(kDelimitedText, {dialect});
  for (std::uint64_t size : {1, 7, 64, 1000}) {
    const std::vector<Chunk> cut = format->split(kContent, size, 2);
    const std::vector<Chunk> reference = split(kContent, size, 2, dialect);
    ASSERT_EQ(cut.size(), reference.size()) << size;
    for (std::size_t i = 0; i < cut.size(); ++i) {
      EXPECT_EQ(cut[i].begin, reference[i].begin);
      EXPECT_EQ(cut[i].end, reference[i].end);
      EXPECT_EQ(cut[i].rows, reference[i].rows);
      EXPECT_EQ(cut[i].first_line, reference[i].first_line);
    }
    EXPECT_NO_THROW(format->verify(kContent, cut));
    EXPECT_NO_THROW(format->refuse_long_rows("data.tsv", kContent, cut));
  }
  std::vector<Chunk> broken = format->split(kContent, 7, 1);
  broken.back().end -= 1;
  EXPECT_THROW(format->verify(kContent, broken), Failure);
}

TEST(RowFormatTable, DelimitedTextCutsAStreamAtRowEnds) {
  TempDir dir;
  std::unique_ptr<RowFormat> format = make_row_format(kDelimitedText, {text::Dialect{}});
  auto stream = input::open_stream(dir.write(kContent));
  std::unique_ptr<StreamChunks> cutter = format->cut_stream(*stream, 16, 3);
  std::string joined;
  std::uint64_t rows = 0;
  while (std::optional<StreamChunk> c = cutter->next()) {
    EXPECT_EQ(c->chunk.file, 3u);
    EXPECT_TRUE(c->bytes.ends_with('\n') || joined.size() + c->bytes.size() == kContent.size());
    joined += c->bytes;
    rows += c->chunk.rows;
  }
  EXPECT_EQ(joined, kContent);
  EXPECT_EQ(rows, 5u);
}

}  // namespace
}  // namespace fastload::chunks
