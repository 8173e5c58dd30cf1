// The FILE arguments as the files to load: glob patterns expanded (quoted
// patterns reach fastload unexpanded, and a pattern may match more files than
// a command line holds), each file checked readable before connecting.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace fastload::input {

// Throws Failure(ExitCode::input) for a pattern that matches nothing or a
// file that cannot be read, and Failure(ExitCode::usage) for a file named
// twice (it would be loaded twice).
std::vector<std::string> expand_files(const std::vector<std::string>& arguments);

// Whether `path`'s name ends in .sql, before a compression suffix (.sql.gz, .sql.zst, .sql.xz, ...): an SQL dump's.
bool sql_file_name(std::string_view path);

// `name` without the compression suffix it ends with (.gz, .zst, .zstd, .xz, .bz2, .lz4), if any: what the
// file holds once decoded (a compressed file is known by its first bytes; the suffix only names what it is).
std::string_view without_compression_suffix(std::string_view name);

// Whether `path` is a directory mydumper wrote: its `metadata` file beside .sql files (DB.T-schema.sql, DB.T.sql,
// DB-schema-create.sql, compressed too); a --tab dump has no `metadata`.
bool mydumper_directory(const std::string& path);

}  // namespace fastload::input
