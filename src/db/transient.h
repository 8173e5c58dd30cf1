// Which server errors are worth a retry is a class of db/server_errors.h (is_transient, is_connection_lost),
// included here for the callers that retry; the pace is base's (base/backoff.h: backoff, sleep_unless_stopped).
#pragma once

#include "base/base.h"
#include "db/server_errors.h"
