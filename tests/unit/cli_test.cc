#include <gtest/gtest.h>

#include "cli/cli.h"
#include "plan/plan.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <sstream>
#include "base/base.h"
#include "messages.h"

namespace fastload::cli {
namespace {

TEST(ParseSize, UnitsArePowersOf1024) {
  EXPECT_EQ(parse_size("1"), 1u);
  EXPECT_EQ(parse_size("64M"), 64ull << 20);
  EXPECT_EQ(parse_size("64m"), 64ull << 20);
  EXPECT_EQ(parse_size("2K"), 2048u);
  EXPECT_EQ(parse_size("3GiB"), 3ull << 30);
  EXPECT_EQ(parse_size("10B"), 10u);
}

TEST(ParseSize, RejectsWhatIsNotASize) {
  for (const char* bad : {"", "M", "12Q", "-1", "1.5M", "99999999999999999999", "17179869184G"})
    EXPECT_EQ(code_of([&] { parse_size(bad); }), ExitCode::usage) << bad;
}

TEST(ParseTableName, SplitsAtTheFirstUnquotedDot) {
  EXPECT_EQ(parse_table_name("db.t"), std::make_pair(std::string("db"), std::string("t")));
  EXPECT_EQ(parse_table_name("db.t.x"), std::make_pair(std::string("db"), std::string("t.x")));
  EXPECT_EQ(parse_table_name("we`ird 'db.ta\"ble x"),
            std::make_pair(std::string("we`ird 'db"), std::string("ta\"ble x")));
}

TEST(ParseTableName, BackticksQuoteAndDoubleUp) {
  EXPECT_EQ(parse_table_name("`my.db`.`a``b`"), std::make_pair(std::string("my.db"), std::string("a`b")));
  EXPECT_EQ(parse_table_name("`db`.t"), std::make_pair(std::string("db"), std::string("t")));
}

TEST(ParseTableName, RejectsMalformedNames) {
  for (const char* bad : {"", "db", "db.", ".t", "`db.t", "`db`x.t", "`db`.`t`x"})
    EXPECT_EQ(code_of([&] { parse_table_name(bad); }), ExitCode::usage) << bad;
}

TEST(ParseArgs, DefaultsAndOptions) {
  auto parsed = parse_args({"--threads", "3", "--chunk-size", "1K", "-S", "/s", "-u", "me", "f.tsv", "d.t"});
  const request::Request& o = parsed.options;
  EXPECT_EQ(o.load.threads, 3u);
  EXPECT_EQ(o.source.chunk_size, 1024u);
  EXPECT_EQ(o.connection.socket, "/s");
  EXPECT_EQ(o.connection.user, "me");
  EXPECT_EQ(o.source.files, std::vector<std::string>{"f.tsv"});
  EXPECT_EQ(o.target.database, "d");
  EXPECT_EQ(o.target.table, "t");
  EXPECT_EQ(o.source.charset, "utf8mb4");
  EXPECT_FALSE(o.connection.password.has_value());
  EXPECT_GE(parse_args({"f", "d.t"}).options.load.threads, 2u);
  EXPECT_EQ(parse_args({"f", "d.t"}).options.source.chunk_size, 0u);  // decided from the file size
  EXPECT_EQ(code_of([] { parse_args({"--chunk-size", "0", "f", "d.t"}); }), ExitCode::usage);
}

TEST(ParseArgs, ConnectTimeout) {
  EXPECT_EQ(parse_args({"f", "d.t"}).options.sessions.connect_timeout, 10u);
  EXPECT_EQ(parse_args({"--connect-timeout", "3", "f", "d.t"}).options.sessions.connect_timeout, 3u);
  EXPECT_EQ(parse_args({"--connect-timeout", "0", "f", "d.t"}).options.sessions.connect_timeout, 0u);  // no limit
  EXPECT_EQ(code_of([] { parse_args({"--connect-timeout", "-1", "f", "d.t"}); }), ExitCode::usage);
  EXPECT_EQ(code_of([] { parse_args({"--connect-timeout", "soon", "f", "d.t"}); }), ExitCode::usage);
}

TEST(ParseArgs, SeveralFilesThenTheTable) {
  auto o = parse_args({"a.tsv", "parts/*.tsv", "--threads", "2", "b.tsv", "d.t"}).options;
  EXPECT_EQ(o.source.files, (std::vector<std::string>{"a.tsv", "parts/*.tsv", "b.tsv"}));
  EXPECT_EQ(o.target.table, "t");
  EXPECT_EQ(code_of([] { parse_args({"--mode", "server", "a", "b", "d.t"}); }), ExitCode::usage);
  EXPECT_EQ(code_of([] { parse_args({"--mode", "bulk", "a", "b", "d.t"}); }), ExitCode::usage);
}

TEST(ParseArgs, BulkIsOneStatementOfTheWholeFile) {
  auto o = parse_args({"--mode", "bulk", "f", "d.t"}).options;
  EXPECT_EQ(o.load.mode, request::Mode::bulk);
  EXPECT_TRUE(o.whole_file());
  EXPECT_FALSE(parse_args({"--mode", "load", "f", "d.t"}).options.whole_file());
  EXPECT_EQ(parse_args({"--mode", "bulk", "--threads", "1", "f", "d.t"}).options.load.mode, request::Mode::bulk);
  for (std::vector<std::string> bad : std::vector<std::vector<std::string>>{
           {"--mode", "bulk", "--threads", "2", "f", "d.t"}, {"--mode", "bulk", "--chunk-size", "1M", "f", "d.t"},
           {"--mode", "bulk", "--on-duplicate", "ignore", "f", "d.t"},
           {"--mode", "bulk", "--on-duplicate", "replace", "f", "d.t"}})
    EXPECT_EQ(code_of([&] { parse_args(bad); }), ExitCode::usage) << bad[2];
}

TEST(DefaultChunkSize, ThirtyTwoChunksBetween1MAnd64M) {
  EXPECT_EQ(request::default_chunk_size(0), 1u << 20);
  EXPECT_EQ(request::default_chunk_size(10u << 20), 1u << 20);
  EXPECT_EQ(request::default_chunk_size(320u << 20), 10u << 20);
  EXPECT_EQ(request::default_chunk_size(4ull << 30), 64u << 20);
}

TEST(ParseArgs, PartKOfN) {
  const request::Request r = parse_args({"--part", "2/3", "f", "d.t"}).options;
  EXPECT_EQ(r.scale.part, 2u);
  EXPECT_EQ(r.scale.parts, 3u);
  const plan::TablePlan o(r);
  // Chunk i of the file when i mod N = K-1; later files shifted by their position.
  EXPECT_FALSE(o.in_part(0, 0));
  EXPECT_TRUE(o.in_part(0, 1));
  EXPECT_TRUE(o.in_part(0, 4));
  EXPECT_TRUE(o.in_part(1, 0));
  EXPECT_TRUE(plan::TablePlan(request::Request{}).in_part(5, 7));  // one part: every chunk
  for (const char* bad : {"0/2", "3/2", "2", "1/0", "a/b", "1/2/3", "-1/2", " 1/2", "1/70000"})
    EXPECT_EQ(code_of([&] { parse_args({"--part", bad, "f", "d.t"}); }), ExitCode::usage) << bad;
  for (std::vector<std::string> bad : std::vector<std::vector<std::string>>{
           {"--part", "1/2", "--atomic", "f", "d.t"}, {"--part", "1/2", "--defer-indexes", "f", "d.t"},
           {"--part", "1/2", "--mode", "server", "f", "d.t"}, {"--part", "1/2", "--mode", "bulk", "f", "d.t"}})
    EXPECT_EQ(code_of([&] { parse_args(bad); }), ExitCode::usage) << bad[2];
}

// The plan of what parse_args makes of `args`.
bool defers_if_empty(const std::vector<std::string>& args) {
  const request::Request r = parse_args(args).options;
  return plan::TablePlan(r).defer_indexes_if_empty;
}

TEST(ParseArgs, AnEmptyTablesIndexesAreDeferredUnlessAnOptionNeedsThemInPlace) {
  EXPECT_TRUE(defers_if_empty({"f", "d.t"}));
  EXPECT_TRUE(defers_if_empty({"--mode", "load", "f", "d.t"}));
  for (std::vector<std::string> kept : std::vector<std::vector<std::string>>{
           {"--keep-indexes", "f", "d.t"}, {"--atomic", "f", "d.t"}, {"--part", "1/2", "f", "d.t"},
           {"--mode", "bulk", "f", "d.t"}})
    EXPECT_FALSE(defers_if_empty(kept)) << kept[0];
  EXPECT_EQ(code_of([&] { parse_args({"--keep-indexes", "--defer-indexes", "f", "d.t"}); }), ExitCode::usage);
}

// Arguments that all name SQL dumps are files (the databases the dumps' own); "-" alone is a dump on standard input
// that names its databases. Anything else ends with the target.
TEST(ParseArgs, SeveralDumpsNeedNoTarget) {
  auto o = parse_args({"a.sql", "b.sql.gz"}).options;
  EXPECT_EQ(o.source.files, (std::vector<std::string>{"a.sql", "b.sql.gz"}));
  EXPECT_EQ(o.target.database, "");
  o = parse_args({"-"}).options;
  EXPECT_EQ(o.source.files, std::vector<std::string>{"-"});
  EXPECT_EQ(o.target.database, "");
  o = parse_args({"a.sql", "b.sql", "db"}).options;
  EXPECT_EQ(o.source.files, (std::vector<std::string>{"a.sql", "b.sql"}));
  EXPECT_EQ(o.target.database, "db");
  o = parse_args({"-", "db"}).options;
  EXPECT_EQ(o.source.files, std::vector<std::string>{"-"});
  EXPECT_EQ(o.target.database, "db");
}

TEST(ParseArgs, ShardConnections) {
  auto o = parse_args({"--shard", "s1=/etc/s1.cnf", "--shard", "s2=loader@db2:3307", "--shard", "s3=db3",
                       "--shard", "s4=/run/mysqld/mysqld.sock", "--shard", "s5=me@/tmp/x.sock", "f", "d.t"})
               .options;
  ASSERT_EQ(o.scale.shards.size(), 5u);
  EXPECT_EQ(o.scale.shards[0].name, "s1");
  EXPECT_EQ(o.scale.shards[0].connection.defaults_file, "/etc/s1.cnf");
  EXPECT_EQ(o.scale.shards[1].connection.user, "loader");
  EXPECT_EQ(o.scale.shards[1].connection.host, "db2");
  EXPECT_EQ(o.scale.shards[1].connection.port, 3307u);
  EXPECT_EQ(o.scale.shards[2].connection.host, "db3");
  EXPECT_EQ(o.scale.shards[2].connection.port, 0u);
  EXPECT_EQ(o.scale.shards[3].connection.socket, "/run/mysqld/mysqld.sock");
  EXPECT_EQ(o.scale.shards[4].connection.user, "me");
  EXPECT_EQ(o.scale.shards[4].connection.socket, "/tmp/x.sock");
  for (const char* bad : {"s1", "=db", "s1=", "s1=u:secret@db", "s1=db:0", "s1=db:x", "s1=db:99999", "s1=u@"})
    EXPECT_EQ(code_of([&] { parse_args({"--shard", bad, "f", "d.t"}); }), ExitCode::usage) << bad;
  EXPECT_EQ(code_of([] { parse_args({"--shard", "s1=a", "--shard", "s1=b", "f", "d.t"}); }), ExitCode::usage);
  EXPECT_EQ(code_of([] { parse_args({"--shard", "s1=a", "--via-head", "f", "d.t"}); }), ExitCode::usage);
  EXPECT_TRUE(parse_args({"--via-head", "f", "d.t"}).options.scale.via_head);
}

TEST(ParseArgs, PasswordForms) {
  EXPECT_EQ(parse_args({"-psecret", "f", "d.t"}).options.connection.password, "secret");
  EXPECT_EQ(parse_args({"--password=secret", "f", "d.t"}).options.connection.password, "secret");
  // -p alone prompts; it never takes the next argument as the password.
  auto prompt = parse_args({"-p", "/dev/null", "d.t"}).options;
  EXPECT_TRUE(prompt.connection.prompt_password);
  EXPECT_FALSE(prompt.connection.password.has_value());
  EXPECT_EQ(prompt.source.files, std::vector<std::string>{"/dev/null"});
  EXPECT_TRUE(parse_args({"f", "--password", "-v", "d.t"}).options.connection.prompt_password);
}

TEST(ParseArgs, RefusesBadCombinations) {
  for (std::vector<std::string> bad : std::vector<std::vector<std::string>>{
           {"f"}, {"--threads", "0", "f", "d.t"}, {"--charset", "gb18030", "f", "d.t"},
           {"--charset", "x;drop", "f", "d.t"}, {"--ssl-mode", "sometimes", "f", "d.t"}, {"--nope", "f", "d.t"}})
    EXPECT_EQ(code_of([&] { parse_args(bad); }), ExitCode::usage) << bad[0];
}

// The message of the usage failure `args` raise ("" if they parse).
std::string usage_message_of(const std::vector<std::string>& args) {
  try {
    parse_args(args);
  } catch (const Failure& e) {
    EXPECT_EQ(e.code(), ExitCode::usage) << e.what();
    return e.what();
  }
  return "";
}

// The argument after a bare -p or --password that names no file may be a password given apart: refused, unprinted.
TEST(ParseArgs, RefusesAPasswordGivenApartWithoutPrintingIt) {
  for (std::vector<std::string> args : std::vector<std::vector<std::string>>{
           {"-p", "Hush-pw", "f", "d.t"}, {"--password", "Hush-pw", "f", "d.t"}, {"f", "d.t", "-p", "Hush-pw"},
           {"f", "-p", "Hush-pw", "d.t"}, {"-p", "Hush-*-pw", "f", "d.t"}}) {
    std::string message = usage_message_of(args);
    EXPECT_NE(message.find("names no file; it may be a password given apart"), std::string::npos) << message;
    EXPECT_EQ(message.find("Hush"), std::string::npos) << message;
  }
}

// No numeric option takes a negative value (CLI11 alone would wrap "-1" to 2^64 - 1), a value outside its
// field's range or one that is not plain decimal; the message names the option.
TEST(ParseArgs, NumericOptionsRefuseNegativeAndOutOfRangeValues) {
  const char* options[] = {"--threads", "--skip-rows", "--batch-rows", "--max-errors", "--retries",
                           "--port", "-P", "--chunk-size", "--max-rate", "--part"};
  for (const char* option : options)
    for (const char* bad : {"-1", "-0", "-18446744073709551615", "18446744073709551616",
                            "99999999999999999999999", "0x10", "+1", " 1", "1.5", "1e3", ""}) {
      const std::string message = usage_message_of({"--mode", "insert", option, bad, "f", "d.t"});
      EXPECT_TRUE(without_program_prefix(message)) << option << " " << bad << ": " << message;
      const std::string named = std::string(option) == "-P" ? "--port" : option;
      EXPECT_NE(message.find(named), std::string::npos) << option << " " << bad << ": " << message;
    }
  for (std::vector<std::string> bad : std::vector<std::vector<std::string>>{
           {"--threads", "257"}, {"--retries", "4294967296"}, {"--port", "65536"}, {"--part", "1/65536"}})
    EXPECT_NE(usage_message_of({bad[0], bad[1], "f", "d.t"}).find(bad[0]), std::string::npos) << bad[1];
}

TEST(ParseArgs, NumericOptionsTakeTheirWholeRange) {
  auto o = parse_args({"--threads", "256", "--skip-rows", "18446744073709551615", "--max-errors", "0",
                       "--retries", "4294967295", "-P", "65535", "f", "d.t"}).options;
  EXPECT_EQ(o.load.threads, 256u);
  EXPECT_EQ(o.source.dialect.skip_rows, UINT64_MAX);
  EXPECT_EQ(o.conflicts.max_errors, 0u);
  EXPECT_EQ(o.load.retries, 4294967295u);
  EXPECT_EQ(o.connection.port, 65535u);
  // Decimal, whatever the leading zeros (strtoull would read "010" as octal 8).
  o = parse_args({"--threads", "010", "--skip-rows", "0008", "--mode", "insert", "--batch-rows", "09",
                  "f", "d.t"}).options;
  EXPECT_EQ(o.load.threads, 10u);
  EXPECT_EQ(o.source.dialect.skip_rows, 8u);
  EXPECT_EQ(o.load.batch_rows, 9u);
  EXPECT_EQ(parse_args({"--part", "02/010", "f", "d.t"}).options.scale.parts, 10u);
}

TEST(HidePassword, BlanksTheValueInPlace) {
  char a0[] = "fastload", a1[] = "-psecret", a2[] = "--password=hunter2", a3[] = "-u", a4[] = "-pfile";
  char* argv[] = {a0, a1, a2, a3, a4};
  hide_password_in_argv(5, argv);
  EXPECT_STREQ(argv[1], "-pxxxxxx");
  EXPECT_STREQ(argv[2], "--password=xxxxxxx");
  EXPECT_STREQ(argv[3], "-u");
  // A password given apart after a bare -p too; an existing file there stays.
  char b1[] = "-p", b2[] = "Hush-pw", b3[] = "--password", b4[] = "/dev/null";
  char* apart[] = {a0, b1, b2, b3, b4};
  hide_password_in_argv(5, apart);
  EXPECT_STREQ(apart[2], "xxxxxxx");
  EXPECT_STREQ(apart[4], "/dev/null");
}

}  // namespace
}  // namespace fastload::cli

namespace fastload::cli {
namespace {

TEST(ParseArgs, AcceptConversionKinds) {
  EXPECT_EQ(parse_args({"f", "d.t"}).options.conflicts.accepted_conversions, 0u);
  EXPECT_EQ(parse_args({"--accept-conversion", "int-fraction,bit-text", "f", "d.t"}).options.conflicts.accepted_conversions,
            unsigned{request::kIntFraction | request::kBitText});
  EXPECT_EQ(parse_args({"--accept-conversion", "time-fraction", "--accept-conversion=enum-index", "f", "d.t"})
                .options.conflicts.accepted_conversions, unsigned{request::kTimeFraction | request::kEnumIndex});
  EXPECT_EQ(parse_args({"--accept-conversion", "all", "f", "d.t"}).options.conflicts.accepted_conversions,
            unsigned{request::kAllConversions});
  auto files = parse_args({"--accept-conversion", "timestamp-null", "f", "d.t"}).options.source.files;
  EXPECT_EQ(files, std::vector<std::string>{"f"});  // one value an occurrence: the file is not taken for a kind
  for (const char* bad : {"int", "INT-FRACTION", "", "int-fraction;bit-text", "int-fraction,nope"})
    EXPECT_NE(usage_message_of({"--accept-conversion", bad, "f", "d.t"}), "") << bad;
}

}  // namespace
}  // namespace fastload::cli

namespace fastload::cli {
namespace {

// Whether `args` (then "f d.t" and "--mode NAME") parse: the rule's outcome for that mode.
bool accepted(const request::ModeTraits& m, std::vector<std::string> args) {
  args.insert(args.begin(), {"--mode", m.name});
  if (std::find(args.begin(), args.end(), "d.t") == args.end()) args.insert(args.end(), {"f", "d.t"});
  return usage_message_of(args).empty();
}

// Each mode rule follows its trait in the mode table, for every mode.
TEST(ParseArgs, ModeRulesFollowTheModeTable) {
  for (const request::ModeTraits& m : request::all_modes()) {
    SCOPED_TRACE(m.name);
    EXPECT_EQ(parse_args({"--mode", m.name, "f", "d.t"}).options.load.mode, m.mode);
    EXPECT_EQ(accepted(m, {"--batch-rows", "5"}), m.batches);
    EXPECT_EQ(accepted(m, {"--no-array-binding"}), m.array_binding);
    EXPECT_EQ(accepted(m, {"--threads", "2"}), !m.whole_file);
    EXPECT_EQ(accepted(m, {"--chunk-size", "1M"}), !m.whole_file);
    EXPECT_EQ(accepted(m, {"--part", "1/2"}), !m.whole_file);
    EXPECT_EQ(accepted(m, {"a", "b", "d.t"}), !m.whole_file);
    EXPECT_EQ(accepted(m, {"--on-duplicate", "ignore"}), !m.bulk_path);
    EXPECT_EQ(accepted(m, {"--rejects", "r"}), !m.server_reads_file);
    EXPECT_EQ(accepted(m, {"--max-errors", "3"}), !m.server_reads_file);
    EXPECT_EQ(accepted(m, {"--max-rate", "1M"}), !m.server_reads_file);
    EXPECT_EQ(accepted(m, {"--compress"}), !m.server_reads_file);
    EXPECT_EQ(accepted(m, {"--charset", "utf16"}), !m.server_reads_file);  // the server cannot split its lines
    EXPECT_EQ(accepted(m, {"--charset", "sjis", "--columns", "id,@x", "--set", "c = HEX(@x)"}), m.server_reads_file);
    EXPECT_EQ(parse_args({"--mode", m.name, "f", "d.t"}).options.whole_file(), m.whole_file);
  }
}

TEST(ParseArgs, ModeMessagesNameTheModes) {
  EXPECT_NE(usage_message_of({"--batch-rows", "5", "f", "d.t"}).find(
                "--batch-rows applies to --mode insert and multirow only"), std::string::npos);
  EXPECT_NE(usage_message_of({"--no-array-binding", "f", "d.t"}).find(
                "--no-array-binding applies to --mode insert only"), std::string::npos);
  EXPECT_NE(usage_message_of({"--mode", "bulk", "--threads", "2", "f", "d.t"}).find(
                "--mode bulk loads the whole file in one statement"), std::string::npos);
  EXPECT_NE(usage_message_of({"--mode", "Server", "a", "b", "d.t"}).find(
                "--mode server loads one file in one statement: run it once per file;"), std::string::npos);
  EXPECT_NE(usage_message_of({"--mode", "nope", "f", "d.t"}).find("--mode"), std::string::npos);
}

// --help as the mysql tools have it: within 100 columns, no parser internals, every option, -? the same.
std::string help_text(const std::string& flag) {
  testing::internal::CaptureStdout();
  const bool exited = parse_args({flag}).exit_now;
  std::string text = testing::internal::GetCapturedStdout();
  EXPECT_TRUE(exited);
  return text;
}

TEST(Help, FitsAHundredColumnsAndListsEveryOption) {
  const std::string help = help_text("--help");
  std::istringstream lines(help);
  std::string line;
  while (std::getline(lines, line)) EXPECT_LE(line.size(), 100u) << line;
  EXPECT_EQ(help.find("->"), std::string::npos);
  EXPECT_EQ(help.find("ENUM"), std::string::npos);
  EXPECT_EQ(help.find("UINT"), std::string::npos);
  for (const char* option : {"--threads", "--mode", "--csv", "--columns", "--set", "--resume", "--rejects",
                             "--defer-indexes", "--part", "--shard", "--json", "--host", "--port", "--socket",
                             "--protocol", "--password", "--ssl-mode", "--connect-timeout", "--no-defaults",
                             "--defaults-file", "--defaults-extra-file", "--defaults-group-suffix",
                             "--print-defaults", "--on-duplicate", "--accept-conversion", "--version"})
    EXPECT_NE(help.find(option), std::string::npos) << option;
  EXPECT_NE(help.find("Examples:"), std::string::npos);
  EXPECT_EQ(help_text("-?"), help);
}

TEST(Help, EnumsByNameOnly) {
  EXPECT_EQ(parse_args({"--mode", "INSERT", "f", "d.t"}).options.load.mode, request::Mode::insert);
  EXPECT_EQ(parse_args({"--on-duplicate", "replace", "f", "d.t"}).options.conflicts.on_duplicate, request::OnDuplicate::replace);
  for (const char* bad : {"3", "0", "rows", ""}) {
    std::string why;
    try {
      parse_args({"--mode", bad, "f", "d.t"});
    } catch (const Failure& e) {
      why = e.what();
      EXPECT_EQ(e.code(), ExitCode::usage);
    }
    EXPECT_NE(why.find("load, insert, multirow, row, server, bulk"), std::string::npos) << bad << ": " << why;
  }
  EXPECT_EQ(code_of([] { parse_args({"--on-duplicate", "1", "f", "d.t"}); }), ExitCode::usage);
  EXPECT_EQ(code_of([] { parse_args({"--protocol", "pipe", "f", "d.t"}); }), ExitCode::usage);
}

// As in the mysql tools, a repeated option's last value wins; the options given once per item collect.
TEST(ParseArgs, TheLastOfARepeatedOptionWins) {
  const request::Request o = parse_args({"--threads", "2", "--threads", "5", "--mode", "row", "--mode", "insert", "-u", "a",
                                "--user", "b", "--chunk-size", "1M", "--chunk-size", "2M", "--set", "a = 1", "--set",
                                "b = 2", "--accept-conversion", "bit-text", "--accept-conversion", "enum-index",
                                "f", "d.t"})
                        .options;
  EXPECT_EQ(o.load.threads, 5u);
  EXPECT_EQ(o.load.mode, request::Mode::insert);
  EXPECT_EQ(o.connection.user, "b");
  EXPECT_EQ(o.source.chunk_size, 2u << 20);
  EXPECT_EQ(o.target.set.size(), 2u);
  EXPECT_EQ(o.conflicts.accepted_conversions, unsigned{request::kBitText | request::kEnumIndex});
  EXPECT_EQ(*parse_args({"-pone", "--password=two", "f", "d.t"}).options.connection.password, "two");
}

// As the mariadb client: -P on the command line means TCP, -S a socket, the last of them and --protocol wins.
TEST(ParseArgs, PortOnTheCommandLineMeansTcp) {
  auto protocol = [](std::vector<std::string> args) {
    args.insert(args.end(), {"f", "d.t"});
    return parse_args(args).options.connection.protocol;
  };
  EXPECT_EQ(protocol({"-h", "localhost", "-P", "3499"}), request::Protocol::tcp);
  EXPECT_EQ(protocol({"-P", "3499", "-S", "/s"}), request::Protocol::socket);
  EXPECT_EQ(protocol({"-S", "/s", "--port=3499"}), request::Protocol::tcp);
  EXPECT_EQ(protocol({"-P", "3499", "--protocol", "SOCKET"}), request::Protocol::socket);
  EXPECT_EQ(protocol({"--protocol", "socket", "-P", "3499"}), request::Protocol::tcp);
  EXPECT_EQ(protocol({"--protocol", "tcp"}), request::Protocol::tcp);
  EXPECT_EQ(protocol({"-h", "db1"}), request::Protocol::any);
}

}  // namespace
}  // namespace fastload::cli
