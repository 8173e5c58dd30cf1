// sqldump/'s entry header: the one header of the folder the others include (its other headers are its own).
// Dumps of SQL (mariadb-dump, mysqldump, mydumper): statements split as the client splits them, the session
// settings their SET statements make, their INSERTs read as rows and written as fastload's delimited text.
#pragma once

#include "sqldump/insert_reader.h"
#include "sqldump/literal.h"
#include "sqldump/row_text.h"
#include "sqldump/session.h"
#include "sqldump/splitter.h"
