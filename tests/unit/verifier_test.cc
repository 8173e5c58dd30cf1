// ByteStream::verified and Verifier: content counts as verified only through
// the end of a member whose check passed, and a Verifier lets a commit through
// only for such content.
#include "input/verifier.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "temp_dir.h"

namespace fastload::input {
namespace {


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

TEST(Verifier, LetsThroughWhatItsChecksCover) {
  TempDir dir;
  const std::string first = rows(20000, "a"), second = rows(30000, "b");
  std::string good = two_members(dir, first, second);
  Verifier whole(good, {});
  EXPECT_NO_THROW(whole.wait_verified(first.size() + second.size()));

  // Damage inside the second member: the first still verifies, the second does not.
  std::string bytes = read_all(good);
  std::size_t second_member = bytes.rfind("\x1f\x8b\x08");
  ASSERT_NE(second_member, std::string::npos);
  for (std::size_t i = 0; i < 8; ++i) bytes[second_member + (bytes.size() - second_member) / 2 + i] ^= 0x55;
  Verifier damaged(dir.write(bytes, "damaged.gz"), {});
  EXPECT_NO_THROW(damaged.wait_verified(first.size()));
  try {
    damaged.wait_verified(first.size() + 1);
    ADD_FAILURE() << "damaged data verified";
  } catch (const Failure& f) {
    EXPECT_EQ(f.code(), ExitCode::input);
    EXPECT_NE(std::string(f.what()).find("gzip data damaged or truncated"), std::string::npos) << f.what();
  }
}

TEST(Verifier, TruncatedDataNeverVerifies) {
  TempDir dir;
  std::string bytes = read_all(two_members(dir, rows(100, "a"), rows(50000, "b")));
  bytes.resize(bytes.size() - 100);
  Verifier truncated(dir.write(bytes, "truncated.gz"), {});
  EXPECT_THROW(truncated.wait_verified(rows(100, "a").size() + 1), Failure);
}

}  // namespace
}  // namespace fastload::input
