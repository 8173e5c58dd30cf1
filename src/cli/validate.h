// Every rule on the options alone, in one place: options that mean nothing in
// a mode, or cannot keep their promise with another option, are refused
// rather than ignored. The mode's rules come from its traits (cli/modes.h).
// Rules that need the server's answer (the table, the shard map) are checked
// where that answer is read.
#pragma once

#include <cstddef>

#include "cli/options.h"

namespace fastload {

// Which options were given, for rules on options whose value alone does not tell.
struct Given {
  bool threads = false, chunk_size = false, batch_rows = false, no_array_binding = false, max_rate = false,
       ledger = false;
};

// Throws Failure(ExitCode::usage) naming the first rule `o` breaks.
void validate(const Options& o, const Given& given);

// The files a run loads once its patterns are expanded: a whole-file mode takes one.
void validate_file_count(const Options& o, std::size_t files);

}  // namespace fastload
