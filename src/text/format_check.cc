#include "text/format_check.h"

#include <algorithm>
#include <fmt/core.h>
#include <fmt/format.h>

#include "text/field_parser.h"
#include "text/identifiers.h"
#include "text/row_scanner.h"

namespace fastload::text {
namespace {

struct SampledRow {
  std::string_view text;  // without the line terminator
  std::uint64_t offset = 0, line = 0;  // in the input
  text::RowEnd end = text::RowEnd::kNewline;
  std::size_t fields = 0;  // as LOAD DATA counts them
};

bool fits(std::size_t fields, const RowWidth& width) { return fields >= width.required && fields <= width.fields; }

// The fields of `row` as LOAD DATA reads them, an empty one after the last entry dropped as it does.
std::vector<std::string> fields_of(text::FieldParser& parser, const SampledRow& row, const RowWidth& width) {
  std::vector<text::Field> fields;
  parser.parse_row(row.text, row.end, fields);
  drop_ignored_field(fields, width);
  std::vector<std::string> values;
  for (const text::Field& f : fields) values.emplace_back(f.is_null ? "\\N" : std::string(f.value));
  parser.clear();
  return values;
}

// The sample's rows (at most kFormatSampleRows of kFormatSampleBytes), field counts in `dialect`.
std::vector<SampledRow> read_rows(const Dialect& dialect, const FormatSample& sample, const RowWidth& width) {
  text::RowScanner scanner(dialect);
  text::FieldParser parser(dialect);
  std::vector<SampledRow> rows;
  std::uint64_t line = sample.first_line, counted_to = 0;
  scanner.for_each_row(sample.bytes, [&](std::string_view text, std::uint64_t offset, text::RowEnd end) {
    line += text::count_lines(sample.bytes, counted_to, offset);
    counted_to = offset;
    SampledRow row{text, sample.first_byte + offset, line, end, 0};
    row.fields = fields_of(parser, row, width).size();
    rows.push_back(row);
    return rows.size() < kFormatSampleRows && offset < kFormatSampleBytes;
  });
  return rows;
}

Location where(const FormatSample& sample, const SampledRow& row) { return {sample.file, row.line, row.offset}; }

// Every row ends with a CR the line terminator leaves in the last value.
std::optional<FormatMismatch> check_cr(const FormatSample& sample, const std::vector<SampledRow>& rows,
                                       const FormatExpectation& expected) {
  if (expected.cr_meant) return std::nullopt;
  std::size_t ended = 0;
  for (const SampledRow& row : rows) {
    if (row.end != text::RowEnd::kNewline) continue;
    if (!row.text.ends_with('\r')) return std::nullopt;
    ++ended;
  }
  if (ended == 0) return std::nullopt;
  return FormatMismatch{where(sample, rows.front()),
                        fmt::format("the rows end with CR LF (a Windows file: {} of the first {} rows), and the line "
                                    "terminator is LF, so the server would keep each CR at the end of the row's "
                                    "last value without a warning; load it with --lines-terminated-by '\\r\\n'",
                                    ended, rows.size())};
}

// Another dialect in which every row of the sample has the right field count, as its options.
struct Candidate {
  Dialect dialect;
  const char* options;
};

std::vector<Candidate> candidates(const Dialect& given) {
  auto like_given = [&](Dialect d) {
    d.line_terminator = given.line_terminator;
    d.line_start = given.line_start;
    d.skip_rows = given.skip_rows;
    return d;
  };
  Dialect semicolon = csv_dialect(), pipe;
  semicolon.field_terminator = ";";
  pipe.field_terminator = "|";
  std::vector<Candidate> all{{like_given(csv_dialect()), "--csv"},
                             {like_given(Dialect{}), "the default format (tab-separated: leave out --csv and "
                                                     "--fields-terminated-by)"},
                             {like_given(semicolon), "--csv --fields-terminated-by ';'"},
                             {like_given(pipe), "--fields-terminated-by '|'"}};
  std::erase_if(all, [&](const Candidate& c) { return c.dialect.field_terminator == given.field_terminator; });
  return all;
}

std::optional<std::string> dialect_hint(const FormatSample& sample, const RowWidth& width, const Dialect& given) {
  for (const Candidate& c : candidates(given)) {
    std::vector<SampledRow> rows = read_rows(c.dialect, sample, width);
    if (!rows.empty() && std::all_of(rows.begin(), rows.end(), [&](const SampledRow& r) {
          return fits(r.fields, width);
        }))
      return fmt::format("every one of the first {} rows has the right number of fields read as {}: load the file "
                         "with {}", rows.size(), describe(c.dialect), c.options);
  }
  return std::nullopt;
}

std::optional<FormatMismatch> check_field_counts(const Dialect& dialect, const FormatSample& sample,
                                                 const std::vector<SampledRow>& rows,
                                                 const FormatExpectation& expected) {
  std::vector<const SampledRow*> bad;
  for (const SampledRow& row : rows)
    if (!fits(row.fields, expected.width)) bad.push_back(&row);
  if (bad.size() <= expected.max_errors) return std::nullopt;
  const SampledRow& first = *bad.front();
  std::string message = wrong_field_count(0, first.fields, expected.width).message;
  if (sample.starts_input && bad.size() == 1 && &first == &rows.front() && rows.size() > 1)
    return FormatMismatch{where(sample, first), message + fmt::format(", and the {} rows after it have the right "
                                                                      "number: a header line? Leave it out with "
                                                                      "--skip-rows 1", rows.size() - 1)};
  if (bad.size() * 2 < rows.size()) return std::nullopt;  // a few bad rows, not the format: the load names each one
  message += fmt::format(" ({} of the first {} rows have a wrong number of fields)", bad.size(), rows.size());
  if (auto hint = dialect_hint(sample, expected.width, dialect)) return FormatMismatch{where(sample, first),
                                                                                       message + "; " + *hint};
  message += first.fields > expected.width.fields
                 ? "; check the format options (--csv, --fields-terminated-by), or read the fields the table has no "
                   "column for into @variables with --columns (e.g. --columns a,b,@skip)"
                 : "; check the format options (--csv, --fields-terminated-by), or name the columns the fields fill "
                   "with --columns";
  return FormatMismatch{where(sample, first), message};
}

// The first row holds the names of the columns its fields fill: the file's header.
std::optional<FormatMismatch> check_header(const Dialect& dialect, const FormatSample& sample,
                                           const std::vector<SampledRow>& rows, const FormatExpectation& expected) {
  if (!sample.starts_input || expected.header_given || rows.empty() || !fits(rows[0].fields, expected.width))
    return std::nullopt;
  text::FieldParser parser(dialect);
  std::vector<std::string> values = fields_of(parser, rows[0], expected.width);
  std::size_t named = 0;
  for (std::size_t i = 0; i < values.size() && i < expected.names.size(); ++i) {
    if (expected.names[i].empty()) continue;  // a @variable: any value
    std::string_view value = values[i];
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
    while (!value.empty() && (value.back() == ' ' || value.back() == '\t' || value.back() == '\r'))
      value.remove_suffix(1);
    if (!same_name(value, expected.names[i])) return std::nullopt;
    ++named;
  }
  if (named == 0) return std::nullopt;
  return FormatMismatch{where(sample, rows[0]),
                        fmt::format("the first row holds the names of the columns its fields fill ({}): a header "
                                    "line, which would be loaded as a row; leave it out with --skip-rows 1 (or give "
                                    "--skip-rows 0 to load it as a row)",
                                    fmt::join(values.begin(), values.begin() + std::min(values.size(), std::size_t{8}),
                                              ", "))};
}

}  // namespace

std::optional<FormatMismatch> check_format(const Dialect& dialect, const FormatSample& sample,
                                           const FormatExpectation& expected) {
  if (expected.width.fields == 0) return std::nullopt;  // no column known (a server that lists none): nothing to compare
  std::vector<SampledRow> rows = read_rows(dialect, sample, expected.width);
  if (auto cr = check_cr(sample, rows, expected)) return cr;
  if (auto counts = check_field_counts(dialect, sample, rows, expected)) return counts;
  return check_header(dialect, sample, rows, expected);
}

}  // namespace fastload::text
