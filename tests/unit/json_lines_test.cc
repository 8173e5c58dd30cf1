// JSON lines read as LOAD DATA's default text (typed/json_lines.cc): each key found among the fields as the server
// compares column names, however many fields there are and in whatever order a line gives its keys.
#include <gtest/gtest.h>

#include <fmt/core.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "input/input.h"
#include "temp_dir.h"
#include "typed/typed.h"

namespace fastload::typed {
namespace {

// Every row text of `lines` (JSON lines in file `name`) read for `fields`.
std::vector<std::string> rows_of(const TempDir& dir, const std::string& lines, const Fields& fields) {
  std::unique_ptr<input::ByteStream> rows =
      open_rows(Format::json_lines, input::open_stream(dir.write(lines, "rows.jsonl")), fields, false);
  std::string text, block(1 << 16, '\0');
  while (std::size_t n = rows->read(block.data(), block.size())) text.append(block.data(), n);
  std::vector<std::string> out;
  for (std::size_t at = 0, end; (end = text.find('\n', at)) != std::string::npos; at = end + 1)
    out.push_back(text.substr(at, end - at));
  return out;
}

// A key as a line may spell its column's name: as it is, in upper case, in lower case.
std::string spelled(const std::string& name, std::size_t how) {
  std::string s = name;
  for (char& c : s)
    if (how == 1 && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    else if (how == 2 && c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

TEST(JsonLines, WideTableKeysInAnyOrderAndCase) {
  constexpr std::size_t kColumns = 300, kRows = 40;
  Fields fields;
  for (std::size_t c = 0; c < kColumns; ++c) fields.names.push_back(fmt::format("Col_{}", c));
  std::mt19937 random(20261130);
  std::string lines;
  std::vector<std::string> expected;
  for (std::size_t r = 0; r < kRows; ++r) {
    std::vector<std::size_t> order(kColumns);
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), random);
    std::vector<std::string> values(kColumns);
    lines += "{";
    for (std::size_t i = 0; i < kColumns; ++i) {
      const std::size_t c = order[i];
      const bool number = (r + c) % 2 == 0;
      values[c] = number ? std::to_string(r * 1000 + c) : fmt::format("s{}_{}", r, c);
      lines += fmt::format("{}\"{}\":{}", i ? "," : "", spelled(fields.names[c], (r + i) % 3),
                           number ? values[c] : "\"" + values[c] + "\"");
    }
    lines += "}\n";
    std::string row;
    for (std::size_t c = 0; c < kColumns; ++c) row += (c ? "\t" : "") + values[c];
    expected.push_back(row);
  }
  TempDir dir;
  const std::vector<std::string> got = rows_of(dir, lines, fields);
  ASSERT_EQ(got.size(), expected.size());
  for (std::size_t r = 0; r < kRows; ++r) EXPECT_EQ(got[r], expected[r]) << "row " << r + 1;
}

// A key spelled exactly as a field's name is that field, though another field's name differs only in case.
TEST(JsonLines, ExactNameBeforeCase) {
  Fields fields;
  fields.names = {"a", "A", "b"};
  TempDir dir;
  EXPECT_EQ(rows_of(dir, "{\"A\":1,\"a\":2,\"B\":3}\n", fields), std::vector<std::string>{"2\t1\t3"});
}

// A key that is no field's name refuses its line (without --unknown-keys ignore), as before the index.
TEST(JsonLines, UnknownKeyRefused) {
  Fields fields;
  fields.names = {"a"};
  TempDir dir;
  EXPECT_THROW(rows_of(dir, "{\"a\":1,\"ab\":2}\n", fields), Failure);
}

}  // namespace
}  // namespace fastload::typed
