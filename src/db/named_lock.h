// A user-level lock of the server (GET_LOCK), for what several fastload runs
// into one database must not do at once: one run dropping a table of
// fastload's own (the deferred indexes' record, the heartbeat) once it is empty
// while another creates it and writes its first row.
#pragma once

#include <string>

#include "db/session.h"

namespace fastload::db {

class NamedLock {
 public:
  // Waits up to `timeout_seconds` for the lock named by `name` (hashed: MySQL
  // takes names of 64 characters at most). A server without user-level locks
  // (a Galera node refuses GET_LOCK) or a wait that times out leaves it not held.
  NamedLock(Session& session, const std::string& name, unsigned timeout_seconds);
  ~NamedLock();  // released, if held
  NamedLock(const NamedLock&) = delete;
  NamedLock& operator=(const NamedLock&) = delete;

  bool held() const { return held_; }

 private:
  Session& session_;
  std::string name_;  // the lock's name on the server, quoted
  bool held_ = false;
};

}  // namespace fastload::db
