// A chunk: a run of whole rows of the input, loaded as one transaction.
#pragma once

#include <cstddef>
#include <cstdint>

namespace fastload {

struct Chunk {
  std::size_t index = 0;     // position in its file, 0-based
  std::uint64_t begin = 0;   // byte offset of the first byte of the chunk
  std::uint64_t end = 0;     // one past the last byte; the next chunk begins here
  std::uint64_t rows = 0;    // rows the server must report for this chunk
  std::uint64_t lines = 0;   // LF bytes in [begin, end), escaped or not
  std::uint64_t first_line = 1;  // 1-based line number of the byte at `begin`
  std::uint64_t first_row = 1;   // 1-based row number of the first row in the chunk
  std::size_t file = 0;          // which of the run's input files (0 with one file)

  std::uint64_t size() const { return end - begin; }
};

// What became of a chunk (of its part on one destination, for a shard-direct load).
enum class ChunkState {
  pending,        // not taken (the load stopped first)
  loaded_before,  // committed by an earlier run, as the ledger says: skipped
  committed,      // COMMIT returned
  rejected,       // the server's account did not match: rolled back, problems say why
  failed,         // a server or connection error: rolled back
  unknown,        // COMMIT was sent but its answer lost: committed or not
  other_part,     // --part: another process's to load
};

}  // namespace fastload
