// The error numbers fastload tests, by name: every number the program acts on
// or explains is here (db/server_errors.h sorts them into classes; report/
// explains the common data errors). In base/ because both use them.
//
// The names are the client headers' (<mysqld_error.h> ER_*, <errmsg.h> CR_*)
// without the prefix, in namespaces er:: and cr::, so that they are the same
// numbers whichever client library fastload is built with (MySQL's and
// MariaDB's headers disagree above 3000) and never clash with the headers'
// macros. tests/unit/server_errors_test.cc checks them against MariaDB's.
// Where the server we test with (MariaDB 10.11) has no such error, or the
// header gives the number another meaning, the name is the one of the server
// that sends it (mysql_er::, mysql_cr::: MySQL 8).
#pragma once

namespace fastload {

// The server's own errors, as MariaDB 10.11 numbers them (<mysqld_error.h> ER_*).
namespace er {
inline constexpr unsigned DISK_FULL = 1021;  // the server waits for room, then gives up
inline constexpr unsigned GET_ERRNO = 1030;  // Got error N from storage engine
inline constexpr unsigned OPEN_AS_READONLY = 1036;
inline constexpr unsigned OUTOFMEMORY = 1037;
inline constexpr unsigned CON_COUNT_ERROR = 1040;  // Too many connections (max_connections)
inline constexpr unsigned DBACCESS_DENIED_ERROR = 1044;
inline constexpr unsigned ACCESS_DENIED_ERROR = 1045;
inline constexpr unsigned BAD_NULL_ERROR = 1048;
inline constexpr unsigned SERVER_SHUTDOWN = 1053;
inline constexpr unsigned BAD_FIELD_ERROR = 1054;
inline constexpr unsigned DUP_FIELDNAME = 1060;  // Duplicate column name 'X'
inline constexpr unsigned DUP_ENTRY = 1062;
inline constexpr unsigned PARSE_ERROR = 1064;
inline constexpr unsigned UNKNOWN_ERROR = 1105;
inline constexpr unsigned RECORD_FILE_FULL = 1114;  // The table is full
inline constexpr unsigned TABLEACCESS_DENIED_ERROR = 1142;
inline constexpr unsigned NO_SUCH_TABLE = 1146;
inline constexpr unsigned NOT_ALLOWED_COMMAND = 1148;  // LOAD DATA LOCAL off on the server (MariaDB before 10.5.2)
inline constexpr unsigned NET_PACKET_TOO_LARGE = 1153;  // a packet over max_allowed_packet
inline constexpr unsigned HOST_IS_BLOCKED = 1129;  // too many failed connections from the host
inline constexpr unsigned HOST_NOT_PRIVILEGED = 1130;  // no account for the user from this host
inline constexpr unsigned ERROR_DURING_COMMIT = 1180;
inline constexpr unsigned CRASHED_ON_USAGE = 1194;  // a MyISAM/Aria table marked as crashed
inline constexpr unsigned CRASHED_ON_REPAIR = 1195;
inline constexpr unsigned TRANS_CACHE_FULL = 1197;
inline constexpr unsigned TOO_MANY_USER_CONNECTIONS = 1203;  // the account's max_user_connections
inline constexpr unsigned LOCK_WAIT_TIMEOUT = 1205;
inline constexpr unsigned LOCK_TABLE_FULL = 1206;
inline constexpr unsigned LOCK_DEADLOCK = 1213;
inline constexpr unsigned USER_LIMIT_REACHED = 1226;  // MAX_CONNECTIONS_PER_HOUR and the like
inline constexpr unsigned SPECIFIC_ACCESS_DENIED_ERROR = 1227;
inline constexpr unsigned NOT_SUPPORTED_AUTH_MODE = 1251;
inline constexpr unsigned WARN_TOO_FEW_RECORDS = 1261;
inline constexpr unsigned WARN_TOO_MANY_RECORDS = 1262;
inline constexpr unsigned WARN_NULL_TO_NOTNULL = 1263;
inline constexpr unsigned WARN_DATA_OUT_OF_RANGE = 1264;
inline constexpr unsigned DATA_TRUNCATED = 1265;  // the header's WARN_DATA_TRUNCATED (no ER_: a macro would clash)
inline constexpr unsigned CANT_AGGREGATE_2COLLATIONS = 1267;
inline constexpr unsigned CANT_AGGREGATE_3COLLATIONS = 1270;
inline constexpr unsigned CANT_AGGREGATE_NCOLLATIONS = 1271;
inline constexpr unsigned OPTION_PREVENTS_STATEMENT = 1290;  // names the option: --read-only, --secure-file-priv...
inline constexpr unsigned TRUNCATED_WRONG_VALUE = 1292;
inline constexpr unsigned INVALID_CHARACTER_STRING = 1300;
inline constexpr unsigned QUERY_INTERRUPTED = 1317;  // KILL QUERY
inline constexpr unsigned SP_DOES_NOT_EXIST = 1305;
inline constexpr unsigned TRG_ALREADY_EXISTS = 1359;  // a dump's trigger an earlier run of the restore made
inline constexpr unsigned NO_DEFAULT_FOR_FIELD = 1364;
inline constexpr unsigned DIVISION_BY_ZERO = 1365;
inline constexpr unsigned TRUNCATED_WRONG_VALUE_FOR_FIELD = 1366;
inline constexpr unsigned ILLEGAL_VALUE_FOR_TYPE = 1367;
inline constexpr unsigned DATA_TOO_LONG = 1406;
inline constexpr unsigned WRONG_VALUE_FOR_TYPE = 1411;
inline constexpr unsigned CANT_CREATE_GEOMETRY_OBJECT = 1416;
inline constexpr unsigned NO_DEFAULT_FOR_VIEW_FIELD = 1423;
inline constexpr unsigned ROW_IS_REFERENCED_2 = 1451;
inline constexpr unsigned MAX_PREPARED_STMT_COUNT_REACHED = 1461;
inline constexpr unsigned NO_REFERENCED_ROW_2 = 1452;
inline constexpr unsigned NO_PARTITION_FOR_GIVEN_VALUE = 1526;
inline constexpr unsigned BINLOG_ROW_RBR_TO_SBR = 1536;
inline constexpr unsigned WRONG_PARAMCOUNT_TO_NATIVE_FCT = 1582;
inline constexpr unsigned WRONG_PARAMETERS_TO_NATIVE_FCT = 1583;
inline constexpr unsigned DUP_ENTRY_WITH_KEY_NAME = 1586;
inline constexpr unsigned NEED_REPREPARE = 1615;  // a prepared statement's table changed
inline constexpr unsigned BINLOG_UNSAFE_STATEMENT = 1592;
inline constexpr unsigned FUNC_INEXISTENT_NAME_COLLISION = 1630;
inline constexpr unsigned TOO_MANY_CONCURRENT_TRXS = 1637;
inline constexpr unsigned SIGNAL_EXCEPTION = 1644;
inline constexpr unsigned DATA_OUT_OF_RANGE = 1690;
inline constexpr unsigned UNKNOWN_PARTITION = 1735;
inline constexpr unsigned PARTITION_CLAUSE_ON_NONPARTITIONED = 1747;
inline constexpr unsigned ROW_DOES_NOT_MATCH_GIVEN_PARTITION_SET = 1748;
inline constexpr unsigned CANT_EXECUTE_IN_READ_ONLY_TRANSACTION = 1792;
inline constexpr unsigned READ_ONLY_MODE = 1836;  // MySQL's super_read_only
inline constexpr unsigned WARNING_NON_DEFAULT_VALUE_FOR_GENERATED_COLUMN = 1906;
inline constexpr unsigned CONNECTION_KILLED = 1927;
inline constexpr unsigned STATEMENT_TIMEOUT = 1969;  // max_statement_time
inline constexpr unsigned MUST_CHANGE_PASSWORD_LOGIN = 1862;  // an expired password
inline constexpr unsigned CONSTRAINT_FAILED = 4025;  // a CHECK constraint
inline constexpr unsigned ACCOUNT_HAS_BEEN_LOCKED = 4151;
inline constexpr unsigned LOAD_INFILE_CAPABILITY_DISABLED = 4166;  // LOAD DATA LOCAL off (MariaDB 10.5.2 on)
}  // namespace er

// Errors of the server's operating-system layer (mysys's EE_*, in no client
// header) that MariaDB passes on when LOAD DATA INFILE cannot read its file.
namespace ee {
inline constexpr unsigned STAT = 13;          // EE_STAT: cannot stat the file
inline constexpr unsigned FILENOTFOUND = 29;  // EE_FILENOTFOUND: cannot open it
}  // namespace ee

// MySQL 8's numbers that MariaDB 10.11 lacks or uses for something else.
namespace mysql_er {
// The value for a generated column is not allowed (MariaDB: 1906, a warning).
inline constexpr unsigned UNSUPPORTED_ACTION_ON_GENERATED_COLUMN = 3105;
inline constexpr unsigned CHECK_CONSTRAINT_VIOLATED = 3819;  // MariaDB: er::CONSTRAINT_FAILED
inline constexpr unsigned CLIENT_LOCAL_FILES_DISABLED = 3948;  // LOAD DATA LOCAL off
// MySQL 8.0.24 on says why it closes an idle connection (wait_timeout).
// MariaDB's 4031 is ER_REFERENCED_TRG_DOES_NOT_EXIST, about CREATE TRIGGER
// ... FOLLOWS, which no statement of a load can get.
inline constexpr unsigned CLIENT_INTERACTION_TIMEOUT = 4031;
}  // namespace mysql_er

// The client library's own errors (<errmsg.h> CR_*).
namespace cr {
inline constexpr unsigned CONNECTION_ERROR = 2002;  // cannot connect through the socket
inline constexpr unsigned CONN_HOST_ERROR = 2003;   // cannot connect to the host (refused while it restarts)
inline constexpr unsigned UNKNOWN_HOST = 2005;
inline constexpr unsigned SERVER_GONE_ERROR = 2006;
inline constexpr unsigned SERVER_LOST = 2013;
inline constexpr unsigned SSL_CONNECTION_ERROR = 2026;
inline constexpr unsigned SERVER_LOST_EXTENDED = 2055;
inline constexpr unsigned AUTH_PLUGIN_CANNOT_LOAD = 2059;
}  // namespace cr

// MySQL 8's client library's errors that MariaDB's lacks.
namespace mysql_cr {
inline constexpr unsigned LOAD_DATA_LOCAL_INFILE_REJECTED = 2068;  // the library itself refuses LOAD DATA LOCAL
}  // namespace mysql_cr

}  // namespace fastload
