#include "remote/object_url.h"

#include <algorithm>
#include <cctype>
#include <curl/curl.h>
#include <fmt/core.h>
#include <memory>

#include "base/base.h"

namespace fastload::remote {
namespace {

bool starts_with_nocase(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() &&
         std::equal(prefix.begin(), prefix.end(), text.begin(),
                    [](char p, char t) { return p == std::tolower(static_cast<unsigned char>(t)); });
}

Failure bad_url(const std::string& text, std::string_view why) {
  return misuse(fmt::format("{}: {}", shown(text), why));
}

// An HTTP(S) URL as libcurl parses it: refused without a host or with credentials in it.
void check_http(const std::string& text) {
  std::unique_ptr<CURLU, decltype(&curl_url_cleanup)> url(curl_url(), curl_url_cleanup);
  if (!url || curl_url_set(url.get(), CURLUPART_URL, text.c_str(), 0) != CURLUE_OK)
    throw bad_url(text, "is not a URL fastload can read; check it (http://HOST[:PORT]/PATH)");
  char* user = nullptr;
  const bool has_user = curl_url_get(url.get(), CURLUPART_USER, &user, 0) == CURLUE_OK;
  curl_free(user);
  if (has_user)
    throw bad_url(text, "holds credentials, which the process list would show; give them as http-user and "
                        "http-password (or http-bearer-token) in an option file's [fastload] group");
}

ObjectUrl parse_s3(const std::string& text) {
  ObjectUrl url{Scheme::s3, text, {}, {}};
  const std::string_view rest = std::string_view(text).substr(5);
  const std::size_t slash = rest.find('/');
  url.bucket = std::string(rest.substr(0, slash));
  if (url.bucket.empty())
    throw bad_url(text, "names no bucket; write s3://BUCKET/KEY");
  if (url.bucket.find_first_of("@:?#") != std::string::npos)
    throw bad_url(text, "is not an S3 object's name: write s3://BUCKET/KEY, and give the endpoint with "
                        "--s3-endpoint and credentials in the environment or ~/.aws/credentials");
  if (slash != std::string_view::npos) url.key = std::string(rest.substr(slash + 1));
  if (url.key.empty()) throw bad_url(text, "names no object in its bucket; write s3://BUCKET/KEY");
  return url;
}

bool is_secret_parameter(std::string_view name) {
  for (std::string_view secret : {"x-amz-signature", "x-amz-credential", "x-amz-security-token", "signature",
                                  "sig", "token", "access_token", "awsaccesskeyid", "x-goog-signature",
                                  "x-goog-credential"})
    if (name.size() == secret.size() && starts_with_nocase(name, secret)) return true;
  return false;
}

}  // namespace

bool is_url(std::string_view name) {
  return starts_with_nocase(name, "http://") || starts_with_nocase(name, "https://") ||
         starts_with_nocase(name, "s3://");
}

ObjectUrl parse_url(const std::string& text) {
  if (starts_with_nocase(text, "s3://")) return parse_s3(text);
  check_http(text);
  return ObjectUrl{starts_with_nocase(text, "https://") ? Scheme::https : Scheme::http, text, {}, {}};
}

namespace {
// `url` without the credentials of its authority (user:password@host: "...@host").
std::string without_userinfo(std::string_view url) {
  const std::size_t scheme = url.find("://");
  if (scheme == std::string_view::npos) return std::string(url);
  const std::size_t host = scheme + 3, end = url.find_first_of("/?#", host);
  const std::size_t at = url.substr(0, end).rfind('@');
  if (at == std::string_view::npos || at < host) return std::string(url);
  return fmt::format("{}...{}", url.substr(0, host), url.substr(at));
}
}  // namespace

std::string shown(std::string_view given) {
  const std::string whole = without_userinfo(given);
  const std::string_view url = whole;
  const std::size_t query = url.find('?');
  if (query == std::string_view::npos) return whole;
  std::string out(url.substr(0, query + 1));
  std::string_view rest = url.substr(query + 1);
  const std::size_t fragment = rest.find('#');
  rest = rest.substr(0, fragment);
  for (bool first = true; !rest.empty() || first; first = false) {
    const std::size_t amp = rest.find('&');
    const std::string_view pair = rest.substr(0, amp);
    rest = amp == std::string_view::npos ? std::string_view() : rest.substr(amp + 1);
    const std::size_t eq = pair.find('=');
    if (!first) out += '&';
    if (eq != std::string_view::npos && is_secret_parameter(pair.substr(0, eq)))
      out += fmt::format("{}=...", pair.substr(0, eq));
    else
      out += pair;
    if (amp == std::string_view::npos) break;
  }
  return out;
}

std::string file_name(const ObjectUrl& url) {
  std::string_view path = url.scheme == Scheme::s3 ? std::string_view(url.key) : std::string_view(url.text);
  if (url.scheme != Scheme::s3) path = path.substr(0, path.find_first_of("?#"));
  const std::size_t slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

std::string uri_encode(std::string_view text, bool keep_slash) {
  std::string out;
  out.reserve(text.size());
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || (keep_slash && c == '/'))
      out += static_cast<char>(c);
    else
      out += fmt::format("%{:02X}", c);
  }
  return out;
}

}  // namespace fastload::remote
