// infer_columns and create_table_sql (column_types.h): the rules of docs/design.md#type-inference---create.
#include <algorithm>
#include <cstdint>
#include <string>

#include "base/base.h"
#include "schema/column_names.h"
#include "schema/column_types.h"
#include "schema/value_shape.h"
#include "text/text.h"

namespace fastload::schema {
namespace {

constexpr std::uint64_t kMaxVarchar = 768;     // characters: 3072 bytes of utf8mb4, InnoDB's longest index key
constexpr std::uint64_t kMaxVarbinary = 3072;  // bytes, for the same reason
constexpr std::uint64_t kMaxDecimalDigits = 65, kMaxDecimalScale = 38;  // MariaDB's DECIMAL(65,38)
constexpr std::uint64_t kMaxRowBytes = 65535;  // the server's row length, BLOB and TEXT bodies not counted
// InnoDB (ROW_FORMAT=DYNAMIC, 16K pages, innodb_strict_mode) refuses a table whose row could pass half a page,
// counting each column that may not leave the page at its longest: measured on MariaDB 10.11, a row takes
// 24 bytes (the header and the hidden row id, transaction id and roll pointer; 26 here, to be safe), a
// variable column of at most 255 bytes its bytes and one, one that may leave the page 21.
constexpr std::uint64_t kMaxPageRowBytes = 8126, kPageRowOverhead = 26, kOffPageBytes = 21;

// A column's type, with what the row-size rules need to know of it.
struct Choice {
  std::string type;
  std::string why;
  std::uint64_t row_bytes = 0;  // what the column takes of the row length
  bool variable = false;        // varchar or varbinary: may become text or blob
  std::uint64_t page_bytes = 0;  // what it takes of InnoDB's page at most: row_bytes, unless stored off it
};

// A varchar's or varbinary's choice of `bytes` bytes at most.
Choice variable_choice(std::string type, std::string why, std::uint64_t bytes) {
  const std::uint64_t row = bytes + (bytes > 255 ? 2 : 1);
  return {std::move(type), std::move(why), row, true, bytes > 255 ? kOffPageBytes : row};
}

std::uint16_t bits(std::initializer_list<Shape> shapes) {
  std::uint16_t all = 0;
  for (Shape s : shapes) all |= bit(s);
  return all;
}

bool only(const ColumnFacts& f, std::initializer_list<Shape> shapes) { return (f.shapes & ~bits(shapes)) == 0; }

// DECIMAL's storage: 4 bytes for 9 digits, fewer for the rest, on each side of the point.
std::uint64_t decimal_bytes(std::uint64_t digits) {
  static constexpr std::uint64_t kRest[] = {0, 1, 1, 2, 2, 3, 3, 4, 4};
  return digits / 9 * 4 + kRest[digits % 9];
}

Choice decimal_choice(std::uint64_t whole, std::uint64_t scale, std::string why) {
  if (scale > kMaxDecimalScale) return {.type = "", .why = "more than 38 fraction digits"};
  if (whole + scale > kMaxDecimalDigits) return {.type = "", .why = "more than 65 digits"};
  const std::uint64_t precision = std::max<std::uint64_t>(whole + scale, 1);
  return {"decimal(" + std::to_string(precision) + "," + std::to_string(scale) + ")", std::move(why),
          decimal_bytes(precision - scale) + decimal_bytes(scale)};
}

Choice integer_choice(const ColumnFacts& f) {
  struct Width {
    const char* name;
    std::uint64_t signed_max, unsigned_max, bytes;
  };
  static constexpr Width kWidths[] = {{"tinyint", 127, 255, 1},
                                      {"smallint", 32767, 65535, 2},
                                      {"mediumint", 8388607, 16777215, 3},
                                      {"int", 2147483647, 4294967295, 4},
                                      {"bigint", INT64_MAX, UINT64_MAX, 8}};
  const std::string range = (f.negative ? "from -" + std::to_string(f.max_negative) + " " : "") + "up to " +
                            std::to_string(f.max_positive);
  for (const Width& w : kWidths) {
    if (f.wide) break;
    if (!f.negative && f.max_positive <= w.unsigned_max)
      return {std::string(w.name) + (f.max_positive > w.signed_max ? " unsigned" : ""), "integers " + range, w.bytes};
    if (f.negative && f.max_positive <= w.signed_max && f.max_negative <= w.signed_max + 1)
      return {w.name, "integers " + range, w.bytes};
  }
  return decimal_choice(f.whole_digits, 0, "integers beyond bigint");
}

Choice temporal_choice(const ColumnFacts& f) {
  const std::string n = std::to_string(f.seconds_digits);
  const std::string digits = f.seconds_digits > 0 ? ", " + n + " fraction digits" : "";
  const std::uint64_t fraction_bytes = (f.seconds_digits + 1) / 2;
  if (only(f, {Shape::kDate})) return {"date", "dates", 3};
  if (only(f, {Shape::kTime})) return {"time(" + n + ")", "times" + digits, 3 + fraction_bytes};
  return {"datetime(" + n + ")", (f.shapes & bit(Shape::kDate) ? "dates and date-times" : "date-times") + digits,
          5 + fraction_bytes};
}

// Why a column that is not all of one kind is text: the first near miss it had, else the mix.
std::string text_reason(const ColumnFacts& f) {
  static constexpr std::pair<Shape, const char*> kNearMisses[] = {
      {Shape::kLeadingZeros, "leading zeros: kept as text"},
      {Shape::kNegativeZero, "negative zero: kept as text"},
      {Shape::kNumberLike, "a sign, blank, exponent or NaN a number would not keep: text"},
      {Shape::kBadTemporal, "not a real date or time: text"},
      {Shape::kEmpty, "an empty value among numbers or dates: text"}};
  if (f.shapes & bit(Shape::kText)) return "text";
  if (f.shapes == bit(Shape::kEmpty)) return "only empty values: text";
  for (const auto& [shape, why] : kNearMisses)
    if (f.shapes & bit(shape)) return why;
  return "numbers, dates and times mixed: text";
}

// TEXT and BLOB by the most bytes; what they take of the row is their length and pointer.
Choice long_text(const ColumnFacts& f, std::string why) {
  const char* prefix = f.max_bytes <= 65535 ? "" : f.max_bytes <= 16777215 ? "medium" : "long";
  const std::uint64_t row_bytes = f.max_bytes <= 65535 ? 10 : f.max_bytes <= 16777215 ? 11 : 12;
  return {std::string(prefix) + (f.binary ? "blob" : "text"), std::move(why), row_bytes, false, kOffPageBytes};
}

Choice text_choice(const ColumnFacts& f, std::string why) {
  if (f.binary) {
    why = "not valid UTF-8: binary, longest " + std::to_string(f.max_bytes) + " bytes";
    if (f.max_bytes > kMaxVarbinary) return long_text(f, why);
    const std::uint64_t n = std::max<std::uint64_t>(f.max_bytes, 1);
    return variable_choice("varbinary(" + std::to_string(n) + ")", why, n);
  }
  why += ", longest " + std::to_string(f.max_characters) + " characters";
  if (f.max_characters > kMaxVarchar) return long_text(f, why);
  const std::uint64_t n = std::max<std::uint64_t>(f.max_characters, 1);
  return variable_choice("varchar(" + std::to_string(n) + ")", why, 4 * n);
}

Choice choose_type(const ColumnFacts& f) {
  if (f.values == 0) return long_text(f, f.nulls > 0 ? "only NULLs: text" : "no values: text");
  if (only(f, {Shape::kDate, Shape::kDateTime}) || only(f, {Shape::kTime})) return temporal_choice(f);
  if (!only(f, {Shape::kInteger, Shape::kDecimal})) return text_choice(f, text_reason(f));
  Choice number = only(f, {Shape::kInteger}) ? integer_choice(f)
                                              : decimal_choice(f.whole_digits, f.fraction_digits, "decimals");
  return number.type.empty() ? text_choice(f, number.why + ": text") : number;
}

Choice choose(const ColumnFacts& f) {
  Choice c = choose_type(f);
  if (c.page_bytes == 0) c.page_bytes = c.row_bytes;  // a fixed-size column never leaves the page
  return c;
}

std::uint64_t total(const std::vector<Choice>& choices, std::size_t nullable, std::uint64_t Choice::*bytes) {
  std::uint64_t sum = (nullable + 7) / 8;
  for (const Choice& c : choices) sum += c.*bytes;
  return sum;
}

// The variable column that takes the most of `bytes`, if it takes more than `above`.
Choice* widest(std::vector<Choice>& choices, std::uint64_t Choice::*bytes, std::uint64_t above) {
  Choice* most = nullptr;
  for (Choice& c : choices)
    if (c.variable && c.*bytes > above && (!most || c.*bytes > most->*bytes)) most = &c;
  return most;
}

// InnoDB's page: the longest varchars of at most 255 bytes become the narrowest that may leave the page,
// varchar(64) (256 bytes) and varbinary(256), until the row fits. Their values stay as they are.
void fit_page(std::vector<Choice>& choices, std::size_t nullable) {
  while (total(choices, nullable, &Choice::page_bytes) + kPageRowOverhead > kMaxPageRowBytes) {
    Choice* c = widest(choices, &Choice::page_bytes, kOffPageBytes);
    if (!c) return;  // fixed-size columns alone: nothing a type can change
    const bool binary = c->type.starts_with("varbinary");
    const std::string was = c->type;
    *c = variable_choice(binary ? "varbinary(256)" : "varchar(64)", c->why + "; not " + was + ": page size limit",
                         256);
  }
}

// The server's row length: the widest varchar and varbinary columns become text and blob until it fits.
void fit_row(std::vector<Choice>& choices, const std::vector<ColumnFacts>& facts, std::size_t nullable) {
  while (total(choices, nullable, &Choice::row_bytes) > kMaxRowBytes) {
    Choice* c = widest(choices, &Choice::row_bytes, 0);
    if (!c) return;
    *c = long_text(facts[c - choices.data()], c->why + "; not " + c->type + ": row size limit");
  }
}

}  // namespace

std::vector<InferredColumn> infer_columns(const TableStats& stats, const std::vector<std::string>& header) {
  const std::size_t count = std::max(stats.columns(), header.size());
  std::vector<ColumnFacts> facts(count);
  std::vector<Choice> choices;
  std::size_t nullable = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (i < stats.columns()) facts[i] = stats.column(i).facts();
    else facts[i].absent = stats.rows();
    choices.push_back(choose(facts[i]));
    nullable += facts[i].nulls > 0 || facts[i].absent > 0 || facts[i].values == 0;
  }
  fit_page(choices, nullable);  // first: what it widens may pass the row length
  fit_row(choices, facts, nullable);
  const std::vector<ColumnName> names = column_names(header, count);
  std::vector<InferredColumn> columns;
  for (std::size_t i = 0; i < count; ++i) {
    const ColumnFacts& f = facts[i];
    InferredColumn c{names[i].name, choices[i].type, f.nulls > 0 || f.absent > 0 || f.values == 0, choices[i].why};
    if (f.absent > 0 && f.values + f.nulls > 0) c.why += "; missing in some rows: nullable";
    if (!names[i].why.empty()) c.why += "; " + names[i].why;
    columns.push_back(std::move(c));
  }
  return columns;
}

std::string create_table_sql(std::string_view database, std::string_view table,
                             const std::vector<InferredColumn>& columns) {
  if (columns.empty()) throw internal_error("create_table_sql: a table needs a column");
  std::string sql = "CREATE TABLE " + text::quote_identifier(database) + "." + text::quote_identifier(table) + " (";
  for (std::size_t i = 0; i < columns.size(); ++i) {
    sql += (i == 0 ? "\n  " : ",\n  ") + text::quote_identifier(columns[i].name) + " " + columns[i].type;
    if (!columns[i].nullable) sql += " NOT NULL";
  }
  return sql + "\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4";
}

}  // namespace fastload::schema
