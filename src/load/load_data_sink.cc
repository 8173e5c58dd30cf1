#include "load/load_data_sink.h"

#include <cinttypes>
#include <cstdio>
#include <fmt/core.h>

#include "load/diagnose.h"

namespace fastload::load {

LoadDataSink::LoadDataSink(Session& session, const std::string& quoted_table, const std::string& charset)
    : session_(session) {
  // The terminators as hex literals: immune to NO_BACKSLASH_ESCAPES. The file
  // name is a placeholder: the session serves the chunk whatever name it is.
  statement_ = fmt::format(
      "LOAD DATA LOCAL INFILE 'fastload-chunk' INTO TABLE {} CHARACTER SET {} "
      "FIELDS TERMINATED BY X'09' ESCAPED BY X'5C' LINES TERMINATED BY X'0A'",
      quoted_table, charset);
}

SinkResult LoadDataSink::send(const Chunk& chunk, std::string_view file) {
  std::string read_error;
  if (!session_.load_local(statement_, file.substr(chunk.begin, chunk.size()), read_error)) {
    SinkResult failed;
    failed.read_failed = true;
    failed.read_error = read_error;
    return failed;
  }
  SinkResult result = parse_load_info(session_.info());
  result.affected = session_.affected_rows();
  result.warnings = std::max<std::uint64_t>(result.warnings, session_.warning_count());
  if (!counts_match(result, chunk)) result.problems = server_problems(session_, 1);
  return result;
}

SinkResult parse_load_info(const std::string& info) {
  SinkResult result;
  if (std::sscanf(info.c_str(), "Records: %" SCNu64 " Deleted: %" SCNu64 " Skipped: %" SCNu64
                  " Warnings: %" SCNu64, &result.records, &result.deleted, &result.skipped,
                  &result.warnings) != 4)
    throw ServerError(0, "HY000", fmt::format("cannot read the server's LOAD DATA report '{}'", info));
  return result;
}

}  // namespace fastload::load
