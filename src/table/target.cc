#include "table/target.h"

#include <fmt/core.h>

#include "base/base.h"
#include "db/db.h"
#include "table/column_list.h"
#include "table/partitions.h"
#include "text/text.h"

namespace fastload::table {
namespace {

// The table's columns, in order: name, data type, column type, nullable, default, extra, fraction digits, charset.
std::vector<db::Row> column_rows(db::Session& session, const Target& t) {
  return session.query(fmt::format(
      "SELECT COLUMN_NAME, DATA_TYPE, COLUMN_TYPE, IS_NULLABLE, COLUMN_DEFAULT, EXTRA, DATETIME_PRECISION, "
      "CHARACTER_SET_NAME "
      "FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = {} AND TABLE_NAME = {} ORDER BY ORDINAL_POSITION",
      session.quote_string(t.database), session.quote_string(t.table)));
}

// The rows of column_rows as one string: any change to a column's name,
// type, nullability, default, extra (generated, invisible) or place changes it.
std::string definition_of(const std::vector<db::Row>& rows) {
  std::string text;
  for (const db::Row& r : rows) {
    for (const auto& value : r) text += value ? *value + '\x1f' : std::string("\x00\x1f", 2);
    text += '\x1e';
  }
  return text;
}

// The default as SQL, or "" for none: MariaDB says every default as SQL ('text' quoted, current_timestamp(),
// an expression); MySQL quotes nothing and marks an expression DEFAULT_GENERATED (5.7 only says CURRENT_TIMESTAMP).
std::string default_sql(const db::Row& c, bool mariadb) {
  if (!c[4]) return "";
  const std::string& value = *c[4];
  const std::string extra = c[5].value_or("");
  if (mariadb || extra.find("DEFAULT_GENERATED") != std::string::npos) return value;
  return text::same_name(value.substr(0, 17), "CURRENT_TIMESTAMP") ? value : "";
}

Column column_of(const db::Row& c, bool mariadb) {
  Column column;
  column.name = c[0].value_or("");
  column.type = c[1].value_or("");
  const std::string& type = column.type;
  column.integer = type == "tinyint" || type == "smallint" || type == "mediumint" || type == "int" ||
                   type == "bigint";
  column.exact_number = column.integer || type == "decimal";
  column.is_unsigned = c[2].value_or("").find("unsigned") != std::string::npos;
  // EXTRA says INVISIBLE, or VIRTUAL GENERATED or STORED GENERATED (MySQL also has "DEFAULT_GENERATED", a plain column).
  const std::string extra = c[5].value_or("");
  column.invisible = extra.find("INVISIBLE") != std::string::npos;
  column.generated = extra.find("VIRTUAL GENERATED") != std::string::npos ||
                     extra.find("STORED GENERATED") != std::string::npos;
  column.nullable = c[3].value_or("YES") == "YES";
  column.fraction_digits = static_cast<unsigned>(std::stoul(c[6].value_or("0")));
  if (type == "enum" || type == "set") column.members = text::type_members(c[2].value_or(""));
  column.charset = c[7].value_or("");
  column.binary = type == "binary" || type == "varbinary" || type.find("blob") != std::string::npos;
  column.auto_increment = extra.find("auto_increment") != std::string::npos;
  column.default_sql = default_sql(c, mariadb);
  return column;
}

// Which columns' charsets have one byte a character, as the server says (information_schema.CHARACTER_SETS
// MAXLEN): a dump's check reads their fields (load/dump_charset.h).
void mark_single_byte(db::Session& session, Target& t) {
  const std::vector<db::Row> rows =
      session.query("SELECT CHARACTER_SET_NAME FROM information_schema.CHARACTER_SETS WHERE MAXLEN = 1");
  for (Column& c : t.columns)
    for (const db::Row& r : rows)
      if (!c.charset.empty() && r[0] == c.charset) c.single_byte = true;
}

// Which columns hold JSON, from the table's CHECK clauses on MariaDB (MySQL's information_schema has no
// TABLE_NAME there, and its JSON is a type of its own).
void read_json(db::Session& session, Target& t, bool mariadb) {
  std::vector<std::string> checks;
  if (mariadb)
    for (const db::Row& check : session.query(fmt::format(
             "SELECT CHECK_CLAUSE FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = {} AND "
             "TABLE_NAME = {}", session.quote_string(t.database), session.quote_string(t.table))))
      checks.push_back(check[0].value_or(""));
  mark_json(t.columns, checks, mariadb);
}

void find_table(db::Session& session, Target& t) {
  for (const std::string* name : {&t.database, &t.table})
    if (std::optional<std::string> character = db::unnameable_character(session, *name))
      throw Failure(ExitCode::no_table, fmt::format("table {} cannot exist: {}", t.display,
                                                    db::unnameable_reason(*character)));
  auto rows = session.query(fmt::format(
      "SELECT t.ENGINE, e.TRANSACTIONS FROM information_schema.TABLES t "
      "LEFT JOIN information_schema.ENGINES e ON e.ENGINE = t.ENGINE "
      "WHERE t.TABLE_SCHEMA = {} AND t.TABLE_NAME = {}",
      session.quote_string(t.database), session.quote_string(t.table)));
  if (rows.empty())
    throw Failure(ExitCode::no_table, fmt::format(
        "table {} does not exist, or the user has no privilege on it; create it first "
        "(fastload loads into existing tables)", t.display));
  t.engine = rows[0][0].value_or("");
  t.transactional = rows[0][1].value_or("") == "YES";
  std::vector<db::Row> columns = column_rows(session, t);
  const bool mariadb = session.server_info().find("MariaDB") != std::string::npos;
  for (const db::Row& c : columns) t.columns.push_back(column_of(c, mariadb));
  read_json(session, t, mariadb);
  t.definition = definition_of(columns);
}

}  // namespace

void mark_json(std::vector<Column>& columns, const std::vector<std::string>& checks, bool mariadb) {
  for (Column& c : columns) {
    c.json = c.type == "json";
    if (mariadb && c.type == "longtext")
      for (const std::string& check : checks)
        if (check == "json_valid(" + text::quote_identifier(c.name) + ")") c.json = true;
  }
}

std::string read_only_advice(const db::ServerError& e) {
  return fmt::format("the server is read-only and refuses writes: {} (error {}); load into the primary, or have "
                     "it made writable (SET GLOBAL read_only=0), or load as a user with the READ ONLY ADMIN "
                     "(MariaDB) or SUPER privilege", e.server_message(), e.code());
}

Failure explain(const db::ServerError& e, const Target& t, const std::string& context, request::Mode mode) {
  auto failure = [&](ExitCode code, const std::string& what) {
    return Failure(code, fmt::format("{}: {}", context, what), e.code());
  };
  if (db::is_read_only(e)) return failure(ExitCode::privilege, read_only_advice(e));
  // Only --mode server has the server open a file: elsewhere these codes are the server's own trouble.
  if (request::traits(mode).server_reads_file && db::is_file_unreadable(e.code()))
    return failure(ExitCode::input, fmt::format(
        "the server cannot read the file: {} (error {}); --mode server needs the file on the server's host, "
        "readable by the server and inside its secure_file_priv; use --mode load otherwise", e.server_message(), e.code()));
  if (db::refuses_local_infile(e.code()))
    return failure(ExitCode::local_infile, fmt::format(
        "the server refuses LOAD DATA LOCAL ({}); enable it with SET GLOBAL local_infile=1 or local_infile=1 "
        "under [mysqld] in the server's option file, or use --mode insert", e.server_message()));
  if (db::is_privilege_denied(e.code()))
    return failure(ExitCode::privilege, fmt::format(
        "the user may not load into {}: {}; GRANT INSERT ON it (--on-duplicate replace also needs "
        "DELETE, --mode server the FILE privilege)", t.display, e.server_message()));
  const std::string what = e.server_message();
  if (what.find("wsrep_max_ws_rows exceeded") != std::string::npos ||
      what.find("Maximum writeset size exceeded") != std::string::npos)  // Galera: errors 1180 and 1105
    return failure(ExitCode::load_failed, fmt::format(
        "{} (error {}): a chunk is one Galera write-set, and the cluster's wsrep_max_ws_rows or wsrep_max_ws_size "
        "is under it (lowered during the load, or rows whose write-set is far longer than their text); load "
        "again with a smaller --chunk-size", what, e.code()));
  switch (e.code()) {
    case mysql_cr::LOAD_DATA_LOCAL_INFILE_REJECTED:
      return failure(ExitCode::local_infile, fmt::format(
          "the MySQL client library refuses LOAD DATA LOCAL ({}); use a library built with local infile "
          "support, or --mode insert", e.server_message()));
    case er::NO_SUCH_TABLE:
      return failure(ExitCode::no_table, fmt::format("{} (create the table first)", e.server_message()));
    // The statements name the columns read at the start (a --set expression's are checked then).
    case er::BAD_FIELD_ERROR:
      return failure(ExitCode::no_table, fmt::format(
          "{} (error {}): the columns of {} changed during the load (an ALTER TABLE dropped or renamed one); "
          "load the rest into the table as it is now (the summary lists the chunks committed)", e.server_message(),
          e.code(), t.display));
    // --partition's names were checked at the start (table/partitions.h).
    case er::UNKNOWN_PARTITION: case er::PARTITION_CLAUSE_ON_NONPARTITIONED:
      return failure(ExitCode::no_table, fmt::format(
          "{} (error {}): the partitions of {} changed during the load (an ALTER TABLE dropped or renamed one "
          "--partition names); load the rest into the table as it is now (the summary lists the chunks committed)",
          e.server_message(), e.code(), t.display));
    case er::ERROR_DURING_COMMIT:  // the transaction was rolled back
      return failure(ExitCode::load_failed, fmt::format(
          "the server refused the COMMIT: {} (error {}). With --disable-checks or --mode bulk, MariaDB's bulk "
          "load into an empty InnoDB table finds a duplicate in a UNIQUE index only at COMMIT and does not name "
          "the row: load with --mode load without --disable-checks to have it named", e.server_message(), e.code()));
    default: {
      const std::string hint = db::load_hint(e.code());
      return failure(ExitCode::load_failed, fmt::format("{} (error {}){}{}", e.server_message(), e.code(),
                                                        hint.empty() ? "" : ": ", hint));
    }
  }
}

void require_transactional(const Target& t, ExitCode code, const std::string& option, const std::string& because,
                           const std::string& instead, const std::string& where) {
  if (t.transactional) return;
  bool vowel = !t.engine.empty() && std::string("AEIOU").find(t.engine[0]) != std::string::npos;
  std::string what = t.engine.empty() ? "a view"
                                      : fmt::format("{} {} table, which cannot roll back", vowel ? "an" : "a", t.engine);
  throw Failure(code, fmt::format("{} needs a transactional table and {}{} is {}: {}. {}, or convert the "
                                  "table (ALTER TABLE {} ENGINE=InnoDB)", option, t.display, where, what, because,
                                  instead, t.quoted));
}

std::vector<const Column*> default_columns(const Target& target) {
  std::vector<const Column*> columns;
  for (const Column& c : target.columns)
    if (!c.invisible) columns.push_back(&c);
  return columns;
}

bool same_definition(db::Session& session, const Target& target) {
  return definition_of(column_rows(session, target)) == target.definition;
}

bool has_rows(db::Session& session, const Target& target) {
  return !session.query("SELECT 1 FROM " + target.quoted + " LIMIT 1").empty();
}

Target check_target(db::Session& session, const plan::TablePlan& options) {
  Target t;
  t.database = options.database;
  t.table = options.table;
  t.quoted = text::quote_identifier(t.database) + "." + text::quote_identifier(t.table);
  t.display = t.database + "." + t.table;
  db::set_control_variables(session, options);  // first: --no-binlog's privilege is refused before anything else
  find_table(session, t);
  if (options.check_dump_charset) mark_single_byte(session, t);
  session.use_database(t.database);  // what --set names without a database is there, as in every worker's session
  check_columns(t, options);
  t.partitions = check_partitions(session, t, options);
  return t;
}

}  // namespace fastload::table
