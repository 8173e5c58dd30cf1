#include "table/analyze.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "text/text.h"

namespace fastload::table {
namespace {

// MariaDB writes 'Error' for some rows and 'error' for others.
bool is_error(const std::optional<std::string>& msg_type) {
  return msg_type && text::same_name(*msg_type, "error");
}

void warn(const Target& target, const std::string& what) {
  spdlog::warn("--analyze: ANALYZE TABLE {}: {}; the rows are loaded, but the table's statistics may be out of "
               "date: run ANALYZE TABLE yourself", target.display, what);
}

}  // namespace

std::vector<std::string> analyze_errors(const std::vector<db::Row>& result) {
  std::vector<std::string> errors;
  for (const db::Row& row : result)
    if (row.size() >= 4 && is_error(row[2])) errors.push_back(row[3].value_or(""));
  return errors;
}

void analyze(db::Session& control, const Target& target) {
  std::vector<db::Row> result;
  try {
    result = control.query("ANALYZE TABLE " + target.quoted);
  } catch (const db::ServerError& e) {
    return warn(target, fmt::format("{} (error {})", e.server_message(), e.code()));
  }
  std::vector<std::string> errors = analyze_errors(result);
  if (!errors.empty()) return warn(target, fmt::format("{}", fmt::join(errors, "; ")));
  spdlog::debug("ANALYZE TABLE {}: the statistics are up to date", target.display);
}

}  // namespace fastload::table
