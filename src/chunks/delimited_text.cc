// Delimited text, LOAD DATA's dialects: rows end at line terminators the
// dialect does not escape or enclose (text::RowScanner). Today's only format.
#include <fmt/core.h>

#include "chunks/row_format.h"

namespace fastload::chunks {
namespace {

class DelimitedText final : public RowFormat {
 public:
  explicit DelimitedText(const text::Dialect& dialect) : dialect_(dialect) {}
  std::string_view name() const override { return kDelimitedText; }

  std::vector<Chunk> split(std::string_view file, std::uint64_t chunk_size, unsigned threads,
                           const DoneWithBytes& done_with_bytes) const override {
    return chunks::split(file, chunk_size, threads, dialect_, done_with_bytes);
  }
  void verify(std::string_view file, const std::vector<Chunk>& chunks) const override {
    verify_chunks(file, chunks, dialect_);
  }
  void refuse_long_rows(const std::string& name, std::string_view file,
                        const std::vector<Chunk>& chunks) const override;
  std::unique_ptr<StreamChunks> cut_stream(input::ByteStream& stream, std::uint64_t chunk_size,
                                           std::size_t file) const override {
    return std::make_unique<StreamChunks>(stream, chunk_size, dialect_, file);
  }

 private:
  const text::Dialect dialect_;
};

// Only a chunk longer than the limit can hold a row longer than it (a row is in one chunk).
void DelimitedText::refuse_long_rows(const std::string& name, std::string_view file,
                                     const std::vector<Chunk>& chunks) const {
  const std::uint64_t max_row = text::max_row_bytes();
  for (const Chunk& c : chunks)
    if (c.size() > max_row)
      if (std::optional<text::RowPosition> at = text::find_long_row(file, c, dialect_, max_row))
        throw text::row_too_long(name, *at, max_row, dialect_);
}

}  // namespace

std::unique_ptr<RowFormat> make_delimited_text(const RowFormatOptions& options) {
  return std::make_unique<DelimitedText>(options.dialect);
}

}  // namespace fastload::chunks
