// What the deterministic data generators (bench/gen_nodes.cc,
// tests/tools/gen_tricky.cc) share: their PRNG and their command line.
#pragma once

#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace generator {

// splitmix64: the same seed gives the same numbers on every platform, unlike
// the std:: distributions.
struct SplitMix64 {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n), n > 0 (Lemire's multiply-shift; its tiny bias does not matter here).
  uint64_t below(uint64_t n) { return static_cast<uint64_t>((static_cast<unsigned __int128>(next()) * n) >> 64); }
  int64_t between(int64_t lo, int64_t hi) { return lo + static_cast<int64_t>(below(static_cast<uint64_t>(hi - lo) + 1)); }
  bool chance(unsigned percent) { return below(100) < percent; }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
};

struct Args {
  uint64_t rows = 0;
  uint64_t seed = 1;
  const char* path = nullptr;  // nullptr: stdout
  FILE* out = stdout;
};

[[noreturn]] inline void usage(const char* text) {
  std::fprintf(stderr, "usage: %s\n", text);
  std::exit(2);
}

inline uint64_t parse_u64(const char* s, const char* usage_text) {
  uint64_t v = 0;
  auto [end, ec] = std::from_chars(s, s + std::strlen(s), v);
  if (ec != std::errc() || *end) usage(usage_text);
  return v;
}

// ROWS [--seed N] [-o FILE], plus the flags `own_flag(arg)` takes (it returns
// whether it did); opens the output.
template <class OwnFlag>
Args parse_args(int argc, char** argv, const char* usage_text, OwnFlag&& own_flag) {
  Args args;
  bool have_rows = false;
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (a == "--seed" && i + 1 < argc) args.seed = parse_u64(argv[++i], usage_text);
    else if (a == "-o" && i + 1 < argc) args.path = argv[++i];
    else if (own_flag(a)) continue;
    else if (!a.starts_with("-") && !have_rows) args.rows = parse_u64(argv[i], usage_text), have_rows = true;
    else usage(usage_text);
  }
  if (!have_rows) usage(usage_text);
  if (args.path && !(args.out = std::fopen(args.path, "wb"))) {
    std::fprintf(stderr, "fastload: cannot open %s: %s\n", args.path, std::strerror(errno));
    std::exit(1);
  }
  return args;
}

// Flushes and closes the output; returns the exit code.
inline int finish(const Args& args) {
  if (std::fflush(args.out) != 0 || std::ferror(args.out) || (args.path && std::fclose(args.out) != 0)) {
    std::perror("fastload: write");
    return 1;
  }
  return 0;
}

}  // namespace generator
