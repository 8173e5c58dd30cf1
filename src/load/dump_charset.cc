#include "load/dump_charset.h"

#include <fmt/core.h>

#include "table/table.h"
#include "text/text.h"

namespace fastload::load {

std::optional<DumpText> dump_text_of(const table::Column& c) {
  if (c.charset == "utf8mb4" || c.charset == "utf8mb3" || c.charset == "utf8") return DumpText::utf8;
  // binary stores any byte; ascii refuses a byte above 0x7F itself (error 1366), whatever the dump's charset.
  if (c.single_byte && c.charset != "binary" && c.charset != "ascii") return DumpText::one_byte;
  return std::nullopt;
}

std::vector<CharsetCheck> charset_checks(const table::Target& target, const plan::TablePlan& options) {
  std::vector<CharsetCheck> checks;
  if (!options.check_dump_charset) return checks;
  for (const table::Column& c : target.columns)
    if (const std::optional<DumpText> kind = dump_text_of(c))
      if (const std::optional<std::size_t> field = table::field_of(c.name, target, options))
        checks.push_back({*field, *kind, &c});
  return checks;
}

bool wrong_charset(DumpText kind, std::string_view value) {
  const text::Utf8Reading r = text::read_utf8(value);
  // Text the server converted to UTF-8 is UTF-8 throughout: a one-byte field with a pair that happens to read as
  // a character, beside a byte that begins none, is the column's own bytes.
  return kind == DumpText::one_byte ? r.is_multibyte_text() : !r.valid();
}

std::string charset_message(const CharsetCheck& check, std::string_view value) {
  const table::Column& c = *check.column;
  const text::Utf8Reading r = text::read_utf8(value);
  const std::string name = text::quote_identifier(c.name);
  if (check.kind == DumpText::one_byte) {
    const std::size_t at = r.first_character, n = text::utf8_character(value, at);
    return fmt::format(
        "column {} is {} and its value {} is UTF-8 text ('{}' is {} at byte {} of the field), which read as the "
        "bytes the column stores (a dump's default) would be stored as other {} characters without a word: the "
        "dump was probably made with --default-character-set=utf8mb4; give --charset utf8mb4 (the dump's "
        "--default-character-set), or --charset binary if these bytes are the column's own", name, c.charset,
        text::shown_bytes(value), value.substr(at, n), text::hex_bytes(value, at, n), at, c.charset);
  }
  return fmt::format(
      "column {} is {} and its value {} is not UTF-8 (byte {} at byte {} of the field begins no character): the "
      "dump was probably made with --default-character-set=latin1 or another charset; give --charset with the "
      "dump's --default-character-set (e.g. --charset latin1)", name, c.charset, text::shown_bytes(value),
      text::hex_bytes(value, r.first_invalid, 1), r.first_invalid);
}

}  // namespace fastload::load
