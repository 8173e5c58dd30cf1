// One libcurl handle (its connections kept alive between requests), used by one thread at a time: a request
// sent once, its answer's status and headers read, its body written where the caller says. Retrying is the
// caller's (object.h), which knows what a failure means for the object.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "remote/aws.h"
#include "remote/settings.h"

typedef void CURL;
struct curl_slist;

namespace fastload::remote {

// What a request asks.
struct Ask {
  std::string url;  // the HTTP(S) URL (an S3 object's as object_http_url made it)
  std::optional<std::pair<std::uint64_t, std::uint64_t>> range{};  // [begin, end): a ranged GET
  std::string if_match{};             // the ETag the object must still have (412 if not)
  std::string if_unmodified_since{};  // without an ETag: the Last-Modified it must still have
  char* into = nullptr;             // where a 2xx body goes (at most `into_size` bytes); else into Answer::body
  std::size_t into_size = 0;
  const std::atomic<bool>* cancel = nullptr;  // set: the transfer ends at once (as on a stop request)
  bool headers_only = false;  // a 2xx answer's body is not wanted: the transfer ends after its headers
  bool head = false;          // a HEAD request
  std::size_t max_body = 64 << 10;  // most bytes of a body kept in Answer::body (an error's, a listing's)
};

// What came back: a transfer error (curl_code != 0), or an HTTP status with its headers.
struct Answer {
  int curl_code = 0;        // CURLcode; 0 when a status came back
  std::string curl_error;   // libcurl's words for curl_code
  long status = 0;
  std::optional<std::uint64_t> content_length;
  std::string etag, last_modified, version_id, content_range, retry_after;
  std::string body;         // a non-2xx body (an S3 error's XML), or a 2xx body without `into`: at most max_body
  std::size_t received = 0; // body bytes written to `into`
  bool overflow = false;    // the server sent more than `into_size` bytes
  bool cut_after_headers = false;  // headers_only: the transfer was ended after a 2xx answer's headers
};

class Connection {
 public:
  // `signer`: the S3 credentials that sign each request (none or anonymous: unsigned).
  Connection(const Settings& settings, const AwsAccess* signer);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Sends `ask` once. Never throws for what the network or server did: that is in the Answer.
  Answer send(const Ask& ask);

 private:
  void sign(::curl_slist*& headers);
  CURL* curl_;
  const Settings& settings_;
  const AwsAccess* signer_;
};

// "HTTP 403 (AccessDenied: Access Denied)": an answer's status, with an S3 error body's code and message.
std::string status_words(const Answer& answer);
// An S3 error body's <Code>, or empty.
std::string s3_error_code(const Answer& answer);

}  // namespace fastload::remote
