// The progress's words: the terminal line, fitted to its width, and the --progress-json object.
#include "report/progress.h"
#include "report/summary.h"

#include <algorithm>
#include <cmath>
#include <fmt/core.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <vector>

namespace fastload::report {

const char* name(ProgressState state) {
  switch (state) {
    case ProgressState::loading: return "loading";
    case ProgressState::stopping: return "stopping";
    case ProgressState::finishing: return "finishing";
    case ProgressState::done: return "done";
    case ProgressState::stopped: return "stopped";
  }
  return "loading";
}

std::size_t terminal_width() {
  struct winsize size {};
  return ::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 ? size.ws_col : 0;
}

std::string clock_text(double seconds) {
  auto s = static_cast<std::uint64_t>(std::llround(std::max(0.0, seconds)));
  return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
}

std::string progress_text(const ProgressSample& s, std::size_t width) {
  std::string tail = s.state == ProgressState::done ? "done"
                     : s.state == ProgressState::stopping
                         ? fmt::format("stopping: finishing {} chunk{} in flight", s.in_flight, s.in_flight == 1 ? "" : "s")
                     : s.state == ProgressState::finishing ? "finishing"
                     : s.paused                            ? "paused: " + *s.paused
                     : s.eta_seconds                       ? "ETA " + clock_text(*s.eta_seconds)
                     : s.total > 0                         ? "ETA ?"
                                                           : "";
  struct Field {
    std::string text;
    int keep;  // the higher, the later it is left out to fit the width
  };
  std::vector<Field> fields{
      {s.percent ? fmt::format("{:5.1f}%", *s.percent) : "", 5}, {fmt::format("{} rows", s.committed_rows), 3},
      {fmt::format("{:.0f} rows/s", s.rows_per_second), 2}, {fmt::format("{:.1f} MB/s", s.sent_per_second / 1e6), 1},
      {tail, 4}};
  auto joined = [&] {
    std::string line;
    for (const Field& f : fields)
      if (!f.text.empty()) line += (line.empty() ? "" : "  ") + f.text;
    return line;
  };
  std::string line = joined();
  for (int drop = 1; width > 0 && line.size() > width && drop <= 3; ++drop) {
    for (Field& f : fields)
      if (f.keep == drop) f.text.clear();
    line = joined();
  }
  if (width > 0 && line.size() > width) line.resize(width);
  return line;
}

std::string progress_json(const ProgressSample& s) {
  auto or_null = [](const std::optional<double>& value, const char* format) {
    return value ? fmt::format(fmt::runtime(format), *value) : std::string("null");
  };
  return fmt::format(
      "{{\"type\":\"progress\",\"state\":\"{}\",\"seconds\":{:.3f},\"bytes_total\":{},\"bytes_read\":{},"
      "\"bytes_sent\":{},\"bytes_committed\":{},\"rows_committed\":{},\"rows_per_second\":{:.0f},"
      "\"mb_per_second\":{:.2f},\"percent\":{},\"eta_seconds\":{},\"chunks_in_flight\":{},\"paused\":{},"
      "\"why\":{}}}",
      name(s.state), s.seconds, s.total ? std::to_string(s.total) : "null", s.read, s.sent, s.committed_bytes,
      s.committed_rows, s.rows_per_second, s.sent_per_second / 1e6, or_null(s.percent, "{:.1f}"),
      or_null(s.eta_seconds, "{:.0f}"), s.in_flight, s.paused ? "true" : "false",
      s.paused ? json_string(*s.paused) : "null");
}

}  // namespace fastload::report
