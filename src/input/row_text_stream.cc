#include "input/row_text_stream.h"

#include <cstring>

namespace fastload::input {

namespace {
bool escaped(char c) { return c == '\\' || c == '\t' || c == '\n' || c == '\0'; }
}  // namespace

bool needs_escape(std::string_view value) {
  for (char c : value)
    if (escaped(c)) [[unlikely]]
      return true;
  return false;
}

void append_escaped(std::string& out, std::string_view value) {
  std::size_t from = 0;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const char c = value[i];
    if (!escaped(c)) [[likely]]
      continue;
    out.append(value.data() + from, i - from);
    out += '\\';
    out += c == '\t' ? 't' : c == '\n' ? 'n' : c == '\0' ? '0' : '\\';
    from = i + 1;
  }
  out.append(value.data() + from, value.size() - from);
}

std::size_t RowTextStream::read(char* into, std::size_t size) {
  std::size_t done = 0;
  while (done < size) {
    if (out_pos_ == out_.size()) {
      if (done > 0 && !part_ends_.empty() && part_ends_.back() == appended_ + out_.size()) break;  // a part's end
      appended_ += out_.size();
      out_.clear();
      out_pos_ = 0;
      if (!produce() && out_.empty()) break;
    }
    const std::size_t n = std::min(size - done, out_.size() - out_pos_);
    std::memcpy(into + done, out_.data() + out_pos_, n);
    out_pos_ += n;
    done += n;
  }
  delivered_ += done;
  if (input_verified()) verified_ = delivered_;
  return done;
}

void RowTextStream::start_row(std::uint64_t offset, std::uint64_t line) {
  starts_.push_back({appended_ + out_.size(), offset, line});
}

void RowTextStream::mark_refused(std::string message) { refused_.push_back({starts_.back().content, std::move(message)}); }

void RowTextStream::refuse_row(std::size_t fields, std::string message) {
  mark_refused(std::move(message));
  for (std::size_t f = 0; f < fields; ++f) out_ += f ? "\t\\N" : "\\N";
  out_ += '\n';
}

std::optional<std::uint64_t> RowTextStream::next_part_rows() const {
  if (!taken_part_ || out_pos_ != out_.size()) return std::nullopt;
  return unread_part_rows();
}

// Its content counted as read; what take_offsets gives next is in the part after it.
void RowTextStream::skip_part(std::uint64_t bytes) {
  parts_taken_ += pass_part();
  appended_ += out_.size() + bytes;
  out_.clear();
  out_pos_ = 0;
  delivered_ += bytes;
  if (input_verified()) verified_ = delivered_;
}

std::optional<std::uint64_t> RowTextStream::part_end_after(std::uint64_t content) const {
  for (std::uint64_t end : part_ends_)
    if (end > content) return end;
  return std::nullopt;
}

// The rows starting in [begin, end] (a chunk's, and the next one's first), and the refused ones among those before
// `end`.
std::optional<OffsetMap> RowTextStream::take_offsets(std::uint64_t begin, std::uint64_t end) {
  while (!starts_.empty() && starts_.front().content < begin) starts_.pop_front();
  while (!refused_.empty() && refused_.front().content < begin) refused_.pop_front();
  OffsetMap map;
  lines_.clear();
  refused_rows_.clear();
  for (const RowStart& s : starts_) {
    if (s.content > end) break;
    map.emplace_back(s.content - begin, s.input);
    lines_.push_back(s.line);
    if (!refused_.empty() && refused_.front().content == s.content && s.content < end) {
      Problem p;
      p.row_in_chunk = lines_.size();
      p.message = std::move(refused_.front().message);
      refused_rows_.push_back(std::move(p));
      refused_.pop_front();
    }
  }
  while (!starts_.empty() && starts_.front().content < end) starts_.pop_front();
  // A chunk never spans two parts (StreamChunks): its rows are in the part that ends after its begin (a piece of
  // a long part before its end is known, too).
  // A part that ends where the chunk begins (an empty one, produced after the chunk before was taken) is before it.
  auto take_parts_to = [&](std::uint64_t offset) {
    for (; !part_ends_.empty() && part_ends_.front() <= offset; part_ends_.pop_front()) ++parts_taken_;
  };
  take_parts_to(begin);
  if (taken_part_) taken_part_ = parts_taken_;
  take_parts_to(end);
  return map;
}

}  // namespace fastload::input
