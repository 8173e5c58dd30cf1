// schema/'s entry header: the one header of the folder the others include (its other headers are its own).
// A table for a file that has none: each column's statistics and the narrowest type that stores them exactly.
#pragma once

#include "schema/column_types.h"
