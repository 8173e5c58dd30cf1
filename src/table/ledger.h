// The ledger (--resume): one row per committed chunk, written in the chunk's
// own transaction, so "the chunk's rows are in the table" and "the ledger says
// so" are one fact. A rerun reads it to load exactly the chunks still missing,
// and a worker whose COMMIT answer was lost reads it to learn the outcome.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/base.h"
#include "db/db.h"

namespace fastload::table {

// What makes two runs the same load: the same bytes into the same table
// (whatever path names the file), cut and sent the same way. A load of other
// bytes found under the same path tells the file changed; `table` tells a
// recreated table apart from the one an earlier run loaded into.
struct LoadIdentity {
  std::string target;        // `db`.`table` the user named
  std::string file;          // canonical path (symlinks resolved): for messages and to see a file changed in place
  std::uint64_t file_size = 0;
  std::int64_t file_mtime = 0;  // for messages only: a touched file with the same bytes is the same file
  std::string fingerprint;   // hash of the file's bytes (hex)
  std::size_t copy = 0;      // the FILEs before this one in the run with the same bytes: each copy is its own load
  std::uint64_t chunk_size = 0;
  std::size_t chunks = 0;    // 0 for a compressed file: known once it is read (its last chunk records it)
  std::string format;        // dialect, mode and duplicate policy
  bool atomic = false;       // finished only once the staging table is published
  std::string table;         // identity of the table the chunks go into (InnoDB table id, creation time)
};

// A chunk an earlier run committed.
struct LedgerEntry {
  std::size_t chunk = 0;
  std::uint64_t begin = 0, end = 0, rows = 0, rejected = 0;
  std::vector<Problem> rejects;  // the rows left out, by row_in_chunk, with the server's reason
};

// The ledger's word on this load when a run starts.
struct RecordedLoad;  // an earlier load as the ledger summarises it (ledger.cc)

struct LedgerState {
  std::vector<LedgerEntry> committed;  // chunks already loaded
  bool published = false;              // --atomic: the staging table was published
  // This load finished in an earlier run: from which path, when (nothing of it is loaded again).
  std::optional<std::pair<std::string, std::string>> finished;
};

class Ledger {
 public:
  // Creates the ledger table when missing: DDL, so before any worker transaction.
  Ledger(db::Session& control, const std::string& database, const std::string& table, LoadIdentity identity);

  // What earlier runs committed of this load. Throws Failure(cannot_resume)
  // when an unfinished load into this table of these bytes was cut or sent
  // otherwise or went into another table, when an unfinished load of other
  // bytes was read from this file's path (it changed), and when the chunks
  // recorded do not match `chunks` (nullptr for a compressed file, cut while
  // it loads: the caller checks each recorded chunk with check_recorded as it
  // is cut).
  LedgerState read(db::Session& control, const std::vector<Chunk>* chunks) const;
  // Throws Failure(cannot_resume) unless `chunk` is the chunk `entry` records.
  void check_recorded(const LedgerEntry& entry, const Chunk* chunk) const;

  // The statement that records `chunk` as committed, with the rows left out of
  // it; run inside the chunk's transaction, just before COMMIT. `last`: the
  // last chunk of a compressed file, whose row records how many there are.
  std::string record(db::Session& session, const Chunk& chunk, const std::vector<Problem>& rejects,
                     bool last = false) const;
  // The same for the one-time publish of an --atomic load.
  std::string record_published(db::Session& session) const;
  // The AUTO_INCREMENT ids this load gives rows the file leaves without one
  // (table/auto_ids.h), recorded before its first chunk, so that a rerun
  // numbers the rest as the first run began; and reading them back.
  std::string record_ids(db::Session& session, std::uint64_t base, std::uint64_t increment) const;
  std::optional<std::pair<std::uint64_t, std::uint64_t>> recorded_ids(db::Session& session) const;
  // The table's identity after fastload itself altered it (its AUTO_INCREMENT: a new creation time).
  void set_table_identity(std::string table) { identity_.table = std::move(table); }

  // Whether `chunk` is recorded as committed: for a COMMIT whose answer was
  // lost. A locking read, so it waits for a commit still in progress.
  bool is_recorded(db::Session& session, std::size_t chunk) const;

  const std::string& quoted() const { return quoted_; }
  // The statement that makes the ledger forget this load (for messages).
  std::string forget() const { return forget(load_id_); }

 private:
  std::vector<RecordedLoad> recorded_loads(db::Session& control) const;
  Failure refusal(const RecordedLoad& load, const std::string& what_differs, bool table_only) const;
  std::string forget(const std::string& load_id) const;
  std::string insert(db::Session& session, long long number, const Chunk& chunk, const std::vector<Problem>& rejects,
                     std::size_t chunks) const;
  std::string quoted_;  // `db`.`table` of the ledger
  LoadIdentity identity_;
  std::string load_key_;  // hex hash of target, the file's bytes and copy: what "the same command" means
  std::string load_id_;   // hex hash of load_key_ and the content: this load
};

// The identity of the table `quoted` as the server knows it; changes when the
// table is dropped and created again (and, with the PROCESS privilege, when it
// is truncated).
std::string table_identity(db::Session& session, const std::string& database, const std::string& table);

}  // namespace fastload::table
