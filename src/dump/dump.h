// dump/'s entry header: the one header of the folder the others include (its other headers are its own).
// FILE|DIR... DB: which table each file loads into, and a mariadb-dump --tab directory's schema files judged;
// a plain SQL dump (DUMP.sql [DB]) scanned for its tables, rows and views; a SQL dump's INSERTs of one table as
// rows of delimited text, each literal checked against its column; a mydumper directory read as such a dump.
#pragma once

#include "dump/mydumper.h"
#include "dump/sql_columns.h"
#include "dump/sql_dump.h"
#include "dump/sql_rows.h"
#include "dump/tables.h"
