#include "sqldump/insert_reader.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <optional>

#include "text/text.h"

namespace fastload::sqldump {
namespace {

constexpr std::size_t npos = std::string_view::npos;

// Reads the head's words and names; `incomplete` when the text ends before it can tell.
struct HeadParser {
  std::string_view t;
  std::size_t i = 0;
  bool at_end = false;
  SqlMode mode;
  bool incomplete = false;

  bool blanks() {
    if (!skip_blanks(t, i, at_end) || (i == t.size() && !at_end)) incomplete = true;
    return !incomplete;
  }
  // The next word, lower case, not consumed: "" when none (or incomplete).
  std::string peek_word() {
    if (!blanks()) return "";
    std::size_t j = i;
    while (j < t.size() && name_byte(t[j])) ++j;
    if (j == t.size() && !at_end) incomplete = true;
    return incomplete ? "" : ascii_lower(t.substr(i, j - i));
  }
  bool take(std::string_view word) {
    if (peek_word() != word) return false;  // (blanks before it are passed)
    i += word.size();
    return true;
  }
  // A name: `a``b`, "a" (ANSI_QUOTES) or a run of name bytes; nullopt when none is there.
  std::optional<std::string> name() {
    if (!blanks()) return std::nullopt;
    const char q = t[i];
    if (q == '`') {
      const std::optional<text::NameRead> read = text::read_name(t, i);
      if (!read) return incomplete = !at_end, std::nullopt;
      i = read->end;
      return read->name;
    }
    if (q == '"' && mode.ansi_quotes) {
      const std::size_t end = text::quoted_end(t, i, false);
      if (end == npos) return incomplete = !at_end, std::nullopt;
      std::string n = text::unquote(t.substr(i, end - i), false);
      i = end;
      return n;
    }
    std::size_t j = i;
    while (j < t.size() && name_byte(t[j])) ++j;
    if ((j == t.size() && !at_end) || j == i) return incomplete = j == t.size() && !at_end, std::nullopt;
    std::string n(t.substr(i, j - i));
    i = j;
    return n;
  }
  bool punct(char c) {
    if (!blanks() || t[i] != c) return false;
    ++i;
    return true;
  }
};

}  // namespace

bool is_insert(std::string_view start) {
  HeadParser p{start, 0, true, {}};
  const std::string w = p.peek_word();
  return w == "insert" || w == "replace";
}

InsertReader::InsertReader(SqlMode mode, std::size_t max_tuple) : mode_(mode), max_(std::max<std::size_t>(max_tuple, 1)) {}

void InsertReader::feed(std::string_view bytes) {
  lines_before(pos_);
  buf_.erase(0, pos_);
  base_ += pos_;
  counted_at_ -= pos_;
  pos_ = 0;
  buf_.append(bytes);
}

void InsertReader::finish() { finished_ = true; }

std::uint64_t InsertReader::lines_before(std::size_t at) {
  // memchr: asked a tuple, and an extended INSERT's tuples are on one line
  for (const char *from = buf_.data() + counted_at_, *end = buf_.data() + at;
       from < end && (from = static_cast<const char*>(std::memchr(from, '\n', end - from))) != nullptr; ++from)
    ++counted_lines_;
  counted_at_ = std::max(counted_at_, at);
  return counted_lines_;
}

InsertReader::Step InsertReader::refuse(std::size_t at, std::string reason) {
  refusal_ = {base_ + at, lines_before(at), std::move(reason)};
  phase_ = Phase::refused;
  return Step::refused;
}

InsertReader::Step InsertReader::incomplete(std::string_view what) {
  if (finished_) return refuse(buf_.size(), "the statement ends inside its " + std::string(what));
  if (buf_.size() - pos_ > max_)
    return refuse(pos_, "its " + std::string(what) + " is longer than " + std::to_string(max_) + " bytes");
  return Step::more;
}

InsertReader::Step InsertReader::next() {
  switch (phase_) {
    case Phase::head: return read_head();
    case Phase::first: case Phase::after: return read_tuple();
    case Phase::done: return Step::end;
    case Phase::refused: return Step::refused;
    case Phase::other: return Step::other;
  }
  return Step::end;
}

InsertReader::Step InsertReader::read_head() {
  HeadParser p{buf_, pos_, finished_, mode_};
  const std::string verb = p.peek_word();
  if (p.incomplete) return incomplete("head");
  if (verb != "insert" && verb != "replace") return phase_ = Phase::other, Step::other;
  p.take(verb);
  head_.kind = verb == "replace" ? InsertKind::replace : InsertKind::insert;
  while (p.take("low_priority") || p.take("delayed") || p.take("high_priority")) {}
  if (verb == "insert" && p.take("ignore")) head_.kind = InsertKind::insert_ignore;
  p.take("into");
  std::optional<std::string> first = p.name(), second;
  const bool dotted = first && p.punct('.');
  if (dotted) second = p.name();
  if (p.incomplete) return incomplete("head");
  if (!first || (dotted && !second))
    return refuse(p.i, "no table name where the INSERT names its table");
  head_.database = second ? *first : "";
  head_.table = second ? *second : *first;
  head_.columns.clear();
  head_.columns_listed = p.punct('(');
  for (bool more = head_.columns_listed && !p.punct(')'); more;) {
    std::optional<std::string> column = p.name();
    if (!column) break;
    head_.columns.push_back(*column);
    more = p.punct(',');
    if (!more && !p.punct(')')) column.reset();
    if (!more && !column) return p.incomplete ? incomplete("head") : refuse(p.i, "a column list that is not names");
  }
  const std::size_t values_at = p.i;
  if (!p.take("values") && !p.take("value"))
    return p.incomplete ? incomplete("head") : refuse(values_at, "no VALUES where the INSERT's rows should be");
  pos_ = p.i;
  phase_ = Phase::first;
  return Step::head;
}

InsertReader::Step InsertReader::read_tuple() {
  const std::string_view t = buf_;
  std::size_t i = pos_;
  if (!skip_blanks(t, i, finished_)) return incomplete("tuple");
  if (phase_ == Phase::after) {
    if (i == t.size() && finished_) return phase_ = Phase::done, Step::end;
    if (i == t.size()) return incomplete("tuple");
    if (t[i] != ',') return refuse(i, "not ',' and the next row after a row (only VALUES rows are read)");
    ++i;
    if (!skip_blanks(t, i, finished_)) return incomplete("tuple");
  }
  if (i == t.size()) return incomplete("tuple");
  if (t[i] != '(') return refuse(i, "not '(' where a row of VALUES starts");
  const std::size_t open = i++;
  std::size_t count = 0;
  if (!skip_blanks(t, i, finished_) || i == t.size()) return incomplete("tuple");
  for (bool more = t[i] != ')'; more; ++count) {
    if (count == tuple_.values.size()) tuple_.values.emplace_back();
    Literal& value = tuple_.values[count];
    const Lexed r = read_literal(t, i, finished_, mode_, value);
    if (r == Lexed::more || (r == Lexed::done && i == t.size())) return incomplete("tuple");
    if (r == Lexed::refused || (t[i] != ',' && t[i] != ')'))
      return refuse(r == Lexed::refused ? i : value.offset,
                    "a value that is not a literal (an expression, a function, DEFAULT, a name or a variable)");
    value.offset += base_;
    more = t[i++] == ',';
  }
  if (count == 0) ++i;  // "()"
  tuple_.values.resize(count);
  tuple_.offset = base_ + open;
  tuple_.lines = lines_before(open);
  pos_ = i;
  phase_ = Phase::after;
  return Step::tuple;
}

}  // namespace fastload::sqldump
