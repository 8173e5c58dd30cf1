// Where FILE's bytes are: a regular local file (mapped_place.cc), standard
// input or a pipe or FIFO (pipe_place.cc: read() as they come), bytes already
// in memory (memory_place.cc: a parallel decoder's pieces). A Source
// (byte_source.h) buffers any Place the same way, so the decoders never ask
// where bytes come from. The kind is chosen from how the name looks by one
// table (kPlaces, places.cc).
//
// A new place (an HTTP(S) or S3 object: its size known, ranged reads) is one
// file with its class and its open function, and one row of kPlaces ahead of
// the rows that would otherwise take its names. A plain input whose place can
// be read at any offset (random_access) is mapped and split up front
// (run/inputs.cc); any other is cut into chunks as it streams: a remote object
// says false until the split reads through ranged reads instead of a mapping.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace fastload::input {

class Place {
 public:
  explicit Place(std::string name) : name_(std::move(name)) {}
  virtual ~Place() = default;
  Place(const Place&) = delete;
  Place& operator=(const Place&) = delete;

  // For messages: the path, or "standard input".
  const std::string& name() const { return name_; }
  // The byte count when known before reading (a regular file); none for a pipe.
  virtual std::optional<std::uint64_t> size() const = 0;
  // Whether any byte can be read at any time (mapped, or a ranged read), so the
  // input can be split before it is read; a pipe's bytes come once, in order.
  virtual bool random_access() const = 0;
  // Whether opening the name again gives the same bytes (a file, a remote object's version), so that the
  // processes of a --part run each read it whole and cut it alike; a pipe's bytes come once.
  virtual bool reopens() const { return random_access(); }
  // Copies up to `size` next bytes to `into`; 0 only at the end. `reader_at`:
  // where the reader stands in the file, for messages. Throws
  // Failure(ExitCode::input) naming the place (ExitCode::interrupted on a stop).
  virtual std::size_t read(char* into, std::size_t size, std::uint64_t reader_at) = 0;
  // True once read() has nothing more to give (known without another call).
  virtual bool ended() const = 0;
  // Passes over up to `size` next bytes without copying them: how many (0 where the place cannot, a pipe).
  virtual std::uint64_t skip(std::uint64_t) { return 0; }
  // All the bytes, when they are in memory already: served in place, never copied.
  virtual std::optional<std::string_view> in_memory() const { return std::nullopt; }

 private:
  std::string name_;
};

// One row of the place table: a kind of place, known by its name's looks.
struct PlaceKind {
  std::string_view name;  // "standard input", "regular file", "pipe"
  // Whether `path` names a place of this kind (the first row that says so opens it).
  bool (*matches)(const std::string& path);
  // Opens it. Throws Failure(ExitCode::input) naming the file and what to do.
  std::unique_ptr<Place> (*open)(const std::string& path);
};

// Every row, in the order they are asked.
std::span<const PlaceKind> place_kinds();
// The row that opens `path`: "-" is standard input, a path a regular file or a pipe by what it is.
const PlaceKind& place_kind(const std::string& path);
// Opens `path` as place_kind() says.
std::unique_ptr<Place> open_place(const std::string& path);

// `bytes` of the file called `name`, not copied: they must outlive the place.
std::unique_ptr<Place> memory_place(std::string name, std::string_view bytes);

}  // namespace fastload::input
