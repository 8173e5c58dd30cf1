// base/'s entry header: the one header of the folder the others include (its other headers are its own).
// The words every folder shares: a chunk, what became of it, a row's problem (a value), a failure (one exception
// type with its exit code), a result (a value or the failure that stopped it), the server's error numbers by
// name, the stop a signal asks for, the pace of retries, Threads, and JSON strings.
#pragma once

#include "base/backoff.h"
#include "base/chunk.h"
#include "base/errors.h"
#include "base/json_text.h"
#include "base/location.h"
#include "base/parallel_for.h"
#include "base/problem.h"
#include "base/result.h"
#include "base/server_codes.h"
#include "base/stop_request.h"
