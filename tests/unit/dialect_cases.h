// Dialects the scanner and parser tests run through, and random files made of
// what matters in each: its terminators (also cut short), quotes, escapes,
// NULL markers, CRs and LFs, multi-byte UTF-8, and plain runs.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "text/text.h"

namespace fastload::testing_dialects {

inline text::Dialect dialect(std::string fields, std::string lines, std::optional<char> quote, std::optional<char> escape) {
  text::Dialect d;
  d.field_terminator = std::move(fields);
  d.line_terminator = std::move(lines);
  d.enclosure = quote;
  d.optionally_enclosed = quote.has_value();
  d.escape = escape;
  return d;
}

// Local ones (no enclosure) and sequential ones, one-byte and longer terminators.
inline std::vector<text::Dialect> all() {
  return {
      text::Dialect{},                                       // MySQL's default: TAB, backslash, LF
      text::csv_dialect(),                                   // --csv
      dialect(",", "\r\n", '"', std::nullopt),         // --csv --lines-terminated-by '\r\n'
      dialect(",", "\n", '"', '\\'),                   // enclosed, with backslash escapes
      dialect(",", "\n", '"', '"'),                    // the escape is the quote
      dialect("\t", "\r\n", std::nullopt, '\\'),       // TSV with CRLF: local, two-byte line end
      dialect("||", "\n", std::nullopt, '\\'),         // two-byte field terminator: local
      dialect(",", "\n", std::nullopt, std::nullopt),  // no escape, no quote: local
      dialect("||", "\r\n", '\'', std::nullopt),       // both terminators long, enclosed
      dialect(",", ",\n", '"', '\\'),                  // the field terminator begins the line terminator
      dialect("|\n", "\n", std::nullopt, '\\'),        // the field terminator holds the line terminator
      dialect(";", "xx", '"', '\\'),                   // a line terminator that overlaps itself
  };
}

// Random bytes over what matters in `d`, about `pieces` pieces long.
inline std::string random_text(std::mt19937& rng, const text::Dialect& d, int pieces) {
  std::vector<std::string> alphabet = {"a", "bc", "N", "NULL", "\r", "\n", "\r\n", ",", "\"", "'", "\\",
                                       "\xC3\xA9", "x", "0", "||", "|", ";", "\t"};
  for (const std::string* t : {&d.field_terminator, &d.line_terminator}) {
    for (int k = 0; k < 3; ++k) alphabet.push_back(*t);
    alphabet.push_back(t->substr(0, 1));
  }
  if (d.enclosure) {
    const std::string q(1, *d.enclosure);
    for (const std::string& s : {q, q, q + q, q + d.field_terminator, d.field_terminator + q, q + d.line_terminator,
                                 d.line_terminator + q, q + "NULL" + q})
      alphabet.push_back(s);
  }
  if (d.escape) {
    const std::string e(1, *d.escape);
    for (const std::string& s : {e, e, e + "N", e + e, e + d.line_terminator, e + d.field_terminator})
      alphabet.push_back(s);
  }
  std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
  std::string text;
  for (int k = 0; k < pieces; ++k) text += alphabet[pick(rng)];
  return text;
}

// Rows as a writer of `d` would write them (quoted fields holding terminators
// and doubled quotes, escapes, NULLs, plain runs long enough to fill blocks),
// with now and then a random piece that breaks the pattern.
inline std::string random_rows(std::mt19937& rng, const text::Dialect& d, int rows) {
  static const std::string kWords[] = {"a", "abcdefghijklmnopqrstuvwxyz0123456789", "NULL", "N", "\xC3\xA9", "",
                                       "x y", "2016-12-12 17:31:43"};
  const std::string q = d.enclosure ? std::string(1, *d.enclosure) : "";
  const auto word = [&] { return kWords[rng() % std::size(kWords)]; };
  std::string text;
  for (int r = 0; r < rows; ++r) {
    for (int f = 0, fields = 1 + static_cast<int>(rng() % 6); f < fields; ++f) {
      if (f > 0) text += d.field_terminator;
      if (!q.empty() && rng() % 2 == 0) {  // quoted: terminators and doubled quotes inside
        text += q + word();
        for (int k = static_cast<int>(rng() % 3); k > 0; --k)
          text += std::vector<std::string>{d.field_terminator, d.line_terminator, q + q, word()}[rng() % 4] + word();
        text += q;
      } else {
        text += rng() % 8 == 0 && d.escape ? std::string(1, *d.escape) + "N" : word();
      }
      if (rng() % 50 == 0) text += random_text(rng, d, 1);
    }
    text += d.line_terminator;
  }
  if (rng() % 3 == 0 && !text.empty()) text.resize(text.size() - 1 - rng() % std::min<std::size_t>(text.size(), 3));
  while (!text.empty() && static_cast<unsigned char>(text.back()) >= 0x80) text.pop_back();  // no half characters
  return text;
}

}  // namespace fastload::testing_dialects
