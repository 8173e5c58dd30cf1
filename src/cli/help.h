// fastload --help's layout: CLI11's Formatter, fitted to 100 columns, with the examples at its end; and the
// validators that take an option's values by name only.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <utility>
#include <vector>

namespace fastload::cli {

// The widest line --help prints.
inline constexpr std::size_t kHelpWidth = 100;

// Installs the formatter and the examples on `app`.
void format_help(CLI::App& app);

// A validator that takes one of `names` (case-insensitive) and hands CLI11 its number; anything else, a number
// too, is refused naming every value. `what` names the values in the message ("mode").
// The names are listed in the order given.
template <typename Enum>
CLI::Validator named_values(const std::vector<std::pair<std::string, Enum>>& names, const std::string& what);

// The same for names of numbers, which the template above builds.
CLI::Validator named_numbers(std::vector<std::pair<std::string, int>> names, const std::string& what);

template <typename Enum>
CLI::Validator named_values(const std::vector<std::pair<std::string, Enum>>& names, const std::string& what) {
  std::vector<std::pair<std::string, int>> numbers;
  for (const auto& [name, value] : names) numbers.emplace_back(name, static_cast<int>(value));
  return named_numbers(std::move(numbers), what);
}

}  // namespace fastload::cli
