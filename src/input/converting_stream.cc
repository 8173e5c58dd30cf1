#include "input/converting_stream.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fmt/core.h>
#include <iconv.h>

#include "base/base.h"

namespace fastload::input {
namespace {

constexpr std::size_t kRawRead = 256 << 10;
const iconv_t kNoConverter = reinterpret_cast<iconv_t>(-1);

const unsigned char* bytes_of(std::string_view s) { return reinterpret_cast<const unsigned char*>(s.data()); }

}  // namespace

CharsetConverter::CharsetConverter(const FileCharset& cs, const text::Dialect& dialect, std::string file)
    : cs_(cs),
      sjis_(std::strcmp(cs.name, "sjis") == 0),
      dialect_(dialect),
      file_(std::move(file)),
      cd_(::iconv_open("UTF-8", cs.iconv)),
      mark_(dialect.line_terminator.empty() ? '\n' : dialect.line_terminator.back()) {
  if (cd_ == kNoConverter)
    throw Failure(ExitCode::usage, fmt::format("--charset {}: this system's iconv has no {} converter "
                                               "(glibc's gconv modules are missing); convert the file to utf8mb4 "
                                               "first", cs.name, cs.iconv));
}

CharsetConverter::~CharsetConverter() { ::iconv_close(static_cast<iconv_t>(cd_)); }

std::size_t CharsetConverter::convert(std::string_view in, bool last, std::string& out) {
  if (cs_.unit > 1) return convert_units(in, last, out);
  const unsigned char* p = bytes_of(in);
  std::size_t i = 0;
  auto unconvertible = [&](std::size_t n) {
    out.append(n, static_cast<char>(kUnconvertible));
    count(in.substr(i, n), n);
    i += n;
  };
  while (i < in.size()) {
    std::size_t j = i;
    while (j < in.size() && p[j] < 0x80) ++j;  // ASCII is itself in these charsets, also where glibc says not
    for (std::size_t k = i; k < j; ++k)
      if (in[k] == mark_) marks_.emplace_back(out.size() + (k - i) + 1, offset_ + (k - i) + 1);
    out.append(in.data() + i, j - i);
    count(in.substr(i, j - i), j - i);
    if ((i = j) == in.size()) break;
    // The well-formed characters from here on, converted in one call.
    int length = 0;
    while (j < in.size() && p[j] >= 0x80 && (length = char_length(cs_, p + j, in.size() - j)) > 0 &&
           !(length == 2 && special(p + j)))
      j += length;
    std::size_t done = convert_run(in.data() + i, j - i, out);
    count(in.substr(i, done), done);
    i += done;
    if (i < j) {  // a character iconv refused: the server's charset does not assign it either
      unconvertible(static_cast<std::size_t>(char_length(cs_, p + i, in.size() - i)));
    } else if (j == in.size() || p[j] < 0x80) {
      continue;
    } else if (length == 0) {  // a head byte at the end of `in`
      if (!last) break;
      unconvertible(1);
    } else if (length < 0) {  // a byte that begins no character: the server reads it alone
      unconvertible(1);
    } else if (const Correction* fix = correction(cs_, p + i)) {  // the server's reading, not iconv's
      if (fix->utf8 == nullptr) {
        unconvertible(2);
        continue;
      }
      out += fix->utf8;
      count(in.substr(i, 2), 2);
      i += 2;
    } else {
      convert_special(out);
      count(in.substr(i, 2), 2);
      i += 2;
    }
  }
  return i;
}

// A pair iconv must not convert: sjis 0x815F, or one with a correction.
bool CharsetConverter::special(const unsigned char* p) const {
  return (sjis_ && p[0] == 0x81 && p[1] == 0x5F) || correction(cs_, p) != nullptr;
}

// sjis 0x815F is FULLWIDTH REVERSE SOLIDUS, which the server's sjis reads as
// '\' (glibc: U+FF3C). As a character of the file it is data, never an escape:
// in the converted text it is escaped, or refused where '\' means something
// to the format that no escape can take back.
void CharsetConverter::convert_special(std::string& out) {
  if (dialect_.escape == '\\') {
    out += "\\\\";
    return;
  }
  const bool significant = dialect_.field_terminator.find('\\') != std::string::npos ||
                           dialect_.line_terminator.find('\\') != std::string::npos || dialect_.enclosure == '\\';
  if (!significant) {
    out += '\\';
    return;
  }
  throw Failure(ExitCode::input, fmt::format(
      "{}:{} (byte {}): sjis 0x815F, which the server reads as '\\', stands where '\\' is part of "
      "the format's terminators or enclosure, and fastload (which converts sjis to utf8mb4) cannot send it as "
      "data; load this file with --mode server, or choose other terminators", file_, line_, offset_));
}

std::size_t CharsetConverter::convert_run(const char* in, std::size_t size, std::string& out) {
  char* from = const_cast<char*>(in);
  std::size_t left = size;
  incomplete_ = false;
  while (left > 0) {
    std::size_t had = out.size();
    out.resize(had + left * 4 + 16);
    char* to = out.data() + had;
    std::size_t room = out.size() - had;
    std::size_t r = ::iconv(static_cast<iconv_t>(cd_), &from, &left, &to, &room);
    int error = errno;
    out.resize(out.size() - room);
    if (r != static_cast<std::size_t>(-1) || error == E2BIG) continue;
    incomplete_ = error == EINVAL;  // a sequence cut short at the end; else EILSEQ
    break;
  }
  return size - left;
}

// UCS units: iconv stops at a unit it refuses (a lone surrogate, a value past
// U+10FFFF) or a sequence cut short at the end of `in`.
std::size_t CharsetConverter::convert_units(std::string_view in, bool last, std::string& out) {
  std::size_t i = 0;
  while (i < in.size()) {
    const std::size_t had = out.size();
    const std::size_t done = convert_run(in.data() + i, (in.size() - i) / cs_.unit * cs_.unit, out);
    mark_units(out, had, offset_ + i);
    i += done;
    if (i == in.size()) break;
    if ((incomplete_ || in.size() - i < cs_.unit) && !last) break;  // more may follow
    std::size_t bad = std::min<std::size_t>(cs_.unit, in.size() - i);
    out.append(bad, static_cast<char>(kUnconvertible));
    i += bad;
  }
  offset_ += i;
  return i;
}

// The row starts in what convert_run appended to `out` from `from` on, the
// file's bytes from `file_offset`: a UCS unit a character, two for a utf16
// surrogate pair (what takes 4 bytes in utf8).
void CharsetConverter::mark_units(const std::string& out, std::size_t from, std::uint64_t file_offset) {
  for (std::size_t k = from; k < out.size();) {
    const unsigned char c = static_cast<unsigned char>(out[k]);
    const std::size_t length = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
    file_offset += cs_.unit == 4 || length == 4 ? 4 : 2;
    k += length;
    if (c == static_cast<unsigned char>(mark_)) marks_.emplace_back(k, file_offset);
  }
}

void CharsetConverter::count(std::string_view in, std::size_t used) {
  offset_ += used;
  line_ += static_cast<std::uint64_t>(std::count(in.begin(), in.begin() + used, '\n'));
}

ConvertingStream::ConvertingStream(std::unique_ptr<ByteStream> inner, const FileCharset& cs,
                                   const text::Dialect& dialect)
    : ByteStream(Wrapping{}, *inner), inner_(std::move(inner)), converter_(cs, dialect, inner_->name()) {}

bool ConvertingStream::refill() {
  if (raw_end_ && raw_.empty()) return false;
  if (!raw_end_) {
    std::size_t had = raw_.size();
    raw_.resize(had + kRawRead);
    std::size_t got = inner_->read(raw_.data() + had, kRawRead);
    raw_.resize(had + got);
    raw_read_ += got;
    raw_end_ = got == 0;
  }
  out_.erase(0, out_pos_);
  out_pos_ = 0;
  const std::size_t before = out_.size();
  std::size_t used = converter_.convert(raw_, raw_end_, out_);
  raw_.erase(0, used);
  for (const auto& [index, file] : converter_.marks()) row_starts_.emplace_back(appended_ + (index - before), file);
  converter_.marks().clear();
  appended_ += out_.size() - before;
  return true;
}

std::size_t ConvertingStream::read(char* into, std::size_t size) {
  std::size_t done = 0;
  while (done < size) {
    if (out_pos_ == out_.size() && !refill()) break;
    std::size_t n = std::min(size - done, out_.size() - out_pos_);
    std::memcpy(into + done, out_.data() + out_pos_, n);
    out_pos_ += n;
    done += n;
  }
  delivered_ += done;
  // What was handed out is verified once every byte read from the file so far is.
  if (inner_->verified() >= raw_read_) verified_ = delivered_;
  return done;
}

std::optional<OffsetMap> ConvertingStream::take_offsets(std::uint64_t begin, std::uint64_t end) {
  while (!row_starts_.empty() && row_starts_.front().first < begin) row_starts_.pop_front();
  OffsetMap map;
  for (const auto& [content, file] : row_starts_) {
    if (content > end) break;
    map.emplace_back(content - begin, file);
  }
  while (!row_starts_.empty() && row_starts_.front().first < end) row_starts_.pop_front();
  return map;
}

}  // namespace fastload::input
