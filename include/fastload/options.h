// What the user asked for, parsed from argv once and never changed after.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace fastload {

struct ConnectionOptions {
  std::string host;    // empty: from option files, else the library default
  unsigned port = 0;   // 0: from option files, else the library default
  std::string socket;
  std::string user;
  std::optional<std::string> password;  // given on the command line
  bool prompt_password = false;         // -p / --password without a value
  std::string defaults_file;            // --defaults-file: read this file instead of the usual ones
  std::string ssl_mode;                 // DISABLED, PREFERRED, REQUIRED, VERIFY_CA, VERIFY_IDENTITY
  std::string ssl_ca;
};

struct Options {
  std::string file;
  std::string database;
  std::string table;
  std::uint64_t chunk_size = 0;  // 0: chunk_size_for(file size), see below
  unsigned threads = 2;
  std::string charset = "utf8mb4";
  bool json = false;      // the summary as one JSON object on stdout
  bool progress = false;  // a progress line even when stderr is not a terminal
  bool verbose = false;   // pass timers and per-chunk lines
  ConnectionOptions connection;
};

// The default chunk size: 64M, but files under 2G get 32 chunks (at least 1M
// each), so the workers finish together instead of one loading the last big
// chunk alone. It depends on the file size only, so reruns cut the same chunks.
inline std::uint64_t default_chunk_size(std::uint64_t file_size) {
  constexpr std::uint64_t most = 64ull << 20, least = 1ull << 20;
  std::uint64_t size = file_size / 32;
  return size > most ? most : size < least ? least : size;
}

}  // namespace fastload
