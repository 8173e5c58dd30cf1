// Remote objects' names and where S3 requests go (remote/): parsing, redaction, credentials and endpoints by
// the AWS tools' conventions. The transfers themselves are tested against real servers (tests/integration).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "remote/aws.h"
#include "remote/remote.h"
#include "remote/xml.h"
#include "temp_dir.h"

namespace fastload::remote {
namespace {

TEST(ObjectUrl, KnowsItsKinds) {
  EXPECT_TRUE(is_url("http://h/x"));
  EXPECT_TRUE(is_url("HTTPS://h/x"));
  EXPECT_TRUE(is_url("s3://b/k"));
  EXPECT_FALSE(is_url("s3:/b/k"));
  EXPECT_FALSE(is_url("./http://x"));
  const ObjectUrl s3 = parse_url("s3://bucket/dir/a b.tsv");
  EXPECT_EQ(s3.scheme, Scheme::s3);
  EXPECT_EQ(s3.bucket, "bucket");
  EXPECT_EQ(s3.key, "dir/a b.tsv");
  EXPECT_EQ(file_name(s3), "a b.tsv");
  EXPECT_EQ(file_name(parse_url("https://h:1/d/nodes.tsv.gz?x=1")), "nodes.tsv.gz");
}

TEST(ObjectUrl, RefusesWhatCannotBeRead) {
  EXPECT_THROW(parse_url("s3://"), Failure);
  EXPECT_THROW(parse_url("s3://bucket"), Failure);
  EXPECT_THROW(parse_url("s3://bucket/"), Failure);
  try {
    parse_url("https://user:secret@h/x");
    FAIL() << "credentials in a URL were taken";
  } catch (const Failure& f) {
    EXPECT_EQ(f.code(), ExitCode::usage);
    EXPECT_EQ(std::string(f.what()).find("secret"), std::string::npos) << f.what();
  }
}

TEST(ObjectUrl, ShowsNoSignature) {
  EXPECT_EQ(shown("https://h/k?X-Amz-Credential=AKIA%2F1&X-Amz-Signature=abc&part=2"),
            "https://h/k?X-Amz-Credential=...&X-Amz-Signature=...&part=2");
  EXPECT_EQ(shown("https://h/k?sig=s3cr3t"), "https://h/k?sig=...");
  EXPECT_EQ(shown("https://h/k"), "https://h/k");
}

TEST(ObjectUrl, EncodesKeysAsSigV4Wants) {
  EXPECT_EQ(uri_encode("a b/c=d~e", true), "a%20b/c%3Dd~e");
  EXPECT_EQ(uri_encode("a/b", false), "a%2Fb");
  EXPECT_EQ(uri_encode("\xc3\xa9", true), "%C3%A9");
}

// Sets environment variables for one test, restoring them after.
class Environment {
 public:
  Environment(std::initializer_list<std::pair<const char*, const char*>> values) {
    for (const char* name : kNames) {
      const char* old = std::getenv(name);
      saved_.emplace_back(name, old ? std::optional<std::string>(old) : std::nullopt);
      ::unsetenv(name);
    }
    for (const auto& [name, value] : values) ::setenv(name, value, 1);
  }
  ~Environment() {
    for (const auto& [name, value] : saved_)
      value ? ::setenv(name, value->c_str(), 1) : ::unsetenv(name);
  }

 private:
  static constexpr const char* kNames[] = {"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN",
      "AWS_PROFILE", "AWS_REGION", "AWS_DEFAULT_REGION", "AWS_ENDPOINT_URL", "AWS_ENDPOINT_URL_S3",
      "AWS_SHARED_CREDENTIALS_FILE", "AWS_CONFIG_FILE", "HOME"};
  std::vector<std::pair<const char*, std::optional<std::string>>> saved_;
};

TEST(Xml, ElementsDecodedInOrder) {
  const std::string body = "<R><Key>a&amp;b</Key><Key>&lt;c&gt; &quot;d&apos;</Key><Code>X</Code><Key>"
                           "&#65;&#x4e2d;&#x1F600;</Key></R>";
  EXPECT_EQ(xml_elements(body, "Key"), (std::vector<std::string>{"a&b", "<c> \"d'", "A\xe4\xb8\xad\xf0\x9f\x98\x80"}));
  EXPECT_EQ(xml_element(body, "Code"), "X");
  EXPECT_EQ(xml_element(body, "Message"), "");
  EXPECT_TRUE(xml_elements("<Key>open", "Key").empty());
}

TEST(Xml, KeepsWhatIsNoReference) {
  // Not XML's: kept as written, never a throw on what a server sent.
  EXPECT_EQ(xml_element("<K>&#zz; &nbsp; &#99999999999; a&b; & c</K>", "K"), "&#zz; &nbsp; &#99999999999; a&b; & c");
}

TEST(AwsAccess, EnvironmentFirstThenTheProfile) {
  TempDir dir;
  const std::string credentials = dir.write("[default]\naws_access_key_id = FILEKEY\naws_secret_access_key = FILESECRET\n"
                                            "[other]\naws_access_key_id=OTHER\naws_secret_access_key=OTHERSECRET\n");
  const std::string config = dir.path("config");
  std::ofstream(config) << "[profile other]\nregion = eu-west-3\ns3 =\n  addressing_style = path\n"
                           "  endpoint_url = http://127.0.0.1:9000/\n";
  Environment env{{"AWS_SHARED_CREDENTIALS_FILE", credentials.c_str()}, {"AWS_CONFIG_FILE", config.c_str()},
                  {"AWS_ACCESS_KEY_ID", "ENVKEY"}, {"AWS_SECRET_ACCESS_KEY", "ENVSECRET"}};
  AwsAccess a = aws_access({});
  EXPECT_EQ(a.key_id, "ENVKEY");
  EXPECT_EQ(a.region, "us-east-1");
  EXPECT_EQ(a.endpoint, "https://s3.us-east-1.amazonaws.com");
  EXPECT_FALSE(a.path_style);
  EXPECT_EQ(object_http_url(a, "b", "k 1"), "https://b.s3.us-east-1.amazonaws.com/k%201");
  Settings named;
  named.aws_profile = "other";
  a = aws_access(named);
  EXPECT_EQ(a.key_id, "OTHER");
  EXPECT_EQ(a.secret, "OTHERSECRET");
  EXPECT_EQ(a.region, "eu-west-3");
  EXPECT_EQ(a.endpoint, "http://127.0.0.1:9000");
  EXPECT_TRUE(a.path_style);
  EXPECT_EQ(object_http_url(a, "b", "d/k"), "http://127.0.0.1:9000/b/d/k");
  named.aws_profile = "missing";
  EXPECT_THROW(aws_access(named), Failure);
}

TEST(AwsAccess, AnonymousAndGivenEndpoints) {
  TempDir dir;
  Environment env{{"HOME", dir.path().c_str()}, {"AWS_ENDPOINT_URL", "http://127.0.0.1:1"}, {"AWS_REGION", "r1"}};
  AwsAccess a = aws_access({});
  EXPECT_TRUE(a.anonymous());
  EXPECT_EQ(a.region, "r1");
  EXPECT_TRUE(a.path_style);  // an endpoint given: path-style, as S3-compatible stores take
  Settings s;
  s.addressing = Addressing::virtual_host;
  s.s3_endpoint = "https://store.example:8443";
  EXPECT_EQ(object_http_url(aws_access(s), "b", "k"), "https://b.store.example:8443/k");
  s.s3_endpoint = "store.example";
  EXPECT_THROW(aws_access(s), Failure);
  Environment lone{{"HOME", dir.path().c_str()}, {"AWS_ACCESS_KEY_ID", "K"}};
  EXPECT_THROW(aws_access({}), Failure);  // a key without its secret
}

}  // namespace
}  // namespace fastload::remote
