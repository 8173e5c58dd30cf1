// The unique keys each row holds, read from its fields: what the load needs to keep rows that share a key in
// file order (load/key_board.h), and the proof that sorting a file keeps them so (docs/design.md, "Which row
// wins").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chunks/chunks.h"
#include "order/index_key.h"
#include "order/sorter.h"
#include "text/text.h"

namespace fastload::order {

using chunks::ChunkKeys;

// The text of `row` up to the last of its first `needed` fields, where a field terminator finds it: the rest
// need not be parsed (the whole row when a quote or a long terminator could hide one).
std::string_view leading_fields(std::string_view row, const text::Dialect& dialect, std::size_t needed);

// Reads rows' keys; one a thread.
class KeyRows {
 public:
  KeyRows(const text::Dialect& dialect, const std::vector<IndexKey>& keys);

  // The keys of the rows of `bytes` (whole rows).
  ChunkKeys chunk_keys(std::string_view bytes);

  // For each row of `bytes`: on_row(offset, encodings, exact): where it starts in `bytes`, each key's
  // encoding (empty for a NULL key) and whether every one was read exactly.
  template <class OnRow>
  void each_row(std::string_view bytes, OnRow&& on_row);

 private:
  bool encode(std::string_view row, text::RowEnd end);

  const text::Dialect& dialect_;
  const std::vector<IndexKey>& keys_;
  std::size_t needed_ = 0;
  text::RowScanner scanner_;
  text::FieldParser parser_;
  std::vector<text::Field> fields_;
  std::vector<std::string> encoded_;
};

// Whether sorting `rows` by keys[0] (the clustered key) keeps every two rows that may share a key in file
// order: no row's keys[0] unread (it may equal any), and no two rows with different keys[0] share another key.
// Nothing when it does, else why not (naming a line). `memory`: the most the check may hold (16 bytes a row
// and key); more rows than that is a reason too.
std::optional<std::string> sorting_keeps_winners(const FileRows& rows, const std::vector<IndexKey>& keys,
                                                 unsigned threads, std::uint64_t memory);

template <class OnRow>
void KeyRows::each_row(std::string_view bytes, OnRow&& on_row) {
  scanner_.for_each_row(bytes, [&](std::string_view text, std::uint64_t at, text::RowEnd end) {
    const bool exact = encode(text, end);
    on_row(at, encoded_, exact);
    return true;
  });
}

}  // namespace fastload::order
