#include "text/clock_calls.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>

#include "text/identifiers.h"
#include "text/sql_text.h"

namespace fastload::text {
namespace {

enum class Part { datetime, date, time, unix_seconds };

struct ClockFunction {
  std::string_view name;
  Part part;
  bool utc;
  bool takes_precision;  // NOW(6); CURDATE() takes none
  bool bare;             // a keyword the server also reads without parentheses: CURRENT_TIMESTAMP
};

// The functions whose value is the statement's time (MariaDB's sql_yacc and item_timefunc: each reads
// thd->query_start, which SET timestamp moves).
constexpr std::array<ClockFunction, 12> kFunctions{{
    {"now", Part::datetime, false, true, false},
    {"current_timestamp", Part::datetime, false, true, true},
    {"localtime", Part::datetime, false, true, true},
    {"localtimestamp", Part::datetime, false, true, true},
    {"curdate", Part::date, false, false, false},
    {"current_date", Part::date, false, false, true},
    {"curtime", Part::time, false, true, false},
    {"current_time", Part::time, false, true, true},
    {"utc_timestamp", Part::datetime, true, true, true},
    {"utc_date", Part::date, true, false, true},
    {"utc_time", Part::time, true, true, true},
    {"unix_timestamp", Part::unix_seconds, false, false, false},
}};

const ClockFunction* clock_function(std::string_view word) {
  for (const ClockFunction& f : kFunctions)
    if (same_name(word, f.name)) return &f;
  return nullptr;
}

std::size_t skip_spaces(std::string_view s, std::size_t i) {
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  return i;
}

// A call's arguments from its '(' on: the end of its ')' and the precision written (-1: none), or nullopt when
// they are not what the rewrite can read (an expression, a precision above 6).
struct Arguments {
  std::size_t end = 0;
  int precision = -1;
};
std::optional<Arguments> arguments(std::string_view sql, std::size_t open) {
  std::size_t i = skip_spaces(sql, open + 1);
  Arguments a;
  if (i < sql.size() && std::isdigit(static_cast<unsigned char>(sql[i]))) {
    a.precision = sql[i++] - '0';
    if (a.precision > 6 || (i < sql.size() && std::isdigit(static_cast<unsigned char>(sql[i])))) return std::nullopt;
    i = skip_spaces(sql, i);
  }
  if (i >= sql.size() || sql[i] != ')') return std::nullopt;
  a.end = i + 1;
  return a;
}

std::string literal(const ClockFunction& f, const ClockReading& clock, int precision) {
  const std::string& at = f.utc ? clock.utc : clock.local;
  const std::size_t fraction = precision > 0 ? static_cast<std::size_t>(precision) + 1 : 0;
  switch (f.part) {
    case Part::datetime: return "TIMESTAMP'" + at.substr(0, 19 + fraction) + "'";
    case Part::date: return "DATE'" + at.substr(0, 10) + "'";
    case Part::time: return "TIME'" + at.substr(11, 8 + fraction) + "'";
    case Part::unix_seconds: break;
  }
  return clock.unix_seconds.substr(0, clock.unix_seconds.find('.'));
}

// One clock call found at a word of the scan: where it ends and its literal, or why it stays.
struct Found {
  std::size_t begin = 0, end = 0;
  std::optional<std::string> literal;  // nullopt: kept as written
};

std::optional<Found> clock_call(std::string_view sql, const SqlScan::Word& w, const ClockReading& clock) {
  const ClockFunction* f = w.qualified ? nullptr : clock_function(sql.substr(w.begin, w.end - w.begin));
  if (!f || (!w.call && !f->bare)) return std::nullopt;  // `now` alone: a column's name
  if (!w.call) return Found{w.begin, w.end, literal(*f, clock, 0)};
  const std::optional<Arguments> a = arguments(sql, skip_spaces(sql, w.end));
  if (f->part == Part::unix_seconds)  // UNIX_TIMESTAMP(x) converts x: its calls, if any, are found on their own
    return a && a->precision < 0 ? std::optional<Found>(Found{w.begin, a->end, literal(*f, clock, 0)}) : std::nullopt;
  if (!a || (a->precision >= 0 && !f->takes_precision)) return Found{w.begin, w.end, std::nullopt};
  return Found{w.begin, a->end, literal(*f, clock, std::max(a->precision, 0))};
}

}  // namespace

ClockRewrite with_clock(std::string_view sql, const ClockReading& clock, bool backslash_escapes) {
  ClockRewrite out;
  std::size_t at = 0;
  for (const SqlScan::Word& w : scan_sql(sql, backslash_escapes).words) {
    if (w.begin < at) continue;  // inside a call already replaced
    const std::optional<Found> found = clock_call(sql, w, clock);
    if (!found) continue;
    if (!found->literal) {
      out.kept.emplace_back(sql.substr(found->begin, found->end - found->begin));
      continue;
    }
    out.text.append(sql, at, found->begin - at).append(*found->literal);
    at = found->end;
    out.changed = true;
  }
  out.text.append(sql.substr(at));
  return out;
}

bool reads_clock(std::string_view sql, bool backslash_escapes) {
  const ClockRewrite r = with_clock(sql, ClockReading{"2000-01-01 00:00:00.000000", "2000-01-01 00:00:00.000000",
                                                      "946684800.000000"}, backslash_escapes);
  return r.changed || !r.kept.empty();
}

}  // namespace fastload::text
