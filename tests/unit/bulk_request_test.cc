// The COM_STMT_BULK_EXECUTE body as MariaDB's server reads it (sql/sql_prepare.cc,
// mysqld_stmt_bulk_execute): read back here by a decoder written from the
// protocol's description, for every length form and integer edge.
#include "sink/bulk_request.h"

#include <climits>
#include <cstdint>
#include <gtest/gtest.h>
#include <optional>
#include <string>
#include <vector>

namespace fastload::load {
namespace {

struct Reader {
  std::string_view bytes;
  std::size_t at = 0;
  std::uint64_t number(int size) {
    std::uint64_t n = 0;
    for (int i = 0; i < size; ++i) n |= static_cast<std::uint64_t>(static_cast<unsigned char>(bytes.at(at++))) << (8 * i);
    return n;
  }
  std::uint64_t length() {
    unsigned first = static_cast<unsigned char>(bytes.at(at++));
    if (first < 251) return first;
    if (first == 0xfc) return number(2);
    if (first == 0xfd) return number(3);
    EXPECT_EQ(first, 0xfeu);
    return number(8);
  }
  // A value of a placeholder of type `type`: nullopt for NULL.
  std::optional<std::string> value(std::uint16_t type) {
    unsigned indicator = static_cast<unsigned char>(bytes.at(at++));
    if (indicator == 1) return std::nullopt;
    EXPECT_EQ(indicator, 0u);
    if ((type & 0xff) == sink::BulkRequest::kLongLong) return std::to_string(static_cast<std::int64_t>(number(8)));
    std::uint64_t n = length();
    std::string text(bytes.substr(at, n));
    at += n;
    return text;
  }
};

TEST(BulkRequest, TheServerReadsBackEveryLengthFormAndIntegerEdge) {
  const std::vector<std::uint16_t> types = {sink::BulkRequest::kLongLong, sink::BulkRequest::kString,
                                            sink::BulkRequest::kBlob};
  std::vector<std::string> texts;
  for (std::size_t n : {0, 1, 250, 251, 65535, 65536, (1 << 24) - 1, 1 << 24}) texts.push_back(std::string(n, 'x'));
  sink::BulkRequest request;
  request.start(types);
  std::vector<std::int64_t> integers = {0, -1, LLONG_MIN, LLONG_MAX, 4294967296};
  for (std::size_t row = 0; row < texts.size(); ++row) {
    request.integer(integers[row % integers.size()]);
    request.text(texts[row]);
    if (row % 3 == 0) request.null(); else request.text(texts[texts.size() - 1 - row]);
  }
  request.set_statement(0x01020304);

  Reader r{request.bytes()};
  EXPECT_EQ(r.number(4), 0x01020304u);
  EXPECT_EQ(r.number(2), 128u);  // the types follow
  for (std::uint16_t type : types) EXPECT_EQ(r.number(2), type);
  for (std::size_t row = 0; row < texts.size(); ++row) {
    EXPECT_EQ(r.value(types[0]), std::to_string(integers[row % integers.size()]));
    EXPECT_EQ(r.value(types[1]), texts[row]);
    if (row % 3 == 0) EXPECT_EQ(r.value(types[2]), std::nullopt);
    else EXPECT_EQ(r.value(types[2]), texts[texts.size() - 1 - row]);
  }
  EXPECT_EQ(r.at, request.size());
}

TEST(BulkRequest, TruncateDropsARowAndStartBeginsAnew) {
  sink::BulkRequest request;
  request.start({sink::BulkRequest::kString});
  request.text("kept");
  std::size_t mark = request.size();
  request.text(std::string(1000, 'y'));
  request.truncate(mark);
  request.text("next");
  Reader r{request.bytes(), 8};
  EXPECT_EQ(r.value(sink::BulkRequest::kString), "kept");
  EXPECT_EQ(r.value(sink::BulkRequest::kString), "next");
  EXPECT_EQ(r.at, request.size());
  request.start({sink::BulkRequest::kLongLong | sink::BulkRequest::kUnsigned});
  EXPECT_EQ(request.size(), 8u);
}

}  // namespace
}  // namespace fastload::load
