// What --resume knows a file by: its size and a hash of every byte, so a
// rerun on a changed file is refused, never half-skipped, and a file is the
// same file whatever path names it (a symlink, a copy, a move).
#pragma once

#include <cstdint>
#include <string>

#include "input/mapped_file.h"

namespace fastload::input {

struct FileIdentity {
  std::uint64_t size = 0;
  std::int64_t mtime = 0;    // seconds since the epoch, for messages only
  std::string fingerprint;   // XXH3-128 (hex) of the XXH3-64 hashes of the file's 64 MiB pieces, in order
};

// Hashes the file in pieces of 64 MiB on `threads` threads (about 10 GB/s a
// core once the pages are cached), handing their pages back like the
// splitter does. The pieces depend on nothing but the file, so neither does
// the fingerprint: not the chunk size, the dialect or the options.
FileIdentity identify(const MappedFile& file, unsigned threads);

// A remote object (an HTTP(S) URL, an S3 object) is known by its size and version instead (its ETag and version
// id, else its Last-Modified: remote::ObjectInfo::version), hashed as the fingerprint; it is not read, nor asked
// again: the version is the one the run found and reads (remote::Object: found once a run). Throws
// Failure(ExitCode::cannot_resume) when the server tells no version, so that a change could not be seen.
FileIdentity identify_remote(const std::string& url);

}  // namespace fastload::input
