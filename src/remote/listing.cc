#include "remote/listing.h"

#include <fmt/core.h>
#include <fnmatch.h>

#include "base/base.h"
#include "remote/object_url.h"
#include "remote/requests.h"
#include "remote/settings.h"

namespace fastload::remote {
namespace {

constexpr std::size_t kMostListingPage = 16 << 20;  // a page of 1000 keys of 1 KiB each, XML around them

// An XML text's five entities and numeric references decoded (keys and tokens come so).
std::string xml_text(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const std::size_t end = text[i] == '&' ? text.find(';', i) : std::string_view::npos;
    if (end == std::string_view::npos) {
      out += text[i];
      continue;
    }
    const std::string_view entity = text.substr(i + 1, end - i - 1);
    if (entity == "amp") out += '&';
    else if (entity == "lt") out += '<';
    else if (entity == "gt") out += '>';
    else if (entity == "quot") out += '"';
    else if (entity == "apos") out += '\'';
    else if (entity.starts_with('#')) {
      const unsigned long code = entity.starts_with("#x") ? std::stoul(std::string(entity.substr(2)), nullptr, 16)
                                                          : std::stoul(std::string(entity.substr(1)));
      if (code < 0x80) out += static_cast<char>(code);
      else if (code < 0x800) out += static_cast<char>(0xC0 | code >> 6), out += static_cast<char>(0x80 | (code & 0x3F));
      else out += static_cast<char>(0xE0 | code >> 12), out += static_cast<char>(0x80 | (code >> 6 & 0x3F)),
           out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
      out += text.substr(i, end - i + 1);
    }
    i = end;
  }
  return out;
}

// The text of every <name> element in `body`, in order.
std::vector<std::string> elements(const std::string& body, std::string_view name) {
  const std::string open = fmt::format("<{}>", name), close = fmt::format("</{}>", name);
  std::vector<std::string> found;
  for (std::size_t at = body.find(open); at != std::string::npos; at = body.find(open, at)) {
    const std::size_t end = body.find(close, at);
    if (end == std::string::npos) break;
    found.push_back(xml_text(std::string_view(body).substr(at + open.size(), end - at - open.size())));
    at = end;
  }
  return found;
}

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
    for (const std::string& key : elements(page.body, "Key"))
      if (::fnmatch(url.key.c_str(), key.c_str(), FNM_PATHNAME) == 0)
        found.push_back(fmt::format("s3://{}/{}", url.bucket, key));
    const std::vector<std::string> next = elements(page.body, "NextContinuationToken");
    token = next.empty() || elements(page.body, "IsTruncated") != std::vector<std::string>{"true"} ? "" : next[0];
  } while (!token.empty());
  if (found.empty())
    throw Failure(ExitCode::input, fmt::format("{}: no object matches this pattern (listed under {}); check it",
                                               shown(pattern), prefix.empty() ? "the whole bucket" : prefix));
  return found;
}

}  // namespace fastload::remote
