// The mode table: how rows reach the server (--mode), one row a mode. Every
// question the program asks about the mode is a trait here; only this table
// and sink/make_sink.cc name the modes. A new mode is one sink, one row of
// kModes (modes.cc) and, for a new sink kind, one case in make_sink.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fastload::request {

// --mode's values, in the order of --help. The first is the default: `automatic` ("auto") becomes one of the
// others once the table and the server are known (plan::choose_mode in plan/auto_mode.h), before any pass sends rows.
enum class Mode { automatic, load, insert, multirow, row, server, bulk };

// Which Sink sends the rows (sink/make_sink.cc builds it).
enum class SinkKind {
  load_data_local,   // LOAD DATA LOCAL INFILE, fed from the chunk
  load_data_infile,  // LOAD DATA INFILE naming the file: the server reads it
  prepared_insert,   // prepared INSERTs, binary protocol
  text_insert,       // text INSERT statements of rows_per_statement rows
};

// The statement tried before any byte is read (sink/probe.cc).
enum class Probe {
  none,            // the mode's one statement tells for itself
  load_data,       // an empty LOAD DATA LOCAL, rolled back
  prepare_insert,  // a PREPARE of the INSERT
};

struct ModeTraits {
  Mode mode;
  const char* name;  // --mode's value, the summary's and the ledger's word
  const char* help;  // what --help says of it, in parentheses after the name
  SinkKind sink;
  std::uint64_t rows_per_statement;  // text_insert: 1, or 0 for --batch-rows (default: what a packet takes)
  Probe probe;
  // One statement, one transaction, one session for the whole file: no --threads,
  // --chunk-size or --part, one file a run, and a stream is not cut.
  bool whole_file;
  // The server opens the file itself: no rows are sent (so none left out, no --rejects, --max-errors,
  // --max-rate or --compress), the file must be plain and on the server, and the server reads --charset.
  bool server_reads_file;
  bool batches;        // --batch-rows sets how many rows a statement holds
  bool array_binding;  // --no-array-binding applies
  // MariaDB's bulk path: unique_checks = 0 and foreign_key_checks = 0 into an empty InnoDB table, so the
  // server's account of duplicate keys is inexact (no --on-duplicate) and only the first file finds it empty.
  bool bulk_path;
  // Not a way to send rows but a choice among them, made once the table and the server are known (--mode auto):
  // its other traits are load's, the mode every option and input can be loaded in, so the command line's rules
  // ask the same of it.
  bool chosen;
};

inline constexpr Mode kDefaultMode{};

const ModeTraits& traits(Mode mode);
// The row named `name`, case-insensitive; nullptr for none.
const ModeTraits* find_mode(std::string_view name);
// Every row, in Mode order.
const std::vector<ModeTraits>& all_modes();
// The names of the modes that have `trait`, as messages list them: "insert and multirow".
std::string names_of_modes(bool ModeTraits::*trait);

}  // namespace fastload::request
