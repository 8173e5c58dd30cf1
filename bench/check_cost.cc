// check-cost FILE DB.TABLE --socket PATH [--chunk-size BYTES] [--rounds N] [--csv]
//
// What the checks before each COMMIT cost (docs/design.md#what-fastload-does-not-trust):
// the stat(2) of the file (MappedFile::changed), the table's column check
// (same_definition: one information_schema.COLUMNS query, against a SELECT 1
// round trip on the same connection), the last row's field count (once per
// file), and, for comparison, an XXH3-64 of a chunk that a content check
// would need; --csv: the file is CSV, whose last row is found by a scan of
// the last chunk. Best of --rounds (default 5), e.g.
//   build/bench/gen-nodes 1000000 -o /tmp/n.tsv && build/bench/check-cost /tmp/n.tsv db.nodes --socket S
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <xxhash.h>

#include "plan/plan.h"
#include "input/input.h"
#include "table/table.h"
#include "text/text.h"
#include "db/db.h"

namespace {

template <class Pass>
double best_seconds(int rounds, int repeats, Pass&& pass) {
  double best = 1e30;
  for (int round = 0; round < rounds; ++round) {
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < repeats; ++i) pass();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / repeats);
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: check-cost FILE DB.TABLE --socket PATH [--chunk-size BYTES] [--rounds N] [--csv]\n");
    return 2;
  }
  using namespace fastload;
  std::string path = argv[1], table = argv[2];
  request::Request request;
  request.target.database = table.substr(0, table.find('.'));
  request.target.table = table.substr(table.find('.') + 1);
  request.connection.user = "root";
  std::uint64_t chunk_size = 64 << 20;
  int rounds = 5;
  for (int i = 3; i < argc; i += 2) {
    std::string flag = argv[i];
    if (flag == "--csv") {
      request.source.dialect = text::csv_dialect();
      --i;
    } else if (i + 1 == argc) {
      break;
    } else if (flag == "--socket") request.connection.socket = argv[i + 1];
    else if (flag == "--chunk-size") chunk_size = std::stoull(argv[i + 1]);
    else if (flag == "--rounds") rounds = std::stoi(argv[i + 1]);
  }

  const plan::TablePlan options(request);  // after the arguments: the plan copies what it decides
  input::MappedFile file(path);
  std::string_view bytes = file.bytes();
  std::string_view chunk = bytes.substr(0, std::min<std::uint64_t>(chunk_size, bytes.size()));
  volatile std::size_t sink = 0;
  std::printf("stat(2) of the file:           %8.2f us a chunk\n",
              1e6 * best_seconds(rounds, 10000, [&] { sink = sink + file.changed(chunk.size()).size(); }));
  std::printf("XXH3-64 of a %llu-byte chunk: %8.2f ms a chunk (not done: see the design)\n",
              static_cast<unsigned long long>(chunk.size()),
              1e3 * best_seconds(rounds, 1, [&] { sink = sink + XXH3_64bits(chunk.data(), chunk.size()); }));
  db::Session session(options.connection, std::nullopt);
  table::Target target = table::check_target(session, options);
  std::string_view last = bytes.substr(bytes.size() - std::min<std::size_t>(chunk.size(), bytes.size()));
  std::printf("last row's fields:             %8.2f us a file\n", 1e6 * best_seconds(rounds, 10, [&] {
    sink = sink + text::unterminated_extra_fields(last, 1, table::row_width(target, options), options.source.dialect)
                      .has_value();
  }));
  session.execute("SET autocommit = 0");
  session.query("SELECT 1 FROM " + target.quoted + " LIMIT 0");  // the metadata lock a chunk holds
  double columns = best_seconds(rounds, 1000, [&] { sink = sink + table::same_definition(session, target); });
  double round_trip = best_seconds(rounds, 1000, [&] { session.query("SELECT 1"); });
  session.execute("ROLLBACK");
  std::printf("the table's columns:           %8.2f us a chunk (a SELECT 1 round trip: %.2f us)\n", 1e6 * columns,
              1e6 * round_trip);
  return 0;
}
