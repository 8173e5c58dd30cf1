// remote/'s entry header: the one header of the folder the others include (its other headers are its own).
// Objects behind HTTP(S) URLs and in S3-compatible stores, read by byte ranges (libcurl): their names, the
// settings and credentials that reach them, their size and version, any range of them, retried and checked.
#pragma once

#include "remote/listing.h"
#include "remote/object.h"
#include "remote/object_url.h"
#include "remote/settings.h"
