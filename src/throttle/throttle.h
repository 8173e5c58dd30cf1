// throttle/'s entry header: the one header of the folder the others include (its other headers are its own).
// --max-lag, --max-load, --critical-load and a Galera cluster's flow control: the gate the workers pass before
// each chunk, and the monitor that opens and closes it.
#pragma once

#include "throttle/galera.h"
#include "throttle/gate.h"
#include "throttle/monitor.h"
#include "throttle/replica_lag.h"
#include "throttle/status_load.h"
