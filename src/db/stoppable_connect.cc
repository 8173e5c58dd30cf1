#include "db/stoppable_connect.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <mysql.h>
#include <poll.h>

#include "db/stop_signal.h"

namespace fastload::db {
namespace {

#if defined(FASTLOAD_HAVE_NONBLOCK_CONNECT)
using Clock = std::chrono::steady_clock;
constexpr int kSliceMs = 100;  // how long a wait goes without looking for a signal

// Whether a signal ends this connect: always when it came during it; when it came before, only once a call was cut.
bool stop_now(bool begun_after_signal) {
  return stop_signal() != 0 && (!begun_after_signal || connection_cut());
}

// Waits for what the library asked for (`status`: MYSQL_WAIT_ bits) and returns what happened, as
// mysql_real_connect_cont takes it: MYSQL_WAIT_TIMEOUT when the library's own timeout passed or a signal came
// (`stopped`), which makes the library give up.
int wait_for_library(MYSQL* mysql, int status, bool begun_after_signal, bool& stopped) {
  pollfd p{static_cast<int>(mysql_get_socket(mysql)), 0, 0};
  if (status & MYSQL_WAIT_READ) p.events |= POLLIN;
  if (status & MYSQL_WAIT_WRITE) p.events |= POLLOUT;
  if (status & MYSQL_WAIT_EXCEPT) p.events |= POLLPRI;
  if (p.events == 0) p.fd = -1;  // a wait for the timeout alone
  const bool timed = (status & MYSQL_WAIT_TIMEOUT) != 0;
  const Clock::time_point deadline =
      Clock::now() + std::chrono::milliseconds(timed ? mysql_get_timeout_value_ms(mysql) : 0);
  for (;;) {
    if (stop_now(begun_after_signal)) {
      stopped = true;
      return MYSQL_WAIT_TIMEOUT;
    }
    int slice = kSliceMs;
    if (timed) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) return MYSQL_WAIT_TIMEOUT;
      slice = static_cast<int>(std::min<long long>(slice, left));
    }
    int n = ::poll(&p, 1, slice);
    if (n < 0 && errno != EINTR) return status & (MYSQL_WAIT_READ | MYSQL_WAIT_WRITE);  // the library meets the error
    if (n <= 0) continue;
    int ready = 0;
    if (p.revents & POLLIN) ready |= MYSQL_WAIT_READ;
    if (p.revents & POLLOUT) ready |= MYSQL_WAIT_WRITE;
    if (p.revents & POLLPRI) ready |= MYSQL_WAIT_EXCEPT;
    // A hang-up or an error: the library's next read or write says which.
    if (p.revents & (POLLHUP | POLLERR | POLLNVAL)) ready |= status & (MYSQL_WAIT_READ | MYSQL_WAIT_WRITE);
    return ready;
  }
}
#endif

}  // namespace

void allow_stopped_connect(MYSQL* mysql) {
#if defined(FASTLOAD_HAVE_NONBLOCK_CONNECT)
  // The library runs the connect on a stack of its own: room for TLS and the authentication plugins.
  std::size_t stack = 256 * 1024;
  mysql_options(mysql, MYSQL_OPT_NONBLOCK, &stack);  // refused: the blocking connect below
#else
  (void)mysql;
#endif
}

ConnectResult connect_unless_stopped(MYSQL* mysql, const ConnectArguments& a) {
#if defined(FASTLOAD_HAVE_NONBLOCK_CONNECT)
  MYSQL* connected = nullptr;
  const bool begun_after_signal = stop_signal() != 0;
  bool stopped = false;
  int status = mysql_real_connect_start(&connected, mysql, a.host, a.user, a.password, nullptr, a.port, a.socket, 0);
  while (status != 0) {
    int ready = stopped ? MYSQL_WAIT_TIMEOUT : wait_for_library(mysql, status, begun_after_signal, stopped);
    status = mysql_real_connect_cont(&connected, mysql, ready);
  }
  if (stopped) return ConnectResult::stopped;
  return connected ? ConnectResult::connected : ConnectResult::failed;
#else
  return mysql_real_connect(mysql, a.host, a.user, a.password, nullptr, a.port, a.socket, 0) ? ConnectResult::connected
                                                                                              : ConnectResult::failed;
#endif
}

}  // namespace fastload::db
