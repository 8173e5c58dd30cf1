#include "order/row_keys.h"

#include <algorithm>
#include <cstring>
#include <fmt/core.h>
#include <tuple>
#include <xxhash.h>

#include "base/base.h"

namespace fastload::order {
namespace {

std::uint64_t hash_of(const std::string& encoding, std::size_t key) {
  return XXH3_64bits_withSeed(encoding.data(), encoding.size(), key);
}

// The line of the byte at `offset` of `bytes`, whose first byte is on line `first`.
std::uint64_t line_at(std::string_view bytes, std::uint64_t offset, std::uint64_t first) {
  return first + static_cast<std::uint64_t>(std::count(bytes.begin(), bytes.begin() + static_cast<long>(offset), '\n'));
}

// A row that shares a key other than the clustered one with a row of another clustered key.
struct Shared {
  std::uint64_t key_hash = 0, clustered_hash = 0, offset = 0;  // offset: in the file
  std::size_t key = 0;
  bool operator<(const Shared& o) const {
    return std::tie(key_hash, clustered_hash, offset) < std::tie(o.key_hash, o.clustered_hash, o.offset);
  }
};

}  // namespace

std::string_view leading_fields(std::string_view row, const text::Dialect& d, std::size_t needed) {
  if (d.enclosure || d.field_terminator.size() != 1) return row;  // a quote may hide a terminator
  const char term = d.field_terminator[0];
  std::size_t fields = 0;
  for (std::size_t at = row.find(term); at != std::string_view::npos; at = row.find(term, at + 1)) {
    std::size_t escapes = 0;
    while (d.escape && escapes < at && row[at - 1 - escapes] == *d.escape) ++escapes;
    if (escapes % 2 == 0 && ++fields == needed) return row.substr(0, at);
  }
  return row;
}

KeyRows::KeyRows(const text::Dialect& dialect, const std::vector<IndexKey>& keys)
    : dialect_(dialect), keys_(keys), scanner_(dialect), parser_(dialect), encoded_(keys.size()) {
  for (const IndexKey& k : keys) needed_ = std::max(needed_, k.fields_needed());
}

bool KeyRows::encode(std::string_view row, text::RowEnd end) {
  fields_.clear();
  const std::string_view needed = leading_fields(row, dialect_, needed_);
  parser_.parse_row(needed, needed.size() < row.size() ? text::RowEnd::kNewline : end, fields_);
  bool exact = true;
  for (std::size_t k = 0; k < keys_.size(); ++k) {
    encoded_[k].clear();
    bool null = false;
    exact = encode_key(keys_[k], fields_, encoded_[k], &null) && exact;
    if (null) encoded_[k].clear();  // NULL equals nothing: an empty encoding is never a key
  }
  parser_.clear();
  return exact;
}

ChunkKeys KeyRows::chunk_keys(std::string_view bytes) {
  ChunkKeys out;
  each_row(bytes, [&](std::uint64_t, const std::vector<std::string>& encoded, bool exact) {
    out.any = out.any || !exact;
    for (std::size_t k = 0; k < encoded.size(); ++k)
      if (!encoded[k].empty()) out.hashes.push_back(hash_of(encoded[k], k));
  });
  std::sort(out.hashes.begin(), out.hashes.end());
  out.hashes.erase(std::unique(out.hashes.begin(), out.hashes.end()), out.hashes.end());
  return out;
}

std::optional<std::string> sorting_keeps_winners(const FileRows& rows, const std::vector<IndexKey>& keys,
                                                 unsigned threads, std::uint64_t memory) {
  const std::vector<Chunk>& chunks = *rows.chunks;
  std::uint64_t total = 0;
  for (const Chunk& c : chunks) total += c.rows;
  if (keys.size() > 1 && total * (keys.size() - 1) * sizeof(Shared) > memory)
    return fmt::format("the {} rows are too many to prove within --sort-memory that no two rows with different "
                       "keys {} share another unique key", total, keys[0].name);
  std::vector<std::vector<Shared>> shared(chunks.size());
  std::vector<std::optional<std::uint64_t>> unread(chunks.size());  // a row whose key was not read: its offset
  std::vector<std::unique_ptr<KeyRows>> readers;
  for (unsigned t = 0; t < std::max(threads, 1u); ++t) readers.push_back(std::make_unique<KeyRows>(*rows.dialect, keys));
  parallel_for(chunks.size(), threads, [&](std::size_t i, unsigned worker) {
    rows.check_stop();
    const std::string_view bytes = rows.bytes.substr(chunks[i].begin, chunks[i].size());
    readers[worker]->each_row(bytes, [&](std::uint64_t at, const std::vector<std::string>& encoded, bool exact) {
      if (!exact && !unread[i]) unread[i] = at;
      for (std::size_t k = 1; k < encoded.size(); ++k)
        if (!encoded[k].empty())
          shared[i].push_back({hash_of(encoded[k], k), hash_of(encoded[0], 0), chunks[i].begin + at, k});
    });
  });
  for (std::size_t i = 0; i < chunks.size(); ++i)
    if (unread[i]) {
      const std::string_view bytes = rows.bytes.substr(chunks[i].begin, chunks[i].size());
      return fmt::format("line {}: a value of a unique key that fastload does not read as the index does",
                         line_at(bytes, *unread[i], chunks[i].first_line));
    }
  std::vector<Shared> all;
  for (auto& s : shared) all.insert(all.end(), s.begin(), s.end()), s = {};
  std::sort(all.begin(), all.end());
  for (std::size_t i = 1; i < all.size(); ++i)
    if (all[i].key_hash == all[i - 1].key_hash && all[i].clustered_hash != all[i - 1].clustered_hash) {
      const std::uint64_t first = std::min(all[i].offset, all[i - 1].offset);
      const std::uint64_t second = std::max(all[i].offset, all[i - 1].offset);
      return fmt::format("lines {} and {} share the key {} but not the key {}", line_at(rows.bytes, first, 1),
                         line_at(rows.bytes, second, 1), keys[all[i].key].name, keys[0].name);
    }
  return std::nullopt;
}

}  // namespace fastload::order
