// What the user asked of remote inputs (HTTP(S) URLs, S3 objects): the limits of a transfer, the CA to verify
// with, where S3 objects live and whose credentials sign for them. Filled by the request's `Remote` group.
#pragma once

#include <string>

namespace fastload::remote {

// How an S3 object's URL names its bucket: in the path (https://endpoint/bucket/key, what S3-compatible stores
// take) or in the host name (https://bucket.endpoint/key, AWS's own); automatic: path-style for an endpoint the
// user gave, virtual-host for AWS.
enum class Addressing { automatic, path, virtual_host };

struct Settings {
  std::string ca_file;          // --http-ca-file: verify HTTPS with this CA bundle instead of the system's
  long connect_timeout_ms = 10'000;  // --http-connect-timeout: name resolution, TCP and TLS handshake together
  long stall_timeout_ms = 30'000;    // --http-stall-timeout: a transfer that receives nothing for this long is cut
  unsigned retries = 5;          // --http-retries: attempts after the first for a request the network failed
  std::string aws_profile;      // --aws-profile, else AWS_PROFILE, else "default"
  std::string s3_endpoint;      // --s3-endpoint, else AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL, the profile's endpoint_url
  std::string s3_region;        // --s3-region, else AWS_REGION, AWS_DEFAULT_REGION, the profile's region, us-east-1
  Addressing addressing = Addressing::automatic;  // --s3-addressing, else the profile's s3 addressing_style
  bool anonymous = false;        // --s3-no-sign: public objects, no credentials looked for
  // HTTP(S) credentials, from an option file only (never argv): basic (user and password) or a bearer token.
  std::string http_user, http_password, http_bearer_token;
};

// Sets what every remote input of the run uses: called once, before any input is opened and any thread starts;
// read-only afterwards, from any thread.
void configure(Settings settings);
const Settings& settings();

}  // namespace fastload::remote
