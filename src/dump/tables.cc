#include "dump/tables.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <system_error>
#include <fmt/core.h>

#include "base/base.h"
#include "input/input.h"

namespace fastload::dump {
namespace {

namespace fs = std::filesystem;

// A dump directory's row files: T.txt, as `--tab` writes them, or compressed since.
bool rows_file(const std::string& name) {
  return input::without_compression_suffix(name).ends_with(".txt");
}

std::vector<std::string> directory_files(const std::string& dir) {
  std::error_code error;
  std::vector<std::string> names;
  for (fs::directory_iterator it(dir, error), end; !error && it != end; it.increment(error))
    // A link that leads nowhere is kept: the open pass says the file cannot be read, rather than the table
    // being restored without its rows.
    if (it->is_regular_file() || it->is_symlink()) names.push_back(it->path().filename().string());
  if (error)
    throw Failure(ExitCode::input, fmt::format("{}: cannot list this directory ({}); check that it is readable",
                                               dir, error.message()));
  std::sort(names.begin(), names.end());
  return names;
}

// One table's rows in one file of a dump: T.txt beside T.txt.gz would load every row twice, and a view has none.
void check_dump_table(const std::string& dir, const TableFiles& t) {
  if (t.files.size() > 1)
    throw Failure(ExitCode::usage, fmt::format(
        "{}: {} and {} both hold the rows of table `{}`: a dump holds a table once; remove one", dir,
        fs::path(t.files[0]).filename().string(), fs::path(t.files[1]).filename().string(), t.table));
  if (t.schema && t.schema->view && !t.files.empty())
    throw Failure(ExitCode::usage, fmt::format(
        "{}: rows for `{}`, which {} makes a view: a view has no rows of its own; remove the file", t.files[0],
        t.table, t.schema->path));
}

// The tables of a dump directory, each with its rows files and schema file.
void add_directory(const std::string& dir, std::vector<TableFiles>& tables, std::map<std::string, std::size_t>& at) {
  const std::vector<std::string> names = directory_files(dir);
  if (input::mydumper_directory(dir))
    throw Failure(ExitCode::usage, fmt::format(
        "{}: a mydumper directory given with other files: restore it alone, fastload {} [DB], and load the other "
        "files in a run of their own", dir, dir));
  const std::size_t first = tables.size();
  auto table = [&](const std::string& name) -> TableFiles& {
    auto [it, added] = at.try_emplace(name, tables.size());
    if (added) tables.push_back({name, {}, std::nullopt, {}, {}});
    else if (it->second < first)
      throw Failure(ExitCode::usage, fmt::format("{}: table `{}` is given twice, here and in an earlier argument: "
                                                 "give each table once", dir, name));
    return tables[it->second];
  };
  for (const std::string& name : names) {
    const std::string path = (fs::path(dir) / name).string();
    if (!rows_file(name) && !name.ends_with(".sql")) continue;
    check_inside(dir, path);
    if (rows_file(name)) table(table_of(name)).files.push_back(path);
    else table(name.substr(0, name.size() - 4)).schema = read_schema_file(path);
  }
  for (std::size_t i = first; i < tables.size(); ++i) check_dump_table(dir, tables[i]);
  if (first == tables.size())
    throw Failure(ExitCode::usage, fmt::format("{}: no table's files in this directory (T.txt and T.sql, as "
                                               "`mariadb-dump --tab` writes them)", dir));
}

}  // namespace

void check_inside(const std::string& dir, const std::string& path) {
  std::error_code error;
  const fs::path root = fs::canonical(dir, error), real = fs::canonical(path, error);
  if (error) return;  // cannot be read: the open pass says why
  const auto [end, _] = std::mismatch(root.begin(), root.end(), real.begin(), real.end());
  if (end != root.end())
    throw Failure(ExitCode::input, fmt::format(
        "{}: this file of the dump is a link to {}, outside the dump directory {}: fastload reads a dump's files "
        "only inside its directory; copy the file in, or give it as a FILE argument", path, real.string(), dir));
}

std::string table_of(const std::string& path) {
  const std::string name = fs::path(path).filename().string();
  return name.substr(0, name.find('.'));
}

std::vector<TableFiles> tables_of(const std::vector<std::string>& arguments) {
  std::vector<TableFiles> tables;
  std::map<std::string, std::size_t> at;  // a table's place in `tables`
  for (const std::string& argument : arguments) {
    std::error_code error;
    if (argument != "-" && fs::is_directory(argument, error)) {
      add_directory(argument, tables, at);
      continue;
    }
    for (const std::string& file : input::expand_files({argument})) {  // a quoted pattern: each file it matches
      const std::string table = file == "-" ? "" : table_of(file);
      if (table.empty())
        throw Failure(ExitCode::usage, fmt::format("{}: no table name in this file's name (the table is the name "
                                                   "up to its first dot); give DB.TABLE to load it", file));
      auto [it, added] = at.try_emplace(table, tables.size());
      if (added) tables.push_back({table, {}, std::nullopt, {}, {}});
      else if (tables[it->second].schema)
        throw Failure(ExitCode::usage, fmt::format("{}: table `{}` is given twice, here and in a dump directory: "
                                                   "give each table once", file, table));
      tables[it->second].files.push_back(file);
    }
  }
  return tables;
}

}  // namespace fastload::dump
