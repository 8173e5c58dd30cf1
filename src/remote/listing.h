// Quoted glob patterns over an S3 prefix (s3://bucket/logs/2026-11-*.tsv.zst), expanded by listing the bucket
// (ListObjectsV2) under the pattern's literal prefix, matched as the shell matches a path (* and ? stop at '/').
#pragma once

#include <string>
#include <vector>

namespace fastload::remote {

// Whether `name` is an S3 URL whose key holds a pattern (*, ? or [).
bool is_s3_pattern(const std::string& name);

// The objects `pattern` matches, as s3://bucket/key, in key order. Throws Failure(ExitCode::input) when none
// does (and as remote::Object does for the listing's own failures: the bucket missing, access refused).
std::vector<std::string> matching_objects(const std::string& pattern);

}  // namespace fastload::remote
