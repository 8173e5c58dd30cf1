#include "input/input.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include "compressed_samples.h"
#include "base/base.h"

namespace fastload::input {
namespace {

using namespace samples;

// Each format, decoded on one thread and on two (a file of several members in parallel pieces).
class EachFormat : public testing::TestWithParam<std::tuple<Codec, unsigned>> {
 protected:
  std::string compress(std::string_view data) const { return std::get<0>(GetParam()).compress(data); }
  Format format() const { return std::get<0>(GetParam()).format; }
  unsigned threads() const { return std::get<1>(GetParam()); }
  std::string read_path(const std::string& path) const { return samples::read_path(path, threads()); }
  std::uint64_t failure_offset(const std::string& path) const {
    return samples::failure_offset(path, format(), threads());
  }
  std::unique_ptr<ByteStream> open(const std::string& path) const { return open_stream(path, {threads()}); }
  TempDir dir_;
};

INSTANTIATE_TEST_SUITE_P(Formats, EachFormat, testing::Combine(testing::ValuesIn(kCodecs), testing::Values(1u, 2u)),
                         [](const auto& info) {
                           return std::string(format_name(std::get<0>(info.param).format)) + "_" +
                                  std::to_string(std::get<1>(info.param)) + "_threads";
                         });

TEST_P(EachFormat, RoundTripWhateverTheName) {
  std::string data = sample(1 << 20);  // more than a bzip2 block, an lz4 block, a zstd block
  std::string packed = compress(data);
  std::string path = dir_.write(packed, "data.tsv");
  auto stream = open(path);
  EXPECT_EQ(stream->format(), format());
  EXPECT_EQ(stream->compressed_size(), packed.size());
  EXPECT_EQ(read_all(*stream), data);
  EXPECT_EQ(stream->consumed(), packed.size());
}

TEST_P(EachFormat, ConcatenatedMembersAreOneContent) {
  std::string a = sample(100000, 1), b = sample(70000, 2);
  std::string path = dir_.write(compress(a) + compress("") + compress(b) + compress("x"));
  EXPECT_EQ(read_path(path), a + b + "x");
}

TEST_P(EachFormat, EmptyContent) {
  std::string path = dir_.write(compress(""));
  auto stream = open(path);
  EXPECT_EQ(stream->format(), format());
  EXPECT_EQ(read_all(*stream), "");
}

TEST_P(EachFormat, OneByte) { EXPECT_EQ(read_path(dir_.write(compress("\n"))), "\n"); }

TEST_P(EachFormat, TruncatedIsAFailureAtTheEnd) {
  std::string packed = compress(sample(300000));
  for (std::size_t size : {packed.size() / 2, packed.size() - 1}) {
    std::string path = dir_.write(packed.substr(0, size));
    EXPECT_EQ(failure_offset(path), size) << "cut at " << size;
  }
}

TEST_P(EachFormat, TruncatedLaterMember) {
  std::string first = compress(sample(50000, 3));
  std::string second = compress(sample(50000, 4));
  std::string path = dir_.write(first + second.substr(0, second.size() / 2));
  EXPECT_EQ(failure_offset(path), first.size() + second.size() / 2);
}

TEST_P(EachFormat, CorruptMemberFailsWithinIt) {
  std::string first = compress(sample(200000, 5));
  std::string second = compress(sample(200000, 6));
  second[second.size() / 2] ^= 0x55;
  std::string path = dir_.write(first + second);
  std::uint64_t offset = failure_offset(path);
  EXPECT_GE(offset, first.size());  // within the damaged member (libzstd and liblz4 tell no closer)
  EXPECT_LE(offset, first.size() + second.size());
}

TEST_P(EachFormat, TrailingGarbageIsAFailure) {
  std::string packed = compress(sample(10000));
  std::string path = dir_.write(packed + "garbage\n");
  std::uint64_t offset = failure_offset(path);
  EXPECT_GE(offset, packed.size());
  EXPECT_LE(offset, packed.size() + 8);
}

TEST_P(EachFormat, ThroughAPipe) {
  std::string data = sample(200000);
  std::string packed = compress(data) + compress(data);
  Pipe pipe(packed);
  auto stream = open(pipe.path());
  EXPECT_EQ(stream->format(), format());
  EXPECT_FALSE(stream->compressed_size());
  EXPECT_EQ(read_all(*stream), data + data);
  EXPECT_EQ(stream->consumed(), packed.size());
}

TEST_P(EachFormat, TruncatedThroughAPipe) {
  std::string packed = compress(sample(100000));
  Pipe pipe(packed.substr(0, packed.size() - 5));
  EXPECT_EQ(failure_offset(pipe.path()), packed.size() - 5);
}

TEST(DetectFormat, ByMagic) {
  using namespace std::string_view_literals;
  EXPECT_EQ(detect_format("\x1f\x8b\x08\0\0\0\0\0\0\x03"sv), Format::gzip);
  EXPECT_EQ(detect_format("\x28\xb5\x2f\xfd\0\0\0\0\0\0"sv), Format::zstd);
  EXPECT_EQ(detect_format("\x04\x22\x4d\x18\0\0\0\0\0\0"sv), Format::lz4);
  EXPECT_EQ(detect_format("BZh91AY&SY"sv), Format::bzip2);
  EXPECT_EQ(detect_format("BZh9\x17\x72\x45\x38\x50\x90"sv), Format::bzip2);  // an empty stream
  EXPECT_EQ(detect_format("\xfd" "7zXZ\0\0\0\0\0"sv), Format::xz);
  EXPECT_EQ(detect_format("BZh is just text\n"sv), Format::plain);
  EXPECT_EQ(detect_format("\x1f\x8b\x07 not deflate"sv), Format::plain);
  EXPECT_EQ(detect_format("1\tnode\n"sv), Format::plain);
  EXPECT_EQ(detect_format(""sv), Format::plain);
}

TEST(DetectFormat, SkippableFramesAreLookedThrough) {
  using namespace std::literals;
  std::string skippable = "\x50\x2a\x4d\x18\x02\0\0\0ab"s;
  EXPECT_EQ(detect_format(skippable), Format::zstd);  // nothing after it to tell
  EXPECT_EQ(detect_format(skippable + lz4("x")), Format::lz4);
  EXPECT_EQ(detect_format(skippable + zstd("x")), Format::zstd);
}

TEST(OpenStream, SkippableFramesLeadingAFileAreSkipped) {
  TempDir dir;
  std::string skippable = std::string("\x5f\x2a\x4d\x18\x03\0\0\0abc", 11);
  EXPECT_EQ(read_path(dir.write(skippable + lz4("one") + skippable + lz4("two"))), "onetwo");
  EXPECT_EQ(read_path(dir.write(skippable + zstd("one") + skippable)), "one");
}

TEST(OpenStream, ZstdChecksumMismatch) {
  TempDir dir;
  std::string packed = zstd(sample(50000));
  packed.back() ^= 1;  // the frame's content checksum
  std::string path = dir.write(packed);
  EXPECT_GE(failure_offset(path, Format::zstd), packed.size() - 4);
}

TEST(OpenStream, XzWithoutItsEnd) {
  TempDir dir;
  std::string packed = xz(sample(50000));
  std::string path = dir.write(packed.substr(0, packed.size() - 12));  // the stream footer
  EXPECT_EQ(failure_offset(path, Format::xz), packed.size() - 12);
}

TEST(OpenStream, XzBlocksDecodeInParallel) {
  TempDir dir;
  std::string data = sample(3 << 20);
  std::string packed = xz_blocks(data, 256 << 10);
  std::string path = dir.write(packed + xz("tail"));
  EXPECT_EQ(read_path(path, 2), data + "tail");
  packed[packed.size() / 2] ^= 0x10;
  path = dir.write(packed);
  EXPECT_LE(failure_offset(path, Format::xz, 2), packed.size());
}

TEST(OpenStream, PlainRegularFile) {
  TempDir dir;
  std::string data = sample(3 << 20);
  auto stream = open_stream(dir.write(data));
  EXPECT_EQ(stream->format(), Format::plain);
  EXPECT_EQ(stream->compressed_size(), data.size());
  EXPECT_EQ(read_all(*stream, 1 << 20), data);
}

// skip() passes over what read() would return, whether it reads (a pipe, compressed) or not (a regular file).
std::string skipping_read(ByteStream& stream, const std::vector<std::uint64_t>& steps) {
  std::string out;
  std::string buffer(1 << 16, '\0');
  for (std::size_t k = 0; k < steps.size(); ++k) {
    if (k % 2 == 0) {
      EXPECT_EQ(stream.skip(steps[k]), steps[k]);
      continue;
    }
    const std::size_t got = stream.read(buffer.data(), std::min<std::size_t>(buffer.size(), steps[k]));
    out.append(buffer, 0, got);
  }
  return out;
}

TEST(OpenStream, SkipPassesOverContent) {
  TempDir dir;
  const std::string data = sample(3 << 20);
  const std::vector<std::uint64_t> steps = {0, 10, 5, 100, 1 << 20, 3000, (1 << 20) + 7, 50000};
  std::string expected;
  for (std::uint64_t at = 0, k = 0; k < steps.size(); at += steps[k], ++k)
    if (k % 2 == 1) expected += data.substr(at, steps[k]);
  auto plain = open_stream(dir.write(data, "plain.txt"));
  EXPECT_EQ(skipping_read(*plain, steps), expected);
  EXPECT_EQ(plain->verified(), 2 * (1 << 20) + 5 + 10 + 100 + 3000 + 7 + 50000);
  EXPECT_EQ(plain->skip(data.size()), data.size() - plain->verified());  // fewer at the end
  auto packed = open_stream(dir.write(zstd(data), "packed.zst"));
  EXPECT_EQ(skipping_read(*packed, steps), expected);
  Pipe pipe(data);
  auto piped = open_stream(pipe.path());
  EXPECT_EQ(skipping_read(*piped, steps), expected);
}

TEST(OpenStream, ShortPlainFiles) {
  TempDir dir;
  for (std::string data : {"", "x", "BZh9", "\x1f\x8b"}) {
    auto stream = open_stream(dir.write(data));
    EXPECT_EQ(stream->format(), Format::plain);
    EXPECT_EQ(read_all(*stream), data);
  }
}

TEST(OpenStream, PlainPipe) {
  std::string data = sample(300000);
  Pipe pipe(data);
  auto stream = open_stream(pipe.path());
  EXPECT_EQ(stream->format(), Format::plain);
  EXPECT_FALSE(stream->compressed_size());
  EXPECT_EQ(read_all(*stream), data);
}

TEST(OpenStream, StandardInput) {
  std::string data = sample(100000);
  Pipe pipe(zstd(data));
  int saved = ::dup(STDIN_FILENO);
  ::dup2(pipe.fd(), STDIN_FILENO);
  {
    auto stream = open_stream("-");
    EXPECT_EQ(stream->name(), "standard input");
    EXPECT_EQ(stream->format(), Format::zstd);
    EXPECT_EQ(read_all(*stream), data);
  }
  ::dup2(saved, STDIN_FILENO);
  ::close(saved);
}

// The message of the Failure(input) that opening `path` ends in.
std::string open_failure(const std::string& path) {
  try {
    open_stream(path);
    ADD_FAILURE() << "opened " << path;
  } catch (const Failure& e) {
    EXPECT_EQ(e.code(), ExitCode::input);
    return e.what();
  }
  return "";
}

TEST(OpenStream, UnsupportedCompressionIsRefused) {
  TempDir dir;
  std::string path = dir.write(std::string("PK\x03\x04\x14\0\0\0\x08\0rest", 14), "data.tsv");
  EXPECT_EQ(open_failure(path).rfind(path + ": is zip data", 0), 0u);
}

TEST(OpenStream, MissingFileOrDirectory) {
  for (std::string path : {"/nonexistent/fastload.tsv.gz", "/tmp"})
    EXPECT_EQ(open_failure(path).rfind(path + ": ", 0), 0u);
}

}  // namespace
}  // namespace fastload::input
