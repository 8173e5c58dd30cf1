// scan-speed FILE [--rounds N] [--threads N] [dialect options: --csv, --fields-terminated-by ...]
//
// How fast the row scanner finds the row ends of FILE, held in memory: the
// one-core scan (RowScanner::for_each_row_end, what splits dialects with an
// enclosure), the whole split on one thread (with line counts), and the split
// on --threads (parallel for local dialects). Prints the best of --rounds
// (default 5) as GB/s (10^9 bytes a second), e.g.
//   build/bench/gen-nodes 4000000 --csv -o /tmp/n.csv && build/bench/scan-speed /tmp/n.csv --csv
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <span>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "base/base.h"
#include "text/text.h"
#include "chunks/chunks.h"

namespace {

template <class Pass>
double best_seconds(int rounds, Pass&& pass) {
  double best = 1e30;
  for (int round = 0; round < rounds; ++round) {
    auto start = std::chrono::steady_clock::now();
    pass();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return best;
}

void report(const char* what, std::size_t bytes, double seconds, std::uint64_t rows) {
  std::printf("%-28s %8.3f GB/s  (%.3f s, %llu rows)\n", what, static_cast<double>(bytes) / seconds / 1e9, seconds,
              static_cast<unsigned long long>(rows));
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  int rounds = 5;
  unsigned threads = 2;
  for (std::size_t i = 0; i + 1 < args.size();) {  // ours, taken out before fastload's parser sees the rest
    if (args[i] == "--rounds") rounds = std::stoi(args[i + 1]);
    else if (args[i] == "--threads") threads = static_cast<unsigned>(std::stoul(args[i + 1]));
    else if (++i) continue;
    args.erase(args.begin() + static_cast<long>(i), args.begin() + static_cast<long>(i) + 2);
  }
  if (args.empty()) {
    std::fprintf(stderr, "usage: scan-speed FILE [--rounds N] [--threads N] [dialect options]\n");
    return 2;
  }
  fastload::text::Dialect dialect;
  try {
    args.push_back("bench.t");  // the table parse_args wants after the file
    dialect = fastload::cli::parse_args(args).options.source.dialect;
  } catch (const fastload::Failure& f) {
    std::fprintf(stderr, "%s\n", f.what());
    return 2;
  }
  std::ifstream in(args.front(), std::ios::binary);
  const std::string file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const fastload::text::RowScanner scanner(dialect);
  std::printf("%s: %zu bytes, %s, %s\n", args.front().c_str(), file.size(), fastload::text::describe(dialect).c_str(),
              scanner.local() ? "local (parallel split)" : "enclosed (one scan)");

  std::uint64_t rows = 0;
  double seconds = best_seconds(rounds, [&] {
    rows = 0;
    scanner.for_each_row_end(file, 0, [&](std::span<const std::uint64_t> ends) { rows += ends.size(); });
  });
  report("row ends, one core", file.size(), seconds, rows);
  for (unsigned t : {1u, threads}) {
    std::size_t chunks = 0;
    seconds = best_seconds(rounds, [&] { chunks = fastload::chunks::split(file, 64 << 20, t, dialect).size(); });
    report(("split, " + std::to_string(t) + " thread(s), " + std::to_string(chunks) + " chunks").c_str(),
           file.size(), seconds, rows);
  }
  return 0;
}
