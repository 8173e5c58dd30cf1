#include "text/dialect.h"

#include <algorithm>
#include <fmt/core.h>
#include <stdexcept>
#include <string_view>

#include "base/base.h"

namespace fastload::text {
namespace {

constexpr std::size_t kMostTerminatorBytes = 8;
constexpr std::size_t kMostDescribed = 200;  // the ledger's format column holds 255 bytes with the mode

[[noreturn]] void refuse(const std::string& why) { throw usage_error(why); }

// The escapes of SQL string literals, as the mysql client's LOAD DATA passes option values on.
std::string decode(std::string_view option, const std::string& value) {
  static constexpr std::string_view kFrom = "0bnrtZ\\'\"", kTo{"\0\b\n\r\t\032\\'\"", 9};
  std::string bytes;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (value[i] != '\\') {
      bytes += value[i];
      continue;
    }
    std::size_t k = i + 1 < value.size() ? kFrom.find(value[i + 1]) : std::string_view::npos;
    if (k == std::string_view::npos)
      refuse(fmt::format("{} '{}': a backslash must be followed by one of 0 b n r t Z \\ ' \" (write \\\\ for a "
                         "backslash)", option, value));
    bytes += kTo[k];
    ++i;
  }
  return bytes;
}

// ENCLOSED BY and ESCAPED BY: one byte, or none for ''.
std::optional<char> one_byte(std::string_view option, const std::string& value) {
  std::string bytes = decode(option, value);
  if (bytes.size() > 1)
    refuse(fmt::format("{} '{}' is {} bytes; it takes one character, or '' for none (the server refuses longer "
                       "ones, error 1083)", option, value, bytes.size()));
  return bytes.empty() ? std::nullopt : std::optional<char>(bytes[0]);
}

// How a value is written back as an option value.
std::string quoted(std::string_view bytes) {
  std::string out = "'";
  for (unsigned char c : bytes) {
    static constexpr std::string_view kFrom{"\0\b\n\r\t\032\\'", 8}, kTo = "0bnrtZ\\'";
    std::size_t k = kFrom.find(static_cast<char>(c));
    if (k != std::string_view::npos) out += {'\\', kTo[k]};
    else if (c < 0x20 || c == 0x7f) out += fmt::format("\\x{:02X}", c);
    else out += static_cast<char>(c);
  }
  return out + "'";
}

std::string quoted(const std::optional<char>& byte) { return byte ? quoted(std::string_view(&*byte, 1)) : "''"; }

void check_terminators(const Dialect& d) {
  if (d.field_terminator.empty())
    refuse("--fields-terminated-by '' means fixed-width columns, which fastload does not load; give the separator "
           "the file uses");
  if (d.line_terminator.empty())
    refuse("--lines-terminated-by '' leaves rows without an end; give the line end the file uses ('\\n', or "
           "'\\r\\n' for Windows files)");
  for (const std::string* t : {&d.field_terminator, &d.line_terminator})
    if (t->size() > kMostTerminatorBytes)
      refuse(fmt::format("the terminator {} is longer than {} bytes, more than fastload takes", quoted(*t),
                         kMostTerminatorBytes));
  if (d.field_terminator.starts_with(d.line_terminator))
    refuse(fmt::format("the field terminator {} begins with the line terminator {}, so the server would end the "
                       "line there and never see a field end; choose terminators that differ",
                       quoted(d.field_terminator), quoted(d.line_terminator)));
}

// A quote or escape inside a terminator would be taken for itself, so the terminator would never be seen.
void check_specials(const Dialect& d) {
  const auto check = [&](const std::optional<char>& byte, const char* what, const char* option) {
    if (!byte) return;
    for (const std::string* t : {&d.field_terminator, &d.line_terminator})
      if (t->find(*byte) != std::string::npos)
        refuse(fmt::format("the {} {} occurs in the terminator {}, where the server would read it as the {} and "
                           "miss the terminator; choose another with {}", what, quoted(byte), quoted(*t), what,
                           option));
  };
  check(d.escape, "escape character", "--fields-escaped-by (or '' for none)");
  check(d.enclosure, "enclosure", "--fields-enclosed-by");
  std::string all = d.field_terminator + d.line_terminator + d.enclosure.value_or(' ') + d.escape.value_or(' ') +
                    d.line_start;
  if (std::any_of(all.begin(), all.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; }))
    refuse("terminators, enclosure, escape and line start must be ASCII characters: the server reads other bytes "
           "as parts of multi-byte characters (warning 1638); convert the file's separators first");
}

// Chunks begin after any line terminator outside a row, where the server would
// be looking for the prefix; a prefix that could take a line terminator's bytes,
// or whose escape could look like one escaping the row's first byte, would make
// such boundaries depend on every byte before them.
void check_line_start(const Dialect& d) {
  if (d.line_start.find_first_of(d.line_terminator) != std::string::npos)
    refuse(fmt::format("--lines-starting-by {} holds a byte of the line terminator {}: the server's search for it "
                       "runs over line ends, so where rows begin would depend on the whole file before them, which "
                       "fastload does not split; choose a prefix without it", quoted(d.line_start),
                       quoted(d.line_terminator)));
  if (d.escape && d.line_start.ends_with(*d.escape))
    refuse(fmt::format("--lines-starting-by {} ends with the escape character {}, which the server does not read "
                       "as escaping the row's first byte, though it looks so to a reader from the middle of the "
                       "file; choose a prefix that does not end with it, or another --fields-escaped-by",
                       quoted(d.line_start), quoted(d.escape)));
}

std::string describe_changes(const Dialect& d, const Dialect& base) {
  std::string out;
  if (d.field_terminator != base.field_terminator) out += " --fields-terminated-by " + quoted(d.field_terminator);
  if (d.enclosure != base.enclosure) out += " --fields-enclosed-by " + quoted(d.enclosure);
  if (d.optionally_enclosed != base.optionally_enclosed)
    out += " --fields-optionally-enclosed";
  if (d.escape != base.escape) out += " --fields-escaped-by " + quoted(d.escape);
  if (d.line_terminator != base.line_terminator) out += " --lines-terminated-by " + quoted(d.line_terminator);
  if (d.line_start != base.line_start) out += " --lines-starting-by " + quoted(d.line_start);
  if (d.skip_rows != base.skip_rows) out += fmt::format(" --skip-rows {}", d.skip_rows);
  return out;
}

}  // namespace

Dialect csv_dialect() {
  Dialect d;
  d.field_terminator = ",";
  d.enclosure = '"';
  d.optionally_enclosed = true;
  d.escape.reset();
  return d;
}

std::string describe(const Dialect& dialect) {
  // OPTIONALLY cannot be taken back by an option, so only such dialects are told as changes to --csv.
  std::string from_tsv = "tsv" + describe_changes(dialect, Dialect{});
  std::string from_csv = dialect.optionally_enclosed ? "csv" + describe_changes(dialect, csv_dialect()) : from_tsv;
  std::string text = from_csv.size() < from_tsv.size() ? from_csv : from_tsv;
  if (text.size() <= kMostDescribed) return text;
  std::uint64_t hash = 0xcbf29ce484222325;  // FNV-1a: equal dialects, equal names
  for (unsigned char c : text) hash = (hash ^ c) * 0x100000001b3;
  return fmt::format("dialect {:016x}", hash);
}

Dialect make_dialect(const DialectOptions& given) {
  Dialect d = given.csv ? csv_dialect() : Dialect{};
  if (given.fields_terminated_by) d.field_terminator = decode("--fields-terminated-by", *given.fields_terminated_by);
  if (given.lines_terminated_by) d.line_terminator = decode("--lines-terminated-by", *given.lines_terminated_by);
  if (given.fields_enclosed_by) d.enclosure = one_byte("--fields-enclosed-by", *given.fields_enclosed_by);
  if (given.fields_escaped_by) d.escape = one_byte("--fields-escaped-by", *given.fields_escaped_by);
  if (given.fields_optionally_enclosed && !d.enclosure)
    refuse("--fields-optionally-enclosed needs the enclosure: give --fields-enclosed-by '\"' (or --csv)");
  d.optionally_enclosed = d.enclosure && (d.optionally_enclosed || given.fields_optionally_enclosed);
  if (given.lines_starting_by) d.line_start = decode("--lines-starting-by", *given.lines_starting_by);
  d.skip_rows = given.skip_rows;
  check_terminators(d);
  check_specials(d);
  check_line_start(d);
  return d;
}

}  // namespace fastload::text
