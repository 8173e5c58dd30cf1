// gen-nodes ROWS [--seed N] [-o FILE] [--csv]
//
// Writes ROWS lines of OpenStreetMap-nodes-shaped TSV in MySQL's default LOAD DATA format, for
//   CREATE TABLE nodes (id bigint PRIMARY KEY, lat decimal(9,7), lon decimal(10,7), version int,
//     timestamp timestamp, changeset bigint, uid bigint, user varchar(255));
// e.g. "171773\t38.6048402\t-0.0489871\t4\t2012-08-25 00:37:46\t12850816\t472193\trubensd\n".
//
// - ids strictly increase (random gaps), so the primary key is unique;
// - timestamps are UTC seconds in 2008..2019 (far from the 1970/2038 edges of TIMESTAMP);
// - consecutive rows often come from the same "changeset" (same user, close timestamps), as in OSM;
// - user names are mostly ASCII letters/digits/underscores, a few are multi-byte UTF-8 (up to
//   4-byte sequences, so load with CHARACTER SET utf8mb4); never a tab, LF or backslash;
// - about 79 bytes a row on average;
// - the same ROWS and seed give the same bytes on every platform: our own PRNG (splitmix64), no
//   std:: distributions.
// --csv writes the same rows as CSV (fastload --csv) with the timestamp and the user quoted:
// 171773,38.6048402,-0.0489871,4,"2012-08-25 00:37:46",12850816,472193,"rubensd"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "generator.h"

namespace {

using generator::SplitMix64;

class Out {
 public:
  explicit Out(FILE* f) : f_(f) {}
  ~Out() { flush(); }
  char* reserve(size_t n) {
    if (used_ + n > sizeof buf_) flush();
    return buf_ + used_;
  }
  void commit(char* end) { used_ = static_cast<size_t>(end - buf_); }
  void flush() {
    if (used_ && std::fwrite(buf_, 1, used_, f_) != used_) {
      std::perror("fastload: gen-nodes: write");
      std::exit(1);
    }
    used_ = 0;
  }

 private:
  FILE* f_;
  size_t used_ = 0;
  char buf_[1 << 20];
};

char* put(char* p, std::string_view s) { return static_cast<char*>(std::memcpy(p, s.data(), s.size())) + s.size(); }
char* put_int(char* p, int64_t v) { return std::to_chars(p, p + 24, v).ptr; }

// A fixed-point value with 7 decimals, e.g. -489871 -> "-0.0489871".
char* put_fixed7(char* p, int64_t v) {
  if (v < 0) *p++ = '-', v = -v;
  p = put_int(p, v / 10000000);
  *p++ = '.';
  int64_t frac = v % 10000000;
  for (int i = 6; i >= 0; --i) p[i] = static_cast<char>('0' + frac % 10), frac /= 10;
  return p + 7;
}

char* put2(char* p, int v) { p[0] = static_cast<char>('0' + v / 10); p[1] = static_cast<char>('0' + v % 10); return p + 2; }

// "YYYY-MM-DD hh:mm:ss" of seconds since 1970-01-01 UTC (Howard Hinnant's civil_from_days).
char* put_datetime(char* p, int64_t t) {
  int64_t days = t / 86400, secs = t % 86400;
  days += 719468;
  int64_t era = days / 146097, doe = days - era * 146097;
  int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
  int d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1), m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  int y = static_cast<int>(yoe + era * 400 + (m <= 2));
  p = put2(put2(p, y / 100), y % 100);
  *p++ = '-', p = put2(p, m), *p++ = '-', p = put2(p, d), *p++ = ' ';
  p = put2(p, static_cast<int>(secs / 3600)), *p++ = ':';
  p = put2(p, static_cast<int>(secs / 60 % 60)), *p++ = ':';
  return put2(p, static_cast<int>(secs % 60));
}

constexpr std::string_view kSyllables[] = {
    "ru", "ben", "sd", "ma", "ko", "li", "an", "der", "mon", "ta", "el", "vin", "jo", "han", "pe", "ter",
    "sa", "ra", "ni", "co", "las", "mi", "chel", "to", "bi", "as", "ge", "org", "fre", "di", "ka", "tz"};
// Multi-byte names (2-, 3- and 4-byte UTF-8 sequences); spaces are ordinary data in this format.
constexpr std::string_view kUtf8Names[] = {
    "José", "Müller", "東京", "Søren", "Łukasz", "Ærøskøbing", "Иван Петров", "Ελένη", "محمد", "Zoë_87",
    "François", "Dvořák", "서울", "mapper😀", "Ñandú", "Þór"};

// A user's name depends only on the uid (and seed), so a uid always maps to the same name.
size_t user_name(uint64_t seed, int64_t uid, char* out) {
  SplitMix64 r{seed ^ (static_cast<uint64_t>(uid) * 0xD1B54A32D192ED03ULL)};
  char* p = out;
  if (r.chance(6)) {
    p = put(p, kUtf8Names[r.below(std::size(kUtf8Names))]);
  } else {
    for (auto n = r.between(1, 4); n > 0; --n) p = put(p, kSyllables[r.below(std::size(kSyllables))]);
    if (r.chance(25)) *out = static_cast<char>(*out - 'a' + 'A');
    if (r.chance(20)) *p++ = '_', p = put(p, kSyllables[r.below(std::size(kSyllables))]);
    if (r.chance(35)) p = put_int(p, r.between(1, 2019));
  }
  return static_cast<size_t>(p - out);
}

}  // namespace

int main(int argc, char** argv) {
  bool csv = false;
  const generator::Args args = generator::parse_args(argc, argv, "gen-nodes ROWS [--seed N] [-o FILE] [--csv]",
                                                     [&](std::string_view a) { return a == "--csv" && (csv = true); });
  const char sep = csv ? ',' : '\t';
  const std::string_view quote = csv ? "\"" : "";
  const uint64_t rows = args.rows, seed = args.seed;
  FILE* f = args.out;

  constexpr int64_t kFirst = 1199145600;  // 2008-01-01 00:00:00 UTC
  constexpr int64_t kLast = 1577836799;   // 2019-12-31 23:59:59 UTC
  SplitMix64 r{seed};
  int64_t id = r.between(1, 1000), uid = 0, changeset = 0, ts = 0;
  char name[64];
  size_t name_len = 0;
  {
    Out out(f);
    for (uint64_t i = 0; i < rows; ++i) {
      if (i == 0 || !r.chance(70)) {  // a new edit: other user, changeset, time
        double when = r.unit();
        ts = kFirst + static_cast<int64_t>(when * static_cast<double>(kLast - kFirst - 3600));
        changeset = 300000 + static_cast<int64_t>(when * when * 78000000.0) + r.between(0, 99999);
        double who = r.unit();
        uid = 1 + static_cast<int64_t>(who * who * 9000000.0);
        name_len = user_name(seed, uid, name);
      } else if (ts < kLast - 10) {
        ts += r.between(0, 9);
      }
      id += r.between(1, 39);
      int64_t version = r.chance(60) ? 1 : r.chance(60) ? r.between(2, 3) : r.chance(95) ? r.between(4, 9) : r.between(10, 60);

      char* p = out.reserve(256);
      p = put_int(p, id), *p++ = sep;
      p = put_fixed7(p, r.between(-900000000, 900000000)), *p++ = sep;
      p = put_fixed7(p, r.between(-1800000000, 1800000000)), *p++ = sep;
      p = put_int(p, version), *p++ = sep;
      p = put(put_datetime(put(p, quote), ts), quote), *p++ = sep;
      p = put_int(p, changeset), *p++ = sep;
      p = put_int(p, uid), *p++ = sep;
      p = put(put(put(p, quote), {name, name_len}), quote), *p++ = '\n';
      out.commit(p);
    }
  }
  return generator::finish(args);
}
