// Option files as the mariadb client reads them (cli/option_files.h), and what parse_args makes of them.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cstdlib>
#include <functional>

#include "base/base.h"
#include "cli/cli.h"
#include "cli/option_files.h"
#include "temp_dir.h"

namespace fastload::cli {
namespace {

// parse_args reads the user's option files, as fastload does: every unit test runs with a HOME of its own
// (no ~/.my.cnf) and without the variables that name more files or groups, whoever runs it.
class NoUserOptionFiles : public testing::Environment {
 public:
  void SetUp() override {
    ::setenv("HOME", home_.path().c_str(), 1);
    for (const char* name : {"MYSQL_HOME", "MARIADB_HOME", "MYSQL_GROUP_SUFFIX"}) ::unsetenv(name);
  }

 private:
  TempDir home_;
};
[[maybe_unused]] testing::Environment* const kNoUserOptionFiles =
    testing::AddGlobalTestEnvironment(new NoUserOptionFiles);

std::string failure_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Failure& e) {
    return e.what();
  }
  return "";
}

std::vector<FileOption> read(const std::string& file, const std::string& suffix = "") {
  return read_option_files({file}, {{file, "--defaults-file"}}, suffix);
}

TEST(OptionFiles, LinesAsMysysReadsThem) {
  TempDir dir;
  const std::string file = dir.write(
      "# comment\n; comment too\n[client]\nuser = loader\nhost=db1  # a comment after a value\n"
      "[mysqld]\nport=1\n[fastload]\nmax_errors=3\nloose-no-such-option=1\nresume\n"
      "password = \"a # b\"\ncolumns='a,b'\nfields-terminated-by=\\t\nlines-starting-by = \"\\s>\"\n"
      "[CLIENT-MARIADB]\nsocket=/s\n",
      "my.cnf");
  const std::vector<FileOption> options = read(file);
  ASSERT_EQ(options.size(), 10u);
  EXPECT_EQ(options[0].name, "user");
  EXPECT_EQ(*options[0].value, "loader");
  EXPECT_TRUE(options[0].client_group);
  EXPECT_EQ(options[0].line, 4u);
  EXPECT_EQ(*options[1].value, "db1");
  EXPECT_EQ(options[2].name, "max-errors");  // '_' is '-'; [mysqld]'s port is not read
  EXPECT_FALSE(options[2].client_group);
  EXPECT_EQ(options[3].name, "no-such-option");
  EXPECT_TRUE(options[3].loose);
  EXPECT_FALSE(options[4].value.has_value());  // `resume` alone
  EXPECT_EQ(*options[5].value, "a # b");       // '#' inside quotes is no comment
  EXPECT_EQ(*options[6].value, "a,b");
  EXPECT_EQ(*options[7].value, "\t");
  EXPECT_EQ(*options[8].value, " >");
  EXPECT_EQ(*options[9].value, "/s");  // group names are case-insensitive
  EXPECT_EQ(options[9].file, file);
}

TEST(OptionFiles, IncludesAndSuffixedGroups) {
  TempDir dir;
  std::filesystem::create_directory(dir.path("conf.d"));
  dir.write("[client]\nuser=b\n", "conf.d/b.cnf");
  dir.write("[client]\nuser=a\n", "conf.d/a.cnf");
  dir.write("[client]\nuser=ignored\n", "conf.d/c.txt");
  dir.write("[fastload]\nthreads=4\n[fastload_night]\nthreads=1\n", "more.cnf");
  const std::string file = dir.write("[client]\n!include " + dir.path("more.cnf") + "\n!includedir " +
                                         dir.path("conf.d") + "\n!include " + dir.path("missing.cnf") + "\n",
                                     "my.cnf");
  std::vector<FileOption> options = read(file);
  ASSERT_EQ(options.size(), 3u);
  EXPECT_EQ(*options[0].value, "4");
  EXPECT_EQ(*options[1].value, "a");  // the directory's *.cnf files by name
  EXPECT_EQ(*options[2].value, "b");
  options = read(file, "_night");
  ASSERT_EQ(options.size(), 4u);
  EXPECT_EQ(*options[1].value, "1");
}

TEST(OptionFiles, BadLinesNameTheirFileAndLine) {
  TempDir dir;
  EXPECT_NE(failure_of([&] { read(dir.write("user=x\n", "a.cnf")); }).find("a.cnf line 1"), std::string::npos);
  EXPECT_NE(failure_of([&] { read(dir.write("[client\n", "b.cnf")); }).find("b.cnf line 1"), std::string::npos);
  EXPECT_NE(failure_of([&] { read(dir.write("[client]\n!includ x\n", "c.cnf")); }).find("c.cnf line 2"),
            std::string::npos);
  EXPECT_NE(failure_of([&] { read(dir.path("none.cnf")); }).find("cannot open the option file"), std::string::npos);
  EXPECT_TRUE(read_option_files({dir.path("none.cnf")}, {}, "").empty());  // a default file may be missing
}

TEST(OptionFiles, AWorldWritableFileIsIgnored) {
  TempDir dir;
  const std::string file = dir.write("[client]\nuser=x\n", "my.cnf");
  ::chmod(file.c_str(), 0666);
  EXPECT_TRUE(read(file).empty());
}

TEST(OptionFiles, TheStandardOptionsAnywhere) {
  const OptionFileChoice choice = choose_option_files(
      {"--threads", "2", "--defaults-file", "/a.cnf", "--defaults-extra-file=/b.cnf", "--no-defaults",
       "--defaults-group-suffix", "_x", "--print-defaults", "f", "d.t"});
  EXPECT_EQ(*choice.defaults_file, "/a.cnf");
  EXPECT_EQ(*choice.extra_file, "/b.cnf");
  EXPECT_EQ(choice.group_suffix, "_x");
  EXPECT_TRUE(choice.no_defaults);
  EXPECT_TRUE(choice.print_defaults);
  const std::vector<std::string> files = default_option_files(std::string("/b.cnf"));
  ASSERT_GE(files.size(), 3u);
  EXPECT_EQ(files[0], "/etc/my.cnf");
  EXPECT_EQ(files[1], "/etc/mysql/my.cnf");
  EXPECT_EQ(files[files.size() - 2], "/b.cnf");  // after the global files, before ~/.my.cnf
}

TEST(OptionFiles, EveryLongOptionInFastloadsGroupAndTheCommandLineWins) {
  TempDir dir;
  const std::string file = dir.write(
      "[client]\nuser=loader\npassword=secret\ndefault-character-set=utf8mb4\nssl-cert=/c.pem\nskip-auto-rehash\n"
      "verbose\n[fastload]\nthreads=1\nmode=insert\nresume\nskip-rows=1\nset=c = 1\nport=3307\n",
      "my.cnf");
  request::Request o = parse_args({"--defaults-file", file, "f", "d.t"}).options;
  EXPECT_EQ(o.load.threads, 1u);
  EXPECT_EQ(o.load.mode, request::Mode::insert);
  EXPECT_TRUE(o.checkpoint.resume);
  EXPECT_EQ(o.source.dialect.skip_rows, 1u);
  EXPECT_EQ(o.target.set.size(), 1u);
  EXPECT_EQ(o.connection.user, "loader");
  EXPECT_EQ(*o.connection.password, "secret");
  EXPECT_EQ(o.connection.port, 3307u);
  EXPECT_EQ(o.connection.protocol, request::Protocol::any);  // a port from a file chooses no protocol
  EXPECT_FALSE(o.output.verbose);  // [client]'s verbose is the mariadb client's
  ASSERT_EQ(o.connection.library_options.size(), 1u);
  EXPECT_EQ(o.connection.library_options[0].first, "ssl-cert");
  o = parse_args({"--defaults-file", file, "--threads", "3", "--set", "d = 2", "-u", "me", "f", "d.t"}).options;
  EXPECT_EQ(o.load.threads, 3u);
  EXPECT_EQ(o.connection.user, "me");
  EXPECT_EQ(o.target.set.size(), 2u);  // --set collects: the file's, then the command line's
}

// A dump's text is read in --charset when it is given, from [fastload] too; [client]'s default-character-set is
// the mysql tools' connection charset, which says nothing of a dump's files (run/database.cc).
TEST(OptionFiles, CharsetGivenByFastloadsGroupNotByClients) {
  TempDir dir;
  const std::string client = dir.write("[client]\ndefault-character-set=latin1\n", "client.cnf");
  request::Request o = parse_args({"--defaults-file", client, "f", "d"}).options;
  EXPECT_FALSE(o.source.charset_given);
  EXPECT_EQ(o.source.charset, "utf8mb4");
  const std::string fastload = dir.write("[fastload]\ncharset=latin1\n", "fastload.cnf");
  o = parse_args({"--defaults-file", fastload, "f", "d"}).options;
  EXPECT_TRUE(o.source.charset_given);
  EXPECT_EQ(o.source.charset, "latin1");
  EXPECT_TRUE(parse_args({"--no-defaults", "--charset", "binary", "f", "d"}).options.source.charset_given);
  EXPECT_FALSE(parse_args({"--no-defaults", "f", "d"}).options.source.charset_given);
}

TEST(OptionFiles, UnknownKeysAreRefusedWithTheirFileAndLine) {
  TempDir dir;
  const std::string fastload_group = dir.write("[fastload]\nthreads=1\nthreds=2\n", "a.cnf");
  std::string why = failure_of([&] { parse_args({"--defaults-file", fastload_group, "f", "d.t"}); });
  EXPECT_NE(why.find("a.cnf line 3"), std::string::npos) << why;
  EXPECT_NE(why.find("'threds'"), std::string::npos) << why;
  const std::string client_group = dir.write("[client]\nfoo=1\n", "b.cnf");
  why = failure_of([&] { parse_args({"--defaults-file", client_group, "f", "d.t"}); });
  EXPECT_NE(why.find("b.cnf line 2"), std::string::npos) << why;
  // [client] serves every mysql tool: fastload's own options other than the connection's are not read there.
  const std::string threads = dir.write("[client]\nthreads=1\n", "c.cnf");
  EXPECT_NE(failure_of([&] { parse_args({"--defaults-file", threads, "f", "d.t"}); }), "");
  const std::string loose = dir.write("[client]\nloose-foo=1\n[fastload]\nloose-threds=2\n", "d.cnf");
  EXPECT_EQ(failure_of([&] { parse_args({"--defaults-file", loose, "f", "d.t"}); }), "");
  EXPECT_NE(failure_of([&] { parse_args({"--defaults-file", dir.path("none.cnf"), "f", "d.t"}); }), "");
  const std::string no_value = dir.write("[fastload]\nthreads\n", "e.cnf");
  EXPECT_NE(failure_of([&] { parse_args({"--defaults-file", no_value, "f", "d.t"}); }).find("needs a value"),
            std::string::npos);
}

TEST(OptionFiles, NoDefaultsAndTheShardsFile) {
  TempDir dir;
  const std::string file = dir.write("[client]\nuser=u\npassword=p\nhost=h1\n[fastload]\nport=3310\n", "s1.cnf");
  const request::ConnectionOptions c = read_connection_file(file);
  EXPECT_EQ(c.user, "u");
  EXPECT_EQ(*c.password, "p");
  EXPECT_EQ(c.host, "h1");
  EXPECT_EQ(c.port, 3310u);
  EXPECT_EQ(c.defaults_file, file);
  EXPECT_TRUE(parse_args({"--no-defaults", "--defaults-file", file, "f", "d.t"}).options.connection.user.empty());
}

TEST(OptionFiles, APasswordAloneAsksUnlessTheCommandLineGivesOne) {
  TempDir dir;
  const std::string file = dir.write("[client]\npassword\n", "my.cnf");
  request::ConnectionOptions c = parse_args({"--defaults-file", file, "f", "d.t"}).options.connection;
  EXPECT_TRUE(c.prompt_password);
  c = parse_args({"--defaults-file", file, "-psecret", "f", "d.t"}).options.connection;
  EXPECT_FALSE(c.prompt_password);
  EXPECT_EQ(*c.password, "secret");
  const std::string secret = dir.write("[client]\npassword=x\n", "secret.cnf");
  c = parse_args({"--defaults-file", secret, "-p", secret, "d.t"}).options.connection;
  EXPECT_TRUE(c.prompt_password);
  EXPECT_FALSE(c.password.has_value());
}

}  // namespace
}  // namespace fastload::cli
