#include "db/named_lock.h"

#include <fmt/core.h>
#include <xxhash.h>

namespace fastload::db {

NamedLock::NamedLock(Session& session, const std::string& name, unsigned timeout_seconds)
    : session_(session),
      name_(session.quote_string(fmt::format("fastload {:016x}", XXH3_64bits(name.data(), name.size())))) {
  try {
    held_ = session_.query_value(fmt::format("SELECT GET_LOCK({}, {})", name_, timeout_seconds)) == "1";
  } catch (const ServerError&) {
    held_ = false;  // no user-level locks here: the caller does without what needed the lock
  }
}

NamedLock::~NamedLock() {
  if (!held_) return;
  try {
    session_.query_value(fmt::format("SELECT RELEASE_LOCK({})", name_));
  } catch (const std::exception&) {  // a lost connection released it
  }
}

}  // namespace fastload::db
