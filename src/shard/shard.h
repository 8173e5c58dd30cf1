// shard/'s entry header: the one header of the folder the others include (its other headers are its own).
// A Spider table's map, and the router that places each row on its shard.
#pragma once

#include "shard/partitioning.h"
#include "shard/router.h"
#include "shard/spider.h"
