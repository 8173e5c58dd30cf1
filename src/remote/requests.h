// What is sent to one server and how its failures are met: connections kept alive between requests (any thread
// takes an idle one), each request sent until it is answered whole, retried by cause (--http-retries), and a
// failure that no retry cures thrown in the user's words (failures.cc).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "base/base.h"
#include "remote/aws.h"
#include "remote/connection.h"

namespace fastload::remote {

struct ObjectInfo {
  std::uint64_t size = 0;
  std::string etag;           // as the server sent it, quotes included (If-Match takes it so)
  std::string last_modified;  // used when there is no ETag
  std::string version_id;     // a versioned S3 bucket's
  // What --resume knows the object by beside its size: its ETag (and version id), else its Last-Modified;
  // empty when the server gives neither (the object's changes cannot be told).
  std::string version() const;
};

class Requests {
 public:
  // `name`: the URL as messages show it; `aws`: the S3 credentials that sign (none: unsigned), which must outlive
  // this.
  Requests(std::string name, const AwsAccess* aws) : name_(std::move(name)), aws_(aws) {}
  // Sends `ask` once, on an idle connection or a new one. Thread-safe.
  Answer send(const Ask& ask) const;
  // Sends `ask` until it is answered whole (a ranged read: `expect` bytes), retrying what the network or a busy
  // server did. Thread-safe. Throws by cause: not_found, denied, unreachable, changed (the object was `version`),
  // Failure(ExitCode::interrupted) on a stop or `ask.cancel`.
  Answer ask(Ask ask, std::uint64_t expect, const ObjectInfo* version = nullptr) const;

 private:
  const std::string name_;
  const AwsAccess* const aws_;
  mutable std::mutex mutex_;                                // guards idle_
  mutable std::vector<std::unique_ptr<Connection>> idle_;  // connections between requests, kept alive
};

// Whether a failed answer is one a retry may cure (the network's, 408, 429, 5xx).
bool retried(const Answer& answer);

// A failure's words for the user, by cause (each names the URL and says what to do).
Failure not_found(const std::string& name, const Answer& answer, const AwsAccess* aws);
Failure denied(const std::string& name, const Answer& answer, const AwsAccess* aws);
Failure unreachable(const std::string& name, const Answer& answer, unsigned attempts);
Failure changed(const std::string& name, const ObjectInfo& info, const Answer& answer);

}  // namespace fastload::remote
