// report/'s entry header: the one header of the folder the others include (its other headers are its own).
// What the user sees: the summary (text and --json), the progress line, the log, and the one writer of messages.
#pragma once

#include "report/log.h"
#include "report/progress.h"
#include "report/say.h"
#include "report/summary.h"
