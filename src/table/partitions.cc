#include "table/partitions.h"

#include <algorithm>
#include <fmt/core.h>
#include <fmt/ranges.h>
#include <vector>

#include "base/base.h"
#include "text/text.h"

namespace fastload::table {
namespace {

// The table's partitions and subpartitions, in the table's order: the names
// a PARTITION clause may hold. Empty for a table without partitioning.
std::vector<std::string> partition_names(db::Session& session, const Target& t) {
  std::vector<std::string> names;
  auto add = [&](const std::optional<std::string>& name) {
    if (name && std::none_of(names.begin(), names.end(), [&](const std::string& n) { return n == *name; }))
      names.push_back(*name);
  };
  for (const db::Row& r : session.query(fmt::format(
           "SELECT PARTITION_NAME, SUBPARTITION_NAME FROM information_schema.PARTITIONS WHERE TABLE_SCHEMA = {} "
           "AND TABLE_NAME = {} ORDER BY PARTITION_ORDINAL_POSITION, SUBPARTITION_ORDINAL_POSITION",
           session.quote_string(t.database), session.quote_string(t.table)))) {
    add(r.at(0));
    add(r.at(1));
  }
  return names;
}

}  // namespace

std::string check_partitions(db::Session& session, const Target& target, const plan::TablePlan& options) {
  if (options.partitions.empty()) return "";
  std::vector<std::string> names = partition_names(session, target);
  if (names.empty())
    throw Failure(ExitCode::usage, fmt::format(
        "--partition {}: {} is not partitioned, so no row can go to a partition of it; leave out "
        "--partition", text::quote_identifier(options.partitions.front()), target.display));
  std::vector<std::string> listed;  // quoted, so a name holding ", " reads as one
  for (const std::string& name : names) listed.push_back(text::quote_identifier(name));
  std::vector<std::string> quoted;
  for (const std::string& wanted : options.partitions) {
    // The server compares partition names without case.
    if (std::none_of(names.begin(), names.end(), [&](const std::string& n) { return text::same_name(n, wanted); }))
      throw Failure(ExitCode::usage, fmt::format(
          "--partition: {} has no partition {}; its partitions (and subpartitions) are {}: name some "
          "of them", target.display, text::quote_identifier(wanted), fmt::join(listed, ", ")));
    quoted.push_back(text::quote_identifier(wanted));
  }
  return fmt::format(" PARTITION ({})", fmt::join(quoted, ", "));
}

}  // namespace fastload::table
