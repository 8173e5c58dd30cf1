#include "table/ledger.h"

#include <fmt/core.h>
#include <xxhash.h>

#include "base/base.h"
#include "text/text.h"

namespace fastload::table {
namespace {

// Two identities name the same table, with the rows it had: by its InnoDB table id when both have one (TRUNCATE,
// a re-creation and a rebuilding ALTER give a new id; an in-place ALTER, such as the load's own dropping and
// re-creating of indexes, keeps the id and the rows but changes the creation time), else by all they say.
bool same_table(const std::string& a, const std::string& b) {
  const auto id = [](const std::string& s) {
    return s.rfind("InnoDB table id ", 0) == 0 ? s.substr(0, s.find(',')) : std::string();
  };
  const std::string id_a = id(a), id_b = id(b);
  return !id_a.empty() && !id_b.empty() ? id_a == id_b : a == b;
}

constexpr long long kPublished = -1;  // the chunk number of the --atomic publish record
// The chunk number of the load's AUTO_INCREMENT ids: chunk_begin holds the first id, chunk_end the increment.
constexpr long long kIds = -2;

std::string hex_hash(std::string_view text) {
  XXH128_hash_t h = XXH3_128bits(text.data(), text.size());
  return fmt::format("{:016x}{:016x}", h.high64, h.low64);
}

std::string content_key(const LoadIdentity& id) {
  return fmt::format("{}\n{}\n{}\n{}\n{}", id.file_size, id.fingerprint, id.chunk_size, id.chunks, id.format);
}

std::uint64_t number(const std::optional<std::string>& value) { return value ? std::stoull(*value) : 0; }

// One line a rejected row: row_in_chunk, code, message (tabs and LFs made spaces).
std::string encode_rejects(const std::vector<Problem>& rejects) {
  std::string out;
  for (const Problem& p : rejects) {
    std::string message = p.message;
    for (char& c : message)
      if (c == '\t' || c == '\n') c = ' ';
    out += fmt::format("{}\t{}\t{}\n", p.row_in_chunk, p.code, message);
  }
  return out;
}

std::vector<Problem> decode_rejects(const std::string& text) {
  std::vector<Problem> rejects;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos), tab1 = text.find('\t', pos), tab2 = text.find('\t', tab1 + 1);
    if (end == std::string::npos || tab2 == std::string::npos || tab2 > end) break;
    Problem p;
    p.row_in_chunk = std::stoull(text.substr(pos, tab1 - pos));
    p.code = static_cast<unsigned>(std::stoul(text.substr(tab1 + 1, tab2 - tab1 - 1)));
    p.message = text.substr(tab2 + 1, end - tab2 - 1);
    rejects.push_back(std::move(p));
    pos = end + 1;
  }
  return rejects;
}

// The mode a format names ("...; --mode insert; ..."), or "".
std::string mode_of(const std::string& format) {
  const std::size_t at = format.find("; --mode ");
  if (at == std::string::npos) return "";
  const std::size_t start = at + 9, end = format.find(';', start);
  return format.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

std::string differences(const LoadIdentity& then, const LoadIdentity& now) {
  std::string out;
  auto add = [&](const std::string& what) { out += (out.empty() ? "" : "; ") + what; };
  if (then.file_size != now.file_size) add(fmt::format("the file had {} bytes, now {}", then.file_size, now.file_size));
  else if (then.fingerprint != now.fingerprint) add("the file's bytes changed (same size, other content)");
  if (then.chunk_size != now.chunk_size)
    add(fmt::format("the chunk size was {}, now {}", then.chunk_size, now.chunk_size));
  if (then.format != now.format) add(fmt::format("the format was '{}', now '{}'", then.format, now.format));
  // --mode auto may choose otherwise than the mode an earlier run recorded (another default, another server).
  if (const std::string mode = mode_of(then.format); !mode.empty() && mode != mode_of(now.format))
    add(fmt::format("to continue that load in its mode, rerun with --mode {}", mode));
  if (!same_table(then.table, now.table)) add(fmt::format("the table was '{}', now '{}'", then.table, now.table));
  return out;
}

}  // namespace

// An earlier load of this file into this table, as the ledger summarises it.
struct RecordedLoad {
  std::string load_id;
  std::string load_key;
  LoadIdentity identity;
  std::size_t chunks_committed = 0;
  bool published = false;
  std::string last_commit;

  bool finished() const { return chunks_committed == identity.chunks && (!identity.atomic || published); }
};

std::string table_identity(db::Session& session, const std::string& database, const std::string& table) {
  std::string schema = session.quote_string(database), name = session.quote_string(table);
  std::string identity = "created " + session.query_value(fmt::format(
      "SELECT CREATE_TIME FROM information_schema.TABLES WHERE TABLE_SCHEMA = {} AND TABLE_NAME = {}", schema,
      name)).value_or("?");
  // The InnoDB table id also changes on TRUNCATE; reading it needs the PROCESS privilege. InnoDB names a table
  // as the server names its files (`a.b` in db is db/a@002eb).
  for (const char* view : {"INNODB_SYS_TABLES", "INNODB_TABLES"}) {
    try {
      auto id = session.query_value(fmt::format("SELECT TABLE_ID FROM information_schema.{} WHERE NAME = CONCAT("
                                                "CAST(CONVERT({} USING filename) AS BINARY), '/', "
                                                "CAST(CONVERT({} USING filename) AS BINARY))", view, schema, name));
      if (id) return fmt::format("InnoDB table id {}, {}", *id, identity);
    } catch (const db::ServerError&) {
      // No such view on this server, or no PROCESS privilege: the creation time must do.
    }
  }
  return identity;
}

Ledger::Ledger(db::Session& control, const std::string& database, const std::string& table, LoadIdentity identity)
    : quoted_(text::quote_identifier(database) + "." + text::quote_identifier(table)), identity_(std::move(identity)) {
  // The bytes, not the path: a rerun through a symlink, another working
  // directory, a copy or a moved file is the same load.
  load_key_ = hex_hash(fmt::format("{}\n{}\n{}\ncopy {}", identity_.target, identity_.file_size,
                                   identity_.fingerprint, identity_.copy));
  load_id_ = hex_hash(load_key_ + "\n" + content_key(identity_));
  control.execute(fmt::format(
      "CREATE TABLE IF NOT EXISTS {} ("
      "load_id CHAR(32) CHARACTER SET ascii NOT NULL, chunk BIGINT NOT NULL COMMENT '-1: the --atomic publish, "
      "-2: the AUTO_INCREMENT ids (chunk_begin the first, chunk_end the increment)', "
      "load_key CHAR(32) CHARACTER SET ascii NOT NULL, target VARBINARY(1024) NOT NULL, "
      "file VARBINARY(4096) NOT NULL, file_size BIGINT UNSIGNED NOT NULL, file_mtime BIGINT NOT NULL, "
      "fingerprint CHAR(32) CHARACTER SET ascii NOT NULL, chunk_size BIGINT UNSIGNED NOT NULL, "
      "chunks BIGINT UNSIGNED NOT NULL, format VARBINARY(255) NOT NULL, atomic BOOL NOT NULL, "
      "table_identity VARBINARY(255) NOT NULL, chunk_begin BIGINT UNSIGNED NOT NULL, "
      "chunk_end BIGINT UNSIGNED NOT NULL, chunk_rows BIGINT UNSIGNED NOT NULL, "
      "rejected_rows BIGINT UNSIGNED NOT NULL, rejects MEDIUMBLOB NOT NULL, "
      "committed_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), "
      "PRIMARY KEY (load_id, chunk), KEY (load_key), KEY path (file(255))) ENGINE=InnoDB "
      "COMMENT='fastload --resume: the chunks each load committed'", quoted_));
}

Failure Ledger::refusal(const RecordedLoad& load, const std::string& what_differs, bool table_only) const {
  std::string where = load.identity.atomic ? "the --atomic staging table (fastload_stage_...), not yet in the target"
                                           : "the table";
  std::string remedy = table_only
      ? "The table was recreated (or truncated) since, so those rows are gone from it: run " + forget(load.load_id) +
            " and rerun to load the whole file"
      : fmt::format("Its rows are in {}. Either restore what it loaded and rerun, or delete those rows and run {}, "
                    "then rerun", where, forget(load.load_id));
  return Failure(ExitCode::cannot_resume, fmt::format(
      "--resume: the ledger {} records a load of {} into {} that committed {} of {} chunks (last at {}), "
      "and it does not match this run: {}. {}", quoted_, load.identity.file, identity_.target, load.chunks_committed,
      load.identity.chunks ? std::to_string(load.identity.chunks) : "its", load.last_commit, what_differs, remedy));
}

std::string Ledger::forget(const std::string& load_id) const {
  return fmt::format("DELETE FROM {} WHERE load_id = '{}'", quoted_, load_id);
}

// The loads of this bytes' key, and those read from this file's path (to see it changed since).
std::vector<RecordedLoad> Ledger::recorded_loads(db::Session& control) const {
  std::vector<RecordedLoad> loads;
  for (const db::Row& r : control.query(fmt::format(
           "SELECT load_id, MIN(load_key), MIN(file_size), MIN(file_mtime), MIN(fingerprint), MIN(chunk_size), "
           "MAX(chunks), MIN(format), MIN(atomic), MIN(IF(chunk = {}, NULL, table_identity)), SUM(chunk >= 0), "
           "MAX(chunk = {}), MAX(committed_at), MAX(file) FROM {} WHERE load_key = {} OR (target = {} AND file = {}) "
           "GROUP BY load_id", kIds, kPublished, quoted_, control.quote_string(load_key_), control.quote_string(identity_.target),
           control.quote_string(identity_.file)))) {
    RecordedLoad load{r[0].value_or(""), r[1].value_or(""), identity_, number(r[10]), number(r[11]) == 1,
                      r[12].value_or("?")};
    LoadIdentity& then = load.identity;
    then.file_size = number(r[2]);
    then.file_mtime = static_cast<std::int64_t>(number(r[3]));
    then.fingerprint = r[4].value_or("");
    then.chunk_size = number(r[5]);
    then.chunks = number(r[6]);
    then.format = r[7].value_or("");
    then.atomic = number(r[8]) == 1;
    then.table = r[9].value_or("");
    then.file = r[13].value_or("");
    loads.push_back(std::move(load));
  }
  return loads;
}

LedgerState Ledger::read(db::Session& control, const std::vector<Chunk>* chunks) const {
  LedgerState state;
  for (const RecordedLoad& load : recorded_loads(control)) {
    // Only its ids recorded (chunk -2): nothing of it is in the table.
    if (load.chunks_committed == 0 && !load.published) continue;
    bool same_content = load.load_id == load_id_;
    // Another copy of these bytes in this run, found by its path: its own load.
    if (load.load_key != load_key_ && load.identity.file_size == identity_.file_size &&
        load.identity.fingerprint == identity_.fingerprint)
      continue;
    // A finished load of other content is history (last night's file); one
    // into a table that has since been recreated would skip rows that are gone.
    if (!same_content && load.finished()) continue;
    if (same_content && (load.published || same_table(load.identity.table, identity_.table))) {
      state.published = load.published;
      if (load.finished()) state.finished.emplace(load.identity.file, load.last_commit);
      continue;
    }
    throw refusal(load, differences(load.identity, identity_), same_content);
  }
  for (const db::Row& r : control.query(fmt::format(
           "SELECT chunk, chunk_begin, chunk_end, chunk_rows, rejected_rows, rejects FROM {} WHERE load_id = {} "
           "AND chunk >= 0 ORDER BY chunk", quoted_, control.quote_string(load_id_)))) {
    LedgerEntry e{number(r[0]), number(r[1]), number(r[2]), number(r[3]), number(r[4]),
                  decode_rejects(r[5].value_or(""))};
    if (chunks) check_recorded(e, e.chunk < chunks->size() ? &(*chunks)[e.chunk] : nullptr);
    state.committed.push_back(std::move(e));
  }
  return state;
}

void Ledger::check_recorded(const LedgerEntry& e, const Chunk* chunk) const {
  if (chunk && chunk->begin == e.begin && chunk->end == e.end && chunk->rows == e.rows) return;
  throw Failure(ExitCode::cannot_resume, fmt::format(
      "--resume: the ledger {} records chunk {} of {} as bytes {}-{} with {} rows, which is not a "
      "chunk of this run; the ledger row was changed by hand or by another program: check it", quoted_,
      e.chunk, identity_.file, e.begin, e.end, e.rows));
}

std::string Ledger::insert(db::Session& session, long long number, const Chunk& chunk,
                           const std::vector<Problem>& rejects, std::size_t chunks) const {
  const LoadIdentity& id = identity_;
  return fmt::format(
      "INSERT INTO {} (load_id, chunk, load_key, target, file, file_size, file_mtime, fingerprint, chunk_size, "
      "chunks, format, atomic, table_identity, chunk_begin, chunk_end, chunk_rows, rejected_rows, rejects) "
      "VALUES ('{}', {}, '{}', {}, {}, {}, {}, '{}', {}, {}, {}, {}, {}, {}, {}, {}, {}, {})", quoted_, load_id_,
      number, load_key_, session.quote_string(id.target), session.quote_string(id.file), id.file_size,
      id.file_mtime, id.fingerprint, id.chunk_size, chunks, session.quote_string(id.format), id.atomic ? 1 : 0,
      session.quote_string(id.table), chunk.begin, chunk.end, chunk.rows, rejects.size(),
      session.quote_string(encode_rejects(rejects)));
}

std::string Ledger::record(db::Session& session, const Chunk& chunk, const std::vector<Problem>& rejects,
                           bool last) const {
  std::size_t chunks = identity_.chunks ? identity_.chunks : last ? chunk.index + 1 : 0;
  return insert(session, static_cast<long long>(chunk.index), chunk, rejects, chunks);
}

std::string Ledger::record_published(db::Session& session) const {
  return insert(session, kPublished, Chunk{}, {}, identity_.chunks);
}

std::string Ledger::record_ids(db::Session& session, std::uint64_t base, std::uint64_t increment) const {
  Chunk ids;
  ids.begin = base;
  ids.end = increment;
  return insert(session, kIds, ids, {}, identity_.chunks);
}

std::optional<std::pair<std::uint64_t, std::uint64_t>> Ledger::recorded_ids(db::Session& session) const {
  std::vector<db::Row> rows = session.query(fmt::format("SELECT chunk_begin, chunk_end FROM {} WHERE load_id = '{}' AND "
                                                    "chunk = {}", quoted_, load_id_, kIds));
  if (rows.empty()) return std::nullopt;
  return std::make_pair(number(rows[0][0]), number(rows[0][1]));
}

bool Ledger::is_recorded(db::Session& session, std::size_t chunk) const {
  return !session.query(fmt::format("SELECT 1 FROM {} WHERE load_id = '{}' AND chunk = {} LOCK IN SHARE MODE",
                                    quoted_, load_id_, chunk)).empty();
}

}  // namespace fastload::table
