// Failures that stop the load. Data problems are not errors: they are values
// (see report/diagnostics.h). Every Failure carries the exit code the program
// ends with; the table is in docs/exit-codes.md.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace fastload {

enum class ExitCode : int {
  ok = 0,
  internal = 1,        // a bug or an unexpected state: please report it
  usage = 2,           // bad command line
  input = 3,           // FILE missing, unreadable or not mappable
  connect = 4,         // cannot connect or authenticate
  no_table = 5,        // DB.TABLE does not exist (or is invisible to the user)
  local_infile = 6,    // LOAD DATA LOCAL disabled on the server or client
  privilege = 7,       // the user may not insert into the table
  rejected = 8,        // strict check failed: bad, missing or skipped rows
  load_failed = 9,     // a server or connection error during the load
  not_durable = 10,    // the barrier could not make the load durable
  interrupted = 11,    // SIGINT or SIGTERM: chunks in flight abandoned or finished; rerun with --resume
  cannot_resume = 12,  // --resume: the ledger's unfinished load does not match this file or table
  temp_space = 13,     // --tmpdir is not a writable directory, or it filled up
  orphan_rows = 14,    // a run of many tables loaded rows whose foreign key finds no parent row
  critical_load = 15,  // --critical-load: the server passed a limit; chunks in flight were finished; rerun with --resume
  remote_denied = 16,  // an HTTP(S) or S3 server refused the credentials or the access (401, 403)
  remote_unreachable = 17,  // an HTTP(S) or S3 server could not be reached or kept failing: name, connection, TLS, 5xx
};

// Thrown for anything that ends the run; `what()` is the whole user message, saying what to do. It is
// kept without the program's name: report::tell puts "fastload: " before each of its lines ('\n' separates
// them) where it is printed.
// `server_code`: the server's (or client library's) error number the failure came from, where it came from one
// (--json's "server_errno").
class Failure : public std::runtime_error {
 public:
  Failure(ExitCode code, const std::string& message, std::optional<unsigned> server_code = std::nullopt)
      : std::runtime_error(message), code_(code), server_code_(server_code) {}
  ExitCode code() const { return code_; }
  std::optional<unsigned> server_code() const { return server_code_; }
  // The same failure, said otherwise (more added to it): its codes kept.
  Failure with_message(const std::string& message) const { return Failure(code_, message, server_code_); }

 private:
  ExitCode code_;
  std::optional<unsigned> server_code_;
};

// The exit code's name, as docs/exit-codes.md and --json's "exit_code_name" say it: "rejected", "load_failed".
constexpr const char* exit_code_name(ExitCode code) {
  switch (code) {
    case ExitCode::ok: return "ok";
    case ExitCode::internal: return "internal";
    case ExitCode::usage: return "usage";
    case ExitCode::input: return "input";
    case ExitCode::connect: return "connect";
    case ExitCode::no_table: return "no_table";
    case ExitCode::local_infile: return "local_infile";
    case ExitCode::privilege: return "privilege";
    case ExitCode::rejected: return "rejected";
    case ExitCode::load_failed: return "load_failed";
    case ExitCode::not_durable: return "not_durable";
    case ExitCode::interrupted: return "interrupted";
    case ExitCode::cannot_resume: return "cannot_resume";
    case ExitCode::temp_space: return "temp_space";
    case ExitCode::orphan_rows: return "orphan_rows";
    case ExitCode::critical_load: return "critical_load";
    case ExitCode::remote_denied: return "remote_denied";
    case ExitCode::remote_unreachable: return "remote_unreachable";
  }
  return "unknown";
}

// The common kinds, each worded in one place:
// A bad command line: "WHAT; see fastload --help".
inline Failure usage_error(std::string_view what) {
  return Failure(ExitCode::usage, std::string(what) + "; see fastload --help");
}
// A request that cannot work with this table, file or mode, worded to say what to do instead (exit 2).
inline Failure misuse(std::string_view what) { return Failure(ExitCode::usage, std::string(what)); }
// A bug or an unexpected state (exit 1): how any exception that is no Failure is reported, too.
inline Failure internal_error(std::string_view what) {
  return Failure(ExitCode::internal, "internal error: " + std::string(what) +
                                         "; please report it with the command line you ran");
}


}  // namespace fastload
