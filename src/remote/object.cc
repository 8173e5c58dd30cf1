#include "remote/object.h"

#include <fmt/core.h>
#include <functional>
#include <map>
#include <mutex>

#include "base/base.h"
#include "remote/settings.h"

namespace fastload::remote {

std::string ObjectInfo::version() const {
  if (!etag.empty()) return version_id.empty() ? "etag " + etag : fmt::format("etag {} version {}", etag, version_id);
  return last_modified.empty() ? "" : "last-modified " + last_modified;
}

namespace {
std::optional<AwsAccess> access_of(const ObjectUrl& url) {
  return url.scheme == Scheme::s3 ? std::optional<AwsAccess>(aws_access(settings())) : std::nullopt;
}

// An object is found once a run: the first Object of a URL asks the server, every later one (the open pass's
// check, the place that reads it, --resume's identity) takes what that found, so that all speak of one
// version. Reads carry If-Match with it: a later version is refused, never mixed in.
ObjectInfo found_once(const std::string& url, const std::function<ObjectInfo()>& find) {
  static std::mutex mutex;  // guards `found`
  static std::map<std::string, ObjectInfo> found;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (auto it = found.find(url); it != found.end()) return it->second;
  }
  ObjectInfo info = find();  // not under the lock: one slow server does not hold up another object
  std::lock_guard<std::mutex> lock(mutex);
  return found.emplace(url, std::move(info)).first->second;  // a racing find of the same URL: the first stands
}
}  // namespace

Object::Object(const std::string& url)
    : url_(parse_url(url)), name_(shown(url)), aws_(access_of(url_)),
      http_url_(aws_ ? object_http_url(*aws_, url_.bucket, url_.key) : url),
      requests_(name_, aws_ ? &*aws_ : nullptr) {
  info_ = found_once(url, [&] { return found(probe()); });
}

Object::~Object() = default;

// A HEAD of the object; when it is refused, a GET, whose error body says why (an S3 error's code: no such
// bucket or key, which signature), and which throws for it.
Answer Object::probe() const {
  Ask head{.url = http_url_, .head = true};
  Answer a = requests_.send(head);
  if (!a.curl_code && a.status >= 200 && a.status < 300) return a;
  if (retried(a)) return requests_.ask(head, 0);
  Ask get{.url = http_url_, .headers_only = true};
  return requests_.ask(get, 0);
}

// The object as its probe found it: its length, its version.
ObjectInfo Object::found(const Answer& a) const {
  if (!a.content_length)
    throw Failure(ExitCode::input, fmt::format(
        "{}: the server does not tell the object's size, which fastload reads a remote file by; download it "
        "first, or pipe it (`curl -sf URL | fastload - ...`)", name_));
  return ObjectInfo{*a.content_length, a.etag, a.last_modified, a.version_id};
}

void Object::read(std::uint64_t offset, std::size_t size, char* into, const std::atomic<bool>* cancel) const {
  if (size == 0) return;
  Ask ranged{.url = http_url_, .range = std::pair<std::uint64_t, std::uint64_t>{offset, offset + size},
             .if_match = info_.etag, .if_unmodified_since = info_.etag.empty() ? info_.last_modified : "",
             .into = into, .into_size = size, .cancel = cancel};
  requests_.ask(std::move(ranged), size, &info_);
}

}  // namespace fastload::remote
