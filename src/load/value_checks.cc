#include "load/value_checks.h"

#include <charconv>
#include <fmt/core.h>

#include "table/table.h"
#include "text/text.h"

namespace fastload::load {
namespace {

bool is_temporal(const std::string& type) {
  return type == "date" || type == "datetime" || type == "timestamp" || type == "time";
}

// The checks one column takes, but the kinds accepted.
void add_checks(std::size_t field, const table::Column& c, unsigned accepted, std::vector<FieldCheck>& out) {
  auto add = [&](request::Conversion kind) {
    if ((accepted & kind) == 0)
      out.push_back({field, kind, &c, c.type == "date" ? 0u : c.fraction_digits, c.type == "time"});
  };
  if (c.integer || c.type == "year") add(request::kIntFraction);
  if (is_temporal(c.type)) add(request::kTimeFraction);
  if (c.type == "timestamp" && !c.nullable) add(request::kTimestampNull);
  if (c.type == "bit") add(request::kBitText);
  if (c.type == "enum" || c.type == "set") add(request::kEnumIndex);
}

// The value as a message shows it: at most 40 bytes.
std::string shown(std::string_view value) {
  return value.size() <= 40 ? fmt::format("'{}'", value) : fmt::format("'{}...'", value.substr(0, 40));
}

std::string ordinal(unsigned long n) {
  const char* suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd"
                       : n % 10 == 3 ? "rd" : "th";
  return fmt::format("{}{}", n, suffix);
}

// What an ENUM or SET column makes of a number: the member it stores, or the members of the bit mask.
std::string read_as_number(const table::Column& c, std::string_view value) {
  const std::size_t at = value.find_first_not_of(" \t\n\v\f\r+");
  std::uint64_t n = 0;
  bool in_range = value[at] != '-' && std::from_chars(value.data() + at, value.data() + value.size(), n).ec ==
                                          std::errc();
  if (c.type == "enum") {
    if (!in_range || n == 0 || n > c.members.size())
      return "reads a number there as a member's index (this one out of range, refused)";
    return fmt::format("would store its {} member, '{}', without a word", ordinal(n), c.members[n - 1]);
  }
  if (!in_range || (c.members.size() < 64 && n >> c.members.size() != 0))
    return "reads a number there as a bit mask of members (this one out of range, refused)";
  std::string members;
  for (std::size_t i = 0; i < c.members.size() && i < 64; ++i)
    if (n >> i & 1) members += (members.empty() ? "" : ",") + c.members[i];
  return fmt::format("would store it as a bit mask of members, '{}', without a word", members);
}

}  // namespace

std::vector<FieldCheck> field_checks(const table::Target& target, const plan::TablePlan& options) {
  std::vector<FieldCheck> checks;
  const unsigned accepted = options.accepted_conversions;
  if (accepted == request::kAllConversions) return checks;
  if (options.columns.empty()) {
    std::vector<const table::Column*> columns = table::default_columns(target);
    for (std::size_t i = 0; i < columns.size(); ++i) add_checks(i, *columns[i], accepted, checks);
    return checks;
  }
  for (std::size_t i = 0; i < options.columns.size(); ++i)
    if (!options.columns[i].variable)
      if (const table::Column* c = table::find_column(target, options.columns[i].name)) add_checks(i, *c, accepted, checks);
  return checks;
}

bool converted(const FieldCheck& check, const text::Field& f) {
  if (f.is_null) return check.kind == request::kTimestampNull;
  switch (check.kind) {
    case request::kIntFraction: return text::integer_loses_fraction(f.value);
    case request::kTimeFraction:
      return text::fraction_beyond(f.value, check.fraction_digits, check.time);
    case request::kBitText: return text::only_digits(f.value);
    case request::kEnumIndex: return text::number_not_member(f.value, check.column->members);
    default: return false;
  }
}

std::string conversion_message(const FieldCheck& check, std::string_view value) {
  const table::Column& c = *check.column;
  const std::string name = text::quote_identifier(c.name);
  switch (check.kind) {
    case request::kIntFraction:
      return fmt::format("column {} ({}) takes whole numbers: the server would round {} without a word; give a "
                         "whole number, or --accept-conversion int-fraction to load it rounded", name, c.type,
                         shown(value));
    case request::kTimeFraction:
      return fmt::format("column {} ({}{}) keeps {} fraction digits: the server would cut {} without a word; "
                         "widen the column, or --accept-conversion time-fraction to load it cut", name, c.type,
                         c.type == "date" ? "" : fmt::format("({})", c.fraction_digits),
                         c.type == "date" ? 0 : c.fraction_digits, shown(value));
    case request::kTimestampNull:
      return fmt::format("column {} is TIMESTAMP NOT NULL: the server would store the current time for this NULL "
                         "without a word; give a value, make the column NULL, or --accept-conversion "
                         "timestamp-null to store the current time", name);
    case request::kBitText: {
      std::string bytes;
      for (char ch : value.substr(0, 8)) bytes += fmt::format("{:02X}", static_cast<unsigned char>(ch));
      return fmt::format("column {} is {}: the server would store the text's bytes without a word, {} as 0x{}{}, "
                         "not the number; to load the number read the field into a variable and convert it, e.g. "
                         "--columns ...,@{},... --set '{} = CAST(@{} AS UNSIGNED)', or --accept-conversion bit-text "
                         "to store the bytes", name, c.type, shown(value), bytes, value.size() > 8 ? "..." : "",
                         c.name, name, c.name);
    }
    case request::kEnumIndex: {
      return fmt::format("column {} ({}) has no member named {}: the server {}; give the member's name, or --accept-conversion enum-index to load it so", name, c.type,
                         shown(value), read_as_number(c, value));
    }
    default: return "";
  }
}

ValueChecker::ValueChecker(const table::Target& target, const plan::TablePlan& options)
    : checks_(field_checks(target, options)), charsets_(charset_checks(target, options)),
      scanner_(options.source.dialect), parser_(options.source.dialect) {}

bool ValueChecker::check_row(const std::vector<text::Field>& fields, std::uint64_t row,
                             std::vector<Problem>& problems, std::uint64_t whole) const {
  const std::size_t before = problems.size();
  auto refuse = [&](std::string message) {
    Problem p;
    p.row_in_chunk = row;
    p.message = std::move(message);
    problems.push_back(std::move(p));
  };
  for (const FieldCheck& check : checks_)
    if (check.field < fields.size() && !(check.kind == request::kIntFraction && check.field < 64 && (whole >> check.field & 1)) &&
        converted(check, fields[check.field]))
      refuse(conversion_message(check, fields[check.field].value));
  for (const CharsetCheck& check : charsets_) {
    if (check.field >= fields.size() || fields[check.field].is_null) continue;
    if (!wrong_charset(check.kind, fields[check.field].value)) continue;
    refuse(charset_message(check, fields[check.field].value));
    break;  // the row's other such fields say the same
  }
  return problems.size() == before;
}

std::vector<Problem> ValueChecker::check(std::string_view bytes, const Chunk& chunk) {
  std::vector<Problem> problems;
  const std::string_view text = bytes.substr(chunk.begin, chunk.size());
  // Without value checks, only a row with a byte above 0x7F needs parsing (ASCII reads the same in every charset
  // a dump is written in): the chunk, then each row, is scanned for one first, eight bytes a step.
  const bool text_only = checks_.empty();
  if (text_only && (charsets_.empty() || !text::has_high_byte(text))) return problems;
  std::uint64_t row = 0;
  scanner_.for_each_row(text, [&](std::string_view row_text, std::uint64_t, text::RowEnd end) {
    ++row;
    if (text_only && !text::has_high_byte(row_text)) return true;
    fields_.clear();
    parser_.clear();
    parser_.parse_row(row_text, end, fields_);
    check_row(fields_, row, problems);
    return true;
  });
  return problems;
}

}  // namespace fastload::load
