// input/'s entry header: the one header of the folder the others include (its other headers are its own).
// Input bytes: a regular file mapped; a pipe, a compressed file or a converted charset behind one stream; the FILE
// patterns expanded; what --resume knows a file by; unnamed temporary space.
#pragma once

#include "input/byte_stream.h"
#include "input/charsets.h"
#include "input/converting_stream.h"
#include "input/file_list.h"
#include "input/fingerprint.h"
#include "input/mapped_file.h"
#include "input/row_text_stream.h"
#include "input/spill_file.h"
