#include "input/fingerprint.h"

#include <fmt/core.h>
#include <sys/stat.h>
#include <xxhash.h>

#include "fastload/errors.h"
#include "fastload/parallel_for.h"

namespace fastload::input {

FileIdentity identify(const MappedFile& file, const std::vector<Chunk>& chunks, unsigned threads) {
  FileIdentity id;
  std::string_view bytes = file.bytes();
  id.size = bytes.size();
  struct stat st {};
  if (stat(file.path().c_str(), &st) != 0)
    throw Failure(ExitCode::input, fmt::format("fastload: {}: cannot stat the file any more; check it", file.path()));
  id.mtime = st.st_mtime;
  std::vector<XXH64_hash_t> hashes(chunks.size());  // element i written by the thread hashing chunk i
  parallel_for(chunks.size(), threads, [&](std::size_t i, unsigned) {
    hashes[i] = XXH3_64bits(bytes.data() + chunks[i].begin, chunks[i].size());
    file.release(chunks[i].begin, chunks[i].end);
  });
  XXH128_hash_t all = XXH3_128bits(hashes.data(), hashes.size() * sizeof(XXH64_hash_t));
  id.fingerprint = fmt::format("{:016x}{:016x}", all.high64, all.low64);
  return id;
}

}  // namespace fastload::input
