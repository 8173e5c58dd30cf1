#include "input/byte_stream.h"

#include <gtest/gtest.h>

#include <bzlib.h>
#include <lz4frame.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <random>
#include <regex>
#include <thread>
#include <unistd.h>

#include "fastload/errors.h"
#include "input/byte_source.h"
#include "input/parallel_stream.h"

namespace fastload::input {
namespace {

// Rows like the nodes file: compressible, but not trivially.
std::string sample(std::size_t size, unsigned seed = 1) {
  std::mt19937_64 random(seed);
  std::string text;
  while (text.size() < size)
    text += std::to_string(random() % 100000000) + "\t" + std::to_string(random() % 1000) + "\tname" +
            std::to_string(random() % 5000) + "\n";
  text.resize(size);
  return text;
}

std::string gzip(std::string_view data) {
  z_stream z{};
  deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&z, data.size()), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

std::string zstd(std::string_view data) {
  ZSTD_CCtx* ctx = ZSTD_createCCtx();
  ZSTD_CCtx_setParameter(ctx, ZSTD_c_checksumFlag, 1);
  std::string out(ZSTD_compressBound(data.size()), '\0');
  out.resize(ZSTD_compress2(ctx, out.data(), out.size(), data.data(), data.size()));
  ZSTD_freeCCtx(ctx);
  return out;
}

std::string lz4(std::string_view data) {
  LZ4F_preferences_t preferences{};
  preferences.frameInfo.contentChecksumFlag = LZ4F_contentChecksumEnabled;
  preferences.frameInfo.blockChecksumFlag = LZ4F_blockChecksumEnabled;
  std::string out(LZ4F_compressFrameBound(data.size(), &preferences), '\0');
  out.resize(LZ4F_compressFrame(out.data(), out.size(), data.data(), data.size(), &preferences));
  return out;
}

std::string bzip2(std::string_view data) {
  unsigned size = static_cast<unsigned>(data.size() + data.size() / 100 + 600);
  std::string out(size, '\0');
  EXPECT_EQ(BZ2_bzBuffToBuffCompress(out.data(), &size, const_cast<char*>(data.data()),
                                     static_cast<unsigned>(data.size()), 9, 0, 0),
            BZ_OK);
  out.resize(size);
  return out;
}

std::string xz(std::string_view data) {
  std::string out(lzma_stream_buffer_bound(data.size()), '\0');
  std::size_t size = 0;
  EXPECT_EQ(lzma_easy_buffer_encode(1, LZMA_CHECK_CRC64, nullptr, reinterpret_cast<const uint8_t*>(data.data()),
                                    data.size(), reinterpret_cast<uint8_t*>(out.data()), &size, out.size()),
            LZMA_OK);
  out.resize(size);
  return out;
}

// An xz stream of many blocks, as `xz -T` writes them.
std::string xz_blocks(std::string_view data, std::uint64_t block_size) {
  lzma_mt options{};
  options.threads = 2;
  options.block_size = block_size;
  options.preset = 1;
  options.check = LZMA_CHECK_CRC64;
  lzma_stream xz = LZMA_STREAM_INIT;
  EXPECT_EQ(lzma_stream_encoder_mt(&xz, &options), LZMA_OK);
  std::string out(lzma_stream_buffer_bound(data.size()), '\0');
  xz.next_in = reinterpret_cast<const uint8_t*>(data.data());
  xz.avail_in = data.size();
  xz.next_out = reinterpret_cast<uint8_t*>(out.data());
  xz.avail_out = out.size();
  EXPECT_EQ(lzma_code(&xz, LZMA_FINISH), LZMA_STREAM_END);
  out.resize(xz.total_out);
  lzma_end(&xz);
  return out;
}

struct Codec {
  Format format;
  std::string (*compress)(std::string_view);
};

const Codec kCodecs[] = {{Format::gzip, gzip}, {Format::zstd, zstd}, {Format::lz4, lz4},
                         {Format::bzip2, bzip2}, {Format::xz, xz}};

class TempDir {
 public:
  TempDir() {
    char pattern[] = "/tmp/fastload-stream-XXXXXX";
    path_ = ::mkdtemp(pattern);
  }
  ~TempDir() { std::system(("rm -rf " + path_).c_str()); }
  // The name says nothing true about the content on purpose.
  std::string write(std::string_view bytes, const std::string& name = "data.tsv") const {
    std::string path = path_ + "/" + name;
    FILE* file = std::fopen(path.c_str(), "wb");
    std::fwrite(bytes.data(), 1, bytes.size(), file);
    std::fclose(file);
    return path;
  }

 private:
  std::string path_;
};

// A pipe that a thread fills with `bytes` and then closes, the first bytes one
// at a time: format detection must wait for enough of them.
class Pipe {
 public:
  explicit Pipe(std::string bytes) : bytes_(std::move(bytes)) {
    EXPECT_EQ(::pipe(fds_), 0);
    writer_ = std::thread([this] {
      for (std::size_t at = 0; at < bytes_.size();) {
        std::size_t n = at < 12 ? 1 : std::min<std::size_t>(4096, bytes_.size() - at);
        at += static_cast<std::size_t>(::write(fds_[1], bytes_.data() + at, n));
      }
      ::close(fds_[1]);
    });
  }
  ~Pipe() {
    char rest[4096];
    while (::read(fds_[0], rest, sizeof rest) > 0) {  // lets the writer finish whatever the reader did
    }
    writer_.join();
    ::close(fds_[0]);
  }
  int fd() const { return fds_[0]; }
  std::string path() const { return "/dev/fd/" + std::to_string(fds_[0]); }

 private:
  std::string bytes_;
  int fds_[2] = {-1, -1};
  std::thread writer_;
};

// Reads to the end in odd steps, checking that consumed() only grows and stays within the file.
std::string read_all(ByteStream& stream, std::size_t step = 7777) {
  std::string content;
  std::string buffer(step, '\0');
  std::uint64_t consumed = 0;
  for (;;) {
    std::size_t got = stream.read(buffer.data(), step);
    EXPECT_GE(stream.consumed(), consumed);
    consumed = stream.consumed();
    if (stream.compressed_size()) {
      EXPECT_LE(consumed, *stream.compressed_size());
    }
    content.append(buffer, 0, got);
    if (got < step) {
      EXPECT_EQ(stream.read(buffer.data(), step), 0u);  // the end stays the end
      return content;
    }
  }
}

std::string read_path(const std::string& path, unsigned threads = 0) {
  return read_all(*open_stream(path, {.threads = threads}));
}

// The Failure reading `path` must end in, checked for the parts every such message has.
std::uint64_t failure_offset(const std::string& path, Format format, unsigned threads = 0) {
  try {
    std::string content = read_path(path, threads);
    ADD_FAILURE() << "read " << content.size() << " bytes of damaged " << format_name(format) << " data";
  } catch (const Failure& e) {
    EXPECT_EQ(e.code(), ExitCode::input);
    std::string message = e.what();
    std::string start = "fastload: " + path + ": " + std::string(format_name(format)) + " data damaged or truncated";
    EXPECT_EQ(message.substr(0, start.size()), start) << message;
    std::smatch offset;
    if (std::regex_search(message, offset, std::regex("at compressed byte ([0-9]+) ")))
      return std::stoull(offset[1]);
    ADD_FAILURE() << "no offset in: " << message;
  }
  return 0;
}

class EachFormat : public testing::TestWithParam<Codec> {
 protected:
  std::string compress(std::string_view data) const { return GetParam().compress(data); }
  Format format() const { return GetParam().format; }
  TempDir dir_;
};

INSTANTIATE_TEST_SUITE_P(Formats, EachFormat, testing::ValuesIn(kCodecs),
                         [](const auto& info) { return std::string(format_name(info.param.format)); });

TEST_P(EachFormat, RoundTripWhateverTheName) {
  std::string data = sample(1 << 20);  // more than a bzip2 block, an lz4 block, a zstd block
  std::string packed = compress(data);
  std::string path = dir_.write(packed, "data.tsv");
  auto stream = open_stream(path);
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
  auto stream = open_stream(path);
  EXPECT_EQ(stream->format(), format());
  EXPECT_EQ(read_all(*stream), "");
}

TEST_P(EachFormat, OneByte) { EXPECT_EQ(read_path(dir_.write(compress("\n"))), "\n"); }

TEST_P(EachFormat, TruncatedIsAFailureAtTheEnd) {
  std::string packed = compress(sample(300000));
  for (std::size_t size : {packed.size() / 2, packed.size() - 1}) {
    std::string path = dir_.write(packed.substr(0, size));
    EXPECT_EQ(failure_offset(path, format()), size) << "cut at " << size;
  }
}

TEST_P(EachFormat, TruncatedLaterMember) {
  std::string first = compress(sample(50000, 3));
  std::string second = compress(sample(50000, 4));
  std::string path = dir_.write(first + second.substr(0, second.size() / 2));
  EXPECT_EQ(failure_offset(path, format()), first.size() + second.size() / 2);
}

TEST_P(EachFormat, CorruptMemberFailsWithinIt) {
  std::string first = compress(sample(200000, 5));
  std::string second = compress(sample(200000, 6));
  second[second.size() / 2] ^= 0x55;
  std::string path = dir_.write(first + second);
  std::uint64_t offset = failure_offset(path, format());
  EXPECT_GE(offset, first.size());  // within the damaged member (libzstd and liblz4 tell no closer)
  EXPECT_LE(offset, first.size() + second.size());
}

TEST_P(EachFormat, TrailingGarbageIsAFailure) {
  std::string packed = compress(sample(10000));
  std::string path = dir_.write(packed + "garbage\n");
  std::uint64_t offset = failure_offset(path, format());
  EXPECT_GE(offset, packed.size());
  EXPECT_LE(offset, packed.size() + 8);
}

TEST_P(EachFormat, ThroughAPipe) {
  std::string data = sample(200000);
  std::string packed = compress(data) + compress(data);
  Pipe pipe(packed);
  auto stream = open_stream(pipe.path());
  EXPECT_EQ(stream->format(), format());
  EXPECT_FALSE(stream->compressed_size());
  EXPECT_EQ(read_all(*stream), data + data);
  EXPECT_EQ(stream->consumed(), packed.size());
}

TEST_P(EachFormat, TruncatedThroughAPipe) {
  std::string packed = compress(sample(100000));
  Pipe pipe(packed.substr(0, packed.size() - 5));
  EXPECT_EQ(failure_offset(pipe.path(), format()), packed.size() - 5);
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
  EXPECT_EQ(open_failure(path).rfind("fastload: " + path + ": is zip data", 0), 0u);
}

TEST(OpenStream, MissingFileOrDirectory) {
  for (std::string path : {"/nonexistent/fastload.tsv.gz", "/tmp"})
    EXPECT_EQ(open_failure(path).rfind("fastload: " + path + ": ", 0), 0u);
}

// bzip2 files as pbzip2 writes them: a stream per block.
std::string bzip2_streams(const std::string& data, std::size_t block, std::vector<std::size_t>* starts = nullptr) {
  std::string packed;
  for (std::size_t at = 0; at < data.size(); at += block) {
    if (starts) starts->push_back(packed.size());
    packed += bzip2(std::string_view(data).substr(at, block));
  }
  return packed;
}

TEST(ParallelBzip2, ManyStreamsDecodeInOrder) {
  TempDir dir;
  std::string data = sample(2 << 20);
  std::string path = dir.write(bzip2_streams(data, 50000));
  auto stream = open_stream(path, {.threads = 3});
  auto* parallel = dynamic_cast<ParallelStream*>(stream.get());
  ASSERT_NE(parallel, nullptr);
  EXPECT_EQ(read_all(*stream, 100000), data);
  EXPECT_FALSE(parallel->sequential());
}

TEST(ParallelBzip2, DamagedStreamIsReportedWhereItIs) {
  TempDir dir;
  std::string data = sample(1 << 20);
  std::vector<std::size_t> starts;
  std::string packed = bzip2_streams(data, 40000, &starts);
  packed[starts[10] + 500] ^= 0x20;
  std::string path = dir.write(packed);
  std::uint64_t offset = failure_offset(path, Format::bzip2, 2);
  EXPECT_GT(offset, starts[10]);
  EXPECT_LE(offset, starts[11]);
  auto stream = open_stream(path, {.threads = 2});  // what comes before is handed out first
  std::string content(400000, '\0');
  EXPECT_EQ(stream->read(content.data(), content.size()), content.size());
  EXPECT_EQ(content, data.substr(0, content.size()));
}

TEST(ParallelBzip2, TruncatedOrTrailingGarbage) {
  TempDir dir;
  std::string packed = bzip2_streams(sample(500000), 30000);
  std::string path = dir.write(packed.substr(0, packed.size() - 3));
  EXPECT_EQ(failure_offset(path, Format::bzip2, 2), packed.size() - 3);
  // Garbage that looks like one more stream's start: the piece cut there fails on its own.
  path = dir.write(packed + "BZh91AY&SYgarbage");
  EXPECT_GE(failure_offset(path, Format::bzip2, 2), packed.size());
}

TEST(ParallelBzip2, TooLargeStreamsDecodeSequentially) {
  TempDir dir;
  std::string data = sample(1 << 20);
  std::string path = dir.write(bzip2_streams(data, 300000));
  ParallelStream stream(Source::open(path), Format::bzip2, 2, {.piece_bytes = 50000});
  EXPECT_EQ(read_all(stream), data);
  EXPECT_TRUE(stream.sequential());
  ParallelStream bounded(Source::open(path), Format::bzip2, 2, {.piece_output = 100000});
  EXPECT_EQ(read_all(bounded), data);
  EXPECT_TRUE(bounded.sequential());
}

TEST(ParallelBzip2, ThroughAPipe) {
  std::string data = sample(1 << 20);
  std::string packed = bzip2_streams(data, 100000);
  Pipe pipe(packed);
  auto stream = open_stream(pipe.path(), {.threads = 2});
  EXPECT_EQ(read_all(*stream), data);
  EXPECT_EQ(stream->consumed(), packed.size());
}

}  // namespace
}  // namespace fastload::input
