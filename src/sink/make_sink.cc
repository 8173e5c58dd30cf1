#include "sink/make_sink.h"

#include <filesystem>

#include "base/errors.h"
#include "sink/load_data_sink.h"
#include "sink/prepared_insert_sink.h"
#include "sink/text_insert_sink.h"

namespace fastload::load {

std::unique_ptr<Sink> make_sink(Session& session, const Target& target, const Options& o, const AutoIds* ids,
                                const std::string& file) {
  switch (o.mode) {
    case Mode::load:
    case Mode::bulk:
      return std::make_unique<LoadDataSink>(session, target, o, ids);
    case Mode::server:
      return std::make_unique<LoadDataSink>(session, target, o, ids,
                                            std::filesystem::absolute(file).lexically_normal().string());
    case Mode::insert:
      return std::make_unique<PreparedInsertSink>(session, target, o, ids);
    case Mode::multirow:
      return std::make_unique<TextInsertSink>(session, target, o.batch_rows, o, ids);
    case Mode::row: return std::make_unique<TextInsertSink>(session, target, 1, o, ids);
  }
  throw Failure(ExitCode::internal, "fastload: unknown mode");
}

}  // namespace fastload::load
