// Option files as the mariadb client reads them (MariaDB's mysys, my_default.c): the same files in the same
// order, the same groups, the same line syntax. libmariadb does not export its reader, and the client
// library is told to read none (docs/design.md#option-files): fastload reads them here, once.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace fastload::cli {

// What the command line says about option files (the mysql tools' standard options).
struct OptionFileChoice {
  bool no_defaults = false;                 // --no-defaults: read none
  std::optional<std::string> defaults_file;  // --defaults-file: read this one only (it must exist)
  std::optional<std::string> extra_file;     // --defaults-extra-file: read this one too (it must exist)
  std::string group_suffix;                  // --defaults-group-suffix (or $MYSQL_GROUP_SUFFIX)
  bool print_defaults = false;               // --print-defaults: print what the files give, then exit
};

// Finds the standard options anywhere in `args` (without the program's name), leaving them there.
OptionFileChoice choose_option_files(const std::vector<std::string>& args);

// The files read when no --defaults-file is given, in the order they are read: /etc/my.cnf,
// /etc/mysql/my.cnf, $MARIADB_HOME/my.cnf (or $MYSQL_HOME's), the --defaults-extra-file, ~/.my.cnf.
std::vector<std::string> default_option_files(const std::optional<std::string>& extra_file);

// One `key[=value]` line of a group fastload reads.
struct FileOption {
  std::string name;                  // '_' read as '-', without "loose-"
  std::optional<std::string> value;  // unquoted and unescaped as mysys does; nullopt: `key` alone
  bool loose = false;                // it was "loose-name": unknown, it is ignored
  bool client_group = false;         // from [client], [client-server] or [client-mariadb] (or suffixed)
  std::string file;
  unsigned line = 0;
};

// A file an option names (--defaults-file, --defaults-extra-file): it must be read.
struct RequiredFile {
  std::string path;
  std::string option;  // named in the message when the file cannot be opened
};

// The groups fastload reads, in their files' order: [client], [client-server], [client-mariadb], [fastload],
// each also with `group_suffix` appended. A file that does not exist is skipped (but a `required` one:
// Failure(ExitCode::usage) naming its option); a world-writable one is ignored with a warning, as the client
// does. Throws Failure(ExitCode::usage) naming the file and line for a line that is no option, group or
// directive, and saying how to write it.
std::vector<FileOption> read_option_files(const std::vector<std::string>& files,
                                          const std::vector<RequiredFile>& required, const std::string& group_suffix);

// Everything the choice reads: the files' options, in order.
std::vector<FileOption> read_chosen_files(const OptionFileChoice& choice);

}  // namespace fastload::cli
