// The gzip decoder (ISA-L's inflate) on what zlib wrote: every header field,
// headers split by the input's boundaries, damaged trailers and headers, and
// members that end exactly on their last trailer byte.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "compressed_samples.h"
#include "input/decoders.h"

namespace fastload::input {
namespace {

using namespace samples;

// A member whose header has every optional field: an extra field, a name and a comment (longer than a pipe's
// writes, so they arrive in pieces), and the header's own CRC.
std::string gzip_with_fields(std::string_view data) {
  std::string extra(5000, 'x'), name(9000, 'n'), comment(300, 'c');
  gz_header header{};
  header.extra = reinterpret_cast<Bytef*>(extra.data());
  header.extra_len = static_cast<uInt>(extra.size());
  header.name = reinterpret_cast<Bytef*>(name.data());
  header.comment = reinterpret_cast<Bytef*>(comment.data());
  header.hcrc = 1;
  return gzip(data, 6, &header);
}

// Feeds `file` to a gzip decoder `chunk` bytes at a time and returns the content; `ends` gets the file offset
// just past each member, as the decoder says it ended.
std::string decode(std::string_view file, std::size_t chunk, std::vector<std::size_t>& ends) {
  auto decoder = make_decoder(Format::gzip, 1);
  std::string content, out(4096, '\0');
  std::size_t at = 0;
  bool in_member = false;
  while (at < file.size() || in_member) {
    if (!in_member) decoder->start();
    in_member = true;
    std::size_t size = std::min(chunk, file.size() - at);
    Window window{file.data() + at, size, out.data(), out.size()};
    Decoder::Result result = decoder->step(window, at + size == file.size());
    EXPECT_EQ(result.error, nullptr) << result.error;
    if (result.error) break;
    std::size_t used = size - window.in_size, produced = out.size() - window.out_size;
    if (used == 0 && produced == 0 && !result.ended) {
      ADD_FAILURE() << "no progress at " << at;
      break;
    }
    at += used;
    content.append(out, 0, produced);
    if (result.ended) {
      ends.push_back(at);
      in_member = false;
    }
  }
  return content;
}

// Each window size, from one byte at a time to the whole file at once: a member ends on its last trailer byte,
// the next member's bytes untouched.
TEST(GzipDecoder, MemberEndsOnItsLastTrailerByte) {
  std::string a = sample(200000, 1), b = sample(3000, 2);
  std::string first = gzip(a), second = gzip_with_fields(b), third = gzip("");
  std::string file = first + second + third;
  std::vector<std::size_t> expected{first.size(), first.size() + second.size(), file.size()};
  for (std::size_t chunk : {std::size_t{1}, std::size_t{7}, std::size_t{4096}, file.size()}) {
    std::vector<std::size_t> ends;
    EXPECT_EQ(decode(file, chunk, ends), a + b) << "windows of " << chunk;
    EXPECT_EQ(ends, expected) << "windows of " << chunk;
  }
}

class GzipStream : public testing::TestWithParam<unsigned> {
 protected:
  unsigned threads() const { return GetParam(); }
  std::string message(const std::string& path) const {
    try {
      read_all(*open_stream(path, {threads()}));
      ADD_FAILURE() << "no failure reading " << path;
    } catch (const Failure& e) {
      EXPECT_EQ(e.code(), ExitCode::input);
      return e.what();
    }
    return "";
  }
  TempDir dir_;
};

INSTANTIATE_TEST_SUITE_P(Threads, GzipStream, testing::Values(1u, 2u),
                         [](const auto& info) { return std::to_string(info.param) + "_threads"; });

TEST_P(GzipStream, HeaderFieldsAreRead) {
  std::string a = sample(100000, 3), b = sample(50000, 4);
  std::string file = gzip_with_fields(a) + gzip_with_fields(b);
  EXPECT_EQ(read_path(dir_.write(file), threads()), a + b);
  Pipe pipe(file);  // the first bytes one at a time, then 4096 at a time: each header in pieces
  auto stream = open_stream(pipe.path(), {threads()});
  EXPECT_EQ(read_all(*stream), a + b);
  EXPECT_EQ(stream->consumed(), file.size());
}

TEST_P(GzipStream, WrongCrcOrLengthIsDamage) {
  std::string first = gzip(sample(50000, 5)), second = gzip(sample(60000, 6));
  for (std::size_t from_end : {8u, 5u, 4u, 1u}) {  // the CRC-32's first and last byte, then ISIZE's
    std::string damaged = second;
    damaged[damaged.size() - from_end] ^= 0x01;
    std::string path = dir_.write(first + damaged);
    std::string text = message(path);
    EXPECT_NE(text.find("gzip data damaged or truncated at compressed byte " +
                        std::to_string(first.size() + second.size())),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("(ISA-L: incorrect data check or length)"), std::string::npos) << text;
  }
}

TEST_P(GzipStream, DamagedHeaderIsDamage) {
  std::string member = gzip_with_fields("a\tb\n");
  std::string bad_crc = member;
  std::size_t header_crc = 10 + 2 + 5000 + 9001 + 301;  // after the base, the extra field, name and comment
  bad_crc[header_crc] ^= 0x01;
  EXPECT_NE(message(dir_.write(gzip("x\n") + bad_crc)).find("(ISA-L: header crc mismatch)"), std::string::npos);
  std::string reserved = gzip("a\tb\n");
  reserved[3] |= 0x20;
  EXPECT_NE(message(dir_.write(reserved)).find("(ISA-L: unknown header flags set)"), std::string::npos);
}

}  // namespace
}  // namespace fastload::input
