// order/'s entry header: the one header of the folder the others include (its other headers are its own).
// A row's unique keys read as the index compares them, the sort of a file out of key order, and the sorted
// file's chunks.
#pragma once

#include "order/index_key.h"
#include "order/row_keys.h"
#include "order/sorted_chunks.h"
#include "order/sorter.h"
