#include "remote/listing.h"

#include <fmt/core.h>
#include <fnmatch.h>

#include "base/base.h"
#include "remote/object_url.h"
#include "remote/requests.h"
#include "remote/settings.h"
#include "remote/xml.h"

namespace fastload::remote {
namespace {

constexpr std::size_t kMostListingPage = 16 << 20;  // a page of 1000 keys of 1 KiB each, XML around them

// One page of the bucket's keys under `prefix`, after `token` (the query's parameters in SigV4's sorted order).
std::string page_url(const AwsAccess& aws, const std::string& bucket, const std::string& prefix,
                     const std::string& token) {
  std::string url = object_http_url(aws, bucket, "") + "?";
  if (!token.empty()) url += "continuation-token=" + uri_encode(token, false) + "&";
  return url + "list-type=2&prefix=" + uri_encode(prefix, false);
}

}  // namespace

bool is_s3_pattern(const std::string& name) {
  if (!is_url(name) || parse_url(name).scheme != Scheme::s3) return false;
  return parse_url(name).key.find_first_of("*?[") != std::string::npos;
}

std::vector<std::string> matching_objects(const std::string& pattern) {
  const ObjectUrl url = parse_url(pattern);
  const AwsAccess aws = aws_access(settings());
  const Requests requests(shown(pattern), &aws);
  const std::string prefix = url.key.substr(0, url.key.find_first_of("*?["));
  std::vector<std::string> found;
  std::string token;
  do {
    Ask ask{.url = page_url(aws, url.bucket, prefix, token), .max_body = kMostListingPage};
    const Answer page = requests.ask(std::move(ask), 0);
    for (const std::string& key : xml_elements(page.body, "Key"))
      if (::fnmatch(url.key.c_str(), key.c_str(), FNM_PATHNAME) == 0)
        found.push_back(fmt::format("s3://{}/{}", url.bucket, key));
    const std::vector<std::string> next = xml_elements(page.body, "NextContinuationToken");
    token = next.empty() || xml_elements(page.body, "IsTruncated") != std::vector<std::string>{"true"} ? "" : next[0];
  } while (!token.empty());
  if (found.empty())
    throw Failure(ExitCode::input, fmt::format("{}: no object matches this pattern (listed under {}); check it",
                                               shown(pattern), prefix.empty() ? "the whole bucket" : prefix));
  return found;
}

}  // namespace fastload::remote
