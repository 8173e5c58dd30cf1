// Names of remote objects as the user writes them: http://, https://, s3://bucket/key.
#pragma once

#include <string>
#include <string_view>

namespace fastload::remote {

enum class Scheme { http, https, s3 };

struct ObjectUrl {
  Scheme scheme = Scheme::https;
  std::string text;    // as given
  std::string bucket;  // s3://BUCKET/key
  std::string key;     // s3://bucket/KEY, undecoded (S3 keys are bytes: no percent-decoding)
};

// Whether `name` is a remote object's URL (it starts with http://, https:// or s3://, in any case).
bool is_url(std::string_view name);

// Throws Failure(ExitCode::usage) for a URL fastload cannot use, saying why: credentials in it (they would show in
// the process list: give them in an option file), no host, no bucket or key.
ObjectUrl parse_url(const std::string& text);

// `url` as messages and --json show it: the values of a presigned URL's signature and credential query parameters
// replaced by "...", so that no secret is printed.
std::string shown(std::string_view url);

// The object's name: the last segment of its path (for the table a file loads into: its name up to the first dot).
std::string file_name(const ObjectUrl& url);

// `text` percent-encoded as SigV4 canonical URIs want it: all but A-Z a-z 0-9 - . _ ~ (and '/' when `keep_slash`).
std::string uri_encode(std::string_view text, bool keep_slash);

}  // namespace fastload::remote
