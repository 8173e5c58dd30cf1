#include "sink/make_sink.h"

#include <filesystem>

#include "base/base.h"
#include "sink/load_data_sink.h"
#include "sink/prepared_insert_sink.h"
#include "sink/text_insert_sink.h"

namespace fastload::sink {

std::unique_ptr<Sink> make_sink(db::Session& session, const table::Target& target, const plan::TablePlan& options, const table::AutoIds* ids,
                                const std::string& file) {
  const request::ModeTraits& mode = request::traits(options.mode);
  if (mode.chosen) throw Failure(ExitCode::internal, "--mode auto reached a sink before it was resolved");
  switch (mode.sink) {
    case request::SinkKind::load_data_local:
      return std::make_unique<LoadDataSink>(session, target, options, ids);
    case request::SinkKind::load_data_infile:
      return std::make_unique<LoadDataSink>(session, target, options, ids,
                                            std::filesystem::absolute(file).lexically_normal().string());
    case request::SinkKind::prepared_insert:
      return std::make_unique<PreparedInsertSink>(session, target, options, ids);
    case request::SinkKind::text_insert:
      return std::make_unique<TextInsertSink>(
          session, target, mode.rows_per_statement ? mode.rows_per_statement : options.load.batch_rows, options, ids);
  }
  throw Failure(ExitCode::internal, "the mode table names an unknown sink");
}

}  // namespace fastload::sink
