#include "load/load_data_sink.h"

#include <cinttypes>
#include <cstdio>
#include <fmt/core.h>

#include "load/diagnose.h"
#include "load/statement_batch.h"

namespace fastload::load {

LoadDataSink::LoadDataSink(Session& session, const std::string& quoted_table, const std::string& charset,
                           const std::string& server_file)
    : session_(session), local_(server_file.empty()) {
  // The terminators as hex literals: immune to NO_BACKSLASH_ESCAPES. Under
  // LOCAL the file name is a placeholder: the session serves the chunk
  // whatever name the server asks for.
  statement_ = fmt::format(
      "LOAD DATA {} INTO TABLE {} CHARACTER SET {} "
      "FIELDS TERMINATED BY X'09' ESCAPED BY X'5C' LINES TERMINATED BY X'0A'",
      local_ ? "LOCAL INFILE 'fastload-chunk'" : "INFILE " + session.quote_string(server_file), quoted_table,
      charset);
  // Without LOCAL a strict sql_mode makes a bad value an error naming its row.
  if (!local_) require_strict_mode(session_);
}

std::string LoadDataSink::method() const {
  return local_ ? "LOAD DATA LOCAL INFILE, streamed from the mapping" : "LOAD DATA INFILE, read by the server";
}

SinkResult LoadDataSink::send(const Chunk& chunk, std::string_view file) {
  SinkResult result;
  if (local_) {
    if (!session_.load_local(statement_, file.substr(chunk.begin, chunk.size()), result.read_error)) {
      result.read_failed = true;
      return result;
    }
  } else {
    try {
      session_.execute(statement_);
    } catch (const ServerError& e) {
      if (!is_data_error(e.code())) throw;
      result.problems = server_problems(session_, 1);
      return result;
    }
  }
  result = parse_load_info(session_.info());
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
