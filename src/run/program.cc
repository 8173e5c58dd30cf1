// fastload FILE DB.TABLE: argv -> request::Request -> run.
#include <cstdio>
#include <exception>
#include <fmt/core.h>
#include <mysql.h>

#include "base/base.h"
#include "cli/cli.h"
#include "db/db.h"
#include "report/report.h"
#include "run/run.h"

namespace fastload::run {

int program(int argc, char** argv, load::StepHook* hook) {
  std::vector<std::string> args(argv + 1, argv + argc);
  cli::hide_password_in_argv(argc, argv);
  try {
    cli::ParsedArgs parsed = cli::parse_args(std::move(args));
    if (parsed.exit_now) return 0;
    const request::Request& o = parsed.options;
    report::setup_output(o.output.quiet, o.output.verbose, o.output.log_file);
    remote::configure(o.remote.settings);  // before any input is opened or thread started
    if (mysql_library_init(0, nullptr, nullptr) != 0) {
      report::tell("cannot initialise the MySQL client library");
      return static_cast<int>(ExitCode::internal);
    }
    int code = run(parsed.options, hook);
    mysql_library_end();
    return code;
  } catch (const db::ServerError& e) {  // none escapes run()'s record_outcome; were one to, it is a bug, as ever
    report::tell("{}", internal_error(e.server_message()).what());
    return static_cast<int>(ExitCode::internal);
  } catch (const Failure& failure) {
    report::tell("{}", failure.what());
    return static_cast<int>(failure.code());
  } catch (const std::exception& e) {
    report::tell("{}", internal_error(e.what()).what());
    return static_cast<int>(ExitCode::internal);
  }
}

}  // namespace fastload::run
