#include "remote/connection.h"

#include <algorithm>
#include <cctype>
#include <curl/curl.h>
#include <fmt/core.h>
#include <mutex>

#include "base/base.h"
#include "remote/xml.h"

namespace fastload::remote {
namespace {

struct Transfer {
  const Ask& ask;
  Answer& answer;
  CURL* curl;
};

bool is_2xx(CURL* curl) {
  long status = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
  return status >= 200 && status < 300;
}

// libcurl's body callback: a 2xx body into the caller's buffer (more than it holds aborts the transfer), any
// other into Answer::body, bounded.
extern "C" std::size_t on_body(char* data, std::size_t, std::size_t size, void* user) noexcept {
  auto& t = *static_cast<Transfer*>(user);
  if (t.ask.headers_only && is_2xx(t.curl)) {
    t.answer.cut_after_headers = true;
    return 0;
  }
  if (t.ask.into && is_2xx(t.curl)) {
    if (t.answer.received + size > t.ask.into_size) {
      t.answer.overflow = true;
      return 0;
    }
    std::copy(data, data + size, t.ask.into + t.answer.received);
    t.answer.received += size;
    return size;
  }
  try {
    const std::size_t room = t.ask.max_body - std::min(t.ask.max_body, t.answer.body.size());
    t.answer.body.append(data, std::min(room, size));
  } catch (...) {
    return 0;
  }
  return size;
}

std::string header_value(std::string_view line, std::string_view name) {
  if (line.size() <= name.size() || line[name.size()] != ':') return {};
  for (std::size_t i = 0; i < name.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(line[i])) != name[i]) return {};
  std::string_view v = line.substr(name.size() + 1);
  while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
  while (!v.empty() && (v.back() == '\r' || v.back() == '\n' || v.back() == ' ')) v.remove_suffix(1);
  return std::string(v);
}

// libcurl's header callback: the headers of the last response (a redirect's or a 100's are forgotten).
extern "C" std::size_t on_header(char* data, std::size_t, std::size_t size, void* user) noexcept {
  auto& a = static_cast<Transfer*>(user)->answer;
  const std::string_view line(data, size);
  try {
    if (line.starts_with("HTTP/")) {
      a.etag.clear(), a.last_modified.clear(), a.version_id.clear(), a.content_range.clear();
      a.retry_after.clear(), a.content_length.reset();
    }
    if (std::string v = header_value(line, "etag"); !v.empty()) a.etag = v;
    if (std::string v = header_value(line, "last-modified"); !v.empty()) a.last_modified = v;
    if (std::string v = header_value(line, "x-amz-version-id"); !v.empty()) a.version_id = v;
    if (std::string v = header_value(line, "content-range"); !v.empty()) a.content_range = v;
    if (std::string v = header_value(line, "retry-after"); !v.empty()) a.retry_after = v;
    if (std::string v = header_value(line, "content-length"); !v.empty()) a.content_length = std::stoull(v);
  } catch (...) {
    return 0;
  }
  return size;
}

// A stop request (SIGINT, SIGTERM) ends a transfer at once instead of at its end.
// (as does the owner's cancel flag: a reader that no longer needs the bytes).
extern "C" int on_progress(void* cancel, curl_off_t, curl_off_t, curl_off_t, curl_off_t) noexcept {
  const auto* flag = static_cast<const std::atomic<bool>*>(cancel);
  return stop_requested() || (flag && flag->load(std::memory_order_relaxed)) ? 1 : 0;
}

void global_init() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

}  // namespace

Connection::Connection(const Settings& settings, const AwsAccess* signer)
    : curl_(nullptr), settings_(settings), signer_(signer) {
  global_init();
  curl_ = curl_easy_init();
  if (!curl_) throw internal_error("libcurl could not make a handle");
}

Connection::~Connection() { curl_easy_cleanup(curl_); }

void Connection::sign(curl_slist*& headers) {
  if (signer_ && !signer_->anonymous()) {
    curl_easy_setopt(curl_, CURLOPT_AWS_SIGV4, fmt::format("aws:amz:{}:s3", signer_->region).c_str());
    curl_easy_setopt(curl_, CURLOPT_USERNAME, signer_->key_id.c_str());
    curl_easy_setopt(curl_, CURLOPT_PASSWORD, signer_->secret.c_str());
    headers = curl_slist_append(headers, "x-amz-content-sha256: UNSIGNED-PAYLOAD");
    if (!signer_->session_token.empty())
      headers = curl_slist_append(headers, ("x-amz-security-token: " + signer_->session_token).c_str());
  } else if (!signer_ && !settings_.http_bearer_token.empty()) {
    curl_easy_setopt(curl_, CURLOPT_HTTPAUTH, CURLAUTH_BEARER);
    curl_easy_setopt(curl_, CURLOPT_XOAUTH2_BEARER, settings_.http_bearer_token.c_str());
  } else if (!signer_ && !settings_.http_user.empty()) {
    curl_easy_setopt(curl_, CURLOPT_HTTPAUTH, CURLAUTH_BASIC);
    curl_easy_setopt(curl_, CURLOPT_USERNAME, settings_.http_user.c_str());
    curl_easy_setopt(curl_, CURLOPT_PASSWORD, settings_.http_password.c_str());
  }
}

Answer Connection::send(const Ask& ask) {
  Answer answer;
  Transfer t{ask, answer, curl_};
  curl_easy_reset(curl_);  // keeps the live connections, DNS and TLS session caches
  curl_slist* headers = nullptr;
  curl_easy_setopt(curl_, CURLOPT_URL, ask.url.c_str());
  curl_easy_setopt(curl_, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl_, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl_, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(curl_, CURLOPT_MAXREDIRS, 5L);
  curl_easy_setopt(curl_, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl_, CURLOPT_CONNECTTIMEOUT_MS, settings_.connect_timeout_ms);
  curl_easy_setopt(curl_, CURLOPT_LOW_SPEED_LIMIT, 1L);
  curl_easy_setopt(curl_, CURLOPT_LOW_SPEED_TIME, std::max(1L, settings_.stall_timeout_ms / 1000));
  if (!settings_.ca_file.empty()) curl_easy_setopt(curl_, CURLOPT_CAINFO, settings_.ca_file.c_str());
  curl_easy_setopt(curl_, CURLOPT_WRITEFUNCTION, on_body);
  curl_easy_setopt(curl_, CURLOPT_WRITEDATA, &t);
  curl_easy_setopt(curl_, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(curl_, CURLOPT_HEADERDATA, &t);
  curl_easy_setopt(curl_, CURLOPT_NOPROGRESS, 0L);
  curl_easy_setopt(curl_, CURLOPT_XFERINFOFUNCTION, on_progress);
  curl_easy_setopt(curl_, CURLOPT_XFERINFODATA, const_cast<std::atomic<bool>*>(ask.cancel));
  curl_easy_setopt(curl_, CURLOPT_USERAGENT, "fastload");
  if (ask.head) curl_easy_setopt(curl_, CURLOPT_NOBODY, 1L);
  std::string range;
  if (ask.range) {
    range = fmt::format("{}-{}", ask.range->first, ask.range->second - 1);
    curl_easy_setopt(curl_, CURLOPT_RANGE, range.c_str());
  }
  if (!ask.if_match.empty()) headers = curl_slist_append(headers, ("If-Match: " + ask.if_match).c_str());
  if (!ask.if_unmodified_since.empty())
    headers = curl_slist_append(headers, ("If-Unmodified-Since: " + ask.if_unmodified_since).c_str());
  sign(headers);
  curl_easy_setopt(curl_, CURLOPT_HTTPHEADER, headers);
  char error[CURL_ERROR_SIZE] = "";
  curl_easy_setopt(curl_, CURLOPT_ERRORBUFFER, error);
  const CURLcode code = curl_easy_perform(curl_);
  curl_slist_free_all(headers);
  curl_easy_getinfo(curl_, CURLINFO_RESPONSE_CODE, &answer.status);
  if (code != CURLE_OK && !(code == CURLE_WRITE_ERROR && (answer.overflow || answer.cut_after_headers))) {
    answer.curl_code = code;
    answer.curl_error = error[0] ? error : curl_easy_strerror(code);
  }
  return answer;
}

std::string s3_error_code(const Answer& answer) { return xml_element(answer.body, "Code"); }

std::string status_words(const Answer& answer) {
  const std::string code = s3_error_code(answer), message = xml_element(answer.body, "Message");
  if (code.empty()) return fmt::format("HTTP {}", answer.status);
  return message.empty() ? fmt::format("HTTP {} ({})", answer.status, code)
                         : fmt::format("HTTP {} ({}: {})", answer.status, code, message);
}

}  // namespace fastload::remote
