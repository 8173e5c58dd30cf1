#include "db/server_errors.h"

#include <fmt/core.h>

namespace fastload::db {

ServerError::ServerError(unsigned code, std::string sqlstate, const std::string& message)
    : Failure(ExitCode::load_failed, fmt::format("the server failed a statement: {} (error {})", message, code), code),
      code_(code), sqlstate_(std::move(sqlstate)), message_(message) {}

bool is_connection_lost(unsigned code) {
  switch (code) {
    case cr::CONNECTION_ERROR: case cr::CONN_HOST_ERROR:  // a reconnect refused while the server restarts
    case cr::SERVER_GONE_ERROR: case cr::SERVER_LOST: case cr::SERVER_LOST_EXTENDED:
    case er::SERVER_SHUTDOWN: case er::CONNECTION_KILLED: case mysql_er::CLIENT_INTERACTION_TIMEOUT:
      return true;
    default:
      return false;
  }
}

bool is_transient(unsigned code) {
  return code == er::LOCK_DEADLOCK || code == er::LOCK_WAIT_TIMEOUT || is_connection_lost(code);
}

bool is_data_error(unsigned code) {
  switch (code) {
    case er::BAD_NULL_ERROR: case er::DUP_ENTRY: case er::DUP_ENTRY_WITH_KEY_NAME:
    case er::WARN_DATA_OUT_OF_RANGE: case er::DATA_TRUNCATED: case er::TRUNCATED_WRONG_VALUE:
    case er::INVALID_CHARACTER_STRING: case er::TRUNCATED_WRONG_VALUE_FOR_FIELD: case er::ILLEGAL_VALUE_FOR_TYPE:
    case er::DATA_TOO_LONG: case er::WRONG_VALUE_FOR_TYPE: case er::DATA_OUT_OF_RANGE:
    case er::ROW_IS_REFERENCED_2: case er::NO_REFERENCED_ROW_2:
    case er::CONSTRAINT_FAILED: case mysql_er::CHECK_CONSTRAINT_VIOLATED:
    case er::WARN_TOO_FEW_RECORDS: case er::WARN_TOO_MANY_RECORDS:
    case er::DIVISION_BY_ZERO:  // in a --set expression, under ERROR_FOR_DIVISION_BY_ZERO
    // The table refuses the row as it is, whatever the mode: no partition for its value, none of --partition's
    // for it, a NOT NULL column without a default left out, a view's column without one, a generated column
    // given a value, a trigger's SIGNAL, bytes that are no geometry for a spatial column. LOAD DATA LOCAL makes
    // some of them warnings; the INSERT modes and --mode server get errors.
    case er::NO_PARTITION_FOR_GIVEN_VALUE: case er::ROW_DOES_NOT_MATCH_GIVEN_PARTITION_SET:
    case er::NO_DEFAULT_FOR_FIELD: case er::NO_DEFAULT_FOR_VIEW_FIELD:
    case er::WARNING_NON_DEFAULT_VALUE_FOR_GENERATED_COLUMN: case mysql_er::UNSUPPORTED_ACTION_ON_GENERATED_COLUMN:
    case er::SIGNAL_EXCEPTION: case er::CANT_CREATE_GEOMETRY_OBJECT:
      return true;
    default:
      return false;
  }
}

bool is_skipped_row(unsigned code) {
  return code == er::DUP_ENTRY || code == er::NO_PARTITION_FOR_GIVEN_VALUE ||
         code == er::ROW_DOES_NOT_MATCH_GIVEN_PARTITION_SET;
}

bool is_privilege_denied(unsigned code) {
  return code == er::TABLEACCESS_DENIED_ERROR || code == er::DBACCESS_DENIED_ERROR ||
         code == er::ACCESS_DENIED_ERROR || code == er::SPECIFIC_ACCESS_DENIED_ERROR;
}

bool is_read_only(unsigned code, std::string_view message) {
  switch (code) {
    case er::READ_ONLY_MODE: case er::CANT_EXECUTE_IN_READ_ONLY_TRANSACTION:
      return true;
    case er::OPTION_PREVENTS_STATEMENT:  // names the option: --read-only, --secure-file-priv, ...
      return message.find("read-only") != std::string_view::npos ||
             message.find("read_only") != std::string_view::npos;
    default:
      return false;
  }
}

bool refuses_local_infile(unsigned code) {
  return code == er::NOT_ALLOWED_COMMAND || code == mysql_er::CLIENT_LOCAL_FILES_DISABLED ||
         code == er::LOAD_INFILE_CAPABILITY_DISABLED;
}

bool is_file_unreadable(unsigned code) {
  return code == ee::STAT || code == ee::FILENOTFOUND || code == er::OPTION_PREVENTS_STATEMENT;
}

bool is_expression_error(unsigned code) {
  switch (code) {
    case er::PARSE_ERROR: case er::BAD_FIELD_ERROR: case er::SP_DOES_NOT_EXIST:
    case er::FUNC_INEXISTENT_NAME_COLLISION: case er::WRONG_PARAMCOUNT_TO_NATIVE_FCT:
    case er::WRONG_PARAMETERS_TO_NATIVE_FCT: case er::CANT_AGGREGATE_2COLLATIONS:
    case er::CANT_AGGREGATE_3COLLATIONS: case er::CANT_AGGREGATE_NCOLLATIONS:
      return true;
    default:
      return false;
  }
}

bool is_transaction_too_large(unsigned code) {
  return code == er::TRANS_CACHE_FULL || code == er::LOCK_TABLE_FULL || code == er::BINLOG_ROW_RBR_TO_SBR;
}

std::string connect_hint(unsigned code) {
  switch (code) {
    case er::ACCESS_DENIED_ERROR: return "check --user and the password (-p prompts for it)";
    case er::CON_COUNT_ERROR:
      return "the server has max_connections sessions already: try again later, lower --threads (a run opens "
             "--threads + 1 sessions), or raise the server's max_connections";
    case er::TOO_MANY_USER_CONNECTIONS:
      return "the user has its MAX_USER_CONNECTIONS (or the server's max_user_connections) open already: lower "
             "--threads (a run opens --threads + 1 sessions) or raise the limit";
    case er::USER_LIMIT_REACHED:
      return "a limit of the user's account is reached, as named: max_user_connections counts every session (a "
             "run opens --threads + 1: lower --threads or raise it), the hourly ones reset with the hour; ALTER "
             "USER ... WITH raises them";
    case er::HOST_IS_BLOCKED:
      return "the server blocks this host after too many failed connections (max_connect_errors): run FLUSH HOSTS "
             "on the server (mariadb-admin flush-hosts)";
    case er::HOST_NOT_PRIVILEGED:
      return "the server has no account for this user from this host: connect from a host the account allows, or "
             "create one for this host (CREATE USER 'user'@'host')";
    case er::DBACCESS_DENIED_ERROR: return "the user may not use the database: GRANT it the privileges the load needs";
    case er::MUST_CHANGE_PASSWORD_LOGIN: return "the user's password has expired: set a new one with the mariadb client";
    case er::ACCOUNT_HAS_BEEN_LOCKED: return "the account is locked: ALTER USER ... ACCOUNT UNLOCK on the server";
    case er::NOT_SUPPORTED_AUTH_MODE:
    case cr::AUTH_PLUGIN_CANNOT_LOAD:
      return "the account's authentication plugin is not one this client library can use: give the account one "
             "it can (mysql_native_password, ed25519) or install the plugin's client side";
    case cr::UNKNOWN_HOST: return "the host name does not resolve: check --host (or give its address, e.g. 127.0.0.1)";
    case cr::SSL_CONNECTION_ERROR:
      return "TLS could not be set up: check --ssl-mode, --ssl-ca and the server's certificate and TLS settings";
    case cr::SERVER_LOST:
    case cr::SERVER_GONE_ERROR:
    case cr::SERVER_LOST_EXTENDED:
      return "the server closed the connection while it was made: check the server's error log and that it answers "
             "(--connect-timeout bounds the wait)";
    default:
      return "check --host/--port or --socket and that the server runs and answers (--connect-timeout bounds the "
             "wait)";
  }
}

namespace {

// Hints about locks, sizes and limits of one chunk's transaction.
std::string transaction_hint(unsigned code) {
  switch (code) {
    case er::LOCK_WAIT_TIMEOUT:
      return "another session held locks on the rows or the table longer than innodb_lock_wait_timeout: find it "
             "(information_schema.INNODB_TRX, SHOW PROCESSLIST) and load when it is done";
    case er::LOCK_DEADLOCK:
      return "another session's transaction deadlocked with the chunk's: load when the other writers are done, or "
             "give more --retries";
    case er::LOCK_TABLE_FULL:
      return "the chunk's row locks do not fit InnoDB's buffer pool: give a smaller --chunk-size, or raise "
             "innodb_buffer_pool_size";
    case er::TRANS_CACHE_FULL:
      return "the chunk's binary-log events outgrow max_binlog_cache_size: give a smaller --chunk-size, or raise "
             "max_binlog_cache_size";
    case er::NET_PACKET_TOO_LARGE:
      return "a statement outgrew the server's max_allowed_packet: give a smaller --batch-rows (or --chunk-size), "
             "or raise max_allowed_packet";
    case er::TOO_MANY_CONCURRENT_TRXS:
      return "InnoDB has no room for another transaction: lower --threads, or load when fewer sessions write";
    case er::MAX_PREPARED_STMT_COUNT_REACHED:
      return "the server holds max_prepared_stmt_count prepared statements already: lower --threads, raise the "
             "limit, or use --mode load (no prepared statements)";
    case er::NEED_REPREPARE:
      return "the table changed (an ALTER TABLE) while the load's statements were prepared: load again once it is "
             "done";
    default: return "";
  }
}

// Hints about the server's resources and other sessions acting on the load.
std::string server_hint(unsigned code) {
  switch (code) {
    case er::DISK_FULL: case er::RECORD_FILE_FULL:
      return "the server ran out of room for the table (its disk, its tablespace's limit, or MEMORY's "
             "max_heap_table_size): make room, then load the rest";
    case er::OUTOFMEMORY:
      return "the server ran out of memory: give a smaller --chunk-size or fewer --threads, or load when it has more";
    case er::GET_ERRNO:
      return "the storage engine failed with an operating-system error (the number in the message, see perror): "
             "read the server's error log";
    case er::OPEN_AS_READONLY: return "the table cannot be written (a read-only engine or file): load into another";
    case er::CRASHED_ON_USAGE: case er::CRASHED_ON_REPAIR:
      return "the table is marked as crashed: REPAIR TABLE it, then load again";
    case er::STATEMENT_TIMEOUT:
      return "the server's max_statement_time (the user's MAX_STATEMENT_TIME, or the global) cut the chunk's "
             "statement: give a smaller --chunk-size, or raise the limit for the load's user";
    case er::QUERY_INTERRUPTED: case er::CONNECTION_KILLED:
      return "another session KILLed the load's statement or connection, or the server is shutting down";
    case er::SERVER_SHUTDOWN: return "the server is shutting down: load the rest once it is back";
    case cr::SERVER_LOST: case cr::SERVER_GONE_ERROR: case cr::SERVER_LOST_EXTENDED:
      return "the server closed the connection (a restart, a crash, wait_timeout, max_allowed_packet): read the "
             "server's error log";
    default: return "";
  }
}

}  // namespace

std::string load_hint(unsigned code) {
  std::string hint = transaction_hint(code);
  return hint.empty() ? server_hint(code) : hint;
}

}  // namespace fastload::db
