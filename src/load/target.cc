#include "load/target.h"

#include <fmt/core.h>

#include "fastload/errors.h"
#include "load/load_data_sink.h"

namespace fastload::load {
namespace {

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
}

// An empty LOAD DATA LOCAL, rolled back, runs the real statement's checks
// (local_infile on both ends, INSERT privilege) before any byte is read.
void probe_load(Session& session, const Target& t, const std::string& charset) {
  LoadDataSink probe(session, t.quoted, charset);
  try {
    session.execute("START TRANSACTION");
    probe.send(Chunk{}, {});  // an empty chunk: no rows, so nothing to diagnose
    session.execute("ROLLBACK");
  } catch (const ServerError& e) {
    switch (e.code()) {
      case 1148: case 3948: case 4166:
        throw Failure(ExitCode::local_infile, fmt::format(
            "fastload: the server refuses LOAD DATA LOCAL ({}); enable it with SET GLOBAL local_infile=1 "
            "or local_infile=1 under [mysqld] in the server's option file", e.what()));
      case 2068:
        throw Failure(ExitCode::local_infile, fmt::format(
            "fastload: the MySQL client library refuses LOAD DATA LOCAL ({}); it was built without "
            "local infile support: use one built with it", e.what()));
      case 1142: case 1044: case 1045: case 1227:
        throw Failure(ExitCode::privilege, fmt::format(
            "fastload: the user may not load into {}: {}; GRANT INSERT ON it", t.display, e.what()));
      default:
        throw Failure(ExitCode::load_failed, fmt::format(
            "fastload: a test LOAD DATA into {} failed: {} (error {})", t.display, e.what(), e.code()));
    }
  }
}

}  // namespace

Target check_target(Session& session, const Options& options) {
  Target t;
  t.database = options.database;
  t.table = options.table;
  t.quoted = quote_identifier(t.database) + "." + quote_identifier(t.table);
  t.display = t.database + "." + t.table;
  find_table(session, t);
  probe_load(session, t, options.charset);
  return t;
}

}  // namespace fastload::load
