// text/'s entry header: the one header of the folder the others include (its other headers are its own).
// The text rules: LOAD DATA's dialects, where rows end, what a row's fields are, as the server reads them; names;
// the clock calls of SQL; the format check.
#pragma once

#include "text/chunk_rows.h"
#include "text/clock_calls.h"
#include "text/dialect.h"
#include "text/field_parser.h"
#include "text/format_check.h"
#include "text/identifiers.h"
#include "text/last_row.h"
#include "text/long_rows.h"
#include "text/row_scanner.h"
#include "text/sql_text.h"
#include "text/utf8_text.h"
#include "text/value_class.h"
