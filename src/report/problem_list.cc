#include "report/problem_list.h"

#include <algorithm>
#include <fmt/core.h>
#include <map>

#include "base/base.h"
#include "report/diagnostics.h"

namespace fastload::report {
namespace {

// The problems of one input line (or one problem not tied to a line).
struct LineProblems {
  const Problem* first = nullptr;
  std::size_t count = 0;
};

struct Grouped {
  std::vector<LineProblems> lines;
  std::uint64_t problems = 0;  // listed and unlisted
  std::map<unsigned, std::size_t> lines_by_code;  // the first problem's code of each line
};

Grouped group(const std::vector<Problem>& problems) {
  Grouped g;
  std::map<std::pair<std::string, std::uint64_t>, std::size_t> line_of;
  for (const Problem& p : problems) {
    g.problems += p.unlisted ? p.unlisted : 1;
    if (p.unlisted) continue;
    if (p.where.line > 0) {
      auto [at, added] = line_of.try_emplace({p.where.file, p.where.line}, g.lines.size());
      if (!added) {
        ++g.lines[at->second].count;
        continue;
      }
    }
    g.lines.push_back({&p, 1});
    ++g.lines_by_code[p.code];
  }
  return g;
}

// What to do about the most common cause, when one code stands for most lines.
std::string advice(const Grouped& g) {
  if (g.lines.size() == 1 && g.lines[0].first->where.line == 1 && g.lines[0].first->code != er::DUP_ENTRY)
    return "only the file's first line was refused: if it is a header, leave it out with --skip-rows 1";
  auto most = std::max_element(g.lines_by_code.begin(), g.lines_by_code.end(),
                               [](const auto& a, const auto& b) { return a.second < b.second; });
  if (most == g.lines_by_code.end() || most->second * 2 < g.lines.size()) return "";
  switch (most->first) {
    case er::WARN_TOO_FEW_RECORDS:
    case er::WARN_TOO_MANY_RECORDS:
      return "most lines have another number of fields than the table has columns: check the format options "
             "(--csv, --fields-terminated-by, --lines-terminated-by) and --columns";
    case er::DUP_ENTRY:
      return "most lines repeat a key: --on-duplicate ignore keeps the rows already there, replace the new ones";
    case 0: return "";
    default:
      return "to load the other rows and keep these aside, give --max-errors N and --rejects FILE";
  }
}

}  // namespace

std::vector<std::string> problem_lines(const std::vector<Problem>& problems, const char* label, bool advise) {
  Grouped g = group(problems);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < g.lines.size() && i < kLinesShown; ++i) {
    const LineProblems& line = g.lines[i];
    out.push_back(format_problem(*line.first, label));
    if (line.count > 1) out.back() += fmt::format(" [{} problems on this line]", line.count);
  }
  const bool unlisted = std::any_of(problems.begin(), problems.end(), [](const Problem& p) { return p.unlisted; });
  if (g.lines.size() > kLinesShown || g.problems > g.lines.size())
    out.push_back(fmt::format("{}{} problems in all, on {}{} line{}{}", label, g.problems, unlisted ? "at least " : "",
                              g.lines.size(), g.lines.size() == 1 ? "" : "s", unlisted ? " (the server names the first ones of each statement only)"
                                                       : g.lines.size() > kLinesShown ? " (all in --json)" : ""));
  if (advise)
    if (std::string a = advice(g); !a.empty()) out.push_back(a);
  return out;
}

}  // namespace fastload::report
