#include "remote/aws.h"

#include <cstdlib>
#include <fmt/core.h>
#include <fstream>
#include <map>

#include "base/base.h"
#include "remote/object_url.h"

namespace fastload::remote {
namespace {

using Section = std::map<std::string, std::string>;  // "key", or "s3.key" for a nested s3 setting

std::string env(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

std::string trim(const std::string& s) {
  const std::size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

// Section `name` of an INI file as the AWS tools read it (a missing file: nothing); an indented key after
// `s3 =` belongs to the s3 setting.
std::optional<Section> read_section(const std::string& path, const std::string& name) {
  std::ifstream in(path);
  std::optional<Section> found;
  bool inside = false;
  std::string line, nested;
  while (std::getline(in, line)) {
    const std::string t = trim(line);
    if (t.empty() || t[0] == '#' || t[0] == ';') continue;
    if (t.front() == '[' && t.back() == ']') {
      inside = trim(t.substr(1, t.size() - 2)) == name;
      if (inside && !found) found.emplace();
      nested.clear();
      continue;
    }
    const std::size_t eq = t.find('=');
    if (!inside || eq == std::string::npos) continue;
    const std::string key = trim(t.substr(0, eq)), value = trim(t.substr(eq + 1));
    const bool indented = line[0] == ' ' || line[0] == '\t';
    if (!indented) nested = value.empty() ? key : "";
    (*found)[indented && !nested.empty() ? nested + "." + key : key] = value;
  }
  return found;
}

std::string home_file(const char* variable, const char* name) {
  if (std::string path = env(variable); !path.empty()) return path;
  return env("HOME") + "/.aws/" + name;
}

struct Profile {
  Section credentials, config;
  std::string get(const std::string& key) const {
    if (auto it = credentials.find(key); it != credentials.end()) return it->second;
    if (auto it = config.find(key); it != config.end()) return it->second;
    return {};
  }
};

Profile read_profile(const std::string& name, bool named) {
  const std::string credentials = home_file("AWS_SHARED_CREDENTIALS_FILE", "credentials");
  const std::string config = home_file("AWS_CONFIG_FILE", "config");
  std::optional<Section> c = read_section(credentials, name);
  std::optional<Section> f = read_section(config, name == "default" ? name : "profile " + name);
  if (named && !c && !f)
    throw misuse(fmt::format("the AWS profile {} is in neither {} nor {}; check its name (--aws-profile, "
                             "AWS_PROFILE)", name, credentials, config));
  return Profile{c.value_or(Section{}), f.value_or(Section{})};
}

void credentials(AwsAccess& a, const Profile& p, bool profile_named) {
  a.key_id = env("AWS_ACCESS_KEY_ID");
  a.secret = env("AWS_SECRET_ACCESS_KEY");
  a.session_token = env("AWS_SESSION_TOKEN");
  a.profile = "the environment";
  if (a.key_id.empty() || profile_named) {
    a.key_id = p.get("aws_access_key_id");
    a.secret = p.get("aws_secret_access_key");
    a.session_token = p.get("aws_session_token");
  }
  if (!a.key_id.empty() && a.secret.empty())
    throw misuse(fmt::format("the AWS access key {} comes without its secret key; give AWS_SECRET_ACCESS_KEY "
                             "or aws_secret_access_key in the profile", a.key_id));
}

std::string first_of(std::initializer_list<std::string> values) {
  for (const std::string& v : values)
    if (!v.empty()) return v;
  return {};
}

}  // namespace

AwsAccess aws_access(const Settings& s) {
  const bool named = !s.aws_profile.empty() || !env("AWS_PROFILE").empty();
  const std::string name = first_of({s.aws_profile, env("AWS_PROFILE"), "default"});
  const Profile p = read_profile(name, named);
  AwsAccess a;
  if (!s.anonymous) credentials(a, p, !s.aws_profile.empty());
  if (!a.key_id.empty() && a.profile != "the environment") a.profile = "profile " + name;
  a.region = first_of({s.s3_region, env("AWS_REGION"), env("AWS_DEFAULT_REGION"), p.get("region"), "us-east-1"});
  const std::string given = first_of({s.s3_endpoint, env("AWS_ENDPOINT_URL_S3"), env("AWS_ENDPOINT_URL"),
                                      p.get("s3.endpoint_url"), p.get("endpoint_url")});
  a.endpoint = given.empty() ? fmt::format("https://s3.{}.amazonaws.com", a.region) : given;
  while (a.endpoint.ends_with('/')) a.endpoint.pop_back();
  if (!a.endpoint.starts_with("http://") && !a.endpoint.starts_with("https://"))
    throw misuse(fmt::format("the S3 endpoint {} is no http:// or https:// URL; check --s3-endpoint, "
                             "AWS_ENDPOINT_URL or the profile's endpoint_url", a.endpoint));
  Addressing addressing = s.addressing;
  if (addressing == Addressing::automatic) {
    const std::string style = p.get("s3.addressing_style");
    addressing = style == "path" ? Addressing::path : style == "virtual" ? Addressing::virtual_host
                 : given.empty() ? Addressing::virtual_host : Addressing::path;
  }
  a.path_style = addressing == Addressing::path;
  return a;
}

std::string object_http_url(const AwsAccess& a, const std::string& bucket, const std::string& key) {
  const std::string path = key.empty() ? "" : uri_encode(key, true);
  if (a.path_style) return fmt::format("{}/{}/{}", a.endpoint, uri_encode(bucket, false), path);
  const std::size_t host = a.endpoint.find("://") + 3;
  return fmt::format("{}{}.{}/{}", a.endpoint.substr(0, host), bucket, a.endpoint.substr(host), path);
}

}  // namespace fastload::remote
