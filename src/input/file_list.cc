#include "input/file_list.h"

#include <algorithm>
#include <filesystem>
#include <fmt/core.h>
#include <glob.h>
#include <set>
#include <sys/stat.h>

#include "base/base.h"
#include "input/mapped_file.h"
#include "remote/remote.h"

namespace fastload::input {
namespace {

bool is_pattern(const std::string& argument) { return argument.find_first_of("*?[") != std::string::npos; }

// The files `pattern` matches, sorted (glob's order).
std::vector<std::string> matches(const std::string& pattern) {
  glob_t found{};
  int status = ::glob(pattern.c_str(), GLOB_ERR, nullptr, &found);
  std::vector<std::string> files(found.gl_pathv, found.gl_pathv + found.gl_pathc);
  ::globfree(&found);
  if (status != 0 && status != GLOB_NOMATCH)
    throw Failure(ExitCode::input, fmt::format("{}: cannot read the directories the pattern names; "
                                               "check the path and its permissions", pattern));
  if (files.empty())
    throw Failure(ExitCode::input, fmt::format("{}: no file matches this pattern; check the path",
                                               pattern));
  return files;
}

}  // namespace

std::vector<std::string> expand_files(const std::vector<std::string>& arguments) {
  std::vector<std::string> files;
  for (const std::string& argument : arguments) {
    // A file whose name holds * or ? is still itself; so is a URL (an S3 pattern is listed: remote_list.cc).
    bool literal = !is_pattern(argument) || remote::is_url(argument) || std::filesystem::exists(argument);
    std::vector<std::string> found = remote::is_s3_pattern(argument) ? remote::matching_objects(argument)
                                     : literal                         ? std::vector<std::string>{argument}
                                                                       : matches(argument);
    files.insert(files.end(), found.begin(), found.end());
  }
  std::set<std::pair<dev_t, ino_t>> seen;  // the file itself, however named (a symlink, a hard link, ../)
  std::set<std::string> urls;
  for (const std::string& file : files) {
    if (remote::is_url(file)) {  // found now (its size and version), so that a typo fails before connecting
      if (!urls.insert(file).second)
        throw Failure(ExitCode::usage, fmt::format("{}: this object is named twice and would be loaded twice; "
                                                   "name it once", remote::shown(file)));
      remote::Object found(file);
      continue;
    }
    if (file == "-") {  // standard input
      if (std::count(files.begin(), files.end(), "-") > 1)
        throw Failure(ExitCode::usage, "- (standard input) is named twice; it can be read once");
      continue;
    }
    check_readable(file);
    struct stat st {};
    if (::stat(file.c_str(), &st) == 0 && !seen.insert({st.st_dev, st.st_ino}).second)
      throw Failure(ExitCode::usage, fmt::format("{}: this file is named twice (directly or by a "
                                                 "pattern) and would be loaded twice; name it once", file));
  }
  return files;
}

std::string_view without_compression_suffix(std::string_view name) {
  for (std::string_view suffix : {".gz", ".zst", ".zstd", ".xz", ".bz2", ".lz4"})
    if (name.ends_with(suffix)) return name.substr(0, name.size() - suffix.size());
  return name;
}

bool sql_file_name(std::string_view path) { return without_compression_suffix(path).ends_with(".sql"); }

bool mydumper_directory(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code error;
  if (path == "-" || !fs::is_directory(path, error) || !fs::is_regular_file(fs::path(path) / "metadata", error))
    return false;
  for (fs::directory_iterator it(path, error), end; !error && it != end; it.increment(error)) {
    const std::string name = it->path().filename().string();
    if (sql_file_name(name)) return true;  // --no-schemas writes data files alone
  }
  return false;
}

}  // namespace fastload::input
