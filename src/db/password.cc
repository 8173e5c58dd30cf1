#include "db/password.h"

#include <cstdio>
#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

#include "base/base.h"

namespace fastload::db {

std::string read_password(const char* prompt) {
  int tty = ::open("/dev/tty", O_RDWR | O_CLOEXEC);
  if (tty < 0)
    throw Failure(ExitCode::usage, "-p without a value needs a terminal to ask on; put the password "
                                   "in an option file ([client] password=...) and use --defaults-file");
  struct termios saved {};
  bool restore = ::tcgetattr(tty, &saved) == 0;
  if (restore) {
    struct termios quiet = saved;
    quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
    ::tcsetattr(tty, TCSAFLUSH, &quiet);
  }
  (void)!::write(tty, prompt, std::char_traits<char>::length(prompt));
  std::string password;
  char c;
  while (::read(tty, &c, 1) == 1 && c != '\n' && c != '\r') password += c;
  if (restore) ::tcsetattr(tty, TCSAFLUSH, &saved);
  (void)!::write(tty, "\n", 1);
  ::close(tty);
  return password;
}

}  // namespace fastload::db
