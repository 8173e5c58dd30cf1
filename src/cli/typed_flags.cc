// The options of typed inputs (Parquet, JSON lines): which format the FILEs are in, and what a key or column
// means that the fields do not name, or that a row lacks.
#include "cli/cli_values.h"
#include "cli/flags.h"
#include "cli/help.h"

namespace fastload::cli {

void add_typed_options(CLI::App& app, request::Request& o) {
  app.option_defaults()->group("Typed inputs (Parquet, JSON lines)");
  const std::vector<std::pair<std::string, request::InputFormat>> formats{
      {"auto", request::InputFormat::automatic}, {"text", request::InputFormat::text},
      {"parquet", request::InputFormat::parquet}, {"jsonl", request::InputFormat::json_lines}};
  app.add_option("--format", o.source.format, "the FILEs' format: auto (default: Parquet by its first bytes, JSON "
                 "lines by a .jsonl or .ndjson name, else text), text, parquet or jsonl")
      ->transform(named_values(formats, "input format"))->type_name("FORMAT");
  const std::vector<std::pair<std::string, request::UnknownKeys>> unknown{
      {"error", request::UnknownKeys::error}, {"ignore", request::UnknownKeys::ignore}};
  app.add_option("--unknown-keys", o.source.unknown_keys, "a JSON key or Parquet column that no column the rows "
                 "fill is named as: error (refuse it, default) or ignore (pass it over)")
      ->transform(named_values(unknown, "way to treat an unknown key"))->type_name("ACTION");
  const std::vector<std::pair<std::string, request::MissingKeys>> missing{
      {"error", request::MissingKeys::error}, {"null", request::MissingKeys::null}};
  app.add_option("--missing-keys", o.source.missing_keys, "a column the rows fill whose JSON key or Parquet column "
                 "is absent: error (refuse it, default) or null (load NULL)")
      ->transform(named_values(missing, "way to treat a missing key"))->type_name("ACTION");
}

}  // namespace fastload::cli
