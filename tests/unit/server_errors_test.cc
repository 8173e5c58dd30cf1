// The named server errors and their classes: each class holds exactly the
// numbers the code tested as literals before they were named (so none was
// lost or added), and the names are the client header's numbers.
#include "db/db.h"

#include <gtest/gtest.h>

#include <errmsg.h>
#include <mysql.h>
#include <mysqld_error.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace fastload::db {
namespace {

// Every number from 0 to 5000: `predicate` is true for exactly `expected`.
template <class Predicate>
void expect_class(Predicate predicate, const std::set<unsigned>& expected, const char* name) {
  for (unsigned code = 0; code <= 5000; ++code)
    EXPECT_EQ(predicate(code), expected.count(code) == 1) << name << " of " << code;
}

TEST(ServerErrors, ConnectionLostAsBefore) {  // db/transient.h's list
  expect_class(is_connection_lost, {2002, 2003, 2006, 2013, 2055, 1053, 1927, 4031}, "is_connection_lost");
}

TEST(ServerErrors, TransientAsBefore) {  // deadlock, lock wait timeout, and a lost connection
  expect_class(is_transient, {1213, 1205, 2002, 2003, 2006, 2013, 2055, 1053, 1927, 4031}, "is_transient");
}

TEST(ServerErrors, DataErrorsAsBefore) {  // db/transient.h's list; design.md "One problem, one answer"
  expect_class(is_data_error,
               {1048, 1062, 1264, 1265, 1292, 1300, 1366, 1367, 1406, 1411, 1451, 1452, 1586, 1690, 3819, 4025,
                1261, 1262, 1365, 1526, 1748, 1364, 1423, 1906, 3105, 1644, 1416},
               "is_data_error");
}

TEST(ServerErrors, SkippedRowsAsBefore) {  // load/kept_rows.cc
  expect_class(is_skipped_row, {1062, 1526, 1748}, "is_skipped_row");
}

TEST(ServerErrors, PrivilegeAsBefore) {  // table/target.cc explain (table/stage.cc had all but 1045)
  expect_class(is_privilege_denied, {1142, 1044, 1045, 1227}, "is_privilege_denied");
}

TEST(ServerErrors, LocalInfileAsBefore) {  // table/target.cc explain
  expect_class(refuses_local_infile, {1148, 3948, 4166}, "refuses_local_infile");
}

TEST(ServerErrors, FileUnreadableAsBefore) {  // table/target.cc explain, --mode server
  expect_class(is_file_unreadable, {13, 29, 1290}, "is_file_unreadable");
}

TEST(ServerErrors, ExpressionErrorsAsBefore) {  // sink/probe.cc refuses_expression
  expect_class(is_expression_error, {1064, 1054, 1305, 1630, 1582, 1583, 1267, 1270, 1271}, "is_expression_error");
}

TEST(ServerErrors, TransactionTooLargeAsBefore) {  // table/stage.cc publish_failure
  expect_class(is_transaction_too_large, {1197, 1206, 1536}, "is_transaction_too_large");
}

TEST(ServerErrors, ReadOnlyByCodeAndFor1290ByMessage) {  // table/target.cc is_read_only
  auto without_message = [](unsigned code) { return db::is_read_only(code, ""); };
  expect_class(without_message, {1836, 1792}, "is_read_only");
  EXPECT_TRUE(db::is_read_only(db::ServerError(1290, "HY000", "The MariaDB server is running with the --read-only option "
                                                      "so it cannot execute this statement")));
  EXPECT_TRUE(db::is_read_only(1290, "... running with the --read_only option ..."));
  EXPECT_FALSE(db::is_read_only(db::ServerError(1290, "HY000", "The MariaDB server is running with the --secure-file-priv "
                                                       "option so it cannot execute this statement")));
  EXPECT_FALSE(db::is_read_only(1045, "read-only"));
}

#if defined(MARIADB_PACKAGE_VERSION)
// The names are MariaDB's client headers' (those of the server we test with).
static_assert(er::DBACCESS_DENIED_ERROR == ER_DBACCESS_DENIED_ERROR);
static_assert(er::ACCESS_DENIED_ERROR == ER_ACCESS_DENIED_ERROR);
static_assert(er::BAD_NULL_ERROR == ER_BAD_NULL_ERROR);
static_assert(er::SERVER_SHUTDOWN == ER_SERVER_SHUTDOWN);
static_assert(er::BAD_FIELD_ERROR == ER_BAD_FIELD_ERROR);
static_assert(er::DUP_ENTRY == ER_DUP_ENTRY);
static_assert(er::PARSE_ERROR == ER_PARSE_ERROR);
static_assert(er::UNKNOWN_ERROR == ER_UNKNOWN_ERROR);
static_assert(er::TABLEACCESS_DENIED_ERROR == ER_TABLEACCESS_DENIED_ERROR);
static_assert(er::NO_SUCH_TABLE == ER_NO_SUCH_TABLE);
static_assert(er::NOT_ALLOWED_COMMAND == ER_NOT_ALLOWED_COMMAND);
static_assert(er::ERROR_DURING_COMMIT == ER_ERROR_DURING_COMMIT);
static_assert(er::TRANS_CACHE_FULL == ER_TRANS_CACHE_FULL);
static_assert(er::LOCK_WAIT_TIMEOUT == ER_LOCK_WAIT_TIMEOUT);
static_assert(er::LOCK_TABLE_FULL == ER_LOCK_TABLE_FULL);
static_assert(er::LOCK_DEADLOCK == ER_LOCK_DEADLOCK);
static_assert(er::SPECIFIC_ACCESS_DENIED_ERROR == ER_SPECIFIC_ACCESS_DENIED_ERROR);
static_assert(er::WARN_TOO_FEW_RECORDS == ER_WARN_TOO_FEW_RECORDS);
static_assert(er::WARN_TOO_MANY_RECORDS == ER_WARN_TOO_MANY_RECORDS);
static_assert(er::WARN_NULL_TO_NOTNULL == ER_WARN_NULL_TO_NOTNULL);
static_assert(er::WARN_DATA_OUT_OF_RANGE == ER_WARN_DATA_OUT_OF_RANGE);
static_assert(er::DATA_TRUNCATED == WARN_DATA_TRUNCATED);
static_assert(er::CANT_AGGREGATE_2COLLATIONS == ER_CANT_AGGREGATE_2COLLATIONS);
static_assert(er::CANT_AGGREGATE_3COLLATIONS == ER_CANT_AGGREGATE_3COLLATIONS);
static_assert(er::CANT_AGGREGATE_NCOLLATIONS == ER_CANT_AGGREGATE_NCOLLATIONS);
static_assert(er::OPTION_PREVENTS_STATEMENT == ER_OPTION_PREVENTS_STATEMENT);
static_assert(er::TRUNCATED_WRONG_VALUE == ER_TRUNCATED_WRONG_VALUE);
static_assert(er::INVALID_CHARACTER_STRING == ER_INVALID_CHARACTER_STRING);
static_assert(er::SP_DOES_NOT_EXIST == ER_SP_DOES_NOT_EXIST);
static_assert(er::TRG_ALREADY_EXISTS == ER_TRG_ALREADY_EXISTS);
static_assert(er::NO_DEFAULT_FOR_FIELD == ER_NO_DEFAULT_FOR_FIELD);
static_assert(er::DIVISION_BY_ZERO == ER_DIVISION_BY_ZERO);
static_assert(er::TRUNCATED_WRONG_VALUE_FOR_FIELD == ER_TRUNCATED_WRONG_VALUE_FOR_FIELD);
static_assert(er::ILLEGAL_VALUE_FOR_TYPE == ER_ILLEGAL_VALUE_FOR_TYPE);
static_assert(er::DATA_TOO_LONG == ER_DATA_TOO_LONG);
static_assert(er::WRONG_VALUE_FOR_TYPE == ER_WRONG_VALUE_FOR_TYPE);
static_assert(er::CANT_CREATE_GEOMETRY_OBJECT == ER_CANT_CREATE_GEOMETRY_OBJECT);
static_assert(er::NO_DEFAULT_FOR_VIEW_FIELD == ER_NO_DEFAULT_FOR_VIEW_FIELD);
static_assert(er::ROW_IS_REFERENCED_2 == ER_ROW_IS_REFERENCED_2);
static_assert(er::NO_REFERENCED_ROW_2 == ER_NO_REFERENCED_ROW_2);
static_assert(er::NO_PARTITION_FOR_GIVEN_VALUE == ER_NO_PARTITION_FOR_GIVEN_VALUE);
static_assert(er::BINLOG_ROW_RBR_TO_SBR == ER_BINLOG_ROW_RBR_TO_SBR);
static_assert(er::WRONG_PARAMCOUNT_TO_NATIVE_FCT == ER_WRONG_PARAMCOUNT_TO_NATIVE_FCT);
static_assert(er::WRONG_PARAMETERS_TO_NATIVE_FCT == ER_WRONG_PARAMETERS_TO_NATIVE_FCT);
static_assert(er::DUP_ENTRY_WITH_KEY_NAME == ER_DUP_ENTRY_WITH_KEY_NAME);
static_assert(er::BINLOG_UNSAFE_STATEMENT == ER_BINLOG_UNSAFE_STATEMENT);
static_assert(er::FUNC_INEXISTENT_NAME_COLLISION == ER_FUNC_INEXISTENT_NAME_COLLISION);
static_assert(er::SIGNAL_EXCEPTION == ER_SIGNAL_EXCEPTION);
static_assert(er::DATA_OUT_OF_RANGE == ER_DATA_OUT_OF_RANGE);
static_assert(er::UNKNOWN_PARTITION == ER_UNKNOWN_PARTITION);
static_assert(er::PARTITION_CLAUSE_ON_NONPARTITIONED == ER_PARTITION_CLAUSE_ON_NONPARTITIONED);
static_assert(er::ROW_DOES_NOT_MATCH_GIVEN_PARTITION_SET == ER_ROW_DOES_NOT_MATCH_GIVEN_PARTITION_SET);
static_assert(er::CANT_EXECUTE_IN_READ_ONLY_TRANSACTION == ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION);
static_assert(er::READ_ONLY_MODE == ER_READ_ONLY_MODE);
static_assert(er::WARNING_NON_DEFAULT_VALUE_FOR_GENERATED_COLUMN ==
              ER_WARNING_NON_DEFAULT_VALUE_FOR_GENERATED_COLUMN);
static_assert(er::CONNECTION_KILLED == ER_CONNECTION_KILLED);
static_assert(er::CONSTRAINT_FAILED == ER_CONSTRAINT_FAILED);
static_assert(er::LOAD_INFILE_CAPABILITY_DISABLED == ER_LOAD_INFILE_CAPABILITY_DISABLED);
static_assert(cr::CONNECTION_ERROR == CR_CONNECTION_ERROR);
static_assert(cr::CONN_HOST_ERROR == CR_CONN_HOST_ERROR);
static_assert(cr::SERVER_GONE_ERROR == CR_SERVER_GONE_ERROR);
static_assert(cr::SERVER_LOST == CR_SERVER_LOST);
static_assert(cr::SERVER_LOST_EXTENDED == CR_SERVER_LOST_EXTENDED);
// MySQL 8's idle-timeout number means something else in MariaDB's header
// (a trigger's FOLLOWS clause), which is why it is mysql_er:: and not er::.
static_assert(mysql_er::CLIENT_INTERACTION_TIMEOUT == ER_REFERENCED_TRG_DOES_NOT_EXIST);
#endif

// Each refusal of a connection a user can meet has a hint of its own, which names what to change; any other
// number gets the general one. The numbers are the client headers'.
TEST(ServerErrors, ConnectHintsFitTheRefusal) {
  const std::string general = db::connect_hint(0);
  const std::vector<std::pair<unsigned, const char*>> hints{
      {ER_ACCESS_DENIED_ERROR, "--user"},       {ER_CON_COUNT_ERROR, "max_connections"},
      {ER_TOO_MANY_USER_CONNECTIONS, "MAX_USER_CONNECTIONS"}, {ER_USER_LIMIT_REACHED, "ALTER USER"},
      {ER_HOST_IS_BLOCKED, "FLUSH HOSTS"},      {ER_HOST_NOT_PRIVILEGED, "CREATE USER"},
      {ER_DBACCESS_DENIED_ERROR, "GRANT"},      {ER_MUST_CHANGE_PASSWORD_LOGIN, "expired"},
      {4151, "ACCOUNT UNLOCK"},                 {ER_NOT_SUPPORTED_AUTH_MODE, "plugin"},
      {CR_AUTH_PLUGIN_CANNOT_LOAD, "plugin"},   {CR_UNKNOWN_HOST, "resolve"},
      {CR_SSL_CONNECTION_ERROR, "--ssl-mode"},  {CR_SERVER_LOST, "error log"},
      {CR_SERVER_GONE_ERROR, "error log"}};
  std::set<std::string> seen;
  for (const auto& [code, names] : hints) {
    const std::string hint = db::connect_hint(code);
    EXPECT_NE(general, hint) << code;
    EXPECT_NE(std::string::npos, hint.find(names)) << code << ": " << hint;
    seen.insert(hint);
  }
  EXPECT_GE(seen.size(), hints.size() - 3);  // shared only by kin: the two plugin errors, the lost connections
  for (unsigned code : {CR_CONNECTION_ERROR, CR_CONN_HOST_ERROR}) EXPECT_EQ(general, db::connect_hint(code));
  EXPECT_NE(std::string::npos, general.find("--host"));
}

TEST(ServerErrors, LoadHintsFitTheFailure) {
  const std::vector<std::pair<unsigned, const char*>> hints{
      {ER_LOCK_WAIT_TIMEOUT, "innodb_lock_wait_timeout"}, {ER_LOCK_DEADLOCK, "deadlocked"},
      {ER_LOCK_TABLE_FULL, "innodb_buffer_pool_size"},    {ER_TRANS_CACHE_FULL, "max_binlog_cache_size"},
      {ER_NET_PACKET_TOO_LARGE, "max_allowed_packet"},    {ER_TOO_MANY_CONCURRENT_TRXS, "--threads"},
      {ER_MAX_PREPARED_STMT_COUNT_REACHED, "max_prepared_stmt_count"}, {ER_NEED_REPREPARE, "ALTER TABLE"},
      {ER_DISK_FULL, "make room"},                        {ER_RECORD_FILE_FULL, "make room"},
      {ER_OUTOFMEMORY, "memory"},                         {ER_GET_ERRNO, "error log"},
      {ER_OPEN_AS_READONLY, "cannot be written"},         {ER_CRASHED_ON_USAGE, "REPAIR TABLE"},
      {ER_CRASHED_ON_REPAIR, "REPAIR TABLE"},             {ER_STATEMENT_TIMEOUT, "max_statement_time"},
      {ER_QUERY_INTERRUPTED, "KILL"},                     {ER_CONNECTION_KILLED, "KILL"},
      {ER_SERVER_SHUTDOWN, "shutting down"},              {CR_SERVER_LOST, "error log"},
      {CR_SERVER_GONE_ERROR, "error log"}};
  std::set<std::string> seen;
  for (const auto& [code, names] : hints) {
    const std::string hint = db::load_hint(code);
    EXPECT_NE(std::string::npos, hint.find(names)) << code << ": " << hint;
    seen.insert(hint);
  }
  EXPECT_GE(seen.size(), hints.size() - 5);  // shared only by kin: full, crashed, killed, lost
  for (unsigned code : {0u, unsigned{ER_DUP_ENTRY}, unsigned{ER_PARSE_ERROR}}) EXPECT_EQ("", db::load_hint(code));
}

}  // namespace
}  // namespace fastload::db
