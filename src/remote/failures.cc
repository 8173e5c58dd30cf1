// The failures of a remote object, worded by cause: each names the object and says what to do.
#include <curl/curl.h>
#include <fmt/core.h>

#include "base/base.h"
#include "remote/object.h"

namespace fastload::remote {

Failure not_found(const std::string& name, const Answer& a, const AwsAccess* aws) {
  if (s3_error_code(a) == "NoSuchBucket")
    return Failure(ExitCode::input, fmt::format("{}: no such bucket at {} ({}); check the bucket's name, "
                                                "--s3-endpoint and --s3-region", name, aws ? aws->endpoint : "",
                                                status_words(a)));
  return Failure(ExitCode::input, fmt::format("{}: no such object ({}); check the URL", name, status_words(a)));
}

Failure denied(const std::string& name, const Answer& a, const AwsAccess* aws) {
  if (!aws)
    return Failure(ExitCode::remote_denied, fmt::format(
        "{}: the server refused access ({}); give http-user and http-password, or http-bearer-token, in an "
        "option file's [fastload] group", name, status_words(a)));
  const std::string whose = aws->anonymous() ? "without credentials (none were found)"
                                             : "with the credentials of " + aws->profile;
  return Failure(ExitCode::remote_denied, fmt::format(
      "{}: the server refused access {} ({}); check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or the profile "
      "in ~/.aws/credentials (--aws-profile), and that they may read this object", name, whose, status_words(a)));
}

Failure unreachable(const std::string& name, const Answer& a, unsigned attempts) {
  const std::string tries = attempts > 1 ? fmt::format(" after {} attempts", attempts) : "";
  switch (a.curl_code) {
    case CURLE_COULDNT_RESOLVE_HOST:
      return Failure(ExitCode::remote_unreachable, fmt::format(
          "{}: cannot resolve the host name ({}); check the URL (or --s3-endpoint)", name, a.curl_error));
    case CURLE_PEER_FAILED_VERIFICATION: case CURLE_SSL_CACERT_BADFILE: case CURLE_SSL_CONNECT_ERROR:
    case CURLE_SSL_CERTPROBLEM: case CURLE_SSL_ISSUER_ERROR:
      return Failure(ExitCode::remote_unreachable, fmt::format(
          "{}: TLS failed ({}){}; check the host name, or give the CA that signed the server's certificate with "
          "--http-ca-file", name, a.curl_error, tries));
    case 0:
      return Failure(ExitCode::remote_unreachable, fmt::format(
          "{}: the server kept failing ({}){}; try again later, or raise --http-retries", name, status_words(a),
          tries));
    default:
      return Failure(ExitCode::remote_unreachable, fmt::format(
          "{}: cannot read from the server ({}){}; check that it runs and is reachable, or raise --http-retries "
          "and --http-stall-timeout", name, a.curl_error, tries));
  }
}

Failure changed(const std::string& name, const ObjectInfo& info, const Answer& a) {
  return Failure(ExitCode::input, fmt::format(
      "{}: the object changed while it loaded ({}; it was {} of {} bytes): nothing read after the change was "
      "loaded; load the new object from its start (a --resume run refuses it)", name, status_words(a),
      info.version().empty() ? "no version" : info.version(), info.size));
}

}  // namespace fastload::remote
