// db/'s entry header: the one header of the folder the others include (its other headers are its own).
// One connection to the server and what every session of a run shares: the server's errors by name and class,
// the session variables, the stop signal, the password prompt, named locks, the rate limit, the retry pace.
#pragma once

#include "db/name_characters.h"
#include "db/named_lock.h"
#include "db/password.h"
#include "db/rate_limit.h"
#include "db/server_errors.h"
#include "db/session.h"
#include "db/session_variables.h"
#include "db/stop_signal.h"
#include "db/transient.h"
