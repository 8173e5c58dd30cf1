#include "cli/cli_values.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fmt/core.h>

#include "text/text.h"

namespace fastload::cli {

std::optional<std::uint64_t> parse_whole_number(std::string_view text, std::uint64_t least, std::uint64_t most) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  auto [stop, error] = std::from_chars(text.data(), end, value, 10);  // digits only: no sign, blank or prefix
  if (text.empty() || error != std::errc() || stop != end || value < least || value > most) return std::nullopt;
  return value;
}

std::uint64_t parse_size(const std::string& text, const std::string& option) {
  const std::string what = option.empty() ? fmt::format("'{}'", text) : fmt::format("{} '{}'", option, text);
  std::size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  if (digits == 0 || digits > 18) throw usage_error(fmt::format("{} is not a size such as 64M", what));
  std::uint64_t value = std::stoull(text.substr(0, digits));
  std::string unit = text.substr(digits);
  std::transform(unit.begin(), unit.end(), unit.begin(), [](unsigned char c) { return std::toupper(c); });
  int shift = -1;
  if (unit == "" || unit == "B") shift = 0;
  if (unit == "K" || unit == "KB" || unit == "KIB") shift = 10;
  if (unit == "M" || unit == "MB" || unit == "MIB") shift = 20;
  if (unit == "G" || unit == "GB" || unit == "GIB") shift = 30;
  if (shift < 0) throw usage_error(fmt::format("{} is not a size such as 64M (units: K, M, G)", what));
  if (value > (UINT64_MAX >> shift)) throw usage_error(fmt::format("{} is too large a size", what));
  return value << shift;
}

std::pair<std::string, std::string> parse_table_name(const std::string& text, const std::string& option) {
  auto bad = [&] {
    const std::string example = option.empty() ? "" : fmt::format(", e.g. {} mydb.loads", option);
    return usage_error(fmt::format("{}'{}' is not DB.TABLE: give the database and the table{} (quote names that "
                                   "hold dots with backticks: `my.db`.`my.table`)",
                                   option.empty() ? "" : option + " ", text, example));
  };
  // Unquoted, the database's name ends at the first dot, the table's at the end.
  const std::optional<text::NameRead> database = text::read_name(text, 0, ".");
  if (!database || database->end >= text.size() || text[database->end] != '.') throw bad();
  const std::optional<text::NameRead> table = text::read_name(text, database->end + 1);
  if (!table || table->end != text.size() || database->name.empty() || table->name.empty()) throw bad();
  return {database->name, table->name};
}

std::pair<std::string, std::string> parse_target(const std::string& text) {
  const std::optional<text::NameRead> database = text::read_name(text, 0, ".");
  if (database && database->end == text.size() && !database->name.empty()) return {database->name, ""};
  try {
    return parse_table_name(text);
  } catch (const Failure&) {
    throw usage_error(fmt::format("'{}' is neither DB.TABLE nor a database's name (quote names that hold dots "
                                  "with backticks: `my.db`.`my.table`)", text));
  }
}

// "K/N" with 1 <= K <= N.
std::pair<unsigned, unsigned> parse_part(const std::string& text) {
  constexpr std::uint64_t most = 65535;
  const std::size_t slash = text.find('/');
  std::optional<std::uint64_t> n, k;
  if (slash != std::string::npos) {
    n = parse_whole_number(std::string_view(text).substr(slash + 1), 1, most);
    k = parse_whole_number(std::string_view(text).substr(0, slash), 1, n.value_or(0));
  }
  if (!k || !n)
    throw usage_error(fmt::format("--part '{}' is not K/N with 1 <= K <= N <= {}, e.g. --part 2/4", text, most));
  return {static_cast<unsigned>(*k), static_cast<unsigned>(*n)};
}

// WHERE: an option file (*.cnf) or [user@]host[:port] / [user@]/socket. A password never goes on the command
// line, where `ps` shows it. `text` is the option's whole value, for messages.
request::ConnectionOptions parse_where(const std::string& option, const std::string& text, std::string where) {
  auto bad = [&](const std::string& why) { return usage_error(fmt::format("{} '{}': {}", option, text, why)); };
  request::ConnectionOptions c;
  if (where.ends_with(".cnf")) {
    c.defaults_file = where;
    return c;
  }
  if (std::size_t at = where.rfind('@'); at != std::string::npos) {
    c.user = where.substr(0, at);
    where.erase(0, at + 1);
    if (c.user.find(':') != std::string::npos)
      throw bad("a password does not go on the command line (ps shows it): put it in an option file and give "
                "FILE.cnf");
  }
  if (where.starts_with("/")) {
    c.socket = where;
    return c;
  }
  std::size_t colon = where.rfind(':');
  c.host = where.substr(0, colon);
  if (colon != std::string::npos) {
    std::string port = where.substr(colon + 1);
    std::optional<std::uint64_t> number = parse_whole_number(port, 1, 65535);
    if (!number) throw bad(fmt::format("'{}' is not a TCP port", port));
    c.port = static_cast<unsigned>(*number);
  }
  if (c.host.empty()) throw bad("no host: give [user@]host[:port], [user@]/path/to/socket or FILE.cnf");
  return c;
}

request::ShardConnection parse_shard(const std::string& text) {
  std::size_t eq = text.find('=');
  if (eq == 0 || eq == std::string::npos || eq + 1 == text.size())
    throw usage_error(fmt::format("--shard '{}': give NAME=WHERE, e.g. --shard s1=/etc/fastload/s1.cnf or "
                                  "--shard s1=loader@db1:3306", text));
  return {text.substr(0, eq), parse_where("--shard", text, text.substr(eq + 1))};
}

request::ShardConnection parse_replica(const std::string& text) {
  std::size_t eq = text.find('=');
  if (eq == 0 || eq + 1 == text.size())
    throw usage_error(fmt::format("--replica '{}': give [NAME=]WHERE, e.g. --replica r1=loader@db2:3306", text));
  if (eq == std::string::npos) return {text, parse_where("--replica", text, text)};
  return {text.substr(0, eq), parse_where("--replica", text, text.substr(eq + 1))};
}

std::vector<request::ColumnEntry> parse_columns(const std::string& text) {
  std::vector<request::ColumnEntry> columns;
  for (std::string entry : text::split_names(text)) {
    entry.erase(0, entry.find_first_not_of(" \t"));
    request::ColumnEntry column;
    column.variable = !entry.empty() && entry[0] == '@';
    if (!text::parse_name(std::string_view(entry).substr(column.variable), column.name))
      throw usage_error(fmt::format("--columns '{}': '{}' is not a column name or @variable; separate the "
                                    "entries with single commas, and put a name holding a comma in backticks",
                                    text, entry));
    columns.push_back(std::move(column));
  }
  return columns;
}

std::vector<std::string> parse_partitions(const std::string& text) {
  std::vector<std::string> partitions;
  for (std::string entry : text::split_names(text)) {
    std::string name;
    if (!text::parse_name(entry, name))
      throw usage_error(fmt::format("--partition '{}': '{}' is not a partition name; separate the names with "
                                    "single commas, and put a name holding a comma in backticks", text, entry));
    partitions.push_back(std::move(name));
  }
  return partitions;
}

namespace {
const std::vector<std::pair<std::string, unsigned>>& conversions() {
  static const std::vector<std::pair<std::string, unsigned>> all{
      {"int-fraction", request::kIntFraction}, {"time-fraction", request::kTimeFraction}, {"timestamp-null", request::kTimestampNull},
      {"bit-text", request::kBitText}, {"enum-index", request::kEnumIndex}, {"all", request::kAllConversions}};
  return all;
}

// "int-fraction, time-fraction, ... enum-index or all", for the message.
std::string conversion_kinds() {
  std::string kinds;
  for (std::size_t i = 0; i < conversions().size(); ++i)
    kinds += (i == 0 ? "" : i + 1 == conversions().size() ? " or " : ", ") + conversions()[i].first;
  return kinds;
}
}  // namespace

unsigned parse_conversions(const std::vector<std::string>& names) {
  unsigned bits = 0;
  for (const std::string& name : names) {
    auto known = std::find_if(conversions().begin(), conversions().end(),
                              [&](const auto& c) { return c.first == name; });
    if (known == conversions().end())
      throw usage_error(fmt::format("--accept-conversion '{}' is not a kind of conversion: give {} (several: "
                                    "comma-separated, or the option once for each)", name, conversion_kinds()));
    bits |= known->second;
  }
  return bits;
}

std::optional<bool> parse_flag_value(std::string_view text) {
  std::string word(text);
  std::transform(word.begin(), word.end(), word.begin(), [](unsigned char c) { return std::tolower(c); });
  if (word == "1" || word == "true" || word == "yes" || word == "on") return true;
  if (word == "0" || word == "false" || word == "no" || word == "off") return false;
  return std::nullopt;
}

std::string value_name(const std::string& type) { return type.empty() || type == "TEXT" ? "VALUE" : type; }

Failure value_missing(const std::string& option, const std::string& type) {
  const std::string value = value_name(type);
  return usage_error(fmt::format("{} needs a value: give {} {} (or {}={})", option, option, value, option, value));
}

request::Assignment parse_assignment(const std::string& text) {
  const text::SqlScan scan = text::scan_sql(text);
  auto bad = [&](const std::string& why) { return usage_error(fmt::format("--set '{}': {}", text, why)); };
  if (scan.unterminated) throw bad("a quote or comment is not closed");
  if (scan.equals.empty()) throw bad("give one assignment COLUMN = EXPRESSION, e.g. --set 'c = UPPER(@x)'");
  if (scan.equals.size() > 1)
    throw bad("more than one '=': give one assignment COLUMN = EXPRESSION, with a comparison in the expression "
              "in parentheses, e.g. --set 'c = (@x = 1)'");
  if (!scan.commas.empty()) throw bad("a ',' outside parentheses: give --set once for each column");
  if (!scan.placeholders.empty()) throw bad("a '?' outside quotes: an expression here takes no placeholders");
  if (std::string why = text::per_statement_use(text, scan); !why.empty()) throw bad(why);
  request::Assignment a;
  const std::size_t eq = scan.equals.front();
  if (!text::parse_name(std::string_view(text).substr(0, eq), a.column))
    throw bad("left of '=' must be one column name (in backticks if it holds spaces or symbols)");
  a.expression = text.substr(eq + 1);
  a.expression.erase(0, a.expression.find_first_not_of(" \t\r\n"));
  a.expression.erase(a.expression.find_last_not_of(" \t\r\n") + 1);
  if (a.expression.empty()) throw bad("the expression after '=' is empty");
  return a;
}

}  // namespace fastload::cli
