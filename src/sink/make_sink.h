// The one place a mode becomes a Sink: its traits' sink kind (request/modes.h).
#pragma once

#include <memory>
#include <string>

#include "plan/plan.h"
#include "db/db.h"
#include "sink/interface.h"
#include "table/table.h"

namespace fastload::sink {

// The sink `options.mode` sends rows through on `session` into `target`.
// `file`: the input, named to a server that reads it itself.
std::unique_ptr<Sink> make_sink(db::Session& session, const table::Target& target, const plan::TablePlan& options, const table::AutoIds* ids,
                                const std::string& file);

}  // namespace fastload::sink
