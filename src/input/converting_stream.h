// A file in a charset fastload cannot cut as it is (input/charsets.h), as the
// stream of its utf8mb4 text: converted with glibc's iconv character by
// character as the server reads them, so rows and fields are then found in
// the converted bytes. What the server could not convert (a byte that begins
// no character, a character its charset does not assign) becomes one 0xFF
// byte per byte of it: never valid utf8mb4, so the server refuses the row
// with error 1366 exactly where it would have refused the original, and
// nothing is replaced or dropped silently. LF stays LF, so line numbers are
// the file's.
#pragma once

#include <cstdint>
#include <deque>
#include <utility>
#include <vector>
#include <memory>
#include <string>

#include "text/text.h"
#include "input/byte_stream.h"
#include "input/charsets.h"

namespace fastload::input {

// Stands for each byte of the file that the server could not convert.
inline constexpr unsigned char kUnconvertible = 0xFF;

class CharsetConverter {
 public:
  // Throws Failure(ExitCode::usage) when glibc has no converter for `cs`.
  CharsetConverter(const FileCharset& cs, const text::Dialect& dialect, std::string file);
  ~CharsetConverter();
  CharsetConverter(const CharsetConverter&) = delete;
  CharsetConverter& operator=(const CharsetConverter&) = delete;

  // Converts the whole characters at the start of `in`, appending to `out`; returns the bytes of `in` used.
  // `last`: nothing follows `in`, so a character cut short there is unconvertible.
  std::size_t convert(std::string_view in, bool last, std::string& out);
  // Where rows may begin, as convert() found them: (index in `out` after a byte that ends the line
  // terminator, the file offset there). The caller takes them after each call.
  std::vector<std::pair<std::size_t, std::uint64_t>>& marks() { return marks_; }

 private:
  std::size_t convert_units(std::string_view in, bool last, std::string& out);
  std::size_t convert_run(const char* in, std::size_t size, std::string& out);  // whole characters only
  bool special(const unsigned char* p) const;
  void convert_special(std::string& out);
  void count(std::string_view in, std::size_t used);
  void mark_units(const std::string& out, std::size_t from, std::uint64_t file_offset);

  const FileCharset& cs_;
  const bool sjis_;  // sjis 0x815F reads as '\\' (convert_special)
  const text::Dialect dialect_;
  const std::string file_;
  void* cd_;                  // iconv_t
  std::uint64_t offset_ = 0;  // bytes of the file converted (for messages)
  std::uint64_t line_ = 1;
  bool incomplete_ = false;   // convert_run stopped at a sequence cut short, not at a refused one
  const char mark_;           // the line terminator's last byte
  std::vector<std::pair<std::size_t, std::uint64_t>> marks_;
};

class ConvertingStream final : public ByteStream {
 public:
  ConvertingStream(std::unique_ptr<ByteStream> inner, const FileCharset& cs, const text::Dialect& dialect);
  std::size_t read(char* into, std::size_t size) override;
  std::uint64_t consumed() const override { return inner_->consumed(); }
  // All converted bytes when everything read from the inner stream was verified; conservative otherwise.
  std::uint64_t verified() const override { return verified_; }
  std::optional<OffsetMap> take_offsets(std::uint64_t begin, std::uint64_t end) override;
  bool converted() const override { return true; }

 private:
  bool refill();

  std::unique_ptr<ByteStream> inner_;
  CharsetConverter converter_;
  std::string raw_;      // read from inner_, not converted yet
  bool raw_end_ = false;
  std::string out_;      // converted, not handed out yet
  std::size_t out_pos_ = 0;
  std::uint64_t raw_read_ = 0, delivered_ = 0, verified_ = 0;
  std::uint64_t appended_ = 0;  // converted bytes ever appended to out_
  std::deque<std::pair<std::uint64_t, std::uint64_t>> row_starts_{{0, 0}};  // (content offset, file offset)
};

}  // namespace fastload::input
