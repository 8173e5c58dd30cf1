// The plan: what the run decided from the request for one table (its entry header). The request (request/) is what
// the user typed, as typed; a table's plan holds what the run settled for that table: the concrete mode (--mode
// auto chosen, plan/auto_mode.h), the table and its files (a run of many tables gives each its own), the column
// list its fields fill (a dump's columns, a shard's order), the --set expressions with the run's clock, the
// charset its text is read in, and what the run of many tables adds to it. Everything else it reads of the request
// through the groups below, which are the request's own (never copied, never changed).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "plan/auto_mode.h"
#include "request/request.h"

namespace fastload::plan {

struct TablePlan {
  // The request's groups this plan does not decide, as asked (references into the one Request of the run).
  const request::Source& source;
  const request::Load& load;
  const request::ConnectionOptions& connection;
  const request::Sessions& sessions;
  const request::Conflicts& conflicts;
  const request::Checkpoint& checkpoint;
  const request::Output& output;
  const request::Scale& scale;
  const request::ThrottleOptions& throttle;

  // Decided by the run (as asked until then).
  std::string database, table;
  std::vector<std::string> files;                // as given: paths or glob patterns
  request::Mode mode;                            // never Mode::automatic after the connect pass
  request::InputFormat format;                   // the FILEs' (the connect pass decides automatic)
  std::vector<request::ColumnEntry> columns;     // empty: the fields fill the table's columns in order
  bool columns_of_dump = false;                  // `columns` made for a dump's table, not by the user
  std::vector<request::Assignment> set;          // --set, with the run's clock (table/run_clock.h)
  std::vector<std::string> partitions;
  bool create = false;                           // a missing table made from its files' inferred types
  std::string charset;                           // the file's text, as the server reads it
  bool convert_charset = false;                  // converted to utf8mb4 by fastload (input/charsets.h)
  unsigned accepted_conversions = 0;             // Conversion bits loaded as the server converts them
  request::OnDuplicate on_duplicate;             // --on-duplicate, or an SQL dump's INSERT IGNORE or REPLACE
  std::string rejects_file;                      // a run of many tables: one a table
  // A run of many tables loads with foreign_key_checks = 0 (a child's rows may come before its parent's) and
  // proves every foreign key of the tables it loaded after (run/database.cc).
  bool prove_foreign_keys = false;
  // The secondary indexes of an InnoDB table that starts empty are deferred (re-created as soon as its last chunk
  // settles) unless --keep-indexes, --atomic, --part or --mode bulk says otherwise; on a Galera node never
  // by default (run/run.cc).
  bool defer_indexes_if_empty = false;
  // A dump's table read as the bytes its columns store (no --charset), each text field checked for the sign of a
  // dump written in another charset (load/dump_charset.h, run/database.cc).
  bool check_dump_charset = false;

  // The plan of a one-table run as the request asks it, before the connect pass decides the mode.
  explicit TablePlan(const request::Request& r);
  // The plan of a request that leaves every option at its default (the unit tests' and the benchmarks').
  TablePlan();

  // A run of many tables: DB was given without a table.
  bool database_run() const { return table.empty(); }
  // The charset the rows reach the server in: utf8mb4 for a converted file (but a server that reads the file
  // itself reads it in --charset).
  std::string sent_charset() const {
    return convert_charset && !request::traits(mode).server_reads_file ? "utf8mb4" : charset;
  }
  // The mode loads each file as one chunk, in one statement, by one session.
  bool whole_file() const { return request::traits(mode).whole_file; }
  // Whether chunk `index` of input `file` is this process's to load (--part): chunk boundaries are a pure
  // function of the file and the chunk size, so N processes with parts 1..N load every chunk once. The file's
  // position shifts the count, so that many one-chunk files are shared too.
  bool in_part(std::size_t file, std::size_t index) const {
    return (file + index) % scale.parts == scale.part - 1;
  }
};

}  // namespace fastload::plan
