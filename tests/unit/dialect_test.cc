// Dialects: the options that make them, how they are named and sent, and rows
// and values read in each, by hand (every case seen on MariaDB 10.11; see
// docs/design.md#dialects) and against the model of READ_INFO on random files.
#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "dialect_cases.h"
#include "base/base.h"
#include "messages.h"
#include "sink/sink.h"
#include "read_info_model.h"
#include "text/text.h"

namespace fastload {
using cli::parse_args;
namespace {

using model::Value;
using Row = std::vector<Value>;
using text::RowEnd;

text::Dialect with(std::vector<std::string> args) {
  args.insert(args.end(), {"f", "d.t"});
  return parse_args(args).options.source.dialect;
}

ExitCode refusal(std::vector<std::string> args, std::string* message = nullptr) {
  try {
    with(std::move(args));
  } catch (const Failure& f) {
    if (message) *message = f.what();
    return f.code();
  }
  return ExitCode::ok;
}

TEST(DialectOptions, CsvIsTheServersCsvClause) {
  const text::Dialect d = with({"--csv"});
  EXPECT_EQ(d, text::csv_dialect());
  EXPECT_EQ(sink::load_data_clauses(d),
            "FIELDS TERMINATED BY X'2C' OPTIONALLY ENCLOSED BY X'22' ESCAPED BY X'' LINES TERMINATED BY X'0A'");
  EXPECT_EQ(sink::load_data_clauses(text::Dialect{}),
            "FIELDS TERMINATED BY X'09' ESCAPED BY X'5C' LINES TERMINATED BY X'0A'");
}

TEST(DialectOptions, LinesStartingBy) {
  const text::Dialect d = with({"--csv", "--lines-starting-by", "> \\t"});
  EXPECT_EQ(d.line_start, "> \t");
  EXPECT_EQ(sink::load_data_clauses(d), "FIELDS TERMINATED BY X'2C' OPTIONALLY ENCLOSED BY X'22' ESCAPED BY X'' "
                                        "LINES STARTING BY X'3E2009' TERMINATED BY X'0A'");
  EXPECT_EQ(with({"--lines-starting-by="}), text::Dialect{});  // '' is no prefix, as for the server
  EXPECT_EQ(describe(d), "csv --lines-starting-by '> \\t'");  // in the --resume ledger's format
  std::string message;
  // Refused: a byte of the line terminator (a lone one too), the escape at the end.
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--lines-starting-by", "\\n>"}, {"--lines-terminated-by", "\\r\\n", "--lines-starting-by", "a\\r"},
           {"--lines-starting-by", "x\\\\"}, {"--lines-starting-by", "\xC2\xA7"}}) {
    EXPECT_EQ(refusal(args, &message), ExitCode::usage) << testing::PrintToString(args);
    EXPECT_TRUE(without_program_prefix(message)) << message;
  }
  EXPECT_EQ(refusal({"--csv", "--lines-starting-by", "x\\\\"}), ExitCode::ok);  // no escape: a backslash is data
  EXPECT_EQ(refusal({"--lines-starting-by", "\\\\x"}), ExitCode::ok);
}

TEST(DialectOptions, OptionsChangeTheirPartInAnyOrder) {
  const text::Dialect d = with({"--lines-terminated-by", "\\r\\n", "--csv", "--skip-rows", "2"});
  EXPECT_EQ(d.line_terminator, "\r\n");
  EXPECT_EQ(d.field_terminator, ",");
  EXPECT_EQ(d.skip_rows, 2u);
  EXPECT_EQ(with({"--fields-terminated-by", "||"}).field_terminator, "||");
  EXPECT_EQ(with({"--fields-escaped-by", ""}).escape, std::nullopt);
  EXPECT_EQ(with({"--fields-escaped-by", "\\\\"}).escape, '\\');
  EXPECT_EQ(with({"--fields-enclosed-by", "'", "--fields-optionally-enclosed"}).optionally_enclosed, true);
  EXPECT_EQ(with({"--fields-terminated-by", "\\t\\0"}).field_terminator, std::string("\t\0", 2));
  EXPECT_EQ(with({"--csv", "--fields-enclosed-by", ""}).enclosure, std::nullopt);
  EXPECT_EQ(with({"--fields-escaped-by=", "--skip-rows", "1"}).escape, std::nullopt);  // not the next argument
  EXPECT_EQ(with({"--fields-escaped-by=", "--skip-rows", "1"}).skip_rows, 1u);
}

TEST(DialectOptions, ImpossibleCombinationsAreRefused) {
  std::string message;
  const std::vector<std::vector<std::string>> refused = {
      {"--fields-terminated-by", ""},                                 // fixed-width columns
      {"--lines-terminated-by", ""},                                  // no row end
      {"--fields-terminated-by", "\\n"},                              // the same as the line terminator
      {"--fields-terminated-by", "\\n\\t"},                           // begins with the line terminator
      {"--fields-enclosed-by", "\"\""},                               // two bytes
      {"--fields-escaped-by", "ab"},
      {"--fields-terminated-by", "\\\\t"},                            // holds the escape
      {"--csv", "--lines-terminated-by", "\"\\n"},                    // holds the quote
      {"--fields-terminated-by", "\xC2\xA7"},                         // not ASCII
      {"--fields-terminated-by", "\\q"},                              // an unknown escape
      {"--fields-terminated-by", "abcdefghi"},                        // too long to record
      {"--fields-optionally-enclosed"},                               // no quote to make optional
  };
  for (const auto& args : refused) {
    EXPECT_EQ(refusal(args, &message), ExitCode::usage) << testing::PrintToString(args);
    EXPECT_TRUE(without_program_prefix(message)) << message;
  }
  EXPECT_EQ(refusal({"--csv", "--fields-terminated-by", ",", "--lines-terminated-by", ",\\n"}), ExitCode::ok);
}

TEST(Describe, NamesTheDialectAsOptions) {
  EXPECT_EQ(describe(text::Dialect{}), "tsv");
  EXPECT_EQ(describe(text::csv_dialect()), "csv");
  EXPECT_EQ(describe(with({"--csv", "--lines-terminated-by", "\\r\\n", "--skip-rows", "1"})),
            "csv --lines-terminated-by '\\r\\n' --skip-rows 1");
  EXPECT_EQ(describe(with({"--fields-terminated-by", "||"})), "tsv --fields-terminated-by '||'");
  EXPECT_EQ(describe(with({"--fields-terminated-by", ",", "--fields-enclosed-by", "\""})),
            "tsv --fields-terminated-by ',' --fields-enclosed-by '\"'");
  // Long and odd ones stay within what the ledger records, and distinct.
  text::Dialect odd = with({"--fields-terminated-by", "\x01\x02\x03\x04\x05\x06\x07\x08", "--lines-terminated-by",
                      "\x0e\x0f\x10\x11\x12\x13\x14\x15", "--fields-enclosed-by", "\x16", "--fields-escaped-by",
                      "\x17", "--skip-rows", "18446744073709551615"});
  EXPECT_LE(describe(odd).size(), 200u);
  text::Dialect other = odd;
  other.skip_rows = 1;
  EXPECT_NE(describe(odd), describe(other));
}

// The rows of `file` as the scanner and the parser read them.
std::vector<Row> read(std::string_view file, const text::Dialect& d) {
  const text::RowScanner scanner(d);
  text::FieldParser parser(d);
  std::vector<Row> rows;
  scanner.for_each_row(file.substr(scanner.first_row_start(file)),
                       [&](std::string_view text, std::uint64_t, RowEnd end) {
    std::vector<text::Field> fields;
    parser.parse_row(text, end, fields);
    Row& row = rows.emplace_back();
    for (const text::Field& f : fields) row.push_back(f.is_null ? Value() : Value(std::string(f.value)));
    return true;
  });
  return rows;
}

const Value kNull;

TEST(Csv, QuotedFieldsHoldSeparatorsQuotesAndLineEnds) {
  const text::Dialect csv = text::csv_dialect();
  EXPECT_EQ(read("a,\"b,c\",d\n\"x\"\"y\",z,\n", csv), (std::vector<Row>{{"a", "b,c", "d"}, {"x\"y", "z", ""}}));
  EXPECT_EQ(read("\"a\nb\",c\n", csv), (std::vector<Row>{{"a\nb", "c"}}));
  EXPECT_EQ(read("\"\",,\"\"\"\"\n", csv), (std::vector<Row>{{"", "", "\""}}));
}

TEST(Csv, AQuoteInsideAnUnquotedFieldIsData) {
  EXPECT_EQ(read("a,b\"c,d\n", text::csv_dialect()), (std::vector<Row>{{"a", "b\"c", "d"}}));
  EXPECT_EQ(read("a, \"b\",c\n", text::csv_dialect()), (std::vector<Row>{{"a", " \"b\"", "c"}}));
}

TEST(Csv, AClosingQuoteBeforeAnythingButATerminatorIsData) {
  EXPECT_EQ(read("\"ab\"c,d\",e,f\n", text::csv_dialect()), (std::vector<Row>{{"ab\"c,d", "e", "f"}}));
  EXPECT_EQ(read("\"ab\" ,c\n", text::csv_dialect()), (std::vector<Row>{{"\"ab\" ,c\n"}}));  // never closes
}

TEST(Csv, UnquotedNullIsNullQuotedItIsAWord) {
  EXPECT_EQ(read("NULL,\"NULL\",\\N,null, NULL\n", text::csv_dialect()),
            (std::vector<Row>{{kNull, "NULL", "\\N", "null", " NULL"}}));
  text::Dialect escaped = text::csv_dialect();
  escaped.escape = '\\';
  EXPECT_EQ(read("NULL,\"NULL\",\\N,\"\\N\",\\N\\N,NU\\LL\n", escaped),
            (std::vector<Row>{{kNull, "NULL", kNull, kNull, "NN", kNull}}));
  EXPECT_EQ(read("NULL\n", text::Dialect{}), (std::vector<Row>{{"NULL"}}));  // no enclosure: a word
}

TEST(Csv, EscapesWorkInsideAndOutsideQuotes) {
  text::Dialect d = text::csv_dialect();
  d.escape = '\\';
  EXPECT_EQ(read("\"a\\\"b\",\"c\\\\\",d\\,e\n\"f\\\ng\"\n", d), (std::vector<Row>{{"a\"b", "c\\", "d,e"}, {"f\ng"}}));
}

TEST(Csv, AtTheEndOfTheFile) {
  const text::Dialect csv = text::csv_dialect();
  EXPECT_EQ(read("a,\"b\"", csv), (std::vector<Row>{{"a", "b"}}));
  EXPECT_EQ(read("a,\"bc", csv), (std::vector<Row>{{"a", "\"bc"}}));      // never closed: the quote stays
  EXPECT_EQ(read("a,\"bc\n", csv), (std::vector<Row>{{"a", "\"bc\n"}}));
  EXPECT_EQ(read("a,\"b\"\"c", csv), (std::vector<Row>{{"a", "\"b\"c"}}));
  EXPECT_EQ(read("a,", csv), (std::vector<Row>{{"a"}}));                 // no field where no byte is left
}

TEST(Csv, TheEscapeCanBeTheQuote) {
  const text::Dialect d = testing_dialects::dialect(",", "\n", '"', '"');
  EXPECT_EQ(read("a\"\"b,\"c\"\"d\"\n\"e\"x\",f", d), (std::vector<Row>{{"a\"b", "c\"d"}, {"e\"x", "f"}}));
  EXPECT_EQ(read("a,\"b\"\nc,d\n", d), (std::vector<Row>{{"a", "b"}, {"c", "d"}}));
  EXPECT_EQ(read("a,\"b\"", d), (std::vector<Row>{{"a", "\"b\""}}));  // at the end of the file both quotes stay
}

TEST(Csv, CrLfLines) {
  const text::Dialect d = with({"--csv", "--lines-terminated-by", "\\r\\n"});
  EXPECT_EQ(read("a,\"b\r\nc\",d\r\ne,f,g\r\n", d), (std::vector<Row>{{"a", "b\r\nc", "d"}, {"e", "f", "g"}}));
  EXPECT_EQ(read("a\r\r\nb\nc\r\n", d), (std::vector<Row>{{"a\r"}, {"b\nc"}}));
}

TEST(Dialects, MultiByteFieldTerminators) {
  const text::Dialect d = with({"--fields-terminated-by", "||"});
  EXPECT_EQ(read("a||b|c\nd|||e\n", d), (std::vector<Row>{{"a", "b|c"}, {"d", "|e"}}));
}

TEST(Dialects, TheLineTerminatorIsTriedBeforeTheFieldTerminator) {
  const text::Dialect d = with({"--fields-terminated-by", ",", "--lines-terminated-by", ",\\n"});
  EXPECT_EQ(read("a,b,\nc,d", d), (std::vector<Row>{{"a", "b"}, {"c", "d"}}));
}

TEST(Dialects, HeaderLinesAreCountedAsIgnoreLinesCountsThem) {
  text::Dialect d = text::csv_dialect();
  d.skip_rows = 1;
  // IGNORE 1 LINES does not look at quotes: the header's quoted LF ends its line.
  EXPECT_EQ(read("\"h\n1\",h2\na,b\n", d), (std::vector<Row>{{"1\"", "h2"}, {"a", "b"}}));
  d.skip_rows = 5;
  EXPECT_EQ(read("h\na\n", d), std::vector<Row>{});
  text::Dialect tsv;
  tsv.skip_rows = 1;
  EXPECT_EQ(read("h\\\n1\th2\na\tb\n", tsv), (std::vector<Row>{{"a", "b"}}));  // an escaped LF does not
}

// The scanner and the parser against the model, on random files of every dialect.
TEST(Dialects, RowsAndValuesMatchTheModel) {
  std::mt19937 rng(11);
  for (const text::Dialect& base : testing_dialects::all()) {
    text::FieldParser parser(base);
    for (int iteration = 0; iteration < 10000; ++iteration) {
      text::Dialect d = base;
      d.skip_rows = iteration % 5 == 0 ? rng() % 3 : 0;
      const std::string text = iteration % 2 == 0 ? testing_dialects::random_text(rng, d, static_cast<int>(rng() % 40))
                                                  : testing_dialects::random_rows(rng, d, static_cast<int>(rng() % 20));
      const std::vector<char> bytes(text.begin(), text.end());  // no terminator: sanitizers see overreads
      const std::string_view file(bytes.data(), bytes.size());
      const text::RowScanner scanner(d);
      const std::uint64_t start = scanner.first_row_start(file);
      std::vector<model::ModelRow> rows;
      scanner.for_each_row(file.substr(start), [&](std::string_view row, std::uint64_t offset, RowEnd end) {
        model::ModelRow& seen = rows.emplace_back();
        seen.begin = start + offset;
        seen.end = seen.begin + row.size() + (end == RowEnd::kNewline ? d.line_terminator.size() : 0);
        std::vector<text::Field> fields;
        parser.parse_row(row, end, fields);
        for (const text::Field& f : fields) seen.fields.push_back(f.is_null ? Value() : Value(std::string(f.value)));
        return true;
      });
      const std::vector<model::ModelRow> expected = model::ReadInfo(file, d).rows();
      ASSERT_EQ(rows.size(), expected.size()) << describe(d) << ": " << testing::PrintToString(text);
      for (std::size_t r = 0; r < rows.size(); ++r) {
        const auto where = [&] {
          return describe(d) + ", row " + std::to_string(r) + ": " + testing::PrintToString(text);
        };
        ASSERT_EQ(rows[r].begin, expected[r].begin) << where();  // built only on a failure
        ASSERT_EQ(rows[r].end, expected[r].end) << where();
        ASSERT_EQ(rows[r].fields, expected[r].fields) << where();
      }
      if (iteration % 100 == 0) parser.clear();
    }
  }
}

}  // namespace
}  // namespace fastload
