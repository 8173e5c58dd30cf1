#include "cli/cli.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fmt/core.h>
#include <fstream>
#include <glob.h>
#include <sys/stat.h>

#include "cli/file_arguments.h"
#include "cli/flags.h"
#include "cli/option_files.h"
#include "request/request.h"
#include "report/report.h"

namespace fastload::cli {
namespace {

bool is_bare_password(const char* arg) { return std::strcmp(arg, "-p") == 0 || std::strcmp(arg, "--password") == 0; }

// Whether `arg`, right after a bare -p or --password, may be a password given apart: no option, and no file
// (nor a pattern any file matches). A FILE or DB.TABLE is the mysql client's reading of it; a password typed
// there would be printed as a file that cannot be opened or a table that does not exist (docs/design.md#passwords).
bool password_given_apart(const char* arg) {
  if (arg[0] == '-') return false;
  struct stat st {};
  if (::lstat(arg, &st) == 0) return false;
  glob_t found{};
  bool matches = ::glob(arg, GLOB_NOSORT, nullptr, &found) == 0 && found.gl_pathc > 0;
  ::globfree(&found);
  return !matches;
}

// Like the mysql client, `-p` and `--password` without an attached value mean
// "prompt": rewrite them so CLI11 never takes the next argument as a password.
// The argument after one that may be a password given apart is refused, and not printed.
std::vector<std::string> mark_password_prompts(std::vector<std::string> args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (!is_bare_password(args[i].c_str())) continue;
    if (i + 1 < args.size() && password_given_apart(args[i + 1].c_str()))
      throw misuse(fmt::format(
          "the argument after {0} names no file; it may be a password given apart, so it is neither used nor "
          "printed. {0} takes its password attached ({1}) or none, to ask for it; to give DB.TABLE right after "
          "{0}, move {0} before the files", args[i], args[i] == "-p" ? "-pSECRET" : "--password=SECRET"));
    args[i] = "--password-prompt";
  }
  return args;
}

// CLI11 reads "--fields-escaped-by=" as the option without its value and takes
// the next argument instead; '' is a value for the format options.
std::vector<std::string> keep_empty_format_values(std::vector<std::string> args) {
  static const std::string kOptions[] = {"--fields-terminated-by=", "--fields-enclosed-by=", "--fields-escaped-by=",
                                         "--lines-terminated-by=", "--lines-starting-by="};
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (std::find(std::begin(kOptions), std::end(kOptions), args[i]) == std::end(kOptions)) continue;
    args[i].pop_back();
    args.insert(args.begin() + static_cast<std::ptrdiff_t>(++i), "");
  }
  return args;
}

// As the mariadb client: -P on the command line means TCP, -S a socket, whichever of them and --protocol comes
// last; a port or socket from an option file (the first `from_files` options parsed) chooses nothing.
request::Protocol chosen_protocol(const CLI::App& app, std::size_t from_files, request::Protocol given) {
  const std::vector<CLI::Option*>& order = app.parse_order();
  const CLI::Option *port = app.get_option("--port"), *socket = app.get_option("--socket"),
                    *protocol = app.get_option("--protocol");
  for (std::size_t i = order.size(); i-- > from_files;) {
    if (order[i] == port) return request::Protocol::tcp;
    if (order[i] == socket) return request::Protocol::socket;
    if (order[i] == protocol) return given;
  }
  return given;
}

// A password and a prompt for one (`password` alone in a file, -p): the last given wins, as for any option.
void last_password_wins(const CLI::App& app, request::ConnectionOptions& c) {
  const std::vector<CLI::Option*>& order = app.parse_order();
  const CLI::Option *given = app.get_option("--password"), *prompt = app.get_option("--password-prompt");
  auto last =
      std::find_if(order.rbegin(), order.rend(), [&](const CLI::Option* o) { return o == given || o == prompt; });
  if (last == order.rend()) return;
  if (*last == given) c.prompt_password = false;
  else c.password.reset();
}

// The option a CLI11 message is about: CLI11 starts it with the option's name and ':'.
const CLI::Option* option_named_in(const CLI::App& app, const std::string& message) {
  for (const CLI::Option* option : app.get_options())
    if (!option->get_name().empty() && message.starts_with(option->get_name() + ":")) return option;
  return nullptr;
}

// CLI11's parse error in fastload's words where CLI11's do not say what to give: an option given last without
// its value (CLI11's ArgumentMismatch: "--threads: 1 required N missing"), no FILE or table at all.
Failure explained(const CLI::App& app, const CLI::ParseError& e) {
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&e))
    if (const CLI::Option* option = option_named_in(app, e.what()))
      return value_missing(option->get_name(), option->get_type_name());
  if (dynamic_cast<const CLI::RequiredError*>(&e)) return files_and_table_missing();
  std::string message = e.what();
  if (message.starts_with(": ")) message.erase(0, 2);  // CLI11 names a hidden option "" (--password-prompt)
  return usage_error(message);
}

// `failure`, a refused value, with the option file line that gave it (when one did and the command line did not).
Failure placed(const Failure& failure, const FileArguments& read, const std::vector<std::string>& command_line) {
  return failure.with_message(file_place(failure.what(), read, command_line) + failure.what());
}

// --ssl-mode as the client library's names spell it; validate() has quoted it as it was typed.
void spell_ssl_mode(request::ConnectionOptions& c) {
  std::transform(c.ssl_mode.begin(), c.ssl_mode.end(), c.ssl_mode.begin(),
                 [](unsigned char ch) { return std::toupper(ch); });
}

// --print-defaults: what the option files give, as `mariadb --print-defaults` shows it.
void print_defaults(const FileArguments& read) {
  std::string line;
  for (const std::string& arg : read.shown) line += arg + " ";
  report::say_out("fastload would have been started with the following arguments:\n{}\n", line);
}

}  // namespace

// Registration (cli/flags.h), CLI11's parse, the strings as values, then every rule at once (Request::validate, request/validate.cc).
ParsedArgs parse_args(std::vector<std::string> args) {
  ParsedArgs parsed;
  CLI::App app{"fastload: load a big delimited text file into a MySQL or MariaDB table, in parallel, "
               "exactly and strictly.", "fastload"};
  Flags flags;
  add_options(app, parsed.options, flags);
  const OptionFileChoice files = choose_option_files(args);
  const FileArguments read = file_arguments(app, read_chosen_files(files));
  if (files.print_defaults) {
    print_defaults(read);
    parsed.exit_now = true;
    return parsed;
  }
  const std::vector<std::string> command_line = args;
  refuse_secrets_on_command_line(command_line);
  // The files' options first, so that the command line's win (the last of a repeated option wins).
  args = keep_empty_format_values(mark_password_prompts(std::move(args)));
  args.insert(args.begin(), read.args.begin(), read.args.end());
  std::reverse(args.begin(), args.end());  // CLI11 takes a reversed vector
  try {
    app.parse(args);
  } catch (const CLI::CallForHelp&) {
    report::say_out("{}", app.help());
    parsed.exit_now = true;
    return parsed;
  } catch (const CLI::CallForVersion&) {
    report::say_out("fastload {}\n", FASTLOAD_VERSION);
    parsed.exit_now = true;
    return parsed;
  } catch (const CLI::ParseError& e) {
    throw placed(explained(app, e), read, command_line);
  }
  request::ConnectionOptions& connection = parsed.options.connection;
  connection.protocol = chosen_protocol(app, read.given, connection.protocol);
  connection.library_options = read.library;
  const request::Given given = [&] {
    try {
      return read_flags(flags, parsed.options);
    } catch (const Failure& failure) {  // a value only read here (a size, a flag's word)
      throw placed(failure, read, command_line);
    }
  }();
  last_password_wins(app, connection);
  parsed.options.validate(given);
  spell_ssl_mode(connection);
  return parsed;
}

request::ConnectionOptions read_connection_file(const std::string& path) {
  // Read as --defaults-file reads it, but a file that cannot be opened is named as what named it.
  if (!std::ifstream(path))
    throw Failure(ExitCode::usage, fmt::format("cannot open the option file '{}': {}; check the path given to "
                                               "--shard or --replica", path, std::strerror(errno)));
  ParsedArgs parsed = parse_args({"--defaults-file", path, "-", "shard.file"});
  return parsed.options.connection;
}

void hide_password_in_argv(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    char* value = nullptr;
    if (std::strncmp(argv[i], "--password=", 11) == 0) value = argv[i] + 11;
    else if (std::strncmp(argv[i], "-p", 2) == 0 && argv[i][2] != '\0' && argv[i][1] != '-') value = argv[i] + 2;
    // A password given apart after a bare -p (refused by parse_args) leaves ps as soon as the attached ones.
    if (!value && i > 1 && is_bare_password(argv[i - 1]) && password_given_apart(argv[i])) value = argv[i];
    if (value) std::memset(value, 'x', std::strlen(value));
  }
}

}  // namespace fastload::cli
