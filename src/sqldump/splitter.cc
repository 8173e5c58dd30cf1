#include "sqldump/splitter.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "sqldump/literal.h"
#include "text/text.h"

namespace fastload::sqldump {
namespace {

constexpr std::size_t npos = std::string::npos;
constexpr std::size_t kLookahead = 4;          // "/*M!": the most a step looks at before it decides
constexpr std::size_t kClientLineSpan = 4096;  // DELIMITER lines are short: a longer line is none

bool blank(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

// The first of b[j, stop) that is one of `set` (duplicates allowed), or stop: 16 bytes at a time with SSE2 (every
// x86-64), as most of a dump's bytes are digits and letters between them.
template <std::size_t N>
std::size_t first_of(const char* b, std::size_t j, std::size_t stop, const std::array<char, N>& set) {
#if defined(__SSE2__)
  __m128i wanted[N];
  for (std::size_t n = 0; n < N; ++n) wanted[n] = _mm_set1_epi8(set[n]);
  for (; j + 16 <= stop; j += 16) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + j));
    __m128i hit = _mm_cmpeq_epi8(block, wanted[0]);
    for (std::size_t n = 1; n < N; ++n) hit = _mm_or_si128(hit, _mm_cmpeq_epi8(block, wanted[n]));
    if (const int mask = _mm_movemask_epi8(hit)) return j + static_cast<std::size_t>(__builtin_ctz(mask));
  }
#endif
  for (; j < stop; ++j)
    for (char c : set)
      if (b[j] == c) return j;
  return stop;
}

}  // namespace

Splitter::Splitter(std::size_t max_statement, SqlMode mode) : max_(std::max<std::size_t>(max_statement, 1)), mode_(mode) {}

const std::array<bool, 256>& Splitter::specials() {
  const char delimiter = delimiter_.empty() ? '\'' : delimiter_.front();
  if (specials_of_ != delimiter) {
    specials_ = {};
    for (char c : std::string_view("'\"`#-/*")) specials_[static_cast<unsigned char>(c)] = true;
    specials_[static_cast<unsigned char>(delimiter)] = true;
    specials_of_ = delimiter;
  }
  return specials_;
}

void Splitter::feed(std::string_view bytes) {
  const std::size_t keep = code_ ? begin_ : pos_;  // what the next piece or step still reads
  if (keep > 0) {
    buf_.erase(0, keep);
    base_ += keep;
    pos_ -= keep;
    begin_ -= keep;
  }
  buf_.append(bytes);
}

void Splitter::finish() { finished_ = true; }

std::size_t Splitter::available(std::size_t i, std::size_t want) const {
  return i + want <= buf_.size() || finished_ ? want : 0;
}

void Splitter::advance(std::size_t to) {
  // A step passes a few bytes (a loop) or many (memchr: a dump's lines are long, an extended INSERT is one).
  const char *at = buf_.data() + pos_, *end = buf_.data() + to;
  if (end - at < 64)
    line_ += static_cast<std::uint64_t>(std::count(at, end, '\n'));
  else
    for (; (at = static_cast<const char*>(std::memchr(at, '\n', end - at))) != nullptr; ++at) ++line_;
  if (to > pos_) line_start_ = buf_[to - 1] == '\n';
  pos_ = to;
}

std::optional<Piece> Splitter::next() {
  for (;;) {
    if (pos_ == buf_.size() && !(code_ && pos_ - begin_ >= max_))
      return finished_ && code_ ? piece(pos_, true) : std::nullopt;
    if (in_ == In::code && !delimiter_.empty()) {
      const std::size_t have = std::min(buf_.size() - pos_, delimiter_.size());
      const bool match = buf_.compare(pos_, have, delimiter_, 0, have) == 0;
      if (match && have < delimiter_.size() && !finished_) return std::nullopt;
      if (match && have == delimiter_.size()) {
        const std::size_t end = pos_;
        advance(pos_ + have);
        if (code_) return piece(end, true);
        continue;
      }
    }
    if (code_ && pos_ - begin_ >= max_) return piece(pos_, false);  // the delimiter is not next: a part
    if (in_ == In::code && code_) {
      const std::size_t to = skip_code(pos_);
      if (to != pos_) {
        advance(to);
        continue;
      }
    }
    const std::size_t to = step(pos_);
    if (to == 0) return std::nullopt;
    advance(to);
  }
}

std::optional<Piece> Splitter::piece(std::size_t end, bool last) {
  Piece p;
  p.first = first_;
  p.last = last;
  p.offset = statement_offset_;
  p.line = statement_line_;
  p.part_offset = base_ + begin_;
  std::size_t stop = end;
  if (last)
    while (stop > begin_ && blank(buf_[stop - 1])) --stop;
  p.text = std::string_view(buf_).substr(begin_, stop - begin_);
  p.unterminated = last && finished_ && pos_ == buf_.size() && (in_ != In::code || executable_);
  begin_ = end;
  first_ = last;
  if (last) code_ = false;
  return p;
}

// Within a statement, bulk scans (literals, comments) stop at its limit, so that its parts keep to it.
std::size_t Splitter::step(std::size_t i) {
  const std::size_t stop = code_ ? std::min(buf_.size(), begin_ + max_) : buf_.size();
  const std::size_t end = std::max(stop, i + 1);
  if (in_ == In::quote) {
    const bool escapes = mode_.backslash_escapes && quote_ != '`' && !(quote_ == '"' && mode_.ansi_quotes);
    const std::size_t j = find_either(std::string_view(buf_).substr(0, end), i, quote_, escapes ? '\\' : quote_);
    if (j == npos) return end;
    if (buf_[j] == quote_) {
      in_ = In::code;
      return j + 1;
    }
    if (j + 1 < buf_.size() || finished_) return std::min(j + 2, buf_.size());
    return j > i ? j : 0;
  }
  if (in_ == In::line_comment) {
    const std::size_t j = std::string_view(buf_).substr(0, end).find('\n', i);  // (memchr: fast)
    if (j != npos) in_ = In::code;
    return j == npos ? end : j + 1;
  }
  if (in_ == In::block_comment) {
    const std::size_t j = std::string_view(buf_).substr(0, end + 1).find("*/", i);  // a "*/" across the limit too
    if (j != npos) {
      in_ = In::code;
      return j + 2;
    }
    const std::size_t keep = end == buf_.size() && !finished_ ? end - 1 : end;  // a '*' the next feed may close
    return keep > i ? keep : 0;
  }
  return code_step(i);
}

// What step() would reach one step at a time, at once: bytes that start nothing, and quoted runs that close
// within the buffer and the statement's limit; it stops before anything else (the delimiter, a comment, an
// escape or quote at the buffer's end), which step() then reads.
std::size_t Splitter::skip_code(std::size_t i) {
  const std::size_t stop = std::min(buf_.size(), begin_ + max_);
  const char* b = buf_.data();
  const char delimiter = delimiter_.empty() ? '\'' : delimiter_.front();
  const std::array<char, 8> special{'\'', '"', '`', '#', '-', '/', '*', delimiter};  // as specials()
  std::size_t j = i;
  while ((j = first_of(b, j, stop, special)) < stop) {
    const char c = b[j];
    if (c == delimiter) break;
    if (c == '-' || c == '/' || c == '*') {  // a minus, a division or a product, unless a comment starts or ends
      if (j + 1 >= stop || b[j + 1] == (c == '-' ? '-' : c == '/' ? '*' : '/')) break;
      ++j;
      continue;
    }
    if (c != '\'' && c != '"' && c != '`') break;
    const bool escapes = mode_.backslash_escapes && c != '`' && !(c == '"' && mode_.ansi_quotes);
    const std::array<char, 2> ends{c, escapes ? '\\' : c};
    std::size_t k = j + 1;
    for (;;) {
      k = first_of(b, k, stop, ends);
      if (k >= stop || b[k] == c) break;
      k += 2;  // an escape and the byte it escapes
    }
    if (k >= stop) break;
    j = k + 1;
  }
  return j;
}

std::size_t Splitter::code_step(std::size_t i) {
  if (code_) {  // a run of bytes that start nothing (no quote, comment or delimiter) is passed at once
    const std::size_t stop = std::min(buf_.size(), begin_ + max_);
    const std::array<bool, 256>& special = specials();
    std::size_t j = i;
    while (j < stop && !special[static_cast<unsigned char>(buf_[j])]) ++j;
    if (j != i) return j;
  }
  if (available(i, kLookahead) == 0) return 0;
  const std::string_view view(buf_);
  if (!code_ && line_start_) {
    const std::size_t eol = view.find('\n', i);
    if (eol == npos && !finished_ && buf_.size() - i < kClientLineSpan) return 0;
    if (std::size_t next = text::client_line(view.substr(0, eol == npos ? view.size() : eol + 1), i, delimiter_))
      return next;
  }
  const std::string_view rest = view.substr(i, kLookahead);
  std::size_t marker = rest.starts_with("/*!") || rest.starts_with("/*+") ? 3 : rest.starts_with("/*M!") ? 4 : 0;
  // "--" without a blank after it is a comment too before a statement's code, as the client reads it.
  const std::size_t comment = marker ? 0 : !code_ && rest.starts_with("--") ? 1 : text::comment_end(rest, 0);
  if (comment) {
    in_ = rest.front() == '/' ? In::block_comment : In::line_comment;
    open_at_ = base_ + i;
    return i + (in_ == In::block_comment ? 2 : 1);
  }
  if (!code_ && !blank(rest.front())) {
    code_ = true;
    begin_ = i;
    statement_offset_ = base_ + i;
    statement_line_ = line_;
  }
  if (executable_ && rest.starts_with("*/")) {  // code: the client sends it (after a delimiter inside /*! */ too)
    executable_ = false;
    return i + 2;
  }
  executable_ = executable_ || marker > 0;
  if (rest.front() == '\'' || rest.front() == '"' || rest.front() == '`') {
    in_ = In::quote;
    quote_ = rest.front();
    open_at_ = base_ + i;
  }
  return i + std::max<std::size_t>(marker, 1);
}

}  // namespace fastload::sqldump
