// --mode load: the chunk's bytes go straight from the mapping to the server
// through one LOAD DATA LOCAL INFILE statement.
#pragma once

#include <string>

#include "fastload/sink.h"
#include "load/session.h"

namespace fastload::load {

class LoadDataSink : public Sink {
 public:
  LoadDataSink(Session& session, const std::string& quoted_table, const std::string& charset);
  SinkResult send(const Chunk& chunk, std::string_view file) override;
  std::string method() const override { return "LOAD DATA LOCAL INFILE, streamed from the mapping"; }

 private:
  Session& session_;
  std::string statement_;
};

// Parses mysql_info() after LOAD DATA: "Records: 3  Deleted: 0  Skipped: 0  Warnings: 0".
// Throws ServerError when the report has another shape.
SinkResult parse_load_info(const std::string& info);

}  // namespace fastload::load
