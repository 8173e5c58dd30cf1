// The command line's refusals say what to give: the option, the value as typed, and the values it takes
// (tests/golden holds the whole wording of one case each).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "base/base.h"
#include "cli/cli.h"
#include "messages.h"
#include "temp_dir.h"

namespace fastload::cli {
namespace {

// The message of the usage failure `args` raise ("" if they parse).
std::string refusal_of(const std::vector<std::string>& args) {
  try {
    parse_args(args);
  } catch (const Failure& e) {
    EXPECT_EQ(e.code(), ExitCode::usage) << e.what();
    EXPECT_TRUE(without_program_prefix(e.what())) << e.what();
    return e.what();
  }
  return "";
}

bool says(const std::string& message, const std::string& part) { return message.find(part) != std::string::npos; }

TEST(Messages, AFlagTakesTheBooleanWordsOnly) {
  for (const char* word : {"1", "0", "true", "FALSE", "yes", "No", "on", "off"})
    EXPECT_EQ(refusal_of({std::string("--resume=") + word, "f", "d.t"}), "") << word;
  EXPECT_FALSE(parse_args({"--json=off", "f", "d.t"}).options.output.json);
  EXPECT_TRUE(parse_args({"--json=On", "f", "d.t"}).options.output.json);
  for (const char* bad : {"2", "-1", "maybe", "t", "y", "+", "enable"}) {
    const std::string message = refusal_of({std::string("--json=") + bad, "f", "d.t"});
    EXPECT_TRUE(says(message, fmt::format("'{}' is not a flag's value", bad))) << message;
    EXPECT_TRUE(says(message, "give --json alone, or --json=0 to turn it off")) << message;
  }
}

TEST(Messages, AnOptionGivenLastWithoutItsValueNamesTheValue) {
  EXPECT_TRUE(says(refusal_of({"f", "d.t", "--threads"}), "--threads needs a value: give --threads N"));
  EXPECT_TRUE(says(refusal_of({"f", "d.t", "--rejects"}), "--rejects needs a value: give --rejects FILE"));
  EXPECT_TRUE(says(refusal_of({"f", "d.t", "-P"}), "--port needs a value: give --port N"));
  EXPECT_TRUE(says(refusal_of({"f", "d.t", "--defaults-file"}), "--defaults-file needs a value: give "
                                                                "--defaults-file FILE"));
  EXPECT_TRUE(says(refusal_of({"--quiet"}), "give one or more FILEs, then DB.TABLE"));
}

TEST(Messages, ValuesAreQuotedAsTypedWithWhatToGive) {
  EXPECT_TRUE(says(refusal_of({"--connect-timeout", "-1", "f", "d.t"}),
                   "--connect-timeout: '-1' is not a whole number of seconds: give 0 or more"));
  EXPECT_TRUE(says(refusal_of({"--connect-timeout", "0x10", "f", "d.t"}), "'0x10' is not a whole number"));
  EXPECT_EQ(parse_args({"--connect-timeout", "010", "f", "d.t"}).options.sessions.connect_timeout, 10u);
  EXPECT_TRUE(says(refusal_of({"--resume", "--ledger", "loads", "f", "d.t"}), "--ledger 'loads' is not DB.TABLE"));
  EXPECT_TRUE(says(refusal_of({"--ssl-mode", "strict", "f", "d.t"}), "--ssl-mode 'strict' is not an SSL mode"));
  EXPECT_EQ(parse_args({"--ssl-mode", "verify_ca", "f", "d.t"}).options.connection.ssl_mode, "VERIFY_CA");
  const std::string conversion = refusal_of({"--accept-conversion", "rounding", "f", "d.t"});
  EXPECT_TRUE(says(conversion, "--accept-conversion 'rounding' is not a kind of conversion: give int-fraction, "
                               "time-fraction, timestamp-null, bit-text, enum-index or all"))
      << conversion;
}

TEST(Messages, OptionFileLinesSayHowToWriteThem) {
  TempDir dir;
  auto refusal_of_file = [&](const std::string& text) {
    return refusal_of({"--defaults-file", dir.write(text, "my.cnf"), "f", "d.t"});
  };
  EXPECT_TRUE(says(refusal_of_file("user=x\n"), "put it under a [client] or [fastload] line"));
  EXPECT_TRUE(says(refusal_of_file("[client\n"), "end it with ']'"));
  EXPECT_TRUE(says(refusal_of_file("[client]\n!includ x\n"), "write one of them"));
  EXPECT_TRUE(says(refusal_of_file("[client]\n=1\n"), "write NAME=VALUE"));
  EXPECT_TRUE(says(refusal_of_file("[fastload]\nthreads\n"),
                   "my.cnf line 2: 'threads' needs a value: write threads=N"));
  EXPECT_TRUE(says(refusal_of_file("[fastload]\nresume=2\n"),
                   "my.cnf line 2: '2' is not a value of the flag 'resume': write resume alone, or resume=0"));
  EXPECT_EQ(refusal_of_file("[fastload]\nresume=off\nskip-json\n"), "");
  EXPECT_TRUE(says(refusal_of({"--defaults-extra-file", dir.path("none.cnf"), "f", "d.t"}),
                   "check the path given to --defaults-extra-file"));
  try {
    read_connection_file(dir.path("none.cnf"));
    ADD_FAILURE() << "a missing --shard file is read";
  } catch (const Failure& e) {
    EXPECT_EQ(e.code(), ExitCode::usage);
    EXPECT_TRUE(says(e.what(), "check the path given to --shard or --replica")) << e.what();
  }
}

}  // namespace
}  // namespace fastload::cli
