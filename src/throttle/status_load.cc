#include "throttle/status_load.h"

#include <fmt/core.h>
#include <fmt/ranges.h>
#include <strings.h>

#include "base/base.h"

namespace fastload::throttle {
namespace {

std::optional<std::uint64_t> value_of(const std::vector<db::Row>& rows, const std::string& name) {
  for (const db::Row& row : rows)
    if (row.size() == 2 && row[0] && row[1] && strcasecmp(row[0]->c_str(), name.c_str()) == 0) try {
        return std::stoull(*row[1]);
      } catch (const std::exception&) {
        return std::nullopt;
      }
  return std::nullopt;
}

}  // namespace

StatusLoad::StatusLoad(Reconnecting::Open server, std::vector<request::StatusLimit> pause,
                       std::vector<request::StatusLimit> stop)
    : server_(std::move(server)), pause_(std::move(pause)), stop_(std::move(stop)) {
  std::vector<std::string> names;
  for (const auto* limits : {&pause_, &stop_})
    for (const request::StatusLimit& l : *limits) names.push_back(server_->quote_string(l.variable));
  query_ = fmt::format("SHOW GLOBAL STATUS WHERE Variable_name IN ({})", fmt::join(names, ", "));
  const std::vector<db::Row> rows = read();
  for (const auto* limits : {&pause_, &stop_})
    for (const request::StatusLimit& l : *limits)
      if (!value_of(rows, l.variable))
        throw Failure(ExitCode::usage, fmt::format(
            "{} {}: the server has no numeric global status variable of that name (SHOW GLOBAL STATUS lists "
            "them)", limits == &pause_ ? "--max-load" : "--critical-load", l.variable));
}

std::vector<db::Row> StatusLoad::read() { return server_->query(query_); }

void StatusLoad::sample(Reading& reading) noexcept {
  std::vector<db::Row> rows;
  try {
    rows = read();
  } catch (const std::exception& e) {
    server_.drop();
    add_reason(reading.pause, fmt::format("cannot read the server's status: {}", db::message_of(e)));
    return;
  }
  for (const request::StatusLimit& l : stop_)
    if (auto v = value_of(rows, l.variable); v && *v > l.limit)
      add_reason(reading.stop, fmt::format("{} is {} (--critical-load {}={})", l.variable, *v, l.variable, l.limit));
  for (const request::StatusLimit& l : pause_)
    if (auto v = value_of(rows, l.variable); v && *v > l.limit)
      add_reason(reading.pause, fmt::format("{} is {} (--max-load {}={})", l.variable, *v, l.variable, l.limit));
}

}  // namespace fastload::throttle
