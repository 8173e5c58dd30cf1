// chunks/'s entry header: the one header of the folder the others include (its other headers are its own).
// The chunks the workers pull, with their bytes: split before the load, cut from a stream while it loads, or one
// source after the other, at the row ends of the format the bytes are in (row_format.h); what each chunk's rows
// hold of the table's keys.
#pragma once

#include "chunks/chunk_keys.h"
#include "chunks/chunk_source.h"
#include "chunks/read_ahead.h"
#include "chunks/row_format.h"
#include "chunks/splitter.h"
#include "chunks/stream_chunks.h"
