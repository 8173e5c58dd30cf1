#include "report/log.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fmt/core.h>
#include <memory>
#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include "base/base.h"
#include "report/say.h"

namespace fastload::report {
namespace {

// ISO 8601 local time with milliseconds and the offset: 2026-11-27T04:05:06.789+01:00.
constexpr const char* kTimestamp = "%Y-%m-%dT%H:%M:%S.%e%z ";

std::shared_ptr<spdlog::logger> file_log;  // --log-file: the summary's and the failure's lines; set once

}  // namespace

void setup_output(bool quiet, bool verbose, const std::string& log_file) {
  set_quiet(quiet);
  auto on_stderr = std::make_shared<spdlog::sinks::stderr_sink_mt>();
  on_stderr->set_pattern(std::string(kProgramPrefix) + "%v");
  on_stderr->set_level(quiet ? spdlog::level::err : spdlog::level::trace);  // --quiet: no warnings
  auto log = std::make_shared<spdlog::logger>("fastload", on_stderr);
  log->set_level(verbose ? spdlog::level::debug : spdlog::level::warn);
  if (!log_file.empty()) {
    // Opened here first: spdlog would create missing directories, hiding a typo in the path.
    std::FILE* probe = std::fopen(log_file.c_str(), "a");
    if (!probe)
      throw Failure(ExitCode::usage, fmt::format("--log-file {}: cannot open it to append to: {}; give a file "
                                                 "fastload may write", log_file, std::strerror(errno)));
    std::fclose(probe);
    auto to_file = std::make_shared<spdlog::sinks::basic_file_sink_mt>(log_file, false);  // appended to
    to_file->set_pattern(kTimestamp + std::string(kProgramPrefix) + "%v");
    log->sinks().push_back(to_file);
    file_log = std::make_shared<spdlog::logger>("fastload-log-file", to_file);
    file_log->set_level(spdlog::level::info);
    file_log->flush_on(spdlog::level::info);  // a killed run's log ends where it stopped
    log->flush_on(spdlog::level::debug);
  }
  spdlog::set_default_logger(log);
}

void log_message(std::string_view message) noexcept {
  if (!file_log) return;
  try {
    for (std::size_t begin = 0; begin <= message.size();) {
      std::size_t end = std::min(message.find('\n', begin), message.size());
      file_log->info("{}", message.substr(begin, end - begin));
      begin = end + 1;
    }
  } catch (...) {  // a full disk: the load goes on, stderr still says it
  }
}

}  // namespace fastload::report
