#include "table/given_ids.h"

#include <cmath>
#include <cstdlib>

#include "table/auto_ids.h"
#include "table/column_list.h"
#include "text/text.h"

namespace fastload::table {
namespace {

// The id a field gives, as the column stores it (the server rounds a fraction, which the value checks refuse
// unless --accept-conversion int-fraction), or 0 when it moves no cursor: not above 0 (the server moves it
// only for a positive id), or not a number (the server warns of it: the row is refused).
std::uint64_t given_id(std::string_view value) {
  std::string text(value);
  char* end = nullptr;
  long double v = std::strtold(text.c_str(), &end);
  if (end == text.c_str() || text.find_first_not_of(' ', static_cast<std::size_t>(end - text.c_str())) !=
                                 std::string::npos)
    return 0;
  if (!(v >= 0.5L) || v >= 18446744073709551615.0L) return 0;
  return static_cast<std::uint64_t>(std::roundl(v));
}

}  // namespace

std::uint64_t IdSeries::after(std::uint64_t v) const { return first_id(v + 1, increment, offset); }

GivenIds::GivenIds(const Target& target, const plan::TablePlan& options, bool zero_is_a_value, IdSeries series)
    : zero_is_a_value_(zero_is_a_value), series_(series), dialect_(options.source.dialect) {
  const Column* column = filled_auto_increment(target, options);
  if (!column) return;
  column_ = column->name;
  field_ = field_of(column->name, target, options).value_or(0);  // filled: a field holds it
}

template <class OnField>
void GivenIds::for_each_field(std::string_view file, const Chunk& chunk, OnField&& on_field) const {
  text::RowScanner scanner(dialect_);
  text::FieldParser parser(dialect_);
  std::vector<text::Field> fields;
  scanner.for_each_row(file.substr(chunk.begin, chunk.size()),
                       [&](std::string_view bytes, std::uint64_t, text::RowEnd end) {
    fields.clear();
    parser.parse_row(bytes, end, fields);
    on_field(field_ < fields.size() ? &fields[field_] : nullptr);
    parser.clear();
    return true;
  });
}

// A row without a field for the column is refused (its field count): it moves nothing.
IdStep GivenIds::row_step(const text::Field* field) const {
  if (!field) return {};
  if (makes_up_id(*field, zero_is_a_value_)) return {series_.increment, 0, 1};
  std::uint64_t id = field->is_null ? 0 : given_id(field->value);
  return {0, id ? series_.after(id) : 0, 0};
}

IdStep GivenIds::step(std::string_view file, const Chunk& chunk) const {
  IdStep total;
  for_each_field(file, chunk, [&](const text::Field* field) { total = total.then(row_step(field)); });
  return total;
}

std::vector<std::uint64_t> GivenIds::number(std::string_view file, const Chunk& chunk, std::uint64_t start) const {
  std::vector<std::uint64_t> ids;
  ids.reserve(chunk.rows);
  std::uint64_t cursor = start;
  for_each_field(file, chunk, [&](const text::Field* field) {
    IdStep step = row_step(field);
    ids.push_back(step.made_up ? cursor : 0);
    cursor = step.apply(cursor);
  });
  return ids;
}

bool GivenIdPlan::makes_up_ids() const {
  return std::any_of(steps.begin(), steps.end(), [](const auto& s) { return s.second.made_up > 0; });
}

void GivenIdPlan::start_at(std::uint64_t first) {
  starts.clear();
  std::uint64_t cursor = first;
  for (const auto& [ordinal, step] : steps) {
    starts.push_back(cursor);
    cursor = step.apply(cursor);
  }
  starts.push_back(cursor);
}

std::uint64_t GivenIdPlan::start_of(std::uint64_t ordinal) const {
  auto at = std::lower_bound(steps.begin(), steps.end(), ordinal,
                             [](const auto& s, std::uint64_t o) { return s.first < o; });
  return starts.at(static_cast<std::size_t>(at - steps.begin()));
}

std::uint64_t GivenIdPlan::end() const { return starts.empty() ? 0 : starts.back(); }

}  // namespace fastload::table
