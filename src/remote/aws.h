// Where an S3 object is and whose credentials sign for it, by the conventions AWS's own tools keep: the
// environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, AWS_PROFILE, AWS_REGION,
// AWS_ENDPOINT_URL[_S3], AWS_SHARED_CREDENTIALS_FILE, AWS_CONFIG_FILE), then ~/.aws/credentials and ~/.aws/config.
#pragma once

#include <string>

#include "remote/settings.h"

namespace fastload::remote {

struct AwsAccess {
  std::string key_id, secret, session_token;  // none: anonymous requests (public objects)
  std::string region;
  std::string endpoint;  // scheme://host[:port], without a trailing slash
  bool path_style = false;
  std::string profile;   // where the credentials came from, for messages ("environment" or the profile's name)
  bool anonymous() const { return key_id.empty(); }
};

// Throws Failure(ExitCode::usage) for a profile asked for by name that neither file has, a key without its
// secret, or an endpoint that is no http(s) URL.
AwsAccess aws_access(const Settings& settings);

// The HTTP(S) URL of s3://bucket/key (or of the bucket alone, for a listing, with key empty).
std::string object_http_url(const AwsAccess& access, const std::string& bucket, const std::string& key);

}  // namespace fastload::remote
