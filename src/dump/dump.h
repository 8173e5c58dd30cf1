// dump/'s entry header: the one header of the folder the others include (its other headers are its own).
// FILE|DIR... DB: which table each file loads into, and a mariadb-dump --tab directory's schema files judged;
// a plain SQL dump (DUMP.sql [DB]) scanned for its tables, rows and views.
#pragma once

#include "dump/sql_dump.h"
#include "dump/tables.h"
