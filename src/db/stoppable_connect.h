// mysql_real_connect that a stop signal (db/stop_signal.h) ends within a tenth of a second: a server that accepts
// the connection and never answers would otherwise keep the run for --connect-timeout, the signal a flag nobody
// reads (the stop watcher cuts only connections that exist). Where the client library has MariaDB's non-blocking
// API (FASTLOAD_HAVE_NONBLOCK_CONNECT), the connect runs through mysql_real_connect_start/_cont and fastload does
// the waiting itself, in slices that look for a signal; elsewhere it is the library's blocking call.
#pragma once

typedef struct st_mysql MYSQL;

namespace fastload::db {

// Before the connect (with the other options): the library's non-blocking mode, where it has one.
void allow_stopped_connect(MYSQL* mysql);

struct ConnectArguments {
  const char* host;
  const char* user;
  const char* password;
  unsigned port;
  const char* socket;
};

enum class ConnectResult { connected, failed, stopped };

// `failed`: mysql_error(mysql) says why. `stopped`: a signal came while it waited (a connect begun after the signal
// is stopped only once the stop watcher had to cut a call: the server does not answer); the handle is not
// connected, and is closed as any other.
ConnectResult connect_unless_stopped(MYSQL* mysql, const ConnectArguments& a);

}  // namespace fastload::db
