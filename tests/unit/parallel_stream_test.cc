// ParallelStream and MemberWalker: files of several members (zstd and lz4
// frames, gzip members with and without BGZF sizes, bzip2 streams, skippable
// frames) cut into pieces the threads decode on their own. Whatever the
// pieces, the content is what one thread decodes, byte for byte, and a
// failure is the one thread's, at the same compressed offset.
#include "input/parallel_stream.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <sstream>

#include "compressed_samples.h"
#include "input/byte_source.h"
#include "input/member_walker.h"

namespace fastload::input {
namespace {

using namespace samples;

// gzip members as bgzip writes them: an extra subfield "BC" holds the member's size less one.
std::string bgzf(std::string_view data) {
  std::string extra("BC\x02\0\0\0", 6);
  gz_header header{};
  header.extra = reinterpret_cast<Bytef*>(extra.data());
  header.extra_len = static_cast<uInt>(extra.size());
  header.os = 255;
  std::string member = gzip(data, 6, &header);
  std::size_t size = member.size() - 1;
  EXPECT_LE(size, 0xffffu);
  member[16] = static_cast<char>(size & 0xff);
  member[17] = static_cast<char>(size >> 8);
  return member;
}

// A zstd frame as streaming compressors write it: no content size, a window byte, no checksum.
std::string zstd_streamed(std::string_view data) {
  ZSTD_CCtx* ctx = ZSTD_createCCtx();
  ZSTD_CCtx_setParameter(ctx, ZSTD_c_windowLog, 12);
  std::string out(ZSTD_compressBound(data.size()) + 64, '\0');
  ZSTD_outBuffer to{out.data(), out.size(), 0};
  ZSTD_inBuffer from{data.data(), data.size(), 0};
  EXPECT_EQ(ZSTD_compressStream2(ctx, &to, &from, ZSTD_e_end), 0u);
  out.resize(to.pos);
  ZSTD_freeCCtx(ctx);
  return out;
}

std::string little_endian32(std::size_t value) {
  std::string bytes(4, '\0');
  for (int i = 0; i < 4; ++i) bytes[i] = static_cast<char>(value >> (8 * i) & 0xff);
  return bytes;
}

std::string skippable(std::string_view data) {
  return std::string("\x50\x2a\x4d\x18", 4) + little_endian32(data.size()) + std::string(data);
}

// As pzstd writes its frames: each after a skippable frame holding its size.
std::string pzstd(std::string_view data) {
  std::string frame = zstd(data);
  return skippable(little_endian32(frame.size())) + frame;
}

// An lz4 frame without checksums, with its content size, in linked 64 KiB blocks.
std::string lz4_plain(std::string_view data) {
  LZ4F_preferences_t preferences{};
  preferences.frameInfo.blockSizeID = LZ4F_max64KB;
  preferences.frameInfo.contentSize = data.size();
  std::string out(LZ4F_compressFrameBound(data.size(), &preferences), '\0');
  out.resize(LZ4F_compressFrame(out.data(), out.size(), data.data(), data.size(), &preferences));
  return out;
}

struct MemberCodec {
  const char* name;
  Format format;
  std::string (*compress)(std::string_view);
  bool sized;    // the headers give the member's size: no cut at a coincidence
  bool checked;  // every byte is under a checksum: damage is found
};

const MemberCodec kMemberCodecs[] = {
    {"gzip", Format::gzip, gzip, false, true},
    {"bgzf", Format::gzip, bgzf, true, true},
    {"zstd", Format::zstd, zstd, true, true},
    {"zstd_streamed", Format::zstd, zstd_streamed, true, false},
    {"pzstd", Format::zstd, pzstd, true, true},
    {"lz4_checksums", Format::lz4, lz4, true, true},
    {"lz4_plain", Format::lz4, lz4_plain, true, false},
    {"bzip2", Format::bzip2, bzip2, false, true},
};

// A file of members holding consecutive parts of sample text.
struct Members {
  std::string packed;
  std::string content;
  std::vector<std::size_t> starts;          // each member's compressed offset, and the file's size
  std::vector<std::size_t> content_starts;  // each member's content offset, and the content's size

  std::size_t largest() const {  // compressed
    std::size_t size = 0;
    for (std::size_t i = 0; i + 1 < starts.size(); ++i) size = std::max(size, starts[i + 1] - starts[i]);
    return size;
  }
};

Members compress_members(const MemberCodec& codec, const std::vector<std::size_t>& sizes) {
  Members file;
  for (std::size_t size : sizes) {
    file.starts.push_back(file.packed.size());
    file.content_starts.push_back(file.content.size());
    std::string part = sample(size, static_cast<unsigned>(file.starts.size()));
    file.packed += codec.compress(part);
    file.content += part;
  }
  file.starts.push_back(file.packed.size());
  file.content_starts.push_back(file.content.size());
  return file;
}

// Empty and one-byte members, members of a few bytes, and one of 150000 bytes
// (about 55 kB compressed), larger than the small pieces below allow.
const std::vector<std::size_t> kAwkwardSizes = {0, 1, 7, 3000, 0, 40000, 1, 150000, 2, 20000, 0, 9000, 1};

class EachMemberFormat : public testing::TestWithParam<MemberCodec> {
 protected:
  Format format() const { return GetParam().format; }
  Members members(const std::vector<std::size_t>& sizes) const { return compress_members(GetParam(), sizes); }
  std::string write(const std::string& bytes) const { return dir_.write(bytes); }
  // The offset one thread's decoding of `path` fails at.
  std::uint64_t one_thread_failure(const std::string& path) const { return failure_offset(path, format(), 1); }
  TempDir dir_;
};

INSTANTIATE_TEST_SUITE_P(Formats, EachMemberFormat, testing::ValuesIn(kMemberCodecs),
                         [](const auto& info) { return std::string(info.param.name); });

TEST_P(EachMemberFormat, TheWalkEndsWhereTheMemberEnds) {
  Members file = members(kAwkwardSizes);
  for (std::size_t i = 0; i + 1 < file.starts.size(); ++i) {
    std::string_view rest = std::string_view(file.packed).substr(file.starts[i]);
    std::size_t size = file.starts[i + 1] - file.starts[i];
    bool last = i + 2 == file.starts.size();
    // Given the bytes a few at a time, or as many as it asks for: the same end.
    for (std::size_t step : {std::size_t{1}, std::size_t{0}}) {
      MemberWalker walker(format());
      std::size_t given = 0;
      MemberWalker::Found found;
      while ((found = walker.walk(rest.substr(0, given))) == MemberWalker::Found::more && given < rest.size()) {
        ASSERT_GT(walker.size(), given);
        given = step ? given + step : walker.size();
      }
      if (last && !GetParam().sized) {
        EXPECT_EQ(found, MemberWalker::Found::more) << "member " << i;  // runs to the end of the input
        continue;
      }
      ASSERT_EQ(found, MemberWalker::Found::end) << "member " << i;
      // pzstd's members are two frames: a skippable one first.
      std::size_t frame = std::string_view(GetParam().name) == "pzstd" && walker.size() < size ? 12 : size;
      EXPECT_EQ(walker.size(), frame) << "member " << i;
    }
  }
}

TEST_P(EachMemberFormat, EveryPieceSizeDecodesToTheSameContent) {
  Members file = members(kAwkwardSizes);
  std::string path = write(file.packed);
  std::size_t largest = file.largest();
  for (std::size_t target : {1, 20, 3000, 5000, 25000, 1 << 20}) {
    for (std::size_t bytes : {largest / 2, largest + 100, std::size_t{1} << 20}) {
      ParallelStream::Limits limits{.piece_target = target, .piece_bytes = bytes, .pieces_per_thread = 1};
      ParallelStream stream(Source::open(path), format(), 3, limits);
      EXPECT_EQ(read_all(stream, 10007), file.content) << "target " << target << ", limit " << bytes;
      EXPECT_EQ(stream.consumed(), file.packed.size());
      EXPECT_EQ(stream.sequential(), bytes < largest) << "target " << target << ", limit " << bytes;
    }
  }
}

TEST_P(EachMemberFormat, TooMuchContentDecodesSequentially) {
  Members file = members(kAwkwardSizes);
  ParallelStream stream(Source::open(write(file.packed)), format(), 2, {.piece_output = 100000});
  EXPECT_EQ(read_all(stream), file.content);
  EXPECT_TRUE(stream.sequential());
}

TEST_P(EachMemberFormat, OpenStreamDecodesManyMembersInParallel) {
  Members file = members(std::vector<std::size_t>(40, 50000));
  auto stream = open_stream(write(file.packed), {.threads = 3});
  auto* parallel = dynamic_cast<ParallelStream*>(stream.get());
  ASSERT_NE(parallel, nullptr);
  EXPECT_EQ(read_all(*stream, 100000), file.content);
  EXPECT_FALSE(parallel->sequential());
}

// A pipe gives the bytes a few KiB at a time: headers stand across the reads.
TEST_P(EachMemberFormat, ThroughAPipe) {
  Members file = members(kAwkwardSizes);
  for (std::size_t target : {1, 5000, 1 << 20}) {
    Pipe pipe(file.packed);
    ParallelStream stream(Source::open(pipe.path()), format(), 2, {.piece_target = target});
    EXPECT_EQ(read_all(stream), file.content) << "target " << target;
    EXPECT_EQ(stream.consumed(), file.packed.size());
  }
}

// Reads `stream` until it fails; returns the content read before.
std::string read_until_failure(ByteStream& stream) {
  std::string content;
  std::string buffer(3001, '\0');
  try {
    while (std::size_t got = stream.read(buffer.data(), buffer.size())) content.append(buffer, 0, got);
    ADD_FAILURE() << "damaged data read to its end";
  } catch (const Failure&) {
  }
  return content;
}

TEST_P(EachMemberFormat, DamageInAMiddleMemberIsReportedWhereOneThreadReportsIt) {
  if (!GetParam().checked) GTEST_SKIP() << "no checksum finds damage";
  Members file = members(std::vector<std::size_t>(7, 30000));
  std::string damaged = file.packed;
  std::size_t damage = (file.starts[3] + file.starts[4]) / 2;
  for (std::size_t i = 0; i < 8; ++i) damaged[damage + i] ^= 0x55;
  std::string path = write(damaged);
  std::uint64_t expected = one_thread_failure(path);
  EXPECT_GE(expected, file.starts[3]);
  EXPECT_LE(expected, file.starts[4]);
  for (std::size_t target : {1, 20000, 1 << 20}) {
    ParallelStream stream(Source::open(path), format(), 2, {.piece_target = target});
    std::uint64_t offset = failure_offset(stream);
    if (format() == Format::gzip || format() == Format::bzip2) {
      EXPECT_EQ(offset, expected) << "target " << target;
    } else {  // libzstd and liblz4 tell only where the failing call began, which depends on the reads
      EXPECT_GE(offset, file.starts[3]) << "target " << target;
      EXPECT_LE(offset, file.starts[4]) << "target " << target;
    }
    ParallelStream again(Source::open(path), format(), 2, {.piece_target = target});
    std::string before = read_until_failure(again);
    // Verified is exactly the members before the damaged one, and so much of what was handed out is the
    // content (the read that failed may have had some of it in its buffer; the damaged member's
    // content, unverified, may follow).
    EXPECT_EQ(again.verified(), file.content_starts[3]) << "target " << target;
    std::size_t verified = std::min<std::size_t>(before.size(), again.verified());
    EXPECT_TRUE(before.substr(0, verified) == file.content.substr(0, verified)) << "target " << target;
  }
}

TEST_P(EachMemberFormat, TruncatedOrTrailingGarbageFailsWhereOneThreadFails) {
  Members file = members(kAwkwardSizes);
  const std::string& packed = file.packed;
  std::vector<std::string> broken = {
      packed.substr(0, packed.size() - 1),                      // inside the last member
      packed.substr(0, file.starts[8] + 3),                     // inside a header
      packed.substr(0, (file.starts[7] + file.starts[8]) / 2),  // inside the large member
      packed + "garbage\n",
      packed + std::string(20, '\0'),
      packed + packed.substr(file.starts[5], 6),  // a member's first bytes, no more
  };
  for (const std::string& bytes : broken) {
    std::string path = write(bytes);
    std::uint64_t expected = one_thread_failure(path);
    for (std::size_t target : {1, 5000, 1 << 20}) {
      ParallelStream stream(Source::open(path), format(), 2, {.piece_target = target, .piece_bytes = 60000});
      EXPECT_EQ(failure_offset(stream), expected) << bytes.size() << " bytes, target " << target;
    }
  }
}

// Member headers of every format, as they may stand inside compressed data by coincidence.
std::string headers_of_every_format() {
  using namespace std::string_literals;
  return "\x1f\x8b\x08\0\0\0\0\0\0\x03"s + "\x1f\x8b\x08\x04\0\0\0\0\0\xff\x06\0BC\x02\0\x10\0"s +
         "\x28\xb5\x2f\xfd\x20\x05"s + "\x50\x2a\x4d\x18\x04\0\0\0"s + "\x04\x22\x4d\x18\x64\x40\xa7"s +
         "BZh91AY&SY"s;
}

// Bytes no compressor can shrink, so that they stand in the compressed data as
// they are (stored, raw or uncompressed blocks), with such headers among them:
// once in each 50000 bytes, too rarely for a match to pay.
std::string incompressible_with_headers(std::size_t size) {
  std::mt19937_64 random(7);
  std::string bytes;
  while (bytes.size() < size) bytes += static_cast<char>(random());
  std::string headers = headers_of_every_format();
  for (std::size_t at = 20000; at + headers.size() < size; at += 50000) bytes.replace(at, headers.size(), headers);
  return bytes;
}

TEST_P(EachMemberFormat, HeadersInsideCompressedDataAreCoincidences) {
  std::string data = incompressible_with_headers(200000);
  std::string packed;
  for (int i = 0; i < 4; ++i) packed += GetParam().compress(std::string_view(data).substr(i * 50000, 50000));
  bool stored = format() != Format::bzip2;  // bzip2 stores nothing as it was
  EXPECT_EQ(packed.find(headers_of_every_format()) != std::string::npos, stored);
  ParallelStream stream(Source::open(write(packed)), format(), 2, {.piece_target = 1000});
  EXPECT_EQ(read_all(stream), data);
  // A cut at a coincidence makes a piece that does not decode on its own: the rest decodes sequentially.
  EXPECT_EQ(stream.sequential(), stored && !GetParam().sized);
}

TEST_P(EachMemberFormat, WhatComesBeforeDamageIsHandedOutFirst) {
  Members file = members(std::vector<std::size_t>(20, 40000));
  std::string damaged = file.packed;
  damaged[file.starts[10] + 500] ^= 0x20;
  std::string path = write(damaged);
  std::string content(file.content_starts[10], '\0');
  auto stream = open_stream(path, {.threads = 2});
  EXPECT_EQ(stream->read(content.data(), content.size()), content.size());
  EXPECT_EQ(content, file.content.substr(0, content.size()));
  ParallelStream pieces(Source::open(path), format(), 2, {.piece_target = 1});
  EXPECT_EQ(pieces.read(content.data(), content.size()), content.size());
  EXPECT_EQ(content, file.content.substr(0, content.size()));
  EXPECT_EQ(pieces.verified(), content.size());
  EXPECT_FALSE(pieces.sequential());
}

TEST(MemberWalker, ImpossibleHeadersAreNoMembers) {
  using namespace std::string_literals;
  std::string zstd_frame = zstd("abc");
  std::string reserved_bit = zstd_frame;
  reserved_bit[4] |= 0x08;
  std::string reserved_block = zstd_frame.substr(0, 6) + "\x07\0\0 padding"s;  // last block, type 3
  std::string lz4_version = lz4("abc");
  lz4_version[4] = static_cast<char>(lz4_version[4] ^ 0xc0);
  std::string bgzf_too_small = bgzf("abc");
  bgzf_too_small[16] = 10;
  bgzf_too_small[17] = 0;
  std::vector<std::pair<Format, std::string>> impossible = {
      {Format::zstd, reserved_bit},     {Format::zstd, reserved_block}, {Format::lz4, lz4_version},
      {Format::gzip, bgzf_too_small},  {Format::gzip, zstd_frame},     {Format::bzip2, "BZh9 is text\n"}};
  for (const auto& [format, bytes] : impossible)
    EXPECT_EQ(MemberWalker(format).walk(bytes), MemberWalker::Found::invalid) << format_name(format);
}

TEST(MemberWalker, GzipWithoutSizesEndsAtTheNextHeader) {
  std::string first = gzip("first"), other_extra = gzip("second");
  other_extra[3] |= 0x04;  // an extra field, but not BGZF's: its size is not known
  other_extra.insert(10, std::string("\x04\0XY\0\0", 6));
  std::string file = first + other_extra + gzip("third");
  MemberWalker walker(Format::gzip);
  ASSERT_EQ(walker.walk(file), MemberWalker::Found::end);
  EXPECT_EQ(walker.size(), first.size());
  MemberWalker next(Format::gzip);
  ASSERT_EQ(next.walk(std::string_view(file).substr(first.size())), MemberWalker::Found::end);
  EXPECT_EQ(next.size(), other_extra.size());
  EXPECT_EQ(read_path(TempDir().write(file), 1), "firstsecondthird");
}

// Not a test: the decoding speed of FILEs on one thread and on two, e.g.
//   FASTLOAD_DECODE_FILES="nodes.pzst nodes.bgz" build/tests/unit_tests
//     --gtest_also_run_disabled_tests --gtest_filter='DecodeSpeed.*'
// Runs alternate (FASTLOAD_DECODE_RUNS, default 5) and the median is reported.
TEST(DecodeSpeed, DISABLED_OneThreadAgainstTwo) {
  const char* files = std::getenv("FASTLOAD_DECODE_FILES");
  const char* runs_text = std::getenv("FASTLOAD_DECODE_RUNS");
  int runs = runs_text ? std::atoi(runs_text) : 5;
  std::istringstream paths(files ? files : "");
  for (std::string path; paths >> path;) {
    std::vector<double> seconds[2];
    std::uint64_t content = 0;
    std::vector<char> buffer(1 << 20);
    for (int run = 0; run < runs; ++run) {
      for (unsigned threads : {1u, 2u}) {
        auto start = std::chrono::steady_clock::now();
        auto stream = open_stream(path, {.threads = threads});
        for (content = 0; std::size_t got = stream->read(buffer.data(), buffer.size());) content += got;
        seconds[threads - 1].push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      }
    }
    for (unsigned threads : {1u, 2u}) {
      std::vector<double>& s = seconds[threads - 1];
      std::sort(s.begin(), s.end());
      double median = s[s.size() / 2];
      std::printf("%s: %u thread(s): median %.2f s, %.0f MB/s of content (%.2f-%.2f s)\n", path.c_str(), threads,
                  median, content / median / 1e6, s.front(), s.back());
    }
  }
}

}  // namespace
}  // namespace fastload::input
