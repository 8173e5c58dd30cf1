// The one place a mode becomes the sink that sends its rows.
#pragma once

#include <memory>
#include <string>

#include "cli/options.h"
#include "db/session.h"
#include "sink/sink.h"
#include "table/auto_ids.h"
#include "table/target.h"

namespace fastload::load {

// The sink of `options.mode` on `session` into `target`; `file` is the input
// (--mode server has the server read it). Throws ServerError when the server
// refuses to prepare the mode's statements.
std::unique_ptr<Sink> make_sink(Session& session, const Target& target, const Options& options, const AutoIds* ids,
                                const std::string& file);

}  // namespace fastload::load
