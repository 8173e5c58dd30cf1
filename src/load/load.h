// load/'s entry header: the one header of the folder the others include (its other headers are its own).
// The load pass: the workers and the queue they take chunks from, the order in which chunks that share a key
// load, and each chunk's transaction over the Link seam; the value checks of the rows sent.
#pragma once

#include "load/chunk_text.h"
#include "load/key_board.h"
#include "load/link.h"
#include "load/loader.h"
#include "load/session_link.h"
#include "load/value_checks.h"
