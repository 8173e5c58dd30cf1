// Which row wins: values the index holds equal encode to the same bytes (2.0 and 2 in an INT, 2024-1-1 and
// 20240101 in a DATE, é and e under a collation that weighs them alike), values it holds different do not, and
// a value fastload cannot read as the index does says so; chunks that share a key load in the order taken.
#include "order/order.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "load/load.h"

namespace fastload::order {
namespace {

// The encoding of one value, or "?" when it was not read exactly.
std::string enc(const KeyPart& p, std::string value) {
  IndexKey key{{p}, "k"};
  std::vector<text::Field> fields{{value, false, false}};
  std::string out;
  return encode_key(key, fields, out) ? out : "?";
}

KeyPart kind(KeyKind k, unsigned scale = 0) {
  KeyPart p;
  p.kind = k;
  p.scale = scale;
  return p;
}

TEST(IndexKey, IntegerSpellingsTheServerReadsAsOneValue) {
  const KeyPart i = kind(KeyKind::signed_integer);
  for (const char* same : {"2.0", "+2", "02", "2e0", " 2", "0.2e1", "2.", "20e-1"}) EXPECT_EQ(enc(i, "2"), enc(i, same)) << same;
  EXPECT_EQ(enc(i, "1000"), enc(i, "1e3"));
  EXPECT_EQ(enc(i, "0"), enc(i, "-0"));
  EXPECT_NE(enc(i, "2"), enc(i, "3"));
  EXPECT_LT(enc(i, "-5"), enc(i, "-4.4e0"));  // -4.4 is stored as -4
  for (const char* unread : {"abc", "", "0x10", "1e", "2 3", "1e999"}) EXPECT_EQ("?", enc(i, unread)) << unread;
  const KeyPart u = kind(KeyKind::unsigned_integer);
  EXPECT_EQ(enc(u, "18446744073709551615"), enc(u, "1.8446744073709551615e19"));
  EXPECT_EQ("?", enc(u, "18446744073709551616"));
}

TEST(IndexKey, DecimalsRoundToTheColumnsScale) {
  const KeyPart d = kind(KeyKind::decimal, 2);
  for (const char* same : {"1.50", "+1.5", "15e-1", "1.500", "01.5"}) EXPECT_EQ(enc(d, "1.5"), enc(d, same)) << same;
  EXPECT_EQ(enc(d, "1.01"), enc(d, "1.005"));  // rounded as the column stores it
  EXPECT_EQ(enc(d, "0"), enc(d, "0.001"));
  EXPECT_EQ(enc(d, "10"), enc(d, "9.999"));
  EXPECT_NE(enc(d, "1.5"), enc(d, "1.51"));
  EXPECT_LT(enc(d, "-10"), enc(d, "-9.99"));
}

TEST(IndexKey, DatesWhateverWayTheTextWritesThem) {
  const KeyPart date = kind(KeyKind::date);
  for (const char* same : {"2024-1-1", "20240101", "2024/01/01", "24-01-01", "240101", "2024-01-01 00:00:00"})
    EXPECT_EQ(enc(date, "2024-01-01"), enc(date, same)) << same;
  EXPECT_EQ(enc(date, "1999-12-31"), enc(date, "99-12-31"));
  EXPECT_LT(enc(date, "2024-1-2"), enc(date, "2024-01-10"));
  EXPECT_EQ("?", enc(date, "Jan 1 2024"));
  const KeyPart dt = kind(KeyKind::datetime, 3);
  EXPECT_EQ(enc(dt, "2024-01-01 01:02:03"), enc(dt, "2024-01-01 1:2:3"));
  EXPECT_EQ(enc(dt, "2024-01-01 01:02:03"), enc(dt, "20240101010203"));
  EXPECT_EQ(enc(dt, "2024-01-01 01:02:03.5"), enc(dt, "2024-01-01T01:02:03.500"));
  EXPECT_NE(enc(dt, "2024-01-01 01:02:03"), enc(dt, "2024-01-01 01:02:04"));
  EXPECT_EQ("?", enc(dt, "2024-01-01 01:02:03.1234"));  // more digits than kept: cut or rounded by sql_mode
}

TEST(IndexKey, TextByTheCollationsWeights) {
  auto w = std::make_shared<Weights>();
  w->of.assign(65536, {});
  for (unsigned c = 0; c < 65536; ++c) w->of[c] = std::string{static_cast<char>(c >> 8), static_cast<char>(c & 0xff)};
  for (unsigned c = 'a'; c <= 'z'; ++c) w->of[c] = w->of[c - 32];  // case folded
  w->of[0xe9] = w->of[0xc9] = w->of['E'];                            // é É as E
  w->of[0xdf] = w->of['S'] + w->of['S'];                             // ß as SS
  w->of[1] = "";                                                     // ignorable
  w->space = w->of[' '];
  KeyPart t = kind(KeyKind::text);
  t.weights = w;
  t.pad_space = true;
  EXPECT_EQ(enc(t, "e"), enc(t, "\xc3\xa9"));
  EXPECT_EQ(enc(t, "ss"), enc(t, "\xc3\x9f"));
  EXPECT_EQ(enc(t, "ab"), enc(t, "a\x01" "B  "));
  EXPECT_NE(enc(t, "ab"), enc(t, "a b"));
  EXPECT_EQ("?", enc(t, "\xf0\x9f\x98\x80"));  // above the BMP, weight unknown here
  EXPECT_EQ("?", enc(t, "\xc3"));              // not UTF-8
  w->supplementary_known = true;
  w->supplementary = w->of[0xfffd];
  EXPECT_EQ(enc(t, "\xef\xbf\xbd"), enc(t, "\xf0\x9f\x98\x80"));
  t.length = 3;  // a prefix key
  EXPECT_EQ(enc(t, "abcdef"), enc(t, "ABCxyz"));
  t.weights = nullptr;  // a binary collation: code points, trailing spaces padded
  EXPECT_EQ(enc(t, "ab"), enc(t, "ab  "));
  EXPECT_NE(enc(t, "ab"), enc(t, "AB"));
}

TEST(IndexKey, BinaryStringsPadWithZeros) {
  KeyPart b = kind(KeyKind::bytes);
  b.pad_zero = true;
  EXPECT_EQ(enc(b, "x"), enc(b, std::string("x\0\0", 3)));
  EXPECT_NE(enc(b, "x"), enc(b, "x "));
  b.pad_zero = false;
  EXPECT_NE(enc(b, "x"), enc(b, std::string("x\0", 2)));
}

TEST(ChunkKeys, RowsOfAChunkByEveryUniqueKey) {
  text::Dialect dialect;
  KeyPart id = kind(KeyKind::signed_integer);
  KeyPart email = kind(KeyKind::bytes);
  email.field = 1;
  const std::vector<IndexKey> keys{{{id}, "PRIMARY"}, {{email}, "email"}};
  KeyRows reader(dialect, keys);
  const ChunkKeys a = reader.chunk_keys("1\tx@y\n2\t\\N\n");
  const ChunkKeys b = reader.chunk_keys("3\tx@y\n");
  const ChunkKeys c = reader.chunk_keys("2.0\tz\n");
  const ChunkKeys d = reader.chunk_keys("4\tw\n5\t\\N\n");
  EXPECT_EQ(3u, a.hashes.size());  // 1, x@y, 2 (a NULL email is no key)
  EXPECT_TRUE(a.meets(b));         // x@y
  EXPECT_TRUE(a.meets(c));         // 2
  EXPECT_FALSE(a.meets(d));        // NULL emails meet nothing
  EXPECT_FALSE(b.meets(d));
  EXPECT_TRUE(reader.chunk_keys("seven\tv\n").any);
}

TEST(KeyBoard, AChunkWaitsForAnEarlierOneThatSharesAKey) {
  load::KeyBoard board;
  std::atomic<int> step{0};
  const auto never = [] { return false; };
  const ChunkKeys k1{{1, 2}, false}, k2{{3}, false}, k3{{2}, false};
  ASSERT_TRUE(board.enter(0, k1, never));
  ASSERT_TRUE(board.enter(1, k2, never));  // shares nothing: goes on
  std::thread third([&] {
    EXPECT_TRUE(board.enter(2, k3, never));  // shares 2 with place 0: waits for it
    EXPECT_EQ(1, step.load());
    board.leave(2);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  step = 1;
  board.leave(0);
  third.join();
  board.leave(1);
  EXPECT_EQ(1u, board.waited());
  // A place taken later waits for its turn to enter; one abandoned lets the next go; giving up returns false.
  std::thread fifth([&] { EXPECT_TRUE(board.enter(4, {{9}, false}, never)); board.leave(4); });
  board.abandon(3, never);
  fifth.join();
  EXPECT_FALSE(board.enter(6, {}, [] { return true; }));
}

}  // namespace
}  // namespace fastload::order
