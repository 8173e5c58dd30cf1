// The codec table (input/codecs.h): every row reachable by its name and by its Format, its magic detected from
// what its library writes, and its decoder decoding that back.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "compressed_samples.h"
#include "input/codecs.h"
#include "input/decoders.h"

namespace fastload::input {
namespace {

TEST(CodecTable, EveryRowIsReachableByNameAndFormat) {
  std::set<std::string_view> names;
  for (const input::Codec& row : all_codecs()) {
    EXPECT_EQ(find_codec(row.name), &row) << row.name;
    EXPECT_EQ(&codec(row.format), &row) << row.name;
    EXPECT_EQ(format_name(row.format), row.name);
    EXPECT_FALSE(row.member.empty() || row.tool.empty() || row.library.empty()) << row.name;
    names.insert(row.name);
  }
  EXPECT_EQ(names.size(), all_codecs().size());  // no two rows share a name
  EXPECT_EQ(find_codec("zip"), nullptr);
  EXPECT_EQ(codec(Format::plain).decoder, nullptr);
  EXPECT_EQ(codec(Format::plain).magic, nullptr);
}

TEST(CodecTable, MagicDetectionPicksEachCodec) {
  const std::string text = samples::sample(5000);
  for (const samples::Codec& sample : samples::kCodecs) {
    const std::string packed = sample.compress(text);
    const input::Codec& row = codec(sample.format);
    EXPECT_TRUE(row.magic(packed)) << row.name;
    EXPECT_EQ(detect_format(packed), sample.format) << row.name;
    EXPECT_TRUE(starts_member(sample.format, packed)) << row.name;
    for (const input::Codec& other : all_codecs())  // no other row's magic takes it
      if (other.magic && other.format != sample.format) {
        EXPECT_FALSE(other.magic(packed)) << other.name;
      }
  }
  EXPECT_EQ(detect_format(text), Format::plain);
  for (const input::Codec& row : all_codecs())
    if (row.magic) {
      EXPECT_FALSE(row.magic(text)) << row.name;
    }
}

TEST(CodecTable, EachRowsDecoderDecodesItsLibrarysOutput) {
  const std::string text = samples::sample(70000);
  for (const samples::Codec& sample : samples::kCodecs) {
    const std::string packed = sample.compress(text);
    std::unique_ptr<Decoder> decoder = make_decoder(sample.format, 1);
    ASSERT_NE(decoder, nullptr) << format_name(sample.format);
    decoder->start();
    std::string out(text.size() + 100, '\0');
    Window window{packed.data(), packed.size(), out.data(), out.size()};
    Decoder::Result result;
    for (int steps = 0; !result.ended && !result.error && steps < 1000; ++steps) result = decoder->step(window, true);
    EXPECT_EQ(result.error, nullptr) << format_name(sample.format);
    EXPECT_TRUE(result.ended) << format_name(sample.format);
    EXPECT_EQ(out.substr(0, out.size() - window.out_size), text) << format_name(sample.format);
  }
}

}  // namespace
}  // namespace fastload::input
