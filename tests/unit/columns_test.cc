// --columns and --set: parsing, the reading of user SQL (sql_text), the
// checks against the table, the LOAD DATA clauses and the INSERT modes'
// statements, and the field counts of rows (no server needed).
#include <gtest/gtest.h>

#include <fmt/core.h>
#include <functional>
#include <optional>

#include "cli/cli.h"
#include "base/base.h"
#include "messages.h"
#include "text/text.h"
#include "table/table.h"
#include "sink/insert_shape.h"

namespace fastload {
using cli::parse_args;
using cli::parse_assignment;
using cli::parse_columns;
using cli::parse_partitions;
namespace {

// The usage message a call throws; nullopt when it throws none.
std::optional<std::string> usage_message(const std::function<void()>& f) {
  try {
    f();
  } catch (const Failure& e) {
    EXPECT_EQ(e.code(), ExitCode::usage);
    EXPECT_TRUE(without_program_prefix(e.what())) << e.what();
    return e.what();
  }
  return std::nullopt;
}

std::vector<std::string> variable_names(std::string_view sql, bool backslash_escapes = true) {
  std::vector<std::string> names;
  for (const auto& v : text::scan_sql(sql, backslash_escapes).variables) names.push_back(v.name);
  return names;
}

using Names = std::vector<std::string>;

TEST(ParseColumns, EntriesAndVariables) {
  EXPECT_EQ(parse_columns("a,@skip, b ,@x"),
            (std::vector<request::ColumnEntry>{{"a", false}, {"skip", true}, {"b", false}, {"x", true}}));
  EXPECT_EQ(parse_columns("`a,b`,@`x y`,`c``d`"),
            (std::vector<request::ColumnEntry>{{"a,b", false}, {"x y", true}, {"c`d", false}}));
}

TEST(ParseColumns, RefusesEmptyAndMalformedEntries) {
  for (const char* bad : {"", "a,,b", "a,", "@", " @ ", "`a", "`a`b", "a,`b"})
    EXPECT_TRUE(usage_message([&] { parse_columns(bad); })) << bad;
}

TEST(ParsePartitions, NamesAsWritten) {
  EXPECT_EQ(parse_partitions("p0, P1 ,`p,2`,`p``3`"), (Names{"p0", "P1", "p,2", "p`3"}));
  for (const char* bad : {"", "p0,,p1", "p0,", " , ", "`p0", "`p0`x"})
    EXPECT_TRUE(usage_message([&] { parse_partitions(bad); })) << bad;
}

TEST(ParseAssignment, ColumnAndExpressionAsWritten) {
  EXPECT_EQ(parse_assignment("c = UPPER(@x)"), (request::Assignment{"c", "UPPER(@x)"}));
  EXPECT_EQ(parse_assignment(" `my = col`=@x  "), (request::Assignment{"my = col", "@x"}));
  EXPECT_EQ(parse_assignment("c = IF(@x = '', NULL, @x)").expression, "IF(@x = '', NULL, @x)");
  EXPECT_EQ(parse_assignment("c = CASE WHEN @x = 1 THEN 'a=b' ELSE 'c' END").expression,
            "CASE WHEN @x = 1 THEN 'a=b' ELSE 'c' END");
  for (const char* comparison : {"c = @x <=> @y", "c = @x >= 1", "c = @x <= 1", "c = @x != 1", "c = 'a = b'",
                                 "c = `x=y`", "c = 1 /* a = b */", "c = (@x = 1)"})
    EXPECT_EQ(parse_assignment(comparison).column, "c") << comparison;
}

TEST(ParseAssignment, RefusesWhatIsNotOneAssignment) {
  auto message = [](const char* text) { return usage_message([&] { parse_assignment(text); }).value_or(""); };
  EXPECT_NE(message("UPPER(@x)").find("COLUMN = EXPRESSION"), std::string::npos);
  EXPECT_NE(message("c = @x = 1").find("parentheses"), std::string::npos);
  EXPECT_NE(message("c = 1, d = 2").find("one assignment"), std::string::npos);
  EXPECT_NE(message("c = 1, 2").find("--set once for each column"), std::string::npos);
  EXPECT_NE(message("c = ?").find("placeholder"), std::string::npos);
  EXPECT_NE(message("c = 'abc").find("not closed"), std::string::npos);
  EXPECT_NE(message("c = 1 /* x").find("not closed"), std::string::npos);
  EXPECT_NE(message("c = ").find("empty"), std::string::npos);
  EXPECT_NE(message(" = 1").find("column name"), std::string::npos);
  EXPECT_NE(message("`c = 1").find("not closed"), std::string::npos);
}

TEST(ParseAssignment, RefusesWhatDependsOnTheStatementOrSession) {
  auto message = [](const char* text) { return usage_message([&] { parse_assignment(text); }).value_or(""); };
  for (const char* per_statement : {"c = ROWNUM()", "c = rownum ( ) + 1", "c = CONNECTION_ID()",
                                    "c = LAST_INSERT_ID()", "c = ROW_COUNT()", "c = FOUND_ROWS()"})
    EXPECT_NE(message(per_statement).find("depends on the statement or the session"), std::string::npos)
        << per_statement;
  for (const char* sequence : {"c = NEXT VALUE FOR s", "c = next  value for d.s", "c = NEXTVAL(s)",
                               "c = PREVIOUS VALUE FOR s", "c = LASTVAL(s) + 1", "c = setval(s, 5)"})
    EXPECT_NE(message(sequence).find("sequence"), std::string::npos) << sequence;
  for (const char* counter : {"c = (@n := @n + 1)", "c = IF(@x, @y := 1, 2)"})
    EXPECT_NE(message(counter).find("':='"), std::string::npos) << counter;
  // Names that only look like them: a column, a quoted word, another database's function, a comparison.
  for (const char* fine : {"c = rownum", "c = 'ROWNUM()'", "c = `rownum`", "c = d.rownum(@x)", "c = (@n = 1)",
                           "c = NOW()", "c = CONCAT(@next, ' value')", "c = /* ROWNUM() */ 1", "c = @x <= 1"})
    EXPECT_FALSE(usage_message([&] { parse_assignment(fine); })) << fine;
}

TEST(ScanSql, WordsAndAssignments) {
  const std::string sql = "UPPER (@x) + f.g(1) + 'w' + `q` + h := 2";
  text::SqlScan scan = text::scan_sql(sql);
  std::vector<std::string> words;
  for (const auto& w : scan.words)
    words.push_back(fmt::format("{}{}{}", w.qualified ? "." : "", sql.substr(w.begin, w.end - w.begin),
                                w.call ? "()" : ""));
  EXPECT_EQ(words, (Names{"UPPER()", "f", ".g()", "1", "h", "2"}));
  EXPECT_EQ(scan.assignments, (std::vector<std::size_t>{sql.find(":=")}));
}

TEST(ParseArgs, ColumnsAndRepeatedSet) {
  auto o = parse_args({"--columns", "a,@x", "--set", "c = UPPER(@x)", "--set", "d = 1", "f.tsv", "db.t"}).options;
  EXPECT_EQ(o.target.columns, (std::vector<request::ColumnEntry>{{"a", false}, {"x", true}}));
  EXPECT_EQ(o.target.set, (std::vector<request::Assignment>{{"c", "UPPER(@x)"}, {"d", "1"}}));
  EXPECT_EQ(o.source.files, std::vector<std::string>{"f.tsv"});  // each --set takes one value, never the files
  EXPECT_EQ(o.target.table, "t");
  EXPECT_TRUE(parse_args({"f.tsv", "db.t"}).options.target.columns.empty());
  EXPECT_TRUE(usage_message([] { parse_args({"--columns", "", "f.tsv", "db.t"}); }));
  EXPECT_TRUE(usage_message([] { parse_args({"--set", "c", "f.tsv", "db.t"}); }));
}

TEST(ScanSql, FindsUserVariablesOnlyInCode) {
  EXPECT_EQ(variable_names("UPPER(@x) + @`y z` + @'q' + @\"r\" + @a.b$c + @@sql_mode + @@session.x"),
            (Names{"x", "y z", "q", "r", "a.b$c"}));
  EXPECT_EQ(variable_names("'@no' \"@no\" `@no` /* @no */ # @no\n -- @no\n @yes"), Names{"yes"});
  EXPECT_EQ(variable_names("'it''s @no' 'a\\'@no'"), Names{});
  EXPECT_EQ(variable_names("1 --@yes"), Names{"yes"});  // "--" without a space after it is two minuses
  EXPECT_EQ(variable_names("/*! @yes */ /*M!100400 @also */"), (Names{"yes", "also"}));
  EXPECT_EQ(variable_names("CONCAT(@x,@x)"), (Names{"x", "x"}));
}

TEST(ScanSql, BackslashesFollowTheSqlMode) {
  EXPECT_EQ(variable_names("'a\\' @x '", true), Names{});
  text::SqlScan scan = text::scan_sql("'a\\' @x '", false);  // NO_BACKSLASH_ESCAPES: 'a\' ends at its quote
  EXPECT_EQ(scan.variables.size(), 1u);
  EXPECT_TRUE(scan.unterminated);
}

TEST(ScanSql, PositionsOfVariables) {
  auto scan = text::scan_sql("f(@x, @`y`)");
  ASSERT_EQ(scan.variables.size(), 2u);
  EXPECT_EQ(scan.variables[0].begin, 2u);
  EXPECT_EQ(scan.variables[0].end, 4u);
  EXPECT_EQ(scan.variables[1].begin, 6u);
  EXPECT_EQ(scan.variables[1].end, 10u);
  EXPECT_TRUE(scan.commas.empty());  // inside parentheses
}

table::Target table() {
  table::Target t;
  t.database = "d";
  t.table = "t";
  t.quoted = "`d`.`t`";
  t.display = "d.t";
  t.columns = {{"id", true, true, false}, {"A", false, false, false}, {"b", false, true, false},
               {"c", false, false, false}};
  return t;
}

plan::TablePlan with(std::vector<request::ColumnEntry> columns, std::vector<request::Assignment> set) {
  plan::TablePlan o;
  o.columns = std::move(columns);
  o.set = std::move(set);
  return o;
}

TEST(CheckColumns, NamesMustBeColumnsOnce) {
  table::Target t = table();
  EXPECT_FALSE(usage_message([&] { table::check_columns(t, with({{"ID"}, {"skip", true}, {"a"}}, {{"C", "1"}})); }));
  auto nope = usage_message([&] { table::check_columns(t, with({{"id"}, {"nope"}}, {})); });
  ASSERT_TRUE(nope);
  EXPECT_NE(nope->find("--columns: d.t has no column `nope`"), std::string::npos) << *nope;
  auto set_nope = usage_message([&] { table::check_columns(t, with({{"id"}}, {{"zz", "1"}})); });
  ASSERT_TRUE(set_nope);
  EXPECT_NE(set_nope->find("--set: d.t has no column `zz`"), std::string::npos) << *set_nope;
  EXPECT_TRUE(usage_message([&] { table::check_columns(t, with({{"id"}, {"Id"}}, {})); }));
  EXPECT_TRUE(usage_message([&] { table::check_columns(t, with({{"id"}, {"c"}}, {{"c", "1"}})); }));
  EXPECT_TRUE(usage_message([&] { table::check_columns(t, with({{"id"}}, {{"c", "1"}, {"c", "2"}})); }));
  EXPECT_TRUE(usage_message([&] { table::check_columns(t, with({}, {{"c", "1"}})); }));  // the fields fill c
  EXPECT_FALSE(usage_message([&] { table::check_columns(t, with({{"x", true}, {"x", true}}, {})); }));
}

// id, an INVISIBLE h, a generated g, s.
table::Target hidden_and_generated() {
  table::Target t = table();
  t.columns = {{"id", true, true}, {"h", true, true, false, true}, {"g", true, true, false, false, true}, {"s"}};
  return t;
}

TEST(CheckColumns, DefaultColumnsLeaveOutInvisibleOnes) {
  table::Target t = hidden_and_generated();
  std::vector<std::string> names;
  for (const table::Column* c : table::default_columns(t)) names.push_back(c->name);
  EXPECT_EQ(names, (Names{"id", "g", "s"}));
  sink::InsertShape shape(t, with({{"id"}, {"h"}, {"skip", true}, {"s"}}, {}), true);
  EXPECT_EQ(shape.placeholders(1), "INSERT INTO `d`.`t` (`id`,`h`,`s`) VALUES (?,?,?)");  // named, it is filled
}

TEST(CheckColumns, AFieldForAGeneratedColumnIsRefusedWithTheListThatLeavesItOut) {
  table::Target t = hidden_and_generated();
  auto by_default = usage_message([&] { table::check_columns(t, plan::TablePlan{}); });
  ASSERT_TRUE(by_default);
  EXPECT_NE(by_default->find("`g` is a generated column of d.t"), std::string::npos) << *by_default;
  EXPECT_NE(by_default->find("e.g. --columns id,@g,s"), std::string::npos) << *by_default;
  auto listed = usage_message([&] { table::check_columns(t, with({{"id"}, {"g"}}, {})); });
  ASSERT_TRUE(listed);
  EXPECT_NE(listed->find("(@g instead of g in --columns)"), std::string::npos) << *listed;
  EXPECT_FALSE(usage_message([&] { table::check_columns(t, with({{"id"}, {"g", true}, {"s"}}, {})); }));
}

TEST(LoadDataColumns, QuotedNamesAndExpressionsAsWritten) {
  table::Target t = table();
  // Without --columns, the table's visible columns by name: an ALTER TABLE that moves one cannot move fields.
  EXPECT_EQ(table::load_data_columns(t, with({}, {})), " (`id`, `A`, `b`, `c`)");
  t.columns[1].invisible = true;  // LOAD DATA without a list does not fill an INVISIBLE column
  EXPECT_EQ(table::load_data_columns(t, with({}, {})), " (`id`, `b`, `c`)");
  EXPECT_EQ(table::load_data_columns(t, with({{"a"}}, {})), " (`A`)");  // unless --columns names it
  EXPECT_EQ(table::load_data_columns(t, with({{"id"}, {"skip", true}, {"a"}, {"x`y", true}},
                                            {{"c", "UPPER(@x)"}, {"b", "1 -- note"}})),
            " (`id`, @`skip`, `A`, @`x``y`) SET `c` = UPPER(@x), `b` = 1 -- note\n");
}

TEST(InsertShape, WithoutColumnsFillsTheTableInOrder) {
  table::Target t = table();
  sink::InsertShape shape(t, plan::TablePlan{}, true);
  EXPECT_EQ(shape.placeholders(2), "INSERT INTO `d`.`t` (`id`,`A`,`b`,`c`) VALUES (?,?,?,?),(?,?,?,?)");
  EXPECT_EQ(shape.width().fields, 4u);
  EXPECT_EQ(shape.width().required, 4u);
  ASSERT_EQ(shape.slots().size(), 4u);
  EXPECT_EQ(shape.slots()[2].column, &t.columns[2]);
  t.columns[1].invisible = true;
  sink::InsertShape visible(t, plan::TablePlan{}, true);
  EXPECT_EQ(visible.placeholders(1), "INSERT INTO `d`.`t` (`id`,`b`,`c`) VALUES (?,?,?)");
  EXPECT_EQ(visible.width().fields, 3u);
  EXPECT_EQ(visible.slots()[1].column, &t.columns[2]);
}

TEST(InsertShape, ListedColumnsThenSetColumnsWithVariablesAsFields) {
  table::Target t = table();
  request::Request replace;
  replace.conflicts.on_duplicate = request::OnDuplicate::replace;
  plan::TablePlan o(replace);
  o.columns = {{"id"}, {"skip", true}, {"b"}, {"x", true}, {"y", true}};
  o.set = {{"c", "CONCAT(UPPER(@X), '@x', b, @nope)"}, {"a", "@y # comment"}};
  sink::InsertShape shape(t, o, true);
  const char* cast = " AS CHAR CHARACTER SET utf8mb4";
  EXPECT_EQ(shape.placeholders(1), fmt::format("REPLACE INTO `d`.`t` (`id`,`b`,`c`,`A`) VALUES "
                                               "(?,?,CONCAT(UPPER(CAST(?{})), '@x', b, @nope),CAST(?{}) # comment\n)",
                                               cast, cast));
  ASSERT_EQ(shape.slots().size(), 4u);
  EXPECT_EQ(shape.slots()[0].field, 0u);
  EXPECT_EQ(shape.slots()[1].field, 2u);
  EXPECT_EQ(shape.slots()[1].column, &t.columns[2]);
  EXPECT_EQ(shape.slots()[2].field, 3u);
  EXPECT_EQ(shape.slots()[2].column, nullptr);  // a variable: sent as a string
  EXPECT_EQ(shape.slots()[3].field, 4u);
  EXPECT_EQ(shape.width().fields, 5u);
  EXPECT_EQ(shape.width().required, 3u);  // @x and @y may be missing: NULL, as LOAD DATA sets them
  std::string tuple;
  shape.append_tuple(tuple, [](std::string& out, const sink::ValueSlot& s) { out += std::to_string(s.field); });
  EXPECT_EQ(tuple.substr(0, 6), "(0,2,C");
}

TEST(InsertShape, AVariableTwiceHoldsItsLastField) {
  table::Target t = table();
  sink::InsertShape shape(t, with({{"x", true}, {"id"}, {"x", true}}, {{"c", "@x"}}), true);
  EXPECT_EQ(shape.placeholders(1),
            "INSERT INTO `d`.`t` (`id`,`c`) VALUES (?,CAST(? AS CHAR CHARACTER SET utf8mb4))");
  EXPECT_EQ(shape.slots()[1].field, 2u);
}

TEST(InsertShape, OnlyVariablesAndConstants) {
  table::Target t = table();
  sink::InsertShape shape(t, with({{"skip", true}}, {{"c", "'k'"}}), true);
  EXPECT_EQ(shape.placeholders(2), "INSERT INTO `d`.`t` (`c`) VALUES ('k'),('k')");
  EXPECT_TRUE(shape.slots().empty());
  EXPECT_EQ(shape.width().required, 0u);
}

TEST(InsertShape, SaysWhenExpressionsReadFields) {
  table::Target t = table();
  EXPECT_TRUE(sink::InsertShape(t, with({{"id"}, {"x", true}}, {{"c", "UPPER(@x)"}}), true).expressions_read_fields());
  EXPECT_FALSE(sink::InsertShape(t, with({{"id"}, {"x", true}}, {{"c", "NOW()"}}), true).expressions_read_fields());
  EXPECT_FALSE(sink::InsertShape(t, plan::TablePlan{}, true).expressions_read_fields());
}

// The fields text::ChunkRows hands out for `text` (default text format), or the problem it reports.
std::string rows_of(const text::RowWidth& width, std::string_view text) {
  text::ChunkRows rows(width, text::Dialect{});
  Chunk chunk;
  chunk.end = text.size();
  std::vector<Problem> problems;
  std::string out;
  rows.for_each(text, chunk, problems, [&](const std::vector<text::Field>& fields, std::uint64_t) {
    for (const text::Field& f : fields) out += f.is_null ? "N," : std::string(f.value) + ",";
    out += ";";
    return true;
  });
  for (const Problem& p : problems) out += fmt::format("row {}: {}", p.row_in_chunk, p.message);
  return out;
}

TEST(ChunkRows, MissingVariablesAreNullAndMissingColumnsRefused) {
  text::RowWidth width{4, 2, true};  // e.g. --columns a,b,@x,@y
  EXPECT_EQ(rows_of(width, "1\t2\t3\t4\n1\t2\t3\n1\t2\n"), "1,2,3,4,;1,2,3,N,;1,2,N,N,;");
  EXPECT_EQ(rows_of(width, "1\t2\t3\t4\t\n"), "1,2,3,4,;");  // one empty field after the last: ignored
  EXPECT_EQ(rows_of(width, "1\t2\n1\n"), "1,2,N,N,;row 2: the row has 1 fields but --columns needs 2 (its "
                                         "columns up to the last one)");
  EXPECT_EQ(rows_of(width, "1\t2\t3\t4\t5\n"), "row 1: the row has 5 fields but --columns lists 4");
  EXPECT_EQ(rows_of({2, 2, false}, "1\n"), "row 1: the row has 1 fields but the table has 2 columns");
}

}  // namespace
}  // namespace fastload

namespace fastload {
using cli::parse_args;
using cli::parse_assignment;
using cli::parse_columns;
using cli::parse_partitions;
namespace {

const text::ClockReading kRunTime{"2026-11-28 21:02:03.456789", "2026-11-28 20:02:03.456789", "1795896123.456789"};

// A table whose columns d and e default to the clock, f to a text that only looks like a call.
table::Target clocked_table() {
  table::Target t = table();
  t.columns.push_back({.name = "d", .default_sql = "current_timestamp(6)"});
  t.columns.push_back({.name = "e", .default_sql = "curdate() + interval 1 day"});
  t.columns.push_back({.name = "f", .default_sql = "'now()'"});
  t.columns.push_back({.name = "g", .generated = true, .default_sql = "current_timestamp()"});
  return t;
}

TEST(RunClock, LeftOutColumnsThatDefaultToTheClockGetTheRunsTime) {
  db::RunClock clock{kRunTime, false, "SYSTEM"};
  table::ClockedAssignments all =
      table::with_run_clock(clocked_table(), with({{"id"}, {"A"}, {"b"}, {"c"}}, {}), clock);
  ASSERT_EQ(all.set.size(), 2u);
  EXPECT_EQ(all.set[0], (request::Assignment{"d", "TIMESTAMP'2026-11-28 21:02:03.456789'"}));
  EXPECT_EQ(all.set[1], (request::Assignment{"e", "DATE'2026-11-28' + interval 1 day"}));
  EXPECT_TRUE(all.notes.empty());
  // A column a field fills, or --set, keeps what fills it; --set's clock calls get the run's time.
  plan::TablePlan o = with({{"id"}, {"d"}}, {{"c", "NOW()"}});
  table::ClockedAssignments some = table::with_run_clock(clocked_table(), o, clock);
  ASSERT_EQ(some.set.size(), 2u);
  EXPECT_EQ(some.set[0], (request::Assignment{"c", "TIMESTAMP'2026-11-28 21:02:03'"}));
  EXPECT_EQ(some.set[1].column, "e");
}

TEST(RunClock, AnHourShownTwiceOrACallItCannotWriteKeepsTheStatementsTimeAndSaysSo) {
  db::RunClock repeated{kRunTime, true, "Europe/Berlin"};
  table::ClockedAssignments r =
      table::with_run_clock(clocked_table(), with({{"id"}, {"A"}, {"b"}}, {{"c", "NOW()"}}), repeated);
  ASSERT_EQ(r.set.size(), 1u);
  EXPECT_EQ(r.set[0].expression, "NOW()");
  EXPECT_EQ(r.notes, (std::vector<std::string>{"--set c", "the DEFAULT of column d", "the DEFAULT of column e"}));
  table::ClockedAssignments kept =
      table::with_run_clock(table(), with({{"id"}}, {{"c", "NOW(@p)"}}), db::RunClock{kRunTime, false, "SYSTEM"});
  EXPECT_EQ(kept.notes, (std::vector<std::string>{"--set c (NOW)"}));
}

TEST(InsertShape, AssignmentsWithoutColumnsFollowTheTablesColumns) {
  table::Target t = table();
  t.columns[3].invisible = true;
  sink::InsertShape invisible(t, with({}, {{"c", "DATE'2026-11-28'"}}), true);
  EXPECT_EQ(invisible.placeholders(1), "INSERT INTO `d`.`t` (`id`,`A`,`b`,`c`) VALUES (?,?,?,DATE'2026-11-28')");
}

}  // namespace
}  // namespace fastload
