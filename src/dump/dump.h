// dump/'s entry header: the one header of the folder the others include (its other headers are its own).
// FILE|DIR... DB: which table each file loads into, and a mariadb-dump --tab directory's schema files judged.
#pragma once

#include "dump/tables.h"
