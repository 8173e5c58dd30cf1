#include "remote/requests.h"

#include <charconv>
#include <chrono>
#include <curl/curl.h>
#include <fmt/core.h>
#include <spdlog/spdlog.h>

#include "base/base.h"
#include "remote/settings.h"

namespace fastload::remote {
namespace {

enum class Verdict { done, retry, fail };

bool retried_status(const Answer& a) {
  return a.status == 408 || a.status == 429 || a.status >= 500 || s3_error_code(a) == "RequestTimeout";
}

// Whether a transfer error may pass on a retry: not a name that does not resolve, a certificate, a stop.
bool retried_transfer(int code) {
  switch (code) {
    case CURLE_COULDNT_RESOLVE_HOST: case CURLE_COULDNT_RESOLVE_PROXY: case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CACERT_BADFILE: case CURLE_SSL_CERTPROBLEM: case CURLE_SSL_CIPHER: case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH: case CURLE_SSL_CRL_BADFILE: case CURLE_ABORTED_BY_CALLBACK:
    case CURLE_UNSUPPORTED_PROTOCOL: case CURLE_URL_MALFORMAT: case CURLE_TOO_MANY_REDIRECTS:
    case CURLE_LOGIN_DENIED:
      return false;
    default:
      return true;
  }
}

// A 2xx answer to a ranged ask is whole when it is the range asked: 206 from its first byte, all of it received.
bool whole_range(const Ask& ask, const Answer& a, std::uint64_t expect) {
  if (a.overflow || a.received != expect) return false;
  if (a.status == 206) return a.content_range.starts_with(fmt::format("bytes {}-", ask.range->first));
  return a.status == 200 && ask.range->first == 0;
}

Verdict judge(const Ask& ask, const Answer& a, std::uint64_t expect) {
  if (a.curl_code) return retried_transfer(a.curl_code) ? Verdict::retry : Verdict::fail;
  if (a.status >= 200 && a.status < 300)
    return !ask.range || ask.headers_only || whole_range(ask, a, expect) ? Verdict::done : a.overflow ? Verdict::fail : Verdict::retry;
  return retried_status(a) ? Verdict::retry : Verdict::fail;
}

// Waits before attempt `attempt` (2, 3, ...): base's backoff, or longer when Retry-After asks (up to 30 s).
void back_off(unsigned attempt, const Answer& a, const std::atomic<bool>* cancel) {
  std::chrono::milliseconds wait = backoff(attempt - 1);
  unsigned seconds = 0;  // Retry-After in seconds (an HTTP date is not honoured: the backoff stands)
  const char* text = a.retry_after.data();
  if (std::from_chars(text, text + a.retry_after.size(), seconds).ec == std::errc{})
    wait = std::clamp<std::chrono::milliseconds>(std::chrono::seconds(seconds), wait, std::chrono::seconds(30));
  sleep_unless_stopped(wait, cancel);
}

std::string cause(const Answer& a) {
  return a.curl_code ? a.curl_error : status_words(a);
}

}  // namespace

bool retried(const Answer& a) { return a.curl_code || retried_status(a); }

Answer Requests::send(const Ask& ask) const {
  std::unique_ptr<Connection> c;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!idle_.empty()) c = std::move(idle_.back()), idle_.pop_back();
  }
  if (!c) c = std::make_unique<Connection>(settings(), aws_);
  Answer a = c->send(ask);
  std::lock_guard<std::mutex> lock(mutex_);
  idle_.push_back(std::move(c));
  return a;
}

// Sends `ask` until it is answered whole, retrying what the network or a busy server did; throws by cause.
Answer Requests::ask(Ask ask, std::uint64_t expect, const ObjectInfo* version) const {
  const unsigned attempts = settings().retries + 1;
  for (unsigned attempt = 1;; ++attempt) {
    Answer a = send(ask);
    const Verdict v = judge(ask, a, expect);
    if (v == Verdict::done) return a;
    if (a.curl_code == CURLE_ABORTED_BY_CALLBACK || stop_requested() ||
        (ask.cancel && ask.cancel->load(std::memory_order_relaxed)))
      throw Failure(ExitCode::interrupted, fmt::format("{}: stopped while reading it", name_));
    if (v == Verdict::fail || attempt == attempts) {
      if (a.curl_code || retried_status(a)) throw unreachable(name_, a, attempt);
      if (a.status == 404 || a.status == 410) throw not_found(name_, a, aws_);
      if (a.status == 401 || a.status == 403) throw denied(name_, a, aws_);
      if (a.status == 412 || a.status == 416) throw changed(name_, version ? *version : ObjectInfo{}, a);
      if (a.overflow)
        throw Failure(ExitCode::input, fmt::format("{}: the server sent more bytes than the range asked for; "
                                                   "download it first, or pipe it", name_));
      throw Failure(ExitCode::input, fmt::format("{}: the server answered {}; check the URL", name_, cause(a)));
    }
    spdlog::info("{}: {} (attempt {} of {}); retrying", name_, a.curl_code || a.status >= 300 ? cause(a)
                 : fmt::format("{} of {} bytes received", a.received, expect), attempt, attempts);
    back_off(attempt, a, ask.cancel);
  }
}

}  // namespace fastload::remote
