# Finds the MySQL C API: MariaDB Connector/C (libmariadb) or Oracle's
# libmysqlclient, whichever is installed, preferring pkg-config, then
# mariadb_config / mysql_config, then a plain search.
#
# Defines the imported target MySQLClient::MySQLClient and, for feature checks,
# MySQLClient_IS_MARIADB and the compile definitions FASTLOAD_HAVE_SSL_MODE
# (MYSQL_OPT_SSL_MODE, Oracle), FASTLOAD_HAVE_SSL_ENFORCE (MariaDB) and
# FASTLOAD_HAVE_ARRAY_BINDING (MariaDB's STMT_ATTR_ARRAY_SIZE bulk execution) and
# FASTLOAD_HAVE_COMPRESSION_ALGORITHMS (Oracle's MYSQL_OPT_COMPRESSION_ALGORITHMS,
# 8.0.18+: zstd for --compress; otherwise MYSQL_OPT_COMPRESS, zlib) and
# FASTLOAD_HAVE_NONBLOCK_CONNECT (MariaDB's mysql_real_connect_start/_cont: a
# connect a stop signal can end, db/stoppable_connect.h).

include(FindPackageHandleStandardArgs)
include(CheckCXXSourceCompiles)
include(CMakePushCheckState)

find_package(PkgConfig QUIET)
if(PkgConfig_FOUND)
  pkg_search_module(PC_MYSQLCLIENT QUIET libmariadb mariadb mysqlclient)
endif()

foreach(tool mariadb_config mysql_config)
  if(NOT PC_MYSQLCLIENT_FOUND)
    find_program(MySQLClient_CONFIG ${tool})
  endif()
endforeach()
if(MySQLClient_CONFIG)
  execute_process(COMMAND ${MySQLClient_CONFIG} --variable=pkgincludedir
    OUTPUT_VARIABLE _config_include OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
endif()

find_path(MySQLClient_INCLUDE_DIR mysql.h
  HINTS ${PC_MYSQLCLIENT_INCLUDE_DIRS} ${_config_include}
  PATH_SUFFIXES mariadb mysql)
find_library(MySQLClient_LIBRARY
  NAMES mariadb mysqlclient
  HINTS ${PC_MYSQLCLIENT_LIBRARY_DIRS})

find_package_handle_standard_args(MySQLClient
  REQUIRED_VARS MySQLClient_LIBRARY MySQLClient_INCLUDE_DIR)

if(MySQLClient_FOUND AND NOT TARGET MySQLClient::MySQLClient)
  add_library(MySQLClient::MySQLClient UNKNOWN IMPORTED)
  set_target_properties(MySQLClient::MySQLClient PROPERTIES
    IMPORTED_LOCATION "${MySQLClient_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${MySQLClient_INCLUDE_DIR}")

  cmake_push_check_state(RESET)
  set(CMAKE_REQUIRED_INCLUDES ${MySQLClient_INCLUDE_DIR})
  set(CMAKE_REQUIRED_LIBRARIES ${MySQLClient_LIBRARY})
  check_cxx_source_compiles("#include <mysql.h>
    int main() { return MARIADB_PACKAGE_VERSION_ID > 0 ? 0 : 1; }" MySQLClient_IS_MARIADB)
  check_cxx_source_compiles("#include <mysql.h>
    int main() { mysql_option o = MYSQL_OPT_SSL_MODE; return (int)o; }" FASTLOAD_HAVE_SSL_MODE)
  check_cxx_source_compiles("#include <mysql.h>
    int main() { mysql_option o = MYSQL_OPT_SSL_ENFORCE; return (int)o; }" FASTLOAD_HAVE_SSL_ENFORCE)
  check_cxx_source_compiles("#include <mysql.h>
    int main() { unsigned long c = 0; mariadb_get_infov(nullptr, MARIADB_CONNECTION_EXTENDED_SERVER_CAPABILITIES, &c);
                 return STMT_ATTR_ARRAY_SIZE + STMT_INDICATOR_NULL; }" FASTLOAD_HAVE_ARRAY_BINDING)
  check_cxx_source_compiles("#include <mysql.h>
    int main() { mysql_option o = MYSQL_OPT_COMPRESSION_ALGORITHMS; return (int)o; }"
    FASTLOAD_HAVE_COMPRESSION_ALGORITHMS)
  check_cxx_source_compiles("#include <mysql.h>
    int main() { MYSQL* r = nullptr; mysql_option o = MYSQL_OPT_NONBLOCK;
                 return mysql_real_connect_cont(&r, nullptr, MYSQL_WAIT_TIMEOUT) + (int)o +
                        (int)mysql_get_timeout_value_ms(nullptr); }" FASTLOAD_HAVE_NONBLOCK_CONNECT)
  # The connection's method table sends a COM_STMT_BULK_EXECUTE body fastload writes itself
  # (sink/bulk_request.h) and reads its answer as mysql_stmt_execute does.
  check_cxx_source_compiles("#include <mysql.h>
    int main() { MYSQL_STMT* s = nullptr; return s->mysql->methods->db_read_execute_response(s) +
                 s->mysql->methods->db_command(s->mysql, COM_STMT_BULK_EXECUTE, nullptr, 0, 1, s) + (int)s->stmt_id; }"
    FASTLOAD_HAVE_BULK_REQUEST)
  cmake_pop_check_state()
  foreach(feature FASTLOAD_HAVE_SSL_MODE FASTLOAD_HAVE_SSL_ENFORCE FASTLOAD_HAVE_ARRAY_BINDING
          FASTLOAD_HAVE_COMPRESSION_ALGORITHMS FASTLOAD_HAVE_NONBLOCK_CONNECT FASTLOAD_HAVE_BULK_REQUEST)
    if(${feature})
      set_property(TARGET MySQLClient::MySQLClient APPEND PROPERTY
        INTERFACE_COMPILE_DEFINITIONS ${feature}=1)
    endif()
  endforeach()
endif()

mark_as_advanced(MySQLClient_INCLUDE_DIR MySQLClient_LIBRARY MySQLClient_CONFIG)
