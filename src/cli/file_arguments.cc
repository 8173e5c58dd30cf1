#include "cli/file_arguments.h"

#include <algorithm>
#include <fmt/core.h>

#include "base/base.h"
#include "cli/cli_values.h"
#include "cli/flags.h"

namespace fastload::cli {
namespace {

// The mariadb client's own long options (10.11's `mariadb --help`): in a client group they are not refused,
// as the client does not refuse them; fastload does not act on those it has no option of its own for.
const char* const kClientOptions[] = {
    "abort-source-on-error", "auto-rehash", "auto-vertical-output", "batch", "binary-as-hex", "binary-mode",
    "character-sets-dir", "column-names", "column-type-info", "comments", "compress", "connect-expired-password",
    "connect-timeout", "database", "debug", "debug-check", "debug-info", "default-auth", "default-character-set",
    "delimiter", "enable-cleartext-plugin", "execute", "force", "host", "html", "i-am-a-dummy", "ignore-spaces",
    "init-command", "line-numbers", "local-infile", "max-allowed-packet", "max-join-size", "named-commands",
    "net-buffer-length", "no-auto-rehash", "no-beep", "one-database", "pager", "password", "plugin-dir", "port",
    "print-query-on-error", "progress-reports", "prompt", "protocol", "quick", "quick-max-column-width", "raw",
    "reconnect", "safe-updates", "sandbox", "secure-auth", "select-limit", "server-arg", "show-warnings",
    "sigint-ignore", "silent", "skip-column-names", "skip-line-numbers", "socket", "ssl", "ssl-ca", "ssl-capath",
    "ssl-cert", "ssl-cipher", "ssl-crl", "ssl-crlpath", "ssl-key", "ssl-verify-server-cert", "table", "tee",
    "tls-version", "unbuffered", "user", "verbose", "vertical", "wait", "xml"};

// Options of fastload's that only the command line gives: they choose the files, or are no setting.
const char* const kCommandLineOnly[] = {"help", "version", "password-prompt", "no-defaults", "defaults-file",
                                        "defaults-extra-file", "defaults-group-suffix", "print-defaults"};

template <std::size_t N>
bool listed(const char* const (&names)[N], const std::string& name) {
  return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

// mysys reads skip-X, disable-X and enable-X as the boolean X.
std::string without_boolean_prefix(const std::string& name) {
  for (const char* prefix : {"skip-", "disable-", "enable-"})
    if (name.starts_with(prefix)) return name.substr(std::char_traits<char>::length(prefix));
  return name;
}

// The option of fastload's that `o` gives, or nullptr.
const CLI::Option* fastload_option(const CLI::App& app, const FileOption& o) {
  if (listed(kCommandLineOnly, o.name)) return nullptr;
  const CLI::Option* option = app.get_option_no_throw("--" + o.name);
  if (!option || !o.client_group) return option;
  // A client group serves every mysql tool: there, only the connection options mean the same to fastload.
  return option->get_group() == kConnectionGroup ? option : nullptr;
}

Failure unknown(const FileOption& o) {
  const std::string where = fmt::format("option file {} line {}", o.file, o.line);
  if (!o.client_group)
    return Failure(ExitCode::usage, fmt::format("{}: [fastload] has no option '{}': correct its name (fastload "
                                                "--help lists the options) or remove it; write loose-{} for one an "
                                                "older fastload may lack", where, o.name, o.name));
  return Failure(ExitCode::usage, fmt::format("{}: unknown option '{}' in a [client] group (the mariadb client "
                                              "refuses it too); remove it, or write loose-{}", where, o.name, o.name));
}

// A line the option's kind refuses: a flag's value none of kFlagWords, a value missing; it names its place.
void check_value(const CLI::Option& option, const FileOption& o) {
  const std::string where = fmt::format("option file {} line {}", o.file, o.line);
  if (option.get_expected_max() == 0 && o.value && !parse_flag_value(*o.value))
    throw Failure(ExitCode::usage, fmt::format("{}: '{}' is not a value of the flag '{}': write {} alone, or {}=0 "
                                               "to turn it off ({})", where, *o.value, o.name, o.name, o.name,
                                               kFlagWords));
  if (option.get_expected_max() != 0 && !o.value && o.name != "password")
    throw Failure(ExitCode::usage, fmt::format("{}: '{}' needs a value: write {}={}", where, o.name, o.name,
                                               value_name(option.get_type_name())));
}

void add_option(FileArguments& out, const CLI::Option& option, const FileOption& o) {
  const std::string name = "--" + o.name;
  // Never printed (--print-defaults): the server's password and a remote server's credentials.
  const bool secret = o.name == "password" || o.name == "http-password" || o.name == "http-bearer-token";
  check_value(option, o);
  if (option.get_expected_max() == 0) {  // a flag: `resume`, or `resume=0`
    out.args.push_back(o.value ? name + "=" + *o.value : name);
  } else if (!o.value) {
    out.args.push_back("--password-prompt");  // as `password` alone in a file: ask for it
  } else if (o.value->empty()) {
    out.args.insert(out.args.end(), {name, ""});  // CLI11 reads "--name=" as the name without its value
  } else {
    out.args.push_back(name + "=" + *o.value);
  }
  ++out.given;
  out.sources.push_back(o);
  out.shown.push_back(secret && o.value ? name + "=*****" : o.value ? name + "=" + *o.value : name);
}

// skip-X and its kin, for a flag X of fastload's.
bool add_boolean(FileArguments& out, const CLI::App& app, const FileOption& o) {
  const std::string base = without_boolean_prefix(o.name);
  if (base == o.name || o.value) return false;
  FileOption flag = o;
  flag.name = base;
  const CLI::Option* option = fastload_option(app, flag);
  if (!option || option->get_expected_max() != 0) return false;
  flag.value = o.name.starts_with("enable-") ? "1" : "0";
  add_option(out, *option, flag);
  return true;
}

// True when `command_line` gives --NAME the value `value` (as --NAME=VALUE or --NAME VALUE).
bool given_on_command_line(const std::vector<std::string>& command_line, const std::string& name,
                           const std::string& value) {
  for (std::size_t i = 0; i < command_line.size(); ++i)
    if (command_line[i] == name + "=" + value ||
        (command_line[i] == name && i + 1 < command_line.size() && command_line[i + 1] == value))
      return true;
  return false;
}

}  // namespace

std::string file_place(const std::string& message, const FileArguments& read,
                       const std::vector<std::string>& command_line) {
  for (const FileOption& o : read.sources) {
    const std::string name = "--" + o.name;
    if (!o.value || !message.starts_with(name) || message.size() == name.size() ||
        (message[name.size()] != ':' && message[name.size()] != ' '))
      continue;
    if (message.find("'" + *o.value + "'") == std::string::npos) continue;
    if (given_on_command_line(command_line, name, *o.value)) return "";
    return fmt::format("option file {} line {}: ", o.file, o.line);
  }
  return "";
}

const std::vector<std::string>& library_option_names() {
  static const std::vector<std::string> names{"ssl-cert",  "ssl-key",     "ssl-capath", "ssl-cipher", "ssl-crl",
                                              "ssl-crlpath", "tls-version", "plugin-dir", "default-auth"};
  return names;
}

FileArguments file_arguments(const CLI::App& app, const std::vector<FileOption>& options) {
  FileArguments out;
  const std::vector<std::string>& library = library_option_names();
  for (const FileOption& o : options) {
    if (const CLI::Option* option = fastload_option(app, o)) {
      add_option(out, *option, o);
    } else if (std::find(library.begin(), library.end(), o.name) != library.end() && o.value) {
      out.library.emplace_back(o.name, *o.value);
      out.shown.push_back(fmt::format("--{}={}", o.name, *o.value));
    } else if (!add_boolean(out, app, o) && !o.loose &&
               !(o.client_group && listed(kClientOptions, without_boolean_prefix(o.name)))) {
      throw unknown(o);
    }
  }
  return out;
}

}  // namespace fastload::cli
