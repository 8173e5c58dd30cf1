// Hand cases for the field parser and row iteration, and a comparison with a
// byte-by-byte model of the server's READ_INFO on random inputs.
#include "text/text.h"

#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string>
#include <vector>

namespace fastload::text {
namespace {

using Value = std::optional<std::string>;  // nullopt is NULL
using Row = std::vector<Value>;

// The rows of a chunk in MySQL's default text format.
void for_each_row(std::string_view chunk, const OnRow& on_row) { RowScanner(text::Dialect{}).for_each_row(chunk, on_row); }

Row values(const std::vector<Field>& fields) {
  Row row;
  for (const Field& f : fields) row.push_back(f.is_null ? Value() : Value(std::string(f.value)));
  return row;
}

Row parse(std::string_view row, RowEnd end = RowEnd::kNewline) {
  FieldParser parser{text::Dialect{}};
  std::vector<Field> fields;
  parser.parse_row(row, end, fields);
  return values(fields);
}

TEST(FieldParser, SplitsOnTabs) {
  EXPECT_EQ(parse("a\tbc\td"), (Row{"a", "bc", "d"}));
  EXPECT_EQ(parse(""), (Row{""}));
  EXPECT_EQ(parse(std::string_view()), (Row{""}));
  EXPECT_EQ(parse("\t"), (Row{"", ""}));
  EXPECT_EQ(parse("\t\t"), (Row{"", "", ""}));
  EXPECT_EQ(parse("a\t\tb\t"), (Row{"a", "", "b", ""}));
}

TEST(FieldParser, AnEscapedTabIsData) {
  EXPECT_EQ(parse("a\\\tb"), (Row{"a\tb"}));
  EXPECT_EQ(parse("a\\\\\tb"), (Row{"a\\", "b"}));  // the escape is spent on the backslash
  EXPECT_EQ(parse("a\\\\\\\tb\tc"), (Row{"a\\\tb", "c"}));
  EXPECT_EQ(parse("\\\t\\\t"), (Row{"\t\t"}));
}

TEST(FieldParser, UnescapesLikeTheServer) {
  EXPECT_EQ(parse("\\0"), (Row{std::string(1, '\0')}));
  EXPECT_EQ(parse("\\b\\n\\r\\t\\Z"), (Row{"\b\n\r\t\032"}));
  EXPECT_EQ(parse("\\\\"), (Row{"\\"}));
  EXPECT_EQ(parse("\\a\\x\\'\\\"\\%"), (Row{"ax'\"%"}));
  EXPECT_EQ(parse("a\\\nb"), (Row{"a\nb"}));  // backslash + real LF
  EXPECT_EQ(parse("\\\xC3\xA9"), (Row{"\xC3\xA9"}));
  EXPECT_EQ(parse("x\\0y\tp\\tq"), (Row{std::string("x\0y", 3), "p\tq"}));
}

TEST(FieldParser, LongRunsAfterAnEscape) {
  // After an escape, plain bytes go 8 at a time; TABs and escapes at every offset in such a word.
  const std::string run = "abcdefghijklmnop";
  for (std::size_t at = 0; at <= run.size(); ++at) {
    const std::string head = run.substr(0, at), tail = run.substr(at);
    EXPECT_EQ(parse("\\n" + head + "\t" + tail), (Row{"\n" + head, tail})) << at;
    EXPECT_EQ(parse("\\n" + head + "\\\t" + tail), (Row{"\n" + head + "\t" + tail})) << at;
    EXPECT_EQ(parse("\\n" + head + "\\", RowEnd::kEndOfFile), (Row{"\n" + head + "\\"})) << at;
  }
}

TEST(FieldParser, NullIsExactlyBackslashN) {
  EXPECT_EQ(parse("\\N"), (Row{Value()}));
  EXPECT_EQ(parse("\\N\t\\N\tN"), (Row{Value(), Value(), "N"}));
  EXPECT_EQ(parse("N"), (Row{"N"}));
  EXPECT_EQ(parse("\\NN"), (Row{"NN"}));
  EXPECT_EQ(parse("a\\N"), (Row{"aN"}));
  EXPECT_EQ(parse("\\N\\N"), (Row{"NN"}));
  EXPECT_EQ(parse("\\\\N"), (Row{"\\N"}));
  EXPECT_EQ(parse("NULL\t\\n"), (Row{"NULL", "\n"}));
}

TEST(FieldParser, ATrailingBackslashAtEndOfFileStays) {
  EXPECT_EQ(parse("a\\", RowEnd::kEndOfFile), (Row{"a\\"}));
  EXPECT_EQ(parse("\\", RowEnd::kEndOfFile), (Row{"\\"}));
  EXPECT_EQ(parse("a\t\\", RowEnd::kEndOfFile), (Row{"a", "\\"}));
  EXPECT_EQ(parse("\\\\\\", RowEnd::kEndOfFile), (Row{"\\\\"}));
  EXPECT_EQ(parse("\\N\\", RowEnd::kEndOfFile), (Row{"N\\"}));
}

TEST(FieldParser, AtEndOfFileAnEmptyLastFieldIsNoField) {
  EXPECT_EQ(parse("a\t", RowEnd::kEndOfFile), (Row{"a"}));
  EXPECT_EQ(parse("\t", RowEnd::kEndOfFile), (Row{""}));
  EXPECT_EQ(parse("a\\N\t", RowEnd::kEndOfFile), (Row{"aN"}));
  EXPECT_EQ(parse("", RowEnd::kEndOfFile), Row{});
  EXPECT_EQ(parse("a\\\t", RowEnd::kEndOfFile), (Row{"a\t"}));  // an escaped TAB ends no field
  EXPECT_EQ(parse("a\tb", RowEnd::kEndOfFile), (Row{"a", "b"}));
}

TEST(FieldParser, CarriageReturnsAreData) {
  EXPECT_EQ(parse("a\r\tb\r"), (Row{"a\r", "b\r"}));
  EXPECT_EQ(parse("\r"), (Row{"\r"}));
  EXPECT_EQ(parse("\\\r"), (Row{"\r"}));
}

TEST(FieldParser, FieldsWithoutEscapesAreViewsIntoTheRow) {
  const std::string row = "ab\tc\\td\t\te";
  FieldParser parser{text::Dialect{}};
  std::vector<Field> fields;
  parser.parse_row(row, RowEnd::kNewline, fields);
  ASSERT_EQ(fields.size(), 4u);
  EXPECT_EQ(fields[0].value.data(), row.data());
  EXPECT_NE(fields[1].value.data(), row.data() + 3);  // unescaped into the arena
  EXPECT_EQ(fields[2].value.data(), row.data() + 8);
  EXPECT_EQ(fields[3].value.data(), row.data() + 9);
}

TEST(FieldParser, AppendsToTheVector) {
  FieldParser parser{text::Dialect{}};
  std::vector<Field> fields;
  parser.parse_row("a\tb", RowEnd::kNewline, fields);
  parser.parse_row("\\N", RowEnd::kNewline, fields);
  EXPECT_EQ(values(fields), (Row{"a", "b", Value()}));
}

TEST(FieldParser, ValuesStayValidUntilClear) {
  // Enough escaped bytes to fill many arena blocks, plus fields bigger than a block.
  FieldParser parser{text::Dialect{}};
  std::vector<std::string> rows;
  std::vector<Row> expected;
  for (int i = 0; i < 10000; ++i) {
    const std::string n = std::to_string(i);
    const std::string big(i % 2500 == 0 ? 100000 : 0, 'x');
    rows.push_back(n + "\\t" + n + "\tplain" + n + "\t\\N\t" + big + "\\\\" + n + "\\n");
    expected.push_back(Row{n + "\t" + n, "plain" + n, Value(), big + "\\" + n + "\n"});
  }
  std::vector<Field> fields;
  for (const std::string& row : rows) parser.parse_row(row, RowEnd::kNewline, fields);
  ASSERT_EQ(fields.size(), 4 * rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::vector<Field> row(fields.begin() + 4 * i, fields.begin() + 4 * i + 4);
    ASSERT_EQ(values(row), expected[i]) << "row " << i;
  }
  // After clear() the arena is reused.
  parser.clear();
  fields.clear();
  parser.parse_row("\\tagain", RowEnd::kNewline, fields);
  EXPECT_EQ(values(fields), (Row{"\tagain"}));
}

struct RowSeen {
  std::string bytes;
  std::uint64_t offset;
  RowEnd end;
  bool operator==(const RowSeen&) const = default;
};

std::vector<RowSeen> rows_of(std::string_view chunk) {
  std::vector<RowSeen> rows;
  for_each_row(chunk, [&](std::string_view row, std::uint64_t offset, RowEnd end) {
    rows.push_back(RowSeen{std::string(row), offset, end});
    return true;
  });
  return rows;
}

constexpr RowEnd kLF = RowEnd::kNewline;
constexpr RowEnd kEOF = RowEnd::kEndOfFile;

TEST(ForEachRow, SplitsOnUnescapedNewlines) {
  EXPECT_EQ(rows_of(""), std::vector<RowSeen>{});
  EXPECT_EQ(rows_of("a\tb\ncd\n"), (std::vector<RowSeen>{{"a\tb", 0, kLF}, {"cd", 4, kLF}}));
  EXPECT_EQ(rows_of("a\\\nb\nc\n"), (std::vector<RowSeen>{{"a\\\nb", 0, kLF}, {"c", 5, kLF}}));
  EXPECT_EQ(rows_of("a\\\\\nb\n"), (std::vector<RowSeen>{{"a\\\\", 0, kLF}, {"b", 4, kLF}}));
  EXPECT_EQ(rows_of("a\r\n"), (std::vector<RowSeen>{{"a\r", 0, kLF}}));
}

TEST(ForEachRow, EmptyLinesAreRows) {
  EXPECT_EQ(rows_of("\n"), (std::vector<RowSeen>{{"", 0, kLF}}));
  EXPECT_EQ(rows_of("\n\na\n\n"),
            (std::vector<RowSeen>{{"", 0, kLF}, {"", 1, kLF}, {"a", 2, kLF}, {"", 4, kLF}}));
}

TEST(ForEachRow, ALastRowWithoutNewlineEndsAtEndOfFile) {
  EXPECT_EQ(rows_of("a\nb"), (std::vector<RowSeen>{{"a", 0, kLF}, {"b", 2, kEOF}}));
  EXPECT_EQ(rows_of("a\\\n"), (std::vector<RowSeen>{{"a\\\n", 0, kEOF}}));  // escaped LF at EOF
  EXPECT_EQ(rows_of("a\n\\"), (std::vector<RowSeen>{{"a", 0, kLF}, {"\\", 2, kEOF}}));
  EXPECT_EQ(rows_of("a\t"), (std::vector<RowSeen>{{"a\t", 0, kEOF}}));
}

TEST(ForEachRow, AFileEndingInABackslashKeepsIt) {
  FieldParser parser{text::Dialect{}};
  std::vector<Field> fields;
  for_each_row("x\ty\\\nz\tw\\", [&](std::string_view row, std::uint64_t, RowEnd end) {
    parser.parse_row(row, end, fields);
    return true;
  });
  EXPECT_EQ(values(fields), (Row{"x", "y\nz", "w\\"}));
}

TEST(ForEachRow, StopsWhenTold) {
  std::vector<std::uint64_t> offsets;
  for_each_row("a\nb\nc\nd", [&](std::string_view, std::uint64_t offset, RowEnd) {
    offsets.push_back(offset);
    return offsets.size() < 2;
  });
  EXPECT_EQ(offsets, (std::vector<std::uint64_t>{0, 2}));
}

// The server's reading of a whole file, byte by byte as READ_INFO::read_field
// does it for the default format: nullopt where it finds no field (at EOF).
class ServerModel {
 public:
  explicit ServerModel(std::string_view file) : file_(file) {}

  std::vector<Row> rows() {
    std::vector<Row> rows;
    for (;;) {
      Row row;
      end_of_line_ = false;
      while (!end_of_line_) {
        std::optional<Value> field = read_field();
        if (!field) break;
        row.push_back(*field);
      }
      if (row.empty()) return rows;
      rows.push_back(row);
    }
  }

 private:
  std::optional<Value> read_field() {
    if (pos_ == file_.size()) return std::nullopt;
    std::string value;
    bool found_null = false;
    while (pos_ < file_.size()) {
      const char byte = file_[pos_++];
      if (byte == '\\') {
        if (pos_ == file_.size()) {
          value += '\\';
          break;
        }
        const char next = file_[pos_++];
        found_null |= next == 'N';
        value += unescape(next);
      } else if (byte == '\n') {
        end_of_line_ = true;
        return found_null && value.size() == 1 ? Value() : Value(value);
      } else if (byte == '\t') {
        return found_null && value.size() == 1 ? Value() : Value(value);
      } else {
        value += byte;
      }
    }
    end_of_line_ = true;  // end of file
    return found_null && value.size() == 1 ? Value() : Value(value);
  }

  static char unescape(char byte) {
    const std::string from = "0bnrtZ", to = std::string("\0\b\n\r\t\032", 6);
    const std::size_t i = from.find(byte);
    return i == std::string::npos ? byte : to[i];
  }

  std::string_view file_;
  std::size_t pos_ = 0;
  bool end_of_line_ = false;
};

// Random bytes over the characters that matter; each 'a' becomes a run of
// up to `max_run` plain bytes, so long runs take the parser's 8-byte steps.
std::string random_file(std::mt19937& rng, int max_run) {
  static const std::vector<std::string> alphabet = {
      "a", "N", "\\", "\t", "\n", "\\\n", "\r", "0", "Z", "b", "\xC3\xA9"};
  std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
  std::uniform_int_distribution<int> length(0, 60), run(1, max_run);
  std::string file;
  for (int n = length(rng); n > 0; --n) {
    const std::string& token = alphabet[pick(rng)];
    file += token == "a" ? std::string(run(rng), 'a') : token;
  }
  return file;
}

TEST(FieldParserRandom, MatchesTheServerModel) {
  FieldParser parser{text::Dialect{}};
  std::vector<Field> fields;
  for (const int max_run : {1, 40}) {
    for (unsigned seed = 0; seed < 20000; ++seed) {
      std::mt19937 rng(seed);
      const std::string text = random_file(rng, max_run);
      const std::vector<char> bytes(text.begin(), text.end());  // no terminator: sanitizers see overreads
      const std::string_view file(bytes.data(), bytes.size());
      std::vector<Row> rows;
      std::uint64_t next_offset = 0;
      for_each_row(file, [&](std::string_view row, std::uint64_t offset, RowEnd end) {
        EXPECT_EQ(offset, next_offset);
        next_offset = offset + row.size() + 1;
        fields.clear();
        parser.parse_row(row, end, fields);
        rows.push_back(values(fields));
        return true;
      });
      ASSERT_EQ(rows, ServerModel(file).rows()) << "seed " << seed << ", file '" << text << "'";
      EXPECT_EQ(rows.size(), RowScanner(text::Dialect{}).count_rows(file, 0, file.size()).rows) << "seed " << seed;
      if (seed % 100 == 0) parser.clear();
    }
  }
}

}  // namespace
}  // namespace fastload::text
