// table/'s entry header: the one header of the folder the others include (its other headers are its own).
// The table's lifecycle: its checks, its columns and keys, the --resume ledger, --atomic's stage, deferred
// indexes, foreign keys, the barrier, ANALYZE, rejects, AUTO_INCREMENT ids, the run's time in the statements.
#pragma once

#include "table/analyze.h"
#include "table/auto_ids.h"
#include "table/barrier.h"
#include "table/column_list.h"
#include "table/foreign_keys.h"
#include "table/given_ids.h"
#include "table/indexes.h"
#include "table/ledger.h"
#include "table/rejects.h"
#include "table/run_clock.h"
#include "table/schema_script.h"
#include "table/stage.h"
#include "table/target.h"
#include "table/unique_keys.h"
