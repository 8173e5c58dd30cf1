// The program's links (load/link.h): a Session to each destination, with the
// sink its mode sends rows through and the inputs' ledgers on its server.
#pragma once

#include <vector>

#include "input/input.h"
#include "load/job.h"
#include "load/link.h"

namespace fastload::load {

// A worker's links to every destination of `job`, each a new session ready
// for chunk transactions. LOAD DATA LOCAL bytes in `mapped` are handed back
// to the page cache as they are sent. The result refers to `job`.
Connect session_links(const LoadJob& job, std::vector<const input::MappedFile*> mapped);

}  // namespace fastload::load
