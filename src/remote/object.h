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

class Object {
 public:
  // Finds the object: a HEAD answers its size and version. Throws Failure: ExitCode::input
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
  Answer ask(Ask ask, std::uint64_t expect) const;
  Answer send(const Ask& ask) const;
  Answer probe() const;
  ObjectInfo found(const Answer& first) const;

  ObjectUrl url_;
  std::string name_;
  std::optional<AwsAccess> aws_;  // an S3 object's
  std::string http_url_;
  ObjectInfo info_;
  mutable std::mutex mutex_;                                // guards idle_
  mutable std::vector<std::unique_ptr<Connection>> idle_;  // connections between requests, kept alive
};

// A failure's words for the user, by cause (each names the URL and says what to do).
Failure not_found(const std::string& name, const Answer& answer, const AwsAccess* aws);
Failure denied(const std::string& name, const Answer& answer, const AwsAccess* aws);
Failure unreachable(const std::string& name, const Answer& answer, unsigned attempts);
Failure changed(const std::string& name, const ObjectInfo& info, const Answer& answer);

}  // namespace fastload::remote
