// A collation's weights of single characters, read from the server itself (WEIGHT_STRING of each character of
// the charset the rows are sent in, converted into the column's), so that fastload compares text keys as the
// index does (docs/design.md, "Which row wins"). Only for collations whose weight strings are their
// characters' weights laid end to end: no contractions, one level.
#include "run/index_keys.h"

#include <algorithm>
#include <array>
#include <map>
#include <mutex>
#include <fmt/core.h>
#include <spdlog/spdlog.h>

#include "db/db.h"
#include "text/text.h"

namespace fastload::run {
namespace {

// The collations read here, by what follows the charset's name: single-level, without contractions.
bool weighable(std::string_view collation, std::string_view charset) {
  static constexpr std::array kKinds = {"general_ci",     "general_nopad_ci",  "general_mysql500_ci",
                                        "unicode_ci",     "unicode_nopad_ci",  "unicode_520_ci",
                                        "unicode_520_nopad_ci", "swedish_ci", "swedish_nopad_ci",
                                        "general_cs",     "german1_ci"};
  if (collation.size() <= charset.size() + 1 || !collation.starts_with(charset) || collation[charset.size()] != '_')
    return false;
  const std::string_view kind = collation.substr(charset.size() + 1);
  return std::find(kKinds.begin(), kKinds.end(), kind) != kKinds.end();
}

bool is_utf8(std::string_view charset) { return charset == "utf8mb4" || charset == "utf8mb3" || charset == "utf8"; }

bool is_name(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(c) || c == '_'; });
}

std::string unhex(std::string_view hex) {
  std::string out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) out.push_back(static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16)));
  return out;
}

std::shared_ptr<const order::Weights> read_weights(db::Session& control, const std::string& database,
                                                   const std::string& sent, const table::KeyColumn& column) {
  auto w = std::make_shared<order::Weights>();
  // The rows' bytes: UTF-8 (a utf8 charset sent, or binary into a utf8 column) or one byte a character.
  const bool utf8 = is_utf8(sent) || (sent == "binary" && is_utf8(column.charset));
  const std::string from = sent == "binary" ? column.charset : sent;
  if (!utf8) {
    const std::vector<db::Row> one = control.query(fmt::format("SELECT MAXLEN FROM information_schema.CHARACTER_SETS "
                                                                 "WHERE CHARACTER_SET_NAME = {}", control.quote_string(from)));
    if (one.empty() || one[0][0].value_or("") != "1") return nullptr;
  }
  w->by_byte = !utf8;
  const std::string character = utf8 ? "CHAR(seq USING utf32)" : fmt::format("CONVERT(UNHEX(LPAD(HEX(seq), 2, '0')) USING {})", from);
  // The SEQUENCE engine's tables exist in every database: the target's is one the session may read.
  const std::string range = fmt::format("{}.{}", text::quote_identifier(database),
                                        utf8 ? "seq_0_to_65535 WHERE seq NOT BETWEEN 55296 AND 57343" : "seq_0_to_255");
  std::vector<db::Row> rows;
  try {
    rows = control.query(fmt::format("SELECT seq, HEX(WEIGHT_STRING(CONVERT({} USING {}) COLLATE {})) FROM {}",
                                     character, column.charset, column.collation, range));
  } catch (const db::ServerError& e) {  // no SEQUENCE engine, say: such a key is read as unknown
    spdlog::debug("the weights of collation {} could not be read: {}", column.collation, e.server_message());
    return nullptr;
  }
  w->of.assign(utf8 ? 65536 : 256, {});
  for (const db::Row& r : rows) w->of.at(std::stoul(r[0].value_or("0"))) = unhex(r[1].value_or(""));
  w->unit = static_cast<unsigned>(std::max<std::size_t>(w->of['a'].size(), 1));
  w->space = w->of[' '];
  // utf8mb4_general_ci weighs every character above the BMP as U+FFFD; the UCA collations do not.
  w->supplementary_known = utf8 && column.charset == "utf8mb4" && column.collation.find("_general_") != std::string::npos;
  if (w->supplementary_known) w->supplementary = w->of[0xfffd];
  return w;
}

}  // namespace

std::shared_ptr<const order::Weights> collation_weights(db::Session& control, const std::string& database,
                                                         const std::string& sent, const table::KeyColumn& column) {
  if (!weighable(column.collation, column.charset) || !is_name(sent) || !is_name(column.charset)) return nullptr;
  // Read once a run: a database's tables share their collations (the server's weights do not change meanwhile).
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const order::Weights>> read;  // by sent charset and collation; under mutex
  const std::string key = sent + " " + column.collation;
  std::lock_guard<std::mutex> lock(mutex);
  auto [at, fresh] = read.try_emplace(key);
  if (fresh) at->second = read_weights(control, database, sent, column);
  return at->second;
}

}  // namespace fastload::run
