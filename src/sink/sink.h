// sink/'s entry header: the one header of the folder the others include (its other headers are its own).
// How a mode sends a chunk's rows and reads the server's account of them: the Sink interface, make_sink, the
// probe, the destinations and the routing seam a shard-direct load fills.
#pragma once

#include "sink/destination.h"
#include "sink/interface.h"
#include "sink/diagnose.h"
#include "sink/load_data_sink.h"
#include "sink/make_sink.h"
#include "sink/probe.h"
#include "sink/route.h"
