#include "parquet/pages.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "parquet/codecs.h"
#include "parquet/encodings.h"
#include "parquet/metadata.h"
#include "parquet/values.h"

namespace fastload::parquet {

namespace {

constexpr std::int32_t max_page_values = 1 << 26;
constexpr std::uint64_t max_chunk_entries = std::uint64_t(1) << 30;  // a nested column's levels: 2 GiB

// Spreads the `values` decoded values of the page's last rows over its `rows` rows (present[base..]): backwards,
// in place, each null row's entry zero (or empty).
template <class T>
void spread(std::vector<T>& array, const std::uint8_t* present, std::size_t base, std::size_t rows, std::size_t values) {
  array.resize(base + rows);
  std::size_t j = base + values;
  for (std::size_t i = base + rows; i-- > base;) array[i] = present[i - base] ? array[--j] : T{};
}

void spread_offsets(std::vector<std::uint32_t>& ends, const std::uint8_t* present, std::size_t base, std::size_t rows,
                    std::size_t values) {
  // ends[k + 1] is value k's end; a null row's end is its start (the end before it).
  ends.resize(base + rows + 1);
  std::size_t j = base + values;
  for (std::size_t i = base + rows; i > base; --i) ends[i] = present[i - 1 - base] ? ends[j--] : ends[j];
}

void spread_values(Values& out, const std::uint8_t* present, std::size_t base, std::size_t rows, std::size_t values) {
  switch (out.physical) {
    case Physical::boolean:
    case Physical::int32: return spread(out.int32s, present, base, rows, values);
    case Physical::int64: return spread(out.int64s, present, base, rows, values);
    case Physical::float32: return spread(out.floats, present, base, rows, values);
    case Physical::float64: return spread(out.doubles, present, base, rows, values);
    default: return spread_offsets(out.offsets, present, base, rows, values);
  }
}

struct PageReader {
  std::string_view file;
  const Chunk& chunk;
  const Column& column;
  Values& out;
  Values dictionary;
  bool has_dictionary = false;
  Buffer buffer;

  // The definition levels of `rows` rows into out.present; returns how many have a value.
  std::size_t levels(std::string_view data, std::size_t rows) {
    std::size_t base = out.present.size();
    out.present.resize(base + rows);
    std::uint8_t* present = out.present.data() + base;
    Hybrid(data, 1).read(present, rows);
    std::size_t values = 0;
    for (std::size_t i = 0; i < rows; ++i) values += present[i];
    return values;
  }

  // `count` levels of at most `max` from `data` appended to `levels` (none when max is 0: every level is 0);
  // returns how many are `max`, and sets `zero` to how many are 0.
  static std::size_t level_run(std::string_view data, std::size_t count, int max, std::vector<std::uint8_t>& levels,
                               std::size_t& zero) {
    if (max == 0) {
      zero = count;
      return count;
    }
    std::size_t base = levels.size();
    levels.resize(base + count);
    Hybrid(data, std::bit_width(static_cast<unsigned>(max))).read(levels.data() + base, count);
    std::size_t at_max = 0;
    zero = 0;
    for (std::size_t i = base; i < base + count; ++i) {
      if (levels[i] > max) damaged("a level of " + std::to_string(levels[i]) + " where the schema allows " + std::to_string(max));
      at_max += levels[i] == max;
      zero += levels[i] == 0;
    }
    return at_max;
  }

  // A nested column's page of `count` entries: its levels from `repeated` and `defined`, then its values (one an
  // entry at the largest definition level), dense; the rows it starts are its entries at repetition level 0.
  void nested_page(const PageHeader& h, std::string_view repeated, std::string_view defined, std::string_view data,
                   std::size_t count) {
    // Levels take memory before anything checks them (an RLE run holds many in a few bytes): a chunk of more
    // entries than any writer puts in one is refused rather than allocated.
    if (out.entries + count > max_chunk_entries)
      damaged("more than " + std::to_string(max_chunk_entries) + " values and nulls in one column chunk (fastload "
              "reads at most that many): write the file with smaller row groups");
    std::size_t starts = 0, unused = 0;
    level_run(repeated, count, column.max_repetition, out.repetition, starts);
    std::size_t values = level_run(defined, count, column.max_definition, out.definition, unused);
    if (out.entries == 0 && count && column.max_repetition && out.repetition[0] != 0)
      damaged("the column chunk's first value continues a row");
    decode_values(h.encoding, data, values, column, has_dictionary ? &dictionary : nullptr, out);
    out.entries += count;
    out.rows += starts;
  }

  void values(const PageHeader& h, std::string_view data, std::size_t rows, std::size_t values) {
    std::size_t base = out.rows;
    decode_values(h.encoding, data, values, column, has_dictionary ? &dictionary : nullptr, out);
    if (column.optional) spread_values(out, out.present.data() + base, base, rows, values);
    out.rows += rows;
  }

  // A v1 page's levels: each run's length (4 bytes) then the run, repetition levels first, taken off `data`.
  std::string_view level_bytes(std::string_view& data, int max) {
    if (max == 0) return {};
    std::uint32_t size = read_le32(data, 0);
    if (size > data.size() - 4) damaged("levels longer than the page");
    std::string_view levels = data.substr(4, size);
    data.remove_prefix(4 + size);
    return levels;
  }

  // A v1 page's levels are RLE in every writer since 2013; the deprecated BIT_PACKED form is refused, not misread.
  static void need_rle_levels(const char* which, int encoding) {
    if (encoding != encoding::rle)
      throw Failure(ExitCode::input, std::string("its ") + which + " levels are encoded " + encoding_name(encoding) +
                                         ", which fastload does not read: rewrite the file with RLE levels");
  }

  void data_v1(const PageHeader& h, std::string_view body) {
    std::string_view data = decompress(chunk.codec, body, static_cast<std::size_t>(h.uncompressed_size), buffer);
    auto rows = static_cast<std::size_t>(h.num_values);
    std::size_t values = rows;
    if (column.nested) {
      if (column.max_definition) need_rle_levels("definition", h.definition_encoding);
      if (column.max_repetition) need_rle_levels("repetition", h.repetition_encoding);
      std::string_view repeated = level_bytes(data, column.max_repetition);
      std::string_view defined = level_bytes(data, column.max_definition);
      return nested_page(h, repeated, defined, data, rows);
    }
    if (column.optional) {
      need_rle_levels("definition", h.definition_encoding);
      std::uint32_t size = read_le32(data, 0);
      if (size > data.size() - 4) damaged("definition levels longer than the page");
      values = levels(data.substr(4, size), rows);
      data.remove_prefix(4 + size);
    }
    this->values(h, data, rows, values);
  }

  void data_v2(const PageHeader& h, std::string_view body) {
    if (h.definition_bytes < 0 || h.repetition_bytes < 0 ||
        std::uint64_t(h.definition_bytes) + std::uint64_t(h.repetition_bytes) > body.size() ||
        h.definition_bytes + h.repetition_bytes > h.uncompressed_size)
      damaged("levels longer than their page");
    auto rows = static_cast<std::size_t>(h.num_values);
    std::size_t values = rows;
    auto skip = static_cast<std::size_t>(h.repetition_bytes + h.definition_bytes);
    std::size_t size = static_cast<std::size_t>(h.uncompressed_size) - skip;
    if (column.nested) {
      std::string_view data = body.substr(skip);
      data = decompress(h.is_compressed ? chunk.codec : codec::uncompressed, data, size, buffer);
      return nested_page(h, body.substr(0, static_cast<std::size_t>(h.repetition_bytes)),
                         body.substr(static_cast<std::size_t>(h.repetition_bytes), static_cast<std::size_t>(h.definition_bytes)),
                         data, rows);
    }
    if (column.optional) {
      if (h.definition_bytes == 0 && h.num_nulls != 0) damaged("nulls in a page without definition levels");
      std::string_view defined = body.substr(static_cast<std::size_t>(h.repetition_bytes), static_cast<std::size_t>(h.definition_bytes));
      if (h.definition_bytes) {
        values = levels(defined, rows);
      } else {
        out.present.resize(out.present.size() + rows, 1);
      }
    }
    std::string_view data = body.substr(skip);
    data = h.is_compressed ? decompress(chunk.codec, data, size, buffer) : decompress(codec::uncompressed, data, size, buffer);
    this->values(h, data, rows, values);
  }

  void dictionary_page(const PageHeader& h, std::string_view body) {
    if (has_dictionary) damaged("a second dictionary page in one column chunk");
    if (h.encoding != encoding::plain && h.encoding != encoding::plain_dictionary)
      throw Failure(ExitCode::input, "its dictionary page is encoded " + encoding_name(h.encoding) +
                                         ", which fastload does not read: rewrite the file with PLAIN dictionaries");
    std::string_view data = decompress(chunk.codec, body, static_cast<std::size_t>(h.uncompressed_size), buffer);
    clear_values(dictionary, column.physical);
    decode_values(encoding::plain, data, static_cast<std::size_t>(h.num_values), column, nullptr, dictionary);
    has_dictionary = true;
  }

  void read(std::uint64_t& page_at) {
    clear_values(out, column.physical);
    std::uint64_t pos = chunk.begin;
    // A nested column's row may go on into the next page (a v1 page's values need not start a row): its pages
    // are all read, and the rows they start counted.
    while (column.nested ? pos < chunk.end : out.rows < chunk.rows) {
      page_at = pos;
      if (pos >= chunk.end)
        damaged("the column chunk ends after " + std::to_string(out.rows) + " of its " + std::to_string(chunk.rows) + " rows");
      std::size_t header_size = 0;
      PageHeader h;
      try {
        h = read_page_header(file.substr(pos, chunk.end - pos), header_size);
      } catch (const Failure& f) {
        damaged(f.what());
      }
      if (h.compressed_size < 0 || h.uncompressed_size < 0 || std::uint64_t(h.compressed_size) > chunk.end - pos - header_size)
        damaged("a page of " + std::to_string(h.compressed_size) + " bytes past the end of its column chunk");
      std::string_view body = file.substr(pos + header_size, static_cast<std::size_t>(h.compressed_size));
      pos += header_size + static_cast<std::uint64_t>(h.compressed_size);
      if (h.type != page_type::data && h.type != page_type::data_v2 && h.type != page_type::dictionary) continue;
      if (!h.has_kind || h.num_values < 0) damaged("a page header without its page's description");
      if (h.type == page_type::dictionary) {
        dictionary_page(h, body);
        continue;
      }
      // Values take memory before their bytes are checked (RLE runs hold many in a few bytes): a page of more
      // than any writer puts in one is refused rather than allocated.
      if (h.num_values > max_page_values)
        damaged("a page of " + std::to_string(h.num_values) + " values (fastload reads at most " +
                std::to_string(max_page_values) + " a page)");
      if (!column.nested && static_cast<std::uint64_t>(h.num_values) > chunk.rows - out.rows)
        damaged("a page of " + std::to_string(h.num_values) + " values past the row group's " + std::to_string(chunk.rows) + " rows");
      if (h.type == page_type::data) data_v1(h, body);
      else data_v2(h, body);
    }
    if (out.rows != chunk.rows)
      damaged("the column chunk holds " + std::to_string(out.rows) + " of its " + std::to_string(chunk.rows) + " rows");
  }
};

}  // namespace

void read_chunk(std::string_view file, const Chunk& chunk, const Column& column, Values& out, std::uint64_t& page_at) {
  PageReader reader{file, chunk, column, out, {}, false, {}};
  if (column.optional && !column.nested) out.present.reserve(std::min<std::uint64_t>(chunk.rows, 1u << 26));
  reader.read(page_at);
}

}  // namespace fastload::parquet
