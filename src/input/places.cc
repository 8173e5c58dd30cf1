// The place table: which kind of place a name is, asked row by row in order.
#include <sys/stat.h>

#include "input/place.h"
#include "remote/remote.h"

namespace fastload::input {

// The kinds' own files define these (one file a kind); only the table opens them.
std::unique_ptr<Place> open_standard_input(const std::string& path);  // pipe_place.cc
std::unique_ptr<Place> open_mapped_file(const std::string& path);     // mapped_place.cc
std::unique_ptr<Place> open_pipe(const std::string& path);            // pipe_place.cc
std::unique_ptr<Place> open_remote_object(const std::string& url);    // remote_place.cc

namespace {

bool is_standard_input(const std::string& path) { return path == "-"; }
bool is_remote(const std::string& path) { return remote::is_url(path); }

// A missing file and a directory are "files" too: MappedFile words their errors.
bool is_mappable(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode);
}

bool anything(const std::string&) { return true; }

constexpr PlaceKind kPlaces[] = {
    {"remote object", is_remote, open_remote_object},  // http://, https://, s3://
    {"standard input", is_standard_input, open_standard_input},
    {"regular file", is_mappable, open_mapped_file},
    {"pipe", anything, open_pipe},  // a FIFO, a character device, /dev/stdin: read() as it comes
};

}  // namespace

std::span<const PlaceKind> place_kinds() { return kPlaces; }

const PlaceKind& place_kind(const std::string& path) {
  for (const PlaceKind& kind : kPlaces)
    if (kind.matches(path)) return kind;
  return kPlaces[std::size(kPlaces) - 1];  // unreachable: the last row takes anything
}

std::unique_ptr<Place> open_place(const std::string& path) { return place_kind(path).open(path); }

}  // namespace fastload::input
