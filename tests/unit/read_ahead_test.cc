// ByteStream::verified and ReadAhead: content counts as verified only through
// the end of a member whose check passed; the one decoding runs ahead of the
// workers, holding their chunks (spilled past its memory), and lets a commit
// through only for content such a check covers.
#include "chunks/chunks.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "compressed_samples.h"
#include "temp_dir.h"

namespace fastload::chunks {
namespace {

using input::open_stream;

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Two gzip members of `first` and `second`, written by the gzip tool.
std::string two_members(const TempDir& dir, const std::string& first, const std::string& second) {
  std::string a = dir.write(first, "a.txt"), b = dir.write(second, "b.txt");
  std::string path = dir.path("two.gz");
  EXPECT_EQ(std::system(("gzip -c " + a + " > " + path + " && gzip -c " + b + " >> " + path).c_str()), 0);
  return path;
}

std::string rows(int count, const std::string& tag) {
  std::string text;
  for (int i = 0; i < count; ++i) text += std::to_string(i * 7919 % 100003) + "\t" + tag + std::to_string(i) + "\n";
  return text;
}

// `path`'s second gzip member with eight bytes in its middle changed.
std::string damage_second_member(const TempDir& dir, const std::string& path) {
  std::string bytes = read_all(path);
  std::size_t second_member = bytes.rfind("\x1f\x8b\x08");
  EXPECT_NE(second_member, std::string::npos);
  for (std::size_t i = 0; i < 8; ++i) bytes[second_member + (bytes.size() - second_member) / 2 + i] ^= 0x55;
  return dir.write(bytes, "damaged.gz");
}

// A file's chunks read ahead: the stream, its cutter and the read-ahead.
struct Ahead {
  Ahead(const std::string& path, std::uint64_t chunk_size, ReadAhead::Limits limits)
      : stream(open_stream(path, {.threads = 1})), cutter(*stream, chunk_size, text::Dialect{}), ahead(cutter, limits) {}
  std::unique_ptr<input::ByteStream> stream;
  chunks::StreamChunks cutter;
  ReadAhead ahead;
};

bool never() { return false; }

// Takes the first chunk and waits for its checks: whichever fails first throws (the decoding may fail
// before the chunk is taken, and then next() throws).
void take_and_verify(ReadAhead& ahead) {
  if (std::optional<chunks::StreamChunk> c = ahead.next()) ahead.wait_verified(c->chunk.end, never);
}

TEST(Verified, GrowsAtMemberEndsOnly) {
  TempDir dir;
  const std::string first = rows(20000, "a"), second = rows(30000, "b");
  auto stream = open_stream(two_members(dir, first, second), {.threads = 1});
  std::string buffer(first.size() - 1, '\0');
  ASSERT_EQ(stream->read(buffer.data(), buffer.size()), buffer.size());
  EXPECT_EQ(stream->verified(), 0u);  // the first member's CRC is not read yet
  buffer.resize(first.size() + 10);
  stream->read(buffer.data(), 11);
  EXPECT_EQ(stream->verified(), first.size());
  while (stream->read(buffer.data(), buffer.size()) > 0) {
  }
  EXPECT_EQ(stream->verified(), first.size() + second.size());
}

TEST(Verified, PiecesDecodedInParallelAreHandedOutVerified) {
  TempDir dir;
  const std::string first = rows(20000, "a"), second = rows(30000, "b");
  auto stream = open_stream(two_members(dir, first, second), {.threads = 2});
  std::string buffer(first.size() - 1, '\0');
  ASSERT_EQ(stream->read(buffer.data(), buffer.size()), buffer.size());
  EXPECT_EQ(stream->verified(), buffer.size());  // a piece waits until it decoded to its end, checks passed
}

TEST(Verified, PlainDataHasNoCheck) {
  TempDir dir;
  auto stream = open_stream(dir.write("1\ta\n2\tb\n"));
  char buffer[5];
  stream->read(buffer, sizeof buffer);
  EXPECT_EQ(stream->verified(), 5u);
}

TEST(ReadAhead, LetsThroughWhatItsChecksCover) {
  TempDir dir;
  const std::string first = rows(20000, "a"), second = rows(30000, "b");
  const std::string good = two_members(dir, first, second);
  {
    Ahead whole(good, 64 << 10, {.tmpdir = dir.path()});
    std::string joined;
    while (std::optional<chunks::StreamChunk> c = whole.ahead.next()) {
      EXPECT_TRUE(whole.ahead.wait_verified(c->chunk.end, never));
      joined += c->bytes;
    }
    EXPECT_EQ(joined, first + second);
  }
  // Damage inside the second member: the first still verifies, the second does not, and once the
  // damage is found, no chunk past the last check that passed is handed out.
  Ahead damaged(damage_second_member(dir, good), 64 << 10, {.tmpdir = dir.path()});
  EXPECT_TRUE(damaged.ahead.wait_verified(0, never));
  std::uint64_t handed_out = 0;
  try {
    while (std::optional<chunks::StreamChunk> c = damaged.ahead.next()) handed_out = c->chunk.end;
    ADD_FAILURE() << "damaged data read to its end";
  } catch (const Failure& f) {
    EXPECT_EQ(f.code(), ExitCode::input);
    EXPECT_NE(std::string(f.what()).find("gzip data damaged or truncated"), std::string::npos) << f.what();
  }
  EXPECT_LT(handed_out, first.size() + second.size());  // taken before the damage was found, or not at all
  EXPECT_FALSE(damaged.ahead.next());  // the failure is told once
  EXPECT_TRUE(damaged.ahead.wait_verified(first.size(), never));
  EXPECT_THROW(damaged.ahead.wait_verified(first.size() + 1, never), Failure);
  ASSERT_TRUE(damaged.ahead.unread());
  EXPECT_EQ(damaged.ahead.unread()->begin, handed_out);  // the rest is named from there
}

TEST(ReadAhead, TruncatedDataNeverVerifies) {
  TempDir dir;
  std::string bytes = read_all(two_members(dir, rows(100, "a"), rows(50000, "b")));
  bytes.resize(bytes.size() - 100);
  Ahead truncated(dir.write(bytes, "truncated.gz"), 64 << 10, {.tmpdir = dir.path()});
  EXPECT_THROW(take_and_verify(truncated.ahead), Failure);
}

// One member: nothing verifies before the end, so everything is held; past the memory bound, in the spill file.
TEST(ReadAhead, HoldsWhatWaitsForItsCheckAndSpillsPastItsMemory) {
  TempDir dir;
  const std::string content = rows(60000, "s");
  const std::string path = dir.write(input::samples::gzip(content), "one.gz");
  Ahead ahead(path, 16 << 10, {.memory = 100 << 10, .tmpdir = dir.path(), .ready = 2});
  std::optional<chunks::StreamChunk> first = ahead.ahead.next();
  ASSERT_TRUE(first);
  EXPECT_TRUE(ahead.ahead.wait_verified(first->chunk.end, never));  // the one decoding reached the end
  EXPECT_GT(ahead.ahead.spilled(), content.size() / 2);
  std::string joined = first->bytes;
  while (std::optional<chunks::StreamChunk> c = ahead.ahead.next()) {
    EXPECT_TRUE(c->verified);
    EXPECT_EQ(c->chunk.begin, joined.size());
    joined += c->bytes;
  }
  EXPECT_EQ(joined, content);
}

TEST(ReadAhead, NoRoomToSpillIsTempSpace) {
  TempDir dir;
  const std::string path = dir.write(input::samples::gzip(rows(60000, "s")), "one.gz");
  Ahead ahead(path, 16 << 10, {.memory = 64 << 10, .tmpdir = dir.path("missing")});
  try {
    take_and_verify(ahead.ahead);
    ADD_FAILURE() << "verified without room to hold the chunks ahead";
  } catch (const Failure& f) {
    EXPECT_EQ(f.code(), ExitCode::temp_space);
    EXPECT_NE(std::string(f.what()).find("--tmpdir"), std::string::npos) << f.what();
  }
}

TEST(ReadAhead, StopsWhereverItIs) {
  TempDir dir;
  const std::string path = dir.write(input::samples::gzip(rows(60000, "s")), "one.gz");
  Ahead ahead(path, 4 << 10, {.tmpdir = dir.path()});
  ASSERT_TRUE(ahead.ahead.next());
  ahead.ahead.stop();
  ASSERT_TRUE(ahead.ahead.unread());
  EXPECT_GT(ahead.ahead.unread()->begin, 0u);
}

}  // namespace
}  // namespace fastload::chunks
