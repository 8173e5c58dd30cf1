#include "cli/help.h"

#include <algorithm>
#include <cctype>
#include <fmt/core.h>
#include <sstream>

namespace fastload::cli {
namespace {

// The column the options' descriptions start at.
constexpr std::size_t kNameColumn = 30;

// `text` in lines of at most `width` characters, cut at spaces, each after `indent` spaces but the first,
// which goes where the caller already is.
std::string wrap(const std::string& text, std::size_t indent, std::size_t width) {
  std::string out, line;
  std::istringstream words(text);
  std::string word;
  const std::size_t room = width > indent ? width - indent : 20;
  while (words >> word) {
    if (!line.empty() && line.size() + 1 + word.size() > room) {
      out += line + "\n" + std::string(indent, ' ');
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  return out + line;
}

const char* const kExamples = R"(Examples:
  Load a tab-separated file into db.t over the local socket, asking for the password:
    fastload -u loader -p data.tsv db.t
  A CSV file with a header row, on another server, 8 workers:
    fastload -h db1 -P 3306 -u loader -p --csv --skip-rows 1 --threads 8 data.csv db.t
  A big load that can be rerun after a failure, bad rows kept aside:
    fastload --resume --rejects bad.tsv --max-errors 100 'parts/*.tsv.gz' db.t
  All or nothing, with the connection from an option file:
    fastload --defaults-file ~/loader.cnf --atomic data.tsv db.t
  See the options an option file gives, without loading:
    fastload --print-defaults
)";

class HelpFormatter : public CLI::Formatter {
 public:
  HelpFormatter() { column_width(kNameColumn); }

  std::string make_option(const CLI::Option* opt, bool is_positional) const override {
    std::string name = "  " + make_option_name(opt, is_positional) + make_option_opts(opt);
    const std::string description = make_option_desc(opt);
    if (description.empty()) return name + "\n";
    if (name.size() >= kNameColumn) name += "\n";
    else name.resize(kNameColumn, ' ');
    if (name.back() == '\n') name += std::string(kNameColumn, ' ');
    return name + wrap(description, kNameColumn, kHelpWidth) + "\n";
  }

  std::string make_option_opts(const CLI::Option* opt) const override {
    if (opt->get_expected_max() == 0 || opt->get_positional()) return "";  // a flag, or FILE... DB.TABLE
    std::string opts = " " + opt->get_type_name();
    if (opt->get_expected_max() == CLI::detail::expected_max_vector_size) opts += " ...";
    return opts;
  }

  // The groups one blank line apart: CLI11 puts one before each group's name and one after each group.
  std::string make_group(std::string group, bool positional, std::vector<const CLI::Option*> opts) const override {
    return CLI::Formatter::make_group(std::move(group), positional, std::move(opts)).substr(1);
  }
  std::string make_positionals(const CLI::App* app) const override {
    return "\n" + CLI::Formatter::make_positionals(app) + "\n";
  }

  // "FILE... DB.TABLE" says it all: no "..." after it.
  std::string make_option_usage(const CLI::Option* opt) const override { return make_option_name(opt, true); }

  std::string make_description(const CLI::App* app) const override {
    return wrap(app->get_description(), 0, kHelpWidth) + "\n";
  }

  std::string make_footer(const CLI::App*) const override { return kExamples; }
};

std::string lowered(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

}  // namespace

void format_help(CLI::App& app) { app.formatter(std::make_shared<HelpFormatter>()); }

CLI::Validator named_numbers(std::vector<std::pair<std::string, int>> names, const std::string& what) {
  std::string listed;
  for (const auto& [name, number] : names) listed += (listed.empty() ? "" : ", ") + name;
  CLI::Validator check(
      [names, what, listed](std::string& text) {
        auto known = std::find_if(names.begin(), names.end(),
                                  [&](const auto& n) { return lowered(n.first) == lowered(text); });
        if (known == names.end()) return fmt::format("'{}' is not a {}: give one of {}", text, what, listed);
        text = std::to_string(known->second);
        return std::string();
      },
      "");
  return check;
}

}  // namespace fastload::cli
