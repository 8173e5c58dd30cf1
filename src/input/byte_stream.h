// FILE as a sequential stream of content bytes, for inputs that cannot be
// mapped and split as they are: compressed files (gzip, zstd, lz4, bzip2, xz,
// recognised by their magic bytes whatever the name) and standard input or
// pipes, which may be compressed too. A plain regular file is better mapped
// (MappedFile): open_stream() serves it too, but the caller can tell it apart
// (format() == plain and random_access()) and map it instead.
//
// Three seams meet here, each a table: where the bytes are (place.h), how they
// are compressed (codecs.h), and what format they are in (chunks/row_format.h,
// which cuts this stream into chunks).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/base.h"

namespace fastload::input {

class Source;

// Where rows of a converted stream's content begin in the file: pairs of
// (content offset from the chunk's begin, file offset), ascending in both.
using OffsetMap = std::vector<std::pair<std::uint64_t, std::uint64_t>>;

enum class Format { plain, gzip, zstd, lz4, bzip2, xz };

// "plain", "gzip", "zstd", "lz4", "bzip2", "xz".
std::string_view format_name(Format format);

// detect_format() decides from this many first bytes (fewer: a file that short
// cannot be compressed data, so it is plain).
inline constexpr std::size_t kMagicBytes = 10;

// The format whose magic `first_bytes` starts with, plain when none: gzip
// 1f 8b 08, zstd 28 b5 2f fd, lz4 frame 04 22 4d 18, bzip2 "BZh1".."BZh9" and a
// block or end magic, xz fd 37 7a 58 5a 00. A skippable frame (magic
// 0x184D2A50..5F, which zstd and lz4 share) is zstd unless `first_bytes` reach
// past it to an lz4 frame.
Format detect_format(std::string_view first_bytes);

class ByteStream {
 public:
  virtual ~ByteStream();
  ByteStream(const ByteStream&) = delete;
  ByteStream& operator=(const ByteStream&) = delete;

  // Fills `into` with the next content bytes: all `size` of them unless the
  // content ends first; 0 only at the end (or for size 0). Throws
  // Failure(ExitCode::input) naming the file, the format and the compressed
  // byte offset when the data is damaged or truncated (never returns short
  // content instead), or when the file cannot be read.
  virtual std::size_t read(char* into, std::size_t size) = 0;

  // Passes over the next `size` content bytes, as read() would return them: how many (fewer only at the
  // end). A plain regular file's are not read at all; others are decoded and dropped.
  virtual std::uint64_t skip(std::uint64_t size);

  // Raw (compressed) bytes of the file decoded and handed out so far: never
  // more than compressed_size(), so a progress line on it stays within 100%.
  // May be called from any thread.
  virtual std::uint64_t consumed() const = 0;

  // Content bytes read() has returned whose integrity checks (CRC, checksum)
  // have passed: through the end of the last member (frame, stream) that
  // ended; all of them for plain data, which has no check. Data is handed out
  // as it decodes, before the check at its member's end: a loader must not
  // commit bytes past this. Called by the reading thread.
  virtual std::uint64_t verified() const = 0;

  // For content that is not the file's bytes (a charset conversion): the
  // file offsets of the row starts in content [begin, end] (every position
  // after a line terminator's last byte), relative to begin; none when content
  // offsets are file offsets. Forgets those before `end`.
  virtual std::optional<OffsetMap> take_offsets(std::uint64_t, std::uint64_t) { return std::nullopt; }
  // For content whose lines are not the file's (a SQL dump's rows): the file's line of each row start the last
  // take_offsets gave, in order; none when the content's lines are the file's.
  virtual std::optional<std::vector<std::uint64_t>> take_row_lines() { return std::nullopt; }
  // For content some of whose rows the stream itself refused as it read them (a SQL dump's literal that LOAD DATA
  // would store otherwise): those of the rows the last take_offsets gave, row_in_chunk counted from its first
  // (1-based) and the message; the caller leaves them out as --max-errors allows.
  virtual std::vector<Problem> take_refused() { return {}; }
  // For content that comes in parts a chunk must not span (a Parquet file's row groups): the first end of a part
  // after content offset `content` among the bytes read() has returned or is about to; none when none is known.
  virtual std::optional<std::uint64_t> part_end_after(std::uint64_t) const { return std::nullopt; }
  // For such content: the part (0-based) the rows the last take_offsets gave are in.
  virtual std::optional<std::uint64_t> taken_part() const { return std::nullopt; }
  // For such content, when read() has returned every byte of the parts before and nothing of the next one: that
  // part's rows, if it can be passed over without being read (a Parquet row group not decoded yet); else none.
  virtual std::optional<std::uint64_t> next_part_rows() const { return std::nullopt; }
  // Passes over that part without reading it, as if read() had returned its `bytes` bytes of content (which an
  // earlier read of the same input counted: a --resume run's ledger).
  virtual void skip_part(std::uint64_t /*bytes*/) {}
  // Whether its content is rows converted from the input (a charset's, a SQL dump's, a typed input's), tied to
  // the input's lines and bytes only by the maps above: a copy of its content would lose them.
  virtual bool converted() const { return false; }

  Format format() const { return format_; }
  // The path, or "standard input" for "-".
  const std::string& name() const;
  // The size of a regular file; none for standard input and pipes.
  std::optional<std::uint64_t> compressed_size() const;
  // Whether its place can be read at any offset (a regular file, mapped): a plain one is better mapped and
  // split, a compressed one can be read ahead to its end; a pipe's bytes come once, as they are read.
  bool random_access() const;
  // Whether opening its name again gives the same bytes (input::Place::reopens): a file or a remote object.
  bool reopens() const;

 protected:
  ByteStream(std::shared_ptr<Source> source, Format format);
  // A stream made of `inner`'s content (a charset conversion): the same file, format and source.
  struct Wrapping {};
  ByteStream(Wrapping, const ByteStream& inner) : ByteStream(inner.source_, inner.format_) {}
  Source& source() const { return *source_; }
  const std::shared_ptr<Source>& shared_source() const { return source_; }

 private:
  std::shared_ptr<Source> source_;
  Format format_;
};

struct StreamOptions {
  // Decompressing threads for what can be decoded in parallel: files of
  // several zstd or lz4 frames, gzip members or bzip2 streams (pzstd, bgzip,
  // pbzip2, concatenated files), and xz streams of several blocks (xz -T).
  // 0: one per core. A file of one member decodes on one thread.
  unsigned threads = 0;
};

// Opens PATH ("-": standard input) and detects its format from its first
// bytes, which the stream still returns. A regular file is read through a
// mapping, anything else (stdin, a pipe, a FIFO) with read(). Throws
// Failure(ExitCode::input) naming the file and what to do, also for formats
// that are recognised but not read (zip, 7z, compress, lz4's legacy format).
std::unique_ptr<ByteStream> open_stream(const std::string& path, const StreamOptions& options = {});

class SpillFile;
// What was written to `spill` (spill_file.h), as a plain stream called `name` in messages: bytes a pipe gave once,
// kept to be read again. Mapped, as a regular file is; `spill` must outlive the call only.
std::unique_ptr<ByteStream> open_spilled(const SpillFile& spill, const std::string& name);

}  // namespace fastload::input
