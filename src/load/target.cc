#include "load/target.h"

#include <fmt/core.h>

#include "fastload/errors.h"
#include "load/column_list.h"
#include "load/insert_shape.h"
#include "load/load_data_sink.h"
#include "load/session_variables.h"
#include "load/statement_batch.h"

namespace fastload::load {
namespace {

// The table's columns, in order: name, data type, column type, nullable, default, extra.
std::vector<Row> column_rows(Session& session, const Target& t) {
  return session.query(fmt::format(
      "SELECT COLUMN_NAME, DATA_TYPE, COLUMN_TYPE, IS_NULLABLE, COLUMN_DEFAULT, EXTRA "
      "FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = {} AND TABLE_NAME = {} ORDER BY ORDINAL_POSITION",
      session.quote_string(t.database), session.quote_string(t.table)));
}

// The rows of column_rows as one string: any change to a column's name,
// type, nullability, default, extra (generated, invisible) or place changes it.
std::string definition_of(const std::vector<Row>& rows) {
  std::string text;
  for (const Row& r : rows) {
    for (const auto& value : r) text += value ? *value + '\x1f' : std::string("\x00\x1f", 2);
    text += '\x1e';
  }
  return text;
}

void find_table(Session& session, Target& t) {
  auto rows = session.query(fmt::format(
      "SELECT t.ENGINE, e.TRANSACTIONS FROM information_schema.TABLES t "
      "LEFT JOIN information_schema.ENGINES e ON e.ENGINE = t.ENGINE "
      "WHERE t.TABLE_SCHEMA = {} AND t.TABLE_NAME = {}",
      session.quote_string(t.database), session.quote_string(t.table)));
  if (rows.empty())
    throw Failure(ExitCode::no_table, fmt::format(
        "fastload: table {} does not exist, or the user has no privilege on it; create it first "
        "(fastload loads into existing tables)", t.display));
  t.engine = rows[0][0].value_or("");
  t.transactional = rows[0][1].value_or("") == "YES";
  std::vector<Row> columns = column_rows(session, t);
  for (const Row& c : columns) {
    std::string type = c[1].value_or("");
    bool integer = type == "tinyint" || type == "smallint" || type == "mediumint" || type == "int" ||
                   type == "bigint";
    t.columns.push_back({c[0].value_or(""), integer, integer || type == "decimal",
                         c[2].value_or("").find("unsigned") != std::string::npos,
                         c[5].value_or("").find("INVISIBLE") != std::string::npos});
  }
  t.definition = definition_of(columns);
}

// Errors of the server's reading of --set expressions: the user's SQL, so a usage error.
bool refuses_expression(const ServerError& e, const Options& options) {
  if (options.set.empty()) return false;
  switch (e.code()) {
    case 1064: case 1054: case 1305: case 1630: case 1582: case 1583: case 1267: case 1270: case 1271:
      return true;
    default:
      return false;
  }
}

// The INSERT modes' statement, or without --columns and --set any INSERT.
std::string insert_probe(Session& session, const Target& t, const Options& options) {
  if (options.columns.empty() && options.set.empty())
    return fmt::format("{} {} VALUES ()", insert_verb(options.on_duplicate), t.quoted);
  return make_insert_shape(session, t, options).placeholders(1);
}

// The statement the mode runs, tried before any byte is read and rolled
// back: an empty LOAD DATA LOCAL (local_infile on both ends, INSERT
// privilege) or a prepared INSERT (INSERT privilege); with REPLACE, the
// DELETE privilege too; either reads the --set expressions. --mode server
// learns whether the server can read the file from its one statement.
void probe(Session& session, const Target& t, const Options& options) {
  try {
    if (options.mode == Mode::load || options.mode == Mode::bulk) {
      LoadDataSink probe(session, t, options);
      session.execute("START TRANSACTION");
      probe.send(Chunk{}, {});  // an empty chunk: no rows, so nothing to diagnose
      session.execute("ROLLBACK");
    } else if (options.mode != Mode::server) {
      session.execute(fmt::format("PREPARE fastload_probe FROM {}",
                                  session.quote_string(insert_probe(session, t, options))));
      session.execute("DEALLOCATE PREPARE fastload_probe");
    }
  } catch (const ServerError& e) {
    if (refuses_expression(e, options))
      throw Failure(ExitCode::usage, fmt::format("fastload: --set: the server refuses the expression: {} (error "
                                                 "{}); fix it: it is SQL, as in LOAD DATA's SET clause",
                                                 e.what(), e.code()));
    throw explain(e, t, "a test statement");
  }
}

}  // namespace

Failure explain(const ServerError& e, const Target& t, const std::string& context) {
  auto failure = [&](ExitCode code, const std::string& what) {
    return Failure(code, fmt::format("fastload: {}: {}", context, what));
  };
  switch (e.code()) {
    case 1148: case 3948: case 4166:
      return failure(ExitCode::local_infile, fmt::format(
          "the server refuses LOAD DATA LOCAL ({}); enable it with SET GLOBAL local_infile=1 or local_infile=1 "
          "under [mysqld] in the server's option file, or use --mode insert", e.what()));
    case 2068:
      return failure(ExitCode::local_infile, fmt::format(
          "the MySQL client library refuses LOAD DATA LOCAL ({}); use a library built with local infile "
          "support, or --mode insert", e.what()));
    case 1142: case 1044: case 1045: case 1227:
      return failure(ExitCode::privilege, fmt::format(
          "the user may not load into {}: {}; GRANT INSERT ON it (--on-duplicate replace also needs "
          "DELETE, --mode server the FILE privilege)", t.display, e.what()));
    case 1146:
      return failure(ExitCode::no_table, fmt::format("{} (create the table first)", e.what()));
    case 1054:  // the statements name the columns read at the start (a --set expression's are checked then)
      return failure(ExitCode::no_table, fmt::format(
          "{} (error 1054): the columns of {} changed during the load (an ALTER TABLE dropped or renamed one); "
          "load the rest into the table as it is now (the summary lists the chunks committed)", e.what(),
          t.display));
    case 1180:  // ER_ERROR_DURING_COMMIT: the transaction was rolled back
      return failure(ExitCode::load_failed, fmt::format(
          "the server refused the COMMIT: {} (error 1180). With --disable-checks or --mode bulk, MariaDB's bulk "
          "load into an empty InnoDB table finds a duplicate in a UNIQUE index only at COMMIT and does not name "
          "the row: load with --mode load without --disable-checks to have it named", e.what()));
    case 13: case 29: case 1290:
      return failure(ExitCode::input, fmt::format(
          "the server cannot read the file: {}; --mode server needs the file on the server's host, readable "
          "by the server and inside its secure_file_priv; use --mode load otherwise", e.what()));
    default:
      return failure(ExitCode::load_failed, fmt::format("{} (error {})", e.what(), e.code()));
  }
}

std::vector<const Column*> default_columns(const Target& target) {
  std::vector<const Column*> columns;
  for (const Column& c : target.columns)
    if (!c.invisible) columns.push_back(&c);
  return columns;
}

bool same_definition(Session& session, const Target& target) {
  return definition_of(column_rows(session, target)) == target.definition;
}

bool has_rows(Session& session, const Target& target) {
  return !session.query("SELECT 1 FROM " + target.quoted + " LIMIT 1").empty();
}

Target check_target(Session& session, const Options& options) {
  Target t;
  t.database = options.database;
  t.table = options.table;
  t.quoted = quote_identifier(t.database) + "." + quote_identifier(t.table);
  t.display = t.database + "." + t.table;
  set_control_variables(session, options);  // first: --no-binlog's privilege is refused before anything else
  find_table(session, t);
  check_columns(t, options);
  probe(session, t, options);
  return t;
}

}  // namespace fastload::load
