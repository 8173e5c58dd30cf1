// A remote object (an HTTP(S) URL, an S3 object) read by byte ranges: found once (its size and what tells its
// version: ETag, Last-Modified, S3's version id), then any range of that version read whole, retried from its
// start when the network fails, and refused when the object changed since it was found (If-Match).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/base.h"
#include "remote/aws.h"
#include "remote/connection.h"
#include "remote/object_url.h"
#include "remote/requests.h"

namespace fastload::remote {

class Object {
 public:
  // Finds the object: a HEAD answers its size and version, once a run (a later Object of the URL takes the
  // version the first found). Throws Failure: ExitCode::input
  // (no such object or bucket, no byte ranges served), ExitCode::remote_denied (401, 403),
  // ExitCode::remote_unreachable (name, connection, TLS, or 5xx through every retry), ExitCode::interrupted.
  explicit Object(const std::string& url);
  ~Object();
  Object(const Object&) = delete;
  Object& operator=(const Object&) = delete;

  // The URL as messages show it (no secret in it).
  const std::string& name() const { return name_; }
  const ObjectInfo& info() const { return info_; }
  // Reads bytes [offset, offset + size) of the version found into `into`, all of them. Thread-safe. Throws as
  // the constructor does, and Failure(ExitCode::input) when the object changed since it was found;
  // Failure(ExitCode::interrupted) when `cancel` was set (the caller's own stop) or a stop was requested.
  void read(std::uint64_t offset, std::size_t size, char* into, const std::atomic<bool>* cancel = nullptr) const;

 private:
  Answer probe() const;
  ObjectInfo found(const Answer& first) const;

  ObjectUrl url_;
  std::string name_;
  std::optional<AwsAccess> aws_;  // an S3 object's
  std::string http_url_;
  Requests requests_;
  ObjectInfo info_;
};

}  // namespace fastload::remote
