#include "sink/probe.h"

#include <fmt/core.h>

#include "base/base.h"
#include "sink/insert_shape.h"
#include "sink/load_data_sink.h"
#include "sink/statement_batch.h"

namespace fastload::sink {
namespace {

// Errors of the server's reading of --set expressions: the user's SQL, so a usage error.
bool refuses_expression(const db::ServerError& e, const plan::TablePlan& options) {
  return !options.set.empty() && db::is_expression_error(e.code());
}

// The INSERT modes' statement, or without --columns and --set any INSERT.
std::string insert_probe(db::Session& session, const table::Target& t, const plan::TablePlan& options) {
  if (options.columns.empty() && options.set.empty())
    return fmt::format("{} {} VALUES ()", insert_verb(options.on_duplicate), t.into());
  return make_insert_shape(session, t, options, nullptr).placeholders(1);
}

}  // namespace

// The statement the mode runs, tried before any byte is read and rolled
// back, as the mode's traits say: an empty LOAD DATA LOCAL (local_infile on both ends, INSERT
// privilege) or a prepared INSERT (INSERT privilege); with REPLACE, the
// DELETE privilege too; either reads the --set expressions. A server that
// reads the file itself tells whether it can from its one statement.
void probe_target(db::Session& session, const table::Target& t, const plan::TablePlan& options) {
  try {
    const request::Probe probe = request::traits(options.mode).probe;
    if (probe == request::Probe::load_data) {
      LoadDataSink probe(session, t, options, nullptr);
      session.execute("START TRANSACTION");
      probe.send(Chunk{}, {}, table::RowIds{});  // an empty chunk: no rows, so nothing to diagnose
      session.execute("ROLLBACK");
    } else if (probe == request::Probe::prepare_insert) {
      session.execute(fmt::format("PREPARE fastload_probe FROM {}",
                                  session.quote_string(insert_probe(session, t, options))));
      session.execute("DEALLOCATE PREPARE fastload_probe");
    }
  } catch (const db::ServerError& e) {
    if (refuses_expression(e, options))
      throw Failure(ExitCode::usage, fmt::format("--set: the server refuses the expression: {} (error "
                                                 "{}); fix it: it is SQL, as in LOAD DATA's SET clause",
                                                 e.server_message(), e.code()));
    throw table::explain(e, t, "a test statement", options.mode);
  }
}

}  // namespace fastload::sink
