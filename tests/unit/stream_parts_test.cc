// A stream whose rows come in parts (a Parquet file's row groups, input::RowTextStream): chunks never span two
// parts and name theirs, an empty part keeps the later parts' numbers, and --resume's pass_over hands out the
// chunks of a part an earlier run loaded whole without the part being produced at all.
#include "chunks/chunks.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <vector>

#include "input/row_text_stream.h"
#include "temp_dir.h"
#include "text/text.h"

namespace fastload::input {
namespace {

// Parts of the given row counts; row r of the stream is "r\tpart\n". Records which parts it produced.
class PartsStream final : public RowTextStream {
 public:
  PartsStream(const ByteStream& inner, std::vector<std::uint64_t> parts) : RowTextStream(inner), parts_(std::move(parts)) {
    in_parts();
  }
  std::set<std::size_t> produced;
  std::uint64_t consumed() const override { return 0; }

 private:
  bool produce() override {
    const std::size_t before = out().size();
    while (part_ < parts_.size()) {
      if (row_ == parts_[part_]) {  // an empty part ends where it begins
        if (row_ == 0) end_part();
        ++part_;
        row_ = 0;
        continue;
      }
      produced.insert(part_);
      start_row(part_, ++file_row_);
      out() += std::to_string(file_row_) + "\t" + std::to_string(part_) + "\n";
      if (++row_ == parts_[part_]) {
        end_part();
        ++part_;
        row_ = 0;
        break;
      }
    }
    return out().size() > before;
  }
  bool input_verified() const override { return true; }
  // The next part with rows (empty ones before it are passed over with it).
  std::optional<std::uint64_t> unread_part_rows() const override {
    std::size_t part = part_;
    while (row_ == 0 && part < parts_.size() && parts_[part] == 0) ++part;
    if (row_ != 0 || part == parts_.size()) return std::nullopt;
    return parts_[part];
  }
  std::size_t pass_part() override {
    std::size_t passed = 1;
    for (; parts_[part_] == 0; ++part_) ++passed;
    file_row_ += parts_[part_++];
    return passed;
  }

  std::vector<std::uint64_t> parts_;
  std::size_t part_ = 0;
  std::uint64_t row_ = 0, file_row_ = 0;
};

struct Cut {
  std::vector<chunks::StreamChunk> chunks;
  std::set<std::size_t> produced;
  std::size_t not_read = 0;
};

Cut cut(const std::vector<std::uint64_t>& parts, std::uint64_t chunk_size,
        std::map<std::size_t, chunks::RecordedChunk> recorded = {}) {
  TempDir dir;
  auto inner = open_stream(dir.write(""));
  PartsStream stream(*inner, parts);
  chunks::StreamChunks cutter(stream, chunk_size, text::Dialect{});
  cutter.pass_over(std::move(recorded));
  Cut out;
  while (auto c = cutter.next()) out.chunks.push_back(std::move(*c));
  out.produced = stream.produced;
  out.not_read = cutter.not_read();
  return out;
}

std::map<std::size_t, chunks::RecordedChunk> recorded(const Cut& run, std::set<std::size_t> indexes) {
  std::map<std::size_t, chunks::RecordedChunk> out;
  for (std::size_t i : indexes) out[i] = {run.chunks[i].chunk.begin, run.chunks[i].chunk.end, run.chunks[i].chunk.rows};
  return out;
}

TEST(StreamParts, AChunkAPartAndEmptyPartsCounted) {
  Cut run = cut({3, 0, 4, 0, 0, 5}, 1 << 20);
  ASSERT_EQ(run.chunks.size(), 3u);
  std::vector<std::uint64_t> rows, parts;
  for (const auto& c : run.chunks) {
    rows.push_back(c.chunk.rows);
    parts.push_back(c.part.value_or(99));
  }
  EXPECT_EQ(rows, (std::vector<std::uint64_t>{3, 4, 5}));
  EXPECT_EQ(parts, (std::vector<std::uint64_t>{0, 2, 5}));  // the empty parts 1, 3 and 4 keep the numbers
  EXPECT_EQ(run.chunks[1].bytes, "4\t2\n5\t2\n6\t2\n7\t2\n");
}

// The chunks of parts recorded whole come out with their place and rows and no bytes, those parts never produced;
// every other chunk is what a run without pass_over cuts, byte for byte.
TEST(StreamParts, PartsRecordedWholeAreNotRead) {
  for (std::uint64_t size : {1u << 20, 8u}) {  // a chunk a part, and pieces of a few rows
    Cut first = cut({3, 4, 0, 5, 6}, size);
    std::set<std::size_t> whole;  // the chunks of the first part, and of the fourth (numbered 3, after an empty one)
    for (std::size_t i = 0; i < first.chunks.size(); ++i)
      if (first.chunks[i].part == 0u || first.chunks[i].part == 3u) whole.insert(i);
    const std::size_t unread = whole.size();
    if (size == 8) whole.insert(first.chunks.size() - 1);  // a piece of the last part only: that part is read
    Cut again = cut({3, 4, 0, 5, 6}, size, recorded(first, whole));
    ASSERT_EQ(again.chunks.size(), first.chunks.size()) << size;
    EXPECT_EQ(again.produced, (std::set<std::size_t>{1, 4})) << size;
    EXPECT_EQ(again.not_read, unread) << size;
    for (std::size_t i = 0; i < first.chunks.size(); ++i) {
      const chunks::StreamChunk& a = first.chunks[i];
      const chunks::StreamChunk& b = again.chunks[i];
      const bool passed = a.part == 0u || a.part == 3u;
      EXPECT_EQ(b.bytes, passed ? "" : a.bytes) << size << " chunk " << i;
      EXPECT_EQ(b.chunk.begin, a.chunk.begin) << i;
      EXPECT_EQ(b.chunk.end, a.chunk.end) << i;
      EXPECT_EQ(b.chunk.rows, a.chunk.rows) << i;
      EXPECT_EQ(b.chunk.first_row, a.chunk.first_row) << i;
      EXPECT_EQ(b.chunk.first_line, a.chunk.first_line) << i;
      if (!passed) {
        EXPECT_EQ(b.part, a.part) << i;
      }
    }
  }
}

// A record that does not fit the part (rows, place, a gap) makes the part read as usual.
TEST(StreamParts, RecordsThatDoNotHoldThePartExactlyAreRead) {
  Cut first = cut({3, 4, 5}, 1 << 20);
  auto wrong_rows = recorded(first, {1});
  wrong_rows[1].rows = 3;
  auto wrong_place = recorded(first, {1});
  wrong_place[1].begin += 1;
  for (const auto& records : {wrong_rows, wrong_place}) {
    Cut again = cut({3, 4, 5}, 1 << 20, records);
    EXPECT_EQ(again.produced, (std::set<std::size_t>{0, 1, 2}));
    EXPECT_EQ(again.not_read, 0u);
    ASSERT_EQ(again.chunks.size(), 3u);
    EXPECT_EQ(again.chunks[1].bytes, first.chunks[1].bytes);
  }
}

}  // namespace
}  // namespace fastload::input
