#include <gtest/gtest.h>

#include "sink/sink.h"
#include "report/diagnostics.h"
#include "report/problem_list.h"
#include "report/report.h"

namespace fastload {
namespace {

TEST(ParseLoadInfo, ReadsTheServersCounts) {
  auto r = sink::parse_load_info("Records: 6  Deleted: 1  Skipped: 2  Warnings: 7");
  EXPECT_EQ(r.records, 6u);
  EXPECT_EQ(r.deleted, 1u);
  EXPECT_EQ(r.skipped, 2u);
  EXPECT_EQ(r.warnings, 7u);
}

TEST(ParseLoadInfo, AnUnreadableReportIsAFailureNotZeroRows) {
  EXPECT_THROW(sink::parse_load_info(""), db::ServerError);
  EXPECT_THROW(sink::parse_load_info("Rows matched: 1"), db::ServerError);
}

TEST(FormatProblem, NamesFileLineByteCodeAndHint) {
  Problem p;
  p.where = {"nodes.tsv", 1234, 98765};
  p.code = 1366;
  p.message = "Incorrect decimal value: 'abc' for column `d`";
  std::string line = report::format_problem(p);
  EXPECT_EQ(line.rfind("nodes.tsv:1234 (byte 98765): Incorrect decimal", 0), 0u) << line;
  EXPECT_NE(line.find("server code 1366"), std::string::npos);
  EXPECT_NE(line.find("not valid for the column"), std::string::npos);
}

TEST(FormatProblem, AMissingParentRowHintsTheLoadOrder) {
  Problem p;
  p.where = {"orders.tsv", 7, 300};
  p.code = 1452;
  p.message = "Cannot add or update a child row: a foreign key constraint fails";
  EXPECT_NE(report::format_problem(p).find("load the parent table first"), std::string::npos);
}

TEST(FormatProblem, WithoutALineNamesTheChunk) {
  Problem p;
  p.where = {"f.tsv", 0, 4096};
  p.chunk_index = 3;
  p.message = "the chunk holds 5 rows but the server read 4";
  EXPECT_EQ(report::format_problem(p), "f.tsv (chunk 3 from byte 4096): the chunk holds 5 rows but the "
                                       "server read 4");
}

// The one place the program's name is added: before every line of a message, however many it has.
TEST(Prefixed, PutsTheProgramNameBeforeEachLine) {
  EXPECT_EQ(report::prefixed("rows rejected"), "fastload: rows rejected");
  EXPECT_EQ(report::prefixed("a: failed\nb: not committed\n  chunk 3"),
            "fastload: a: failed\nfastload: b: not committed\nfastload:   chunk 3");
  EXPECT_EQ(report::prefixed(""), "fastload: ");
  EXPECT_EQ(report::prefixed("x\n"), "fastload: x\nfastload: ");
}

TEST(MakeSpans, MergesNeighboursInOneState) {
  std::vector<Chunk> chunks = {{0, 0, 10, 2, 2, 1, 1}, {1, 10, 20, 3, 3, 3, 3}, {2, 20, 25, 1, 1, 6, 6},
                               {3, 25, 40, 4, 5, 7, 7}};
  const report::SpanState committed{ChunkState::committed}, rejected{ChunkState::rejected}, pending{};
  auto spans = report::make_spans(chunks, {committed, committed, rejected, pending});
  ASSERT_EQ(spans.size(), 3u);
  EXPECT_EQ(spans[0].first_chunk, 0u);
  EXPECT_EQ(spans[0].last_chunk, 1u);
  EXPECT_EQ(spans[0].end, 20u);
  EXPECT_EQ(spans[0].rows, 5u);
  EXPECT_EQ(spans[0].last_line, 5u);
  EXPECT_EQ(spans[1].state.name(), "rejected");
  EXPECT_EQ(spans[2].state.name(), "not loaded");
  EXPECT_EQ(spans[1].first_line, 6u);
  EXPECT_EQ(spans[2].last_line, 11u);
}

TEST(MakeSpans, NeverMergesChunksOfTwoFiles) {
  std::vector<Chunk> chunks = {{.index = 0, .begin = 0, .end = 10, .rows = 2, .lines = 2},
                               {.index = 0, .begin = 0, .end = 8, .rows = 1, .lines = 1, .file = 1},
                               {.index = 1, .begin = 8, .end = 16, .rows = 1, .lines = 1, .first_line = 2, .file = 1}};
  const report::SpanState committed{ChunkState::committed};
  auto spans = report::make_spans(chunks, {committed, committed, committed});
  ASSERT_EQ(spans.size(), 2u);
  EXPECT_EQ(spans[1].file, 1u);
  EXPECT_EQ(spans[1].first_chunk, 0u);
  EXPECT_EQ(spans[1].last_chunk, 1u);
  EXPECT_EQ(spans[1].rows, 2u);
}

TEST(SpanState, NamesWhatBecameOfTheChunks) {
  report::SpanState s{ChunkState::failed};
  s.committed_on = {"s1", "s2"};
  s.not_rolled_back = true;
  EXPECT_EQ(s.name(), "failed: committed on shard s1, s2 only (not rolled back)");
  EXPECT_EQ((report::SpanState{ChunkState::committed, true}.name()), "committed unverified");
  EXPECT_EQ(report::unread_span({}).state.name(), "not read");
  EXPECT_EQ(report::SpanState{ChunkState::other_part}.name(), "another part's");
}

}  // namespace
}  // namespace fastload

namespace fastload {
namespace {

Problem on_line(std::uint64_t line, unsigned code, const char* message = "bad") {
  Problem p;
  p.where = {"f.tsv", line, line * 10};
  p.code = code;
  p.message = message;
  return p;
}

// One line per input line, the first ten, then the true totals and the advice for the common cause.
TEST(ProblemLines, OneLinePerInputLineThenTotalsAndAdvice) {
  std::vector<Problem> problems;
  for (std::uint64_t line = 1; line <= 15; ++line)
    for (int i = 0; i < 3; ++i) problems.push_back(on_line(line, 1261));
  Problem more;
  more.message = "and 100 more problems in this statement";
  more.unlisted = 100;
  problems.push_back(more);
  std::vector<std::string> lines = report::problem_lines(problems, "", true);
  ASSERT_EQ(lines.size(), report::kLinesShown + 2);
  EXPECT_EQ(lines[0].rfind("f.tsv:1 (byte 10): bad (server code 1261)", 0), 0u) << lines[0];
  EXPECT_NE(lines[0].find("[3 problems on this line]"), std::string::npos) << lines[0];
  EXPECT_EQ(lines[9].rfind("f.tsv:10 ", 0), 0u) << lines[9];
  EXPECT_EQ(lines[10], "145 problems in all, on at least 15 lines (the server names the first ones of each "
                       "statement only)");
  EXPECT_NE(lines[11].find("--csv"), std::string::npos) << lines[11];
}

TEST(ProblemLines, FewProblemsAreListedAsTheyAre) {
  std::vector<std::string> lines = report::problem_lines({on_line(3, 1366), on_line(7, 1366)}, "rejected ", false);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].rfind("rejected f.tsv:3 (byte 30): bad (server code 1366)", 0), 0u) << lines[0];
  EXPECT_TRUE(report::problem_lines({}, "", true).empty());
}

TEST(ProblemLines, OnlyTheFirstLineRefusedSuggestsAHeader) {
  std::vector<std::string> lines = report::problem_lines({on_line(1, 1366), on_line(1, 1366)}, "", true);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_NE(lines[2].find("--skip-rows 1"), std::string::npos) << lines[2];
  lines = report::problem_lines({on_line(1, 1062), on_line(2, 1062)}, "", true);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_NE(lines[2].find("--on-duplicate"), std::string::npos) << lines[2];
}

}  // namespace
}  // namespace fastload
