// Row order (order/): the key encoding orders values as the index does, and a
// sorted file's chunks hold every row once, in a stable key order, in memory
// and spilled alike, with each row's own line.
#include "order/order.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>
#include <random>
#include <string>
#include <vector>

#include "chunks/chunks.h"
#include "temp_dir.h"
#include "text/text.h"

namespace fastload::order {
namespace {

std::string key_of(const IndexKey& key, std::vector<std::string> values) {
  std::vector<text::Field> fields;
  for (const std::string& v : values) fields.push_back({v, v == "\\N", false});
  for (auto& f : fields)
    if (f.is_null) f.value = {};
  // Fields point into `values`, which lives until the key is encoded.
  std::string out;
  encode_key(key, fields, out);
  return out;
}

KeyPart part(std::size_t field, KeyKind kind, bool pad = false) {
  KeyPart p;
  p.field = field, p.kind = kind, p.pad_space = pad;
  return p;
}
IndexKey one(KeyKind kind, bool pad = false) { return {{part(0, kind, pad)}, "k"}; }

TEST(IndexKey, SignedIntegersOrderByValue) {
  const IndexKey k = one(KeyKind::signed_integer);
  EXPECT_LT(key_of(k, {"-10"}), key_of(k, {"-9"}));
  EXPECT_LT(key_of(k, {"-1"}), key_of(k, {"0"}));
  EXPECT_LT(key_of(k, {"9"}), key_of(k, {"10"}));
  EXPECT_LT(key_of(k, {"9223372036854775806"}), key_of(k, {"9223372036854775807"}));
  EXPECT_EQ(key_of(k, {"+7"}), key_of(k, {"7"}));
  EXPECT_LT(key_of(k, {"\\N"}), key_of(k, {"-9223372036854775808"}));  // NULL first
  EXPECT_LT(key_of(k, {"9223372036854775807"}), key_of(k, {"abc"}));   // what does not parse: last
}

TEST(IndexKey, UnsignedAndDecimalValues) {
  const IndexKey u = one(KeyKind::unsigned_integer);
  EXPECT_LT(key_of(u, {"9223372036854775808"}), key_of(u, {"18446744073709551615"}));
  IndexKey n = one(KeyKind::decimal);
  n.parts[0].scale = 2;
  EXPECT_LT(key_of(n, {"-1.5"}), key_of(n, {"-1"}));
  EXPECT_LT(key_of(n, {"-1"}), key_of(n, {"0"}));
  EXPECT_EQ(key_of(n, {"-0"}), key_of(n, {"0.000"}));
  EXPECT_LT(key_of(n, {"2.25"}), key_of(n, {"10"}));
  EXPECT_LT(key_of(n, {"1e3"}), key_of(n, {"1001"}));
  EXPECT_LT(key_of(n, {"-1001"}), key_of(n, {"-1e3"}));
  EXPECT_LT(key_of(n, {"1.2"}), key_of(n, {"1.25"}));
  EXPECT_LT(key_of(n, {"-1.25"}), key_of(n, {"-1.2"}));
  EXPECT_LT(key_of(n, {"0.05"}), key_of(n, {"0.5"}));
}

TEST(IndexKey, TextByCollation) {
  const IndexKey bin = one(KeyKind::bytes);
  EXPECT_LT(key_of(bin, {"ABC"}), key_of(bin, {"abc"}));
  EXPECT_LT(key_of(bin, {"a"}), key_of(bin, {"a "}));  // NO PAD: the space counts
  EXPECT_LT(key_of(bin, {std::string("a\0", 2)}), key_of(bin, {"a\x01"}));
  EXPECT_LT(key_of(bin, {"a"}), key_of(bin, {std::string("a\0", 2)}));
}

TEST(IndexKey, CompositeKeysCompareColumnByColumn) {
  const IndexKey k{{part(1, KeyKind::bytes), part(0, KeyKind::signed_integer)}, "k"};
  // ("a", 2) < ("ab", 1): the first column decides, whatever the lengths.
  EXPECT_LT(key_of(k, {"2", "a"}), key_of(k, {"1", "ab"}));
  EXPECT_LT(key_of(k, {"1", "a"}), key_of(k, {"2", "a"}));
}

// A file of `rows` rows "key<TAB>n" with keys drawn from `distinct` values, some rows spanning two lines.
std::string random_file(std::size_t rows, int distinct, unsigned seed) {
  std::mt19937 random(seed);
  std::string file;
  for (std::size_t i = 0; i < rows; ++i) {
    file += std::to_string(static_cast<int>(random() % distinct) - distinct / 2) + "\t" + std::to_string(i);
    if (random() % 10 == 0) file += "\\\nmore";  // an escaped LF: the row spans two lines
    file += "\n";
  }
  return file;
}

struct Row {
  long key;
  std::string text;  // with its terminator
  std::uint64_t line;
};

// The rows of `file`, stably sorted by their first field as a number.
std::vector<Row> reference(const std::string& file) {
  std::vector<Row> rows;
  std::uint64_t line = 1;
  for (std::size_t at = 0; at < file.size();) {
    std::size_t end = at;
    while (true) {
      end = file.find('\n', end);
      if (end == std::string::npos) { end = file.size(); break; }
      if (end > 0 && file[end - 1] == '\\') { ++end; continue; }
      ++end;
      break;
    }
    const std::string text = file.substr(at, end - at);
    rows.push_back({std::stol(text), text, line});
    line += std::count(text.begin(), text.end(), '\n');
    at = end;
  }
  std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.key < b.key; });
  return rows;
}

void expect_sorted_like_reference(std::uint64_t memory, std::uint64_t chunk_size, unsigned threads) {
  SCOPED_TRACE(testing::Message() << "memory " << memory << ", chunk size " << chunk_size << ", threads " << threads);
  const std::string file = random_file(5000, 700, 7);
  const text::Dialect dialect;
  const std::vector<Chunk> split = chunks::split(file, 4096, threads, dialect);
  const FileRows rows{file, &split, &dialect};
  const IndexKey key = one(KeyKind::signed_integer);
  TempDir dir;
  const SortedOrder order(rows, key, {memory, dir.path(), chunk_size, threads}, 0);
  EXPECT_EQ(order.spilled_bytes() > 0, memory < 100000);
  const OrderFacts checked = check_order(rows, key, threads);  // the sort counts as the check does
  EXPECT_EQ(order.facts().rows, checked.rows);
  EXPECT_EQ(order.facts().descents, checked.descents);
  EXPECT_GT(checked.descents, 1000u);
  const std::vector<Row> expected = reference(file);
  std::size_t n = 0;
  std::uint64_t begin = 0;
  for (std::size_t c = 0; c < order.chunks().size(); ++c) {
    const Chunk& chunk = order.chunks()[c];
    EXPECT_EQ(chunk.index, c);
    EXPECT_EQ(chunk.begin, begin);
    EXPECT_EQ(chunk.first_row, n + 1);
    begin = chunk.end;
    std::uint64_t bytes = 0;
    std::vector<RowRef> spilled;
    for (const RowRef& r : order.rows_of(c, spilled)) {
      ASSERT_LT(n, expected.size());
      EXPECT_EQ(order.bytes_of(r, file), expected[n].text) << "row " << n;
      EXPECT_EQ(r.line, expected[n].line) << "row " << n;
      bytes += r.size;
      ++n;
    }
    EXPECT_EQ(bytes, chunk.size());
    if (c + 1 < order.chunks().size()) {
      EXPECT_GE(chunk.size(), chunk_size);  // cut at the first key change past the size
      EXPECT_NE(expected[n - 1].key, expected[n].key) << "equal keys split between chunks " << c << " and " << c + 1;
    }
  }
  EXPECT_EQ(n, expected.size());
}

TEST(SortedOrder, StableKeyOrderInMemory) { expect_sorted_like_reference(64 << 20, 10000, 2); }
TEST(SortedOrder, StableKeyOrderSpilled) { expect_sorted_like_reference(20000, 10000, 2); }
TEST(SortedOrder, StableKeyOrderOneThreadSmallChunks) { expect_sorted_like_reference(64 << 20, 1, 1); }
TEST(SortedOrder, StableKeyOrderSpilledThreeThreads) { expect_sorted_like_reference(30000, 50000, 3); }

TEST(SortedOrder, TheUnterminatedLastRowReadsAsInTheMiddle) {
  const std::string file = "5\tx\n1\ty\t";  // at the end of the file "1\ty\t" is two fields: "1", "y"
  const text::Dialect dialect;
  const std::vector<Chunk> split = chunks::split(file, 1 << 20, 1, dialect);
  const FileRows rows{file, &split, &dialect};
  TempDir dir;
  const SortedOrder order(rows, one(KeyKind::signed_integer), {64 << 20, dir.path(), 1 << 20, 1}, 0);
  ASSERT_EQ(order.chunks().size(), 1u);
  std::string sorted;
  std::vector<RowRef> spilled;
  for (const RowRef& r : order.rows_of(0, spilled)) sorted += order.bytes_of(r, file);
  EXPECT_EQ(sorted, "1\ty\n5\tx\n");
  EXPECT_EQ(order.chunks()[0].size(), sorted.size());
}

TEST(OrderCheck, CountsRowsBelowTheirPredecessor) {
  const text::Dialect dialect;
  std::string ascending, descending;
  for (int i = 0; i < 3000; ++i) ascending += std::to_string(i) + "\n", descending += std::to_string(3000 - i) + "\n";
  for (const auto& [file, descents] : {std::pair{ascending, 0}, std::pair{descending, 2999}}) {
    const std::vector<Chunk> split = chunks::split(file, 1000, 2, dialect);
    const OrderFacts facts = check_order({file, &split, &dialect}, one(KeyKind::signed_integer), 2);
    EXPECT_EQ(facts.rows, 3000u);
    EXPECT_EQ(facts.descents, static_cast<std::uint64_t>(descents));
    EXPECT_EQ(worth_sorting(facts), descents > 0);
    const OrderFacts sampled = check_order({file, &split, &dialect}, one(KeyKind::signed_integer), 2, 2);
    EXPECT_LT(sampled.rows, 3000u);  // two chunks of the file's
    EXPECT_EQ(worth_sorting(sampled), descents > 0);
  }
}

// The quick look reads a few chunks whole and the first row of every other: blocks of rows in order within, out
// of order between them, show at the first rows of chunks the look does not read whole.
TEST(OrderCheck, TheQuickLookSeesBlocksOutOfOrderAtChunkBoundaries) {
  const text::Dialect dialect;
  std::string blocks, ascending;
  for (int block : {0, 1, 3, 2, 4, 5, 6, 7, 8, 9})  // chunks 2 and 3 swapped; the look reads 0 and 5 whole
    for (int i = 0; i < 200; ++i) blocks += std::to_string(10000 + block * 1000 + i) + "\n";  // 1000 bytes: a chunk
  for (int i = 0; i < 2000; ++i) ascending += std::to_string(i) + "\n";
  for (const auto& [file, out_of_order] : {std::pair{blocks, true}, std::pair{ascending, false}}) {
    const std::vector<Chunk> split = chunks::split(file, 1000, 2, dialect);
    ASSERT_GT(split.size(), 8u);
    const OrderFacts look = check_order({file, &split, &dialect}, one(KeyKind::signed_integer), 2, 2);
    EXPECT_TRUE(look.sampled);
    EXPECT_LT(look.rows, 2000u);
    EXPECT_EQ(look.descents > 0, out_of_order) << "between the chunks the look did not read whole";
  }
}

// The sorted chunks the workers hold stay within their budget: a second one waits until the first is let go,
// and one chunk alone, larger than the budget, is never kept waiting.
TEST(HeldBytes, WaitsWhileOthersHoldTheBudget) {
  HeldBytes held(100);
  held.acquire(60);
  std::atomic<bool> got{false};
  std::thread second([&] {
    held.acquire(60);
    got = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(got.load()) << "60 + 60 is over 100: it waits";
  held.release(60);
  second.join();
  EXPECT_TRUE(got.load());
  held.release(60);
  held.acquire(500);  // alone, over the budget: taken at once
  held.release(500);
}

TEST(SortBudget, TheSortAndTheHeldChunksShareSortMemory) {
  EXPECT_EQ(sort_budget(64u << 20) + held_budget(64u << 20), 64u << 20);
  EXPECT_EQ(sorted_chunk_size(1u << 30, 64u << 20), 16u << 20);
  EXPECT_EQ(sorted_chunk_size(16u << 20, 64u << 20), 1u << 20);
  EXPECT_EQ(sorted_chunk_size(1u << 30, 5u << 20), 5u << 20);  // smaller chunks stay as they are
}

}  // namespace
}  // namespace fastload::order
