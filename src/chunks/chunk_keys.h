// What a chunk's rows hold of the table's unique keys: the load keeps two chunks that share one in the order
// they were taken (load/key_board.h), so that the row one LOAD DATA of the file would keep stays
// (docs/design.md, "Which row wins").
#pragma once

#include <cstdint>
#include <vector>

namespace fastload::chunks {

struct ChunkKeys {
  std::vector<std::uint64_t> hashes;  // a hash of each row's key of each index, sorted, once each; NULL keys left out
  bool any = false;                   // a row's key could not be read: it may equal any other row's

  // Whether a row of one may share a key with a row of the other (a hash shared, or either holds any).
  bool meets(const ChunkKeys& other) const;
};

}  // namespace fastload::chunks
