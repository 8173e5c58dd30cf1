// How the server reads a field's text into a column of a few kinds, where it
// converts without a word and loses what the file says (docs/design.md#what-
// fastload-does-not-trust). Pure functions of the text, as measured on
// MariaDB 10.11 under a strict sql_mode with sql_notes = 1: a text the server
// warns or notes about anyway (trailing junk, trailing spaces into a number)
// is not judged here.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace fastload::text {

// An integer (or YEAR) column: the text is a number ([blanks][+-]digits[.digits][e[+-]digits]) whose value has
// a nonzero fraction, which the server rounds ('1.5' -> 2, '15e-1' -> 2, '-0.5' -> -1). '1.0', '1e3', '5.' lose
// nothing: false.
bool integer_loses_fraction(std::string_view text);

// A temporal column with `precision` fraction digits (0 for DATE): the text's fraction has a nonzero digit beyond
// them, which the server cuts ('10:00:00.5' into TIME(0)). For DATE, DATETIME and TIMESTAMP (`time` false) a
// fraction follows the seconds only ('2020-01-01 10:00:00.5', '20200101100000.5'; in '2020.01.01' the dots
// separate the date); for TIME any '.' after a digit begins it ('10.5' is 10.5 seconds).
bool fraction_beyond(std::string_view text, unsigned precision, bool time);

// A BIT column: the text is ASCII digits only ('1'), which the server stores as the text's bytes (0x31).
bool only_digits(std::string_view text);

// An ENUM or SET column: the text is a number ([blanks][+-]digits, trailing spaces ignored as the server ignores
// them) and no member is named so: the server takes it as the member's index (ENUM) or a bit mask (SET).
bool number_not_member(std::string_view text, const std::vector<std::string>& members);

// The members of an ENUM or SET column from information_schema's COLUMN_TYPE, "enum('a','it''s')" -> {a, it's}.
std::vector<std::string> type_members(std::string_view column_type);

}  // namespace fastload::text
