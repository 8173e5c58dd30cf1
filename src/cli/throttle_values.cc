// The values of the options that throttle a load for replicated servers (docs/replicas.md).
#include <algorithm>
#include <cctype>
#include <charconv>
#include <fmt/core.h>

#include "base/base.h"
#include "cli/cli_values.h"

namespace fastload::cli {
namespace {

bool status_name(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '_';
  });
}

}  // namespace

std::vector<request::StatusLimit> parse_status_limits(const std::string& text, const std::string& option) {
  std::vector<request::StatusLimit> limits;
  std::size_t begin = 0;
  while (begin <= text.size()) {
    std::size_t end = std::min(text.find(',', begin), text.size());
    const std::string_view entry = std::string_view(text).substr(begin, end - begin);
    const std::size_t eq = entry.find('=');
    std::optional<std::uint64_t> limit;
    if (eq != std::string_view::npos) limit = parse_whole_number(entry.substr(eq + 1), 0, UINT64_MAX);
    if (eq == std::string_view::npos || !status_name(entry.substr(0, eq)) || !limit)
      throw usage_error(fmt::format("{} '{}': '{}' is not VARIABLE=N (a global status variable and a whole "
                                    "number), e.g. {} Threads_running=40", option, text, entry, option));
    const std::string name(entry.substr(0, eq));
    if (std::any_of(limits.begin(), limits.end(), [&](const request::StatusLimit& l) { return l.variable == name; }))
      throw usage_error(fmt::format("{} '{}': {} is given twice", option, text, name));
    limits.push_back({name, *limit});
    begin = end + 1;
  }
  return limits;
}

double parse_seconds(const std::string& text, const std::string& option) {
  double seconds = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seconds);
  if (error != std::errc() || end != text.data() + text.size() || !(seconds > 0) || seconds > 86400)
    throw usage_error(fmt::format("{} '{}': give the seconds as a number more than 0 and at most 86400, "
                                  "e.g. {} 2 or {} 0.5", option, text, option, option));
  return seconds;
}

}  // namespace fastload::cli
