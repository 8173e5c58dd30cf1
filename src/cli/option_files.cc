#include "cli/option_files.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fmt/core.h>
#include <fstream>
#include <sys/stat.h>

#include "base/base.h"
#include "cli/cli_values.h"
#include "report/report.h"

namespace fastload::cli {
namespace {

constexpr unsigned kMostIncludes = 10;  // mysys's depth of !include and !includedir

const char* const kClientGroups[] = {"client", "client-server", "client-mariadb"};
constexpr const char* kProgramGroup = "fastload";

std::string lowered(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

// Cuts a line at its first '#' outside quotes (mysys's remove_end_comment).
std::string without_end_comment(const std::string& line) {
  char quote = 0;
  bool escaped = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if ((c == '\'' || c == '"') && !escaped) quote = quote == 0 ? c : quote == c ? 0 : quote;
    if (quote == 0 && c == '#') return line.substr(0, i);
    escaped = quote != 0 && c == '\\' && !escaped;
  }
  return line;
}

// A value as mysys reads it: blanks around it dropped, one pair of matching quotes around it removed, then
// \n \t \r \b \s \" \' \\ unescaped (any other backslash kept).
std::string unquoted(std::string value) {
  value = trimmed(value);
  if (value.size() > 1 && (value.front() == '"' || value.front() == '\'') && value.back() == value.front())
    value = value.substr(1, value.size() - 2);
  std::string out;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (value[i] != '\\' || i + 1 == value.size()) {
      out += value[i];
      continue;
    }
    switch (const char c = value[++i]) {
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case 'r': out += '\r'; break;
      case 'b': out += '\b'; break;
      case 's': out += ' '; break;
      case '"': case '\'': case '\\': out += c; break;
      default: out += '\\', out += c;
    }
  }
  return out;
}

// The state of one reading: the groups wanted and what they gave.
struct Reader {
  std::vector<std::string> groups;  // lower case
  std::vector<FileOption> options;

  // `required`: the option that named the file, which must then be read; nullptr for a file that may be missing.
  void read_file(const std::string& path, const std::string* required, unsigned depth);
  void read_directory(const std::string& path, unsigned depth);
  void read_line(const std::string& path, unsigned number, std::string line, int& group, unsigned depth);
  void read_directive(const std::string& path, unsigned number, const std::string& line, unsigned depth);
  void read_option(const std::string& path, unsigned number, const std::string& line, int group);
};

Failure bad_line(const std::string& path, unsigned number, const std::string& why) {
  return Failure(ExitCode::usage, fmt::format("option file {} line {}: {}", path, number, why));
}

// -1 before the first group, 0 in a group fastload does not read, 1 in a client group, 2 in [fastload].
int group_kind(const Reader& r, const std::string& name) {
  const std::string group = lowered(trimmed(name));
  if (std::find(r.groups.begin(), r.groups.end(), group) == r.groups.end()) return 0;
  return group.starts_with(kProgramGroup) ? 2 : 1;
}

// `!include FILE` or `!includedir DIR`.
void Reader::read_directive(const std::string& path, unsigned number, const std::string& line, unsigned depth) {
  const std::size_t space = line.find_first_of(" \t");
  const std::string directive = line.substr(0, space);
  const std::string target = space == std::string::npos ? "" : trimmed(line.substr(space));
  if ((directive != "!include" && directive != "!includedir") || target.empty())
    throw bad_line(path, number, fmt::format("'{}' is not '!include FILE' or '!includedir DIR': write one of "
                                             "them, or start the line with '#' to make it a comment", line));
  if (depth + 1 >= kMostIncludes) return;  // as mysys: deeper includes are not read
  if (directive == "!include") read_file(target, nullptr, depth + 1);
  else read_directory(target, depth + 1);
}

// `key` or `key=value` in a group fastload reads.
void Reader::read_option(const std::string& path, unsigned number, const std::string& line, int group) {
  const std::string text = without_end_comment(line);
  const std::size_t eq = text.find('=');
  FileOption option;
  option.name = lowered(trimmed(text.substr(0, eq)));
  option.client_group = group == 1;
  option.file = path;
  option.line = number;
  if (eq != std::string::npos) option.value = unquoted(text.substr(eq + 1));
  std::replace(option.name.begin(), option.name.end(), '_', '-');
  if (option.name.starts_with("loose-")) option.name.erase(0, 6), option.loose = true;
  if (option.name.empty())
    throw bad_line(path, number, fmt::format("'{}' is an option without a name: write NAME=VALUE, e.g. "
                                             "threads=4, or start the line with '#' to make it a comment", line));
  options.push_back(std::move(option));
}

void Reader::read_line(const std::string& path, unsigned number, std::string line, int& group, unsigned depth) {
  line = trimmed(line);
  if (line.empty() || line[0] == '#' || line[0] == ';') return;
  if (line[0] == '!') return read_directive(path, number, line, depth);
  if (line[0] == '[') {
    const std::size_t end = line.find(']');
    if (end == std::string::npos)
      throw bad_line(path, number, fmt::format("'{}': a group's name has no closing ']'; end it with ']', e.g. "
                                               "[fastload]", line));
    group = group_kind(*this, line.substr(1, end - 1));
    return;
  }
  if (group < 0)
    throw bad_line(path, number, fmt::format("'{}' comes before any [group]: put it under a [client] or "
                                             "[fastload] line (and check that this is an option file)", line));
  if (group != 0) read_option(path, number, line, group);
}

// The client's check: a file anyone may write could hand a load another server or user.
bool world_writable(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & S_IWOTH) != 0;
}

void Reader::read_file(const std::string& path, const std::string* required, unsigned depth) {
  std::ifstream in(path);
  if (!in) {
    if (required)
      throw Failure(ExitCode::usage, fmt::format("cannot open the option file '{}': {}; check the path given to {}",
                                                 path, std::strerror(errno), *required));
    return;
  }
  if (world_writable(path)) {
    report::tell("World-writable config file '{}' is ignored; to have it read, let only its owner write it "
                 "(chmod o-w '{}')", path, path);
    return;
  }
  std::string line;
  int group = -1;
  for (unsigned number = 1; std::getline(in, line); ++number) read_line(path, number, line, group, depth);
}

// !includedir: its *.cnf files, by name.
void Reader::read_directory(const std::string& path, unsigned depth) {
  std::error_code error;
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(path, error))
    if (entry.path().extension() == ".cnf") files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  for (const std::string& file : files) read_file(file, nullptr, depth);
}

// The value of `--name=VALUE` or `--name VALUE` at args[i], if args[i] is that option; `type` names the value.
std::optional<std::string> value_of(const std::vector<std::string>& args, std::size_t& i, const std::string& name,
                                    const std::string& type) {
  if (args[i].starts_with(name + "=")) return args[i].substr(name.size() + 1);
  if (args[i] != name) return std::nullopt;
  if (i + 1 == args.size()) throw value_missing(name, type);
  return args[++i];
}

}  // namespace

OptionFileChoice choose_option_files(const std::vector<std::string>& args) {
  OptionFileChoice choice;
  if (const char* suffix = std::getenv("MYSQL_GROUP_SUFFIX")) choice.group_suffix = suffix;
  for (std::size_t i = 0; i < args.size() && args[i] != "--"; ++i) {
    for (const char* alone : {"--no-defaults", "--print-defaults"})
      if (args[i].starts_with(std::string(alone) + "="))
        throw usage_error(fmt::format("{} takes no value: give {} alone", alone, alone));
    if (args[i] == "--no-defaults") choice.no_defaults = true;
    else if (args[i] == "--print-defaults") choice.print_defaults = true;
    else if (auto file = value_of(args, i, "--defaults-file", "FILE")) choice.defaults_file = *file;
    else if (auto extra = value_of(args, i, "--defaults-extra-file", "FILE")) choice.extra_file = *extra;
    else if (auto suffix = value_of(args, i, "--defaults-group-suffix", "SUFFIX")) choice.group_suffix = *suffix;
  }
  return choice;
}

std::vector<std::string> default_option_files(const std::optional<std::string>& extra_file) {
  std::vector<std::string> files{"/etc/my.cnf", "/etc/mysql/my.cnf"};
  const char* home = std::getenv("MARIADB_HOME");
  if (!home) home = std::getenv("MYSQL_HOME");
  if (home && *home) files.push_back(std::string(home) + "/my.cnf");
  if (extra_file) files.push_back(*extra_file);
  if (const char* user_home = std::getenv("HOME"); user_home && *user_home)
    files.push_back(std::string(user_home) + "/.my.cnf");
  return files;
}

std::vector<FileOption> read_option_files(const std::vector<std::string>& files,
                                          const std::vector<RequiredFile>& required, const std::string& group_suffix) {
  Reader reader;
  for (const char* group : kClientGroups) reader.groups.push_back(group);
  reader.groups.push_back(kProgramGroup);
  if (!group_suffix.empty())
    for (std::size_t i = 0, n = reader.groups.size(); i < n; ++i)
      reader.groups.push_back(reader.groups[i] + lowered(group_suffix));
  for (const std::string& file : files) {
    auto named =
        std::find_if(required.begin(), required.end(), [&](const RequiredFile& r) { return r.path == file; });
    reader.read_file(file, named == required.end() ? nullptr : &named->option, 0);
  }
  return std::move(reader.options);
}

std::vector<FileOption> read_chosen_files(const OptionFileChoice& choice) {
  if (choice.no_defaults) return {};
  if (choice.defaults_file)
    return read_option_files({*choice.defaults_file}, {{*choice.defaults_file, "--defaults-file"}},
                             choice.group_suffix);
  std::vector<RequiredFile> required;
  if (choice.extra_file) required.push_back({*choice.extra_file, "--defaults-extra-file"});
  return read_option_files(default_option_files(choice.extra_file), required, choice.group_suffix);
}

}  // namespace fastload::cli
