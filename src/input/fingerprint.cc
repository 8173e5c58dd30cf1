#include "input/fingerprint.h"

#include <algorithm>
#include <fmt/core.h>
#include <sys/stat.h>
#include <vector>
#include <xxhash.h>

#include "base/base.h"
#include "remote/remote.h"

namespace fastload::input {

FileIdentity identify(const MappedFile& file, unsigned threads) {
  constexpr std::uint64_t kPiece = 64ull << 20;
  FileIdentity id;
  std::string_view bytes = file.bytes();
  id.size = bytes.size();
  struct stat st {};
  if (stat(file.path().c_str(), &st) != 0)
    throw Failure(ExitCode::input, fmt::format("{}: cannot stat the file any more; check it", file.path()));
  id.mtime = st.st_mtime;
  std::vector<XXH64_hash_t> hashes((id.size + kPiece - 1) / kPiece);  // element i written by the thread hashing piece i
  parallel_for(hashes.size(), threads, [&](std::size_t i, unsigned) {
    std::uint64_t begin = i * kPiece, end = std::min<std::uint64_t>(id.size, begin + kPiece);
    hashes[i] = XXH3_64bits(bytes.data() + begin, end - begin);
    file.release(begin, end);
  });
  XXH128_hash_t all = XXH3_128bits(hashes.data(), hashes.size() * sizeof(XXH64_hash_t));
  id.fingerprint = fmt::format("{:016x}{:016x}", all.high64, all.low64);
  return id;
}

}  // namespace fastload::input

namespace fastload::input {

FileIdentity identify_remote(const std::string& url) {
  const remote::Object object(url);
  const std::string version = object.info().version();
  if (version.empty())
    throw Failure(ExitCode::cannot_resume, fmt::format(
        "{}: --resume needs to know the object again, and its server sends neither an ETag nor a Last-Modified "
        "date: a changed object could not be told from this one. Download it first, or run without --resume",
        object.name()));
  FileIdentity id;
  id.size = object.info().size;
  const XXH128_hash_t hash = XXH3_128bits(version.data(), version.size());
  id.fingerprint = fmt::format("{:016x}{:016x}", hash.high64, hash.low64);
  return id;
}

}  // namespace fastload::input
