// JSON lines read with simdjson's On Demand parser, one line at a time (a line's error refuses that row alone):
// strings unescaped, numbers as written (never through a double: a BIGINT or DECIMAL keeps every digit), true and
// false as 1 and 0, null as NULL, an object or array as its JSON text as written; for a JSON column, every value
// but null as its JSON text as written (a string's quotes kept, true and false as such).
#include <fmt/core.h>
#include <simdjson.h>

#include <cstring>
#include <unordered_map>

#include "input/input.h"
#include "text/text.h"
#include "typed/json_text.h"
#include "typed/typed.h"

namespace fastload::typed {

bool is_json_number(std::string_view token) {
  std::size_t i = 0, n = token.size();
  auto digits = [&] {
    std::size_t from = i;
    while (i < n && token[i] >= '0' && token[i] <= '9') ++i;
    return i > from;
  };
  if (i < n && token[i] == '-') ++i;
  if (i < n && token[i] == '0') ++i;
  else if (!digits()) return false;
  if (i < n && token[i] == '.' && (++i, !digits())) return false;
  if (i < n && (token[i] == 'e' || token[i] == 'E')) {
    ++i;
    if (i < n && (token[i] == '+' || token[i] == '-')) ++i;
    if (!digits()) return false;
  }
  return i == n;
}

namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n')) s.remove_suffix(1);
  return s;
}

// The fields by their names, compared as the server compares column names (text::same_name): a key is found at once
// however many columns the table has. Exactly first (nearly every key), then by the fold; the first field of a name.
class FieldIndex {
 public:
  explicit FieldIndex(const std::vector<std::string>& names) : names_(names), none_(names.size()) {
    for (std::size_t f = 0; f < names.size(); ++f) {
      exact_.emplace(names[f], f);
      folded_.emplace(text::folded_name(names[f]), f);
    }
    for (std::size_t f = 0; f < names.size(); ++f) first_.push_back(exact_.at(names[f]) == f);
  }
  // The field of `key`; the number of fields when none is. `guess`: the field it likely is (lines write their keys
  // in one order), compared first.
  std::size_t find(std::string_view key, std::size_t guess) const {
    if (guess < none_ && first_[guess] && names_[guess] == key) return guess;
    if (auto it = exact_.find(key); it != exact_.end()) return it->second;
    auto it = folded_.find(text::folded_name(key));
    return it != folded_.end() ? it->second : none_;
  }

 private:
  const std::vector<std::string>& names_;  // Fields::names, which outlive it
  std::unordered_map<std::string_view, std::size_t> exact_;  // views of them
  std::unordered_map<std::string, std::size_t> folded_;
  std::vector<bool> first_;  // the first field of its name (the one exact_ finds)
  std::size_t none_;
};

constexpr std::size_t kBlock = 1 << 20;  // input bytes read at a time

class JsonLinesStream final : public input::RowTextStream {
 public:
  JsonLinesStream(std::unique_ptr<input::ByteStream> inner, Fields fields, bool reject_rows)
      : RowTextStream(*inner), inner_(std::move(inner)), fields_(std::move(fields)), reject_rows_(reject_rows),
        index_(fields_.names), values_(fields_.names.size()), escaped_(fields_.names.size()),
        state_(fields_.names.size()) {}

  std::uint64_t consumed() const override { return inner_->consumed(); }

 private:
  enum class Slot : std::uint8_t { absent, null, value };

  bool produce() override;
  bool input_verified() const override { return inner_->verified() >= converted_to_; }
  bool fill();
  void line(std::string_view bytes, std::size_t capacity);
  std::string read_object(simdjson::ondemand::document& doc);
  std::string read_value(std::size_t field, simdjson::ondemand::value value);
  std::string emit_row();
  void set_text(std::size_t field, std::string_view text);
  void refuse(const std::string& why);

  std::unique_ptr<input::ByteStream> inner_;
  Fields fields_;
  bool reject_rows_;
  FieldIndex index_;  // of fields_.names
  simdjson::ondemand::parser parser_;
  std::vector<char> buf_;   // input bytes [buf_at_, buf_at_ + buf_len_), SIMDJSON_PADDING more allocated
  std::size_t buf_len_ = 0;
  std::size_t pos_ = 0;            // where the line not converted yet begins in buf_
  std::uint64_t buf_at_ = 0;       // its input offset
  std::uint64_t line_no_ = 1;      // and line
  std::uint64_t converted_to_ = 0;  // input bytes whose lines are converted
  bool at_end_ = false;
  std::uint64_t row_offset_ = 0, row_line_ = 0;  // the line being converted
  // The row's values as its text holds them (escaped): views of the line's bytes, of the parser's strings (both
  // kept until the next line) or of escaped_, for a value that needed escapes.
  std::vector<std::string_view> values_;
  std::vector<std::string> escaped_;
  std::vector<Slot> state_;
};

// Moves the line not converted yet to buf_'s start and reads more input after it; false at the input's end.
bool JsonLinesStream::fill() {
  std::memmove(buf_.data(), buf_.data() + pos_, buf_len_ - pos_);
  buf_len_ -= pos_;
  pos_ = 0;
  if (buf_.size() < buf_len_ + kBlock + simdjson::SIMDJSON_PADDING)
    buf_.resize(buf_len_ + kBlock + simdjson::SIMDJSON_PADDING);
  std::size_t n = inner_->read(buf_.data() + buf_len_, kBlock);
  buf_len_ += n;
  at_end_ = n == 0;
  return n > 0;
}

bool JsonLinesStream::produce() {
  const std::size_t before = out().size();
  while (out().size() - before < kBlock) {
    const std::string_view rest(buf_.data() + pos_, buf_len_ - pos_);
    const void* lf = std::memchr(rest.data(), '\n', rest.size());
    if (!lf && !at_end_) {  // the line goes on past the bytes read
      fill();
      continue;
    }
    const std::size_t end = lf ? static_cast<const char*>(lf) - rest.data() : rest.size();
    if (!lf && end == 0) break;  // the input's end
    line(rest.substr(0, end), buf_.size() - pos_);
    const std::size_t used = lf ? end + 1 : end;
    pos_ += used;
    buf_at_ += used;
    line_no_ += lf ? 1 : 0;
    converted_to_ = buf_at_;
  }
  return out().size() > before;
}

// One line: a row, unless it is blank.
void JsonLinesStream::line(std::string_view bytes, std::size_t capacity) {
  if (trimmed(bytes).find_first_not_of(" \t") == std::string_view::npos) return;  // a blank line is no row
  row_offset_ = buf_at_;
  row_line_ = line_no_;
  start_row(row_offset_, row_line_);
  simdjson::ondemand::document doc;
  std::string why;
  if (auto error = parser_.iterate(bytes.data(), bytes.size(), capacity).get(doc))
    why = fmt::format("the line is not JSON: {}", simdjson::error_message(error));
  else
    why = read_object(doc);
  if (why.empty()) why = emit_row();
  if (!why.empty()) refuse(why);
}

// The line's object into values_; why it is refused, or nothing.
std::string JsonLinesStream::read_object(simdjson::ondemand::document& doc) {
  std::fill(state_.begin(), state_.end(), Slot::absent);
  simdjson::ondemand::object object;
  if (auto error = doc.get_object().get(object))
    return fmt::format("the line is not one JSON object ({}): each line must be one {{...}}",
                       simdjson::error_message(error));
  std::size_t guess = 0;
  for (auto member : object) {
    std::string_view key;
    if (auto error = member.unescaped_key().get(key))
      return fmt::format("the line is not JSON: {}", simdjson::error_message(error));
    const std::size_t f = index_.find(key, guess);
    guess = f + 1;
    if (f == fields_.names.size()) {
      if (!fields_.ignore_unknown)
        return fmt::format("key \"{}\" names no column the rows fill; give --columns to name what the keys fill, "
                           "or --unknown-keys ignore to pass such keys over", key);
      continue;  // the iteration passes its value over (and finds it if it is not JSON)
    }
    if (state_[f] != Slot::absent) return fmt::format("key \"{}\" is given twice", key);
    simdjson::ondemand::value value;
    if (auto error = member.value().get(value))
      return fmt::format("the line is not JSON: {}", simdjson::error_message(error));
    if (std::string why = read_value(f, value); !why.empty()) return why;
  }
  if (const char* more = nullptr; !doc.current_location().get(more))  // in bounds: bytes after the object
    return "the line holds more than one JSON value";
  return {};
}

// One key's value into values_[field]; why the row is refused, or nothing.
std::string JsonLinesStream::read_value(std::size_t field, simdjson::ondemand::value value) {
  simdjson::ondemand::json_type type;
  if (auto error = value.type().get(type)) return fmt::format("the line is not JSON: {}", simdjson::error_message(error));
  state_[field] = Slot::value;
  std::string_view text;
  const bool json = field < fields_.json.size() && fields_.json[field];  // a JSON column: the value's JSON text
  switch (type) {
    case simdjson::ondemand::json_type::string:
      if (value.get_string().get(text)) return "the line is not JSON: a string is not valid";
      set_text(field, json ? trimmed(value.raw_json_token()) : text);
      return {};
    case simdjson::ondemand::json_type::number:
      text = trimmed(value.raw_json_token());
      if (!is_json_number(text)) return fmt::format("the line is not JSON: {} is not a number", text);
      values_[field] = text;  // digits, sign, point and exponent: nothing to escape
      return {};
    case simdjson::ondemand::json_type::boolean: {
      bool b = false;
      if (value.get_bool().get(b)) return "the line is not JSON: true or false is misspelled";
      values_[field] = json ? (b ? "true" : "false") : (b ? "1" : "0");
      return {};
    }
    case simdjson::ondemand::json_type::null:
      if (!value.is_null()) return "the line is not JSON: null is misspelled";
      state_[field] = Slot::null;
      return {};
    case simdjson::ondemand::json_type::object: {  // its JSON text as written, for a JSON column
      simdjson::ondemand::object object;
      if (value.get_object().get(object) || object.raw_json().get(text)) return "the line is not JSON: an object is not closed";
      set_text(field, text);
      return {};
    }
    default: {
      simdjson::ondemand::array array;
      if (value.get_array().get(array) || array.raw_json().get(text)) return "the line is not JSON: an array is not closed";
      set_text(field, text);
      return {};
    }
  }
}

// A value's text, escaped where it holds a byte LOAD DATA's text escapes.
void JsonLinesStream::set_text(std::size_t field, std::string_view text) {
  if (!input::needs_escape(text)) [[likely]] {
    values_[field] = text;
    return;
  }
  escaped_[field].clear();
  input::append_escaped(escaped_[field], text);
  values_[field] = escaped_[field];
}

// The row's text; why it is refused (a key it lacks), or nothing.
std::string JsonLinesStream::emit_row() {
  for (std::size_t f = 0; f < state_.size(); ++f)
    if (state_[f] == Slot::absent && !fields_.missing_null)
      return fmt::format("key \"{}\" is missing; give it in every line, or --missing-keys null to load NULL "
                         "where it is missing", fields_.names[f]);
  std::string& text = out();
  for (std::size_t f = 0; f < state_.size(); ++f) {
    if (f) text += '\t';
    if (state_[f] == Slot::value) text += values_[f];
    else text += "\\N";
  }
  text += '\n';
  return {};
}

void JsonLinesStream::refuse(const std::string& why) {
  if (!reject_rows_)
    throw Failure(ExitCode::rejected, fmt::format("{}: line {} (byte {}): {}; or give --max-errors to load the "
                                                  "other rows and leave such lines out", name(), row_line_,
                                                  row_offset_, why));
  refuse_row(fields_.names.size(), why);
}

}  // namespace

std::vector<std::string> first_object_keys(const std::string& name, std::string_view head) {
  std::size_t at = 0;
  while (at < head.size()) {
    std::size_t end = head.find('\n', at);
    if (end == std::string_view::npos) break;
    const std::string_view line = trimmed(head.substr(at, end - at));
    at = end + 1;
    if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
    simdjson::ondemand::parser parser;
    const simdjson::padded_string padded(line);
    simdjson::ondemand::document doc;
    simdjson::ondemand::object object;
    std::vector<std::string> keys;
    bool ok = !parser.iterate(padded).get(doc) && !doc.get_object().get(object);
    for (auto member : object) {
      std::string_view key;
      if (!ok || member.unescaped_key().get(key)) {
        ok = false;
        break;
      }
      keys.emplace_back(key);
    }
    if (ok && !keys.empty()) return keys;
    break;
  }
  throw Failure(ExitCode::input, fmt::format("{}: its first line is not one JSON object with keys: --create names the "
                                             "columns after the first line's keys; create the table yourself", name));
}

std::unique_ptr<input::ByteStream> json_lines_rows(std::unique_ptr<input::ByteStream> inner, const Fields& fields,
                                                   bool reject_rows, std::shared_ptr<const input::MappedFile>) {
  return std::make_unique<JsonLinesStream>(std::move(inner), fields, reject_rows);
}

}  // namespace fastload::typed
