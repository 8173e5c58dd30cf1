// The options of remote inputs (request::Remote): how HTTP(S) URLs and S3 objects are reached, verified and
// signed for. Their credentials are taken from option files only: on the command line they would show in the
// process list.
#include <fmt/core.h>

#include "cli/flags.h"
#include "cli/cli_values.h"
#include "cli/help.h"

namespace fastload::cli {
namespace {

constexpr const char* kSecretOptions[] = {"--http-user", "--http-password", "--http-bearer-token"};

CLI::Validator seconds_at_least_one() {
  return CLI::Validator(
      [](std::string& text) {
        std::optional<std::uint64_t> value = parse_whole_number(text, 1, 86'400);
        if (!value) return fmt::format("'{}' is not a whole number of seconds from 1 to 86400", text);
        text = std::to_string(*value * 1000);  // kept in milliseconds
        return std::string();
      },
      "");
}

}  // namespace

void add_remote_options(CLI::App& app, request::Request& o) {
  remote::Settings& r = o.remote.settings;
  app.option_defaults()->group("Remote files (http://, https://, s3://BUCKET/KEY)");
  app.add_option("--http-ca-file", r.ca_file, "verify HTTPS servers with the CA certificates in this PEM file "
                 "instead of the system's (credentials for HTTP servers: http-user and http-password, or "
                 "http-bearer-token, in an option file's [fastload] group)")->type_name("FILE");
  app.add_option("--http-connect-timeout", r.connect_timeout_ms, "seconds to resolve, connect and finish the TLS "
                 "handshake (default 10)")->type_name("SECONDS")->transform(seconds_at_least_one());
  app.add_option("--http-stall-timeout", r.stall_timeout_ms, "seconds a transfer may receive nothing before it is "
                 "cut and retried (default 30)")->type_name("SECONDS")->transform(seconds_at_least_one());
  app.add_option("--http-retries", r.retries, "attempts after the first for a read the network or a busy server "
                 "failed (timeouts, resets, 5xx, 503 SlowDown), each retried from its start (default 5)")
      ->type_name("N");
  app.add_option("--aws-profile", r.aws_profile, "the profile of ~/.aws/credentials and ~/.aws/config to use "
                 "(default AWS_PROFILE, else default); AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY come first "
                 "otherwise")->type_name("NAME");
  app.add_option("--s3-endpoint", r.s3_endpoint, "an S3-compatible store's URL, e.g. https://minio.example:9000 "
                 "(default AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL, the profile's endpoint_url, else AWS)")
      ->type_name("URL");
  app.add_option("--s3-region", r.s3_region, "the region requests are signed for (default AWS_REGION, "
                 "AWS_DEFAULT_REGION, the profile's region, else us-east-1)")->type_name("NAME");
  app.add_option("--s3-addressing", r.addressing, "PATH (https://ENDPOINT/BUCKET/KEY) or VIRTUAL "
                 "(https://BUCKET.ENDPOINT/KEY); default: PATH with an endpoint given, VIRTUAL on AWS")
      ->transform(named_values(std::vector<std::pair<std::string, remote::Addressing>>{
                                   {"PATH", remote::Addressing::path}, {"VIRTUAL", remote::Addressing::virtual_host}},
                               "addressing style"))
      ->type_name("STYLE");
  app.add_flag("--s3-no-sign", r.anonymous, "send S3 requests unsigned, for public objects");
  // Option files only (refuse_secrets_on_command_line): not in --help, which lists the command line's options.
  app.add_option("--http-user", r.http_user)->group("");
  app.add_option("--http-password", r.http_password)->group("");
  app.add_option("--http-bearer-token", r.http_bearer_token)->group("");
}

void refuse_secrets_on_command_line(const std::vector<std::string>& command_line) {
  for (const std::string& arg : command_line) {
    if (arg == "--") return;
    for (std::string_view secret : kSecretOptions)
      if (arg == secret || (arg.starts_with(secret) && arg.size() > secret.size() && arg[secret.size()] == '='))
        throw usage_error(fmt::format("{} on the command line would show in the process list: give it as {} in "
                                      "an option file's [fastload] group (e.g. --defaults-extra-file FILE)",
                                      secret, secret.substr(2)));
  }
}

}  // namespace fastload::cli
