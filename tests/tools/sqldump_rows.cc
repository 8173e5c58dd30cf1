// sqldump-rows DUMP TABLE FEED_BYTES MAX_STATEMENT COLUMNS
//
// The rows a mariadb-dump (or mysqldump) SQL file INSERTs into TABLE, as fastload's delimited text (LOAD DATA's
// default dialect) on stdout, as dump::SqlRowsStream gives them: a first read of the dump (through src/sqldump/,
// fed FEED_BYTES at a time) finds TABLE's INSERT statements and the session at each, the stream then converts
// them (statements longer than MAX_STATEMENT bytes in parts), read FEED_BYTES at a time. COLUMNS: the table's
// columns in order, "name:data_type:charset,..." as information_schema.COLUMNS says (charset empty when none).
// On stderr, one line each: "charset NAME" (the CHARACTER SET the dump's connection had at the table's INSERTs),
// "verb insert|insert_ignore|replace", "columns a,b" (when the INSERTs list them), "kinds COLUMN_NUMBER KIND,..."
// (the literal kinds each column's values had). What the stream refuses: "refused MESSAGE" and exit 3.
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <string>

#include "base/base.h"
#include "dump/dump.h"
#include "sqldump/sqldump.h"

namespace sd = fastload::sqldump;
namespace dump = fastload::dump;

namespace {

const char* kind_name(sd::LiteralKind k) {
  switch (k) {
    case sd::LiteralKind::null: return "null";
    case sd::LiteralKind::number: return "number";
    case sd::LiteralKind::string: return "string";
    case sd::LiteralKind::hex: return "hex";
    case sd::LiteralKind::bit: return "bit";
    case sd::LiteralKind::boolean: return "boolean";
  }
  return "?";
}

// The first read: TABLE's INSERT statements (one range each), the first one's head, the kinds of the literals.
struct Scan {
  std::string table;
  sd::Session session;
  std::optional<sd::InsertReader> reader;
  std::optional<sd::InsertHead> head;
  std::vector<dump::InsertRange> ranges;
  std::map<std::size_t, std::set<std::string>> kinds;
  std::string start;  // a statement's first KB, whatever its parts: a SET statement is read whole from it
  bool wanted = false;

  void piece(const sd::Piece& p) {
    if (p.first) {
      start.clear();
      reader.emplace(session.mode());
      wanted = false;
    }
    if (start.size() <= 1024) start += p.text;
    if (p.last && start.size() <= 1024 && session.apply(start)) return;
    if (!reader) return;
    reader->feed(p.text);
    if (p.last) reader->finish();
    for (bool more = true; more;) {
      switch (reader->next()) {
        case sd::InsertReader::Step::head:
          wanted = reader->head().table == table;
          if (wanted && !head) head = reader->head();
          if (wanted) ranges.push_back({.begin = p.offset, .line = p.line, .mode = session.mode(), .charset = session.charset()});
          break;
        case sd::InsertReader::Step::tuple:
          for (std::size_t k = 0; wanted && k < reader->tuple().values.size(); ++k)
            kinds[k].insert(kind_name(reader->tuple().values[k].kind));
          break;
        case sd::InsertReader::Step::more: more = false; break;
        default: reader.reset(); more = false;  // the stream says why it refuses a statement
      }
    }
    if (wanted && p.last) ranges.back().end = p.part_offset + p.text.size();
  }
};

std::vector<dump::ColumnType> columns_of(std::string_view spec) {
  std::vector<dump::ColumnType> out;
  while (!spec.empty()) {
    const std::size_t comma = std::min(spec.find(','), spec.size());
    const std::string_view one = spec.substr(0, comma);
    const std::size_t a = one.find(':'), b = one.find(':', a + 1);
    out.push_back({std::string(one.substr(0, a)), dump::column_kind(one.substr(a + 1, b - a - 1)),
                   std::string(one.substr(b + 1))});
    spec.remove_prefix(std::min(comma + 1, spec.size()));
  }
  return out;
}

// The target as the first INSERT says: its columns in its list's order, its verb, its character set.
dump::SqlTarget target_of(const Scan& scan, const std::vector<dump::ColumnType>& table) {
  dump::SqlTarget t{scan.table, table, scan.head->columns_listed, scan.head->kind, scan.ranges.front().charset};
  if (scan.head->columns_listed) {
    t.columns.clear();
    for (const std::string& name : scan.head->columns)
      for (const dump::ColumnType& c : table)
        if (sd::ascii_lower(c.name) == sd::ascii_lower(name)) t.columns.push_back(c);
  }
  return t;
}

void describe(const Scan& scan) {
  const sd::InsertHead& h = *scan.head;
  std::cerr << "charset " << scan.ranges.front().charset << "\nverb "
            << (h.kind == sd::InsertKind::replace ? "replace" : h.kind == sd::InsertKind::insert ? "insert" : "insert_ignore")
            << "\n";
  if (h.columns_listed) {
    std::cerr << "columns ";
    for (std::size_t k = 0; k < h.columns.size(); ++k) std::cerr << (k ? "," : "") << h.columns[k];
    std::cerr << "\n";
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 6) {
    std::cerr << "usage: sqldump-rows DUMP TABLE FEED_BYTES MAX_STATEMENT COLUMNS\n";
    return 2;
  }
  const std::size_t feed = std::stoul(argv[3]), max_statement = std::stoul(argv[4]);
  Scan scan;
  scan.table = argv[2];
  std::ifstream in(argv[1], std::ios::binary);
  sd::Splitter splitter;
  std::string buffer(feed, '\0');
  for (bool more = true; more;) {
    in.read(buffer.data(), static_cast<std::streamsize>(feed));
    splitter.feed(std::string_view(buffer.data(), static_cast<std::size_t>(in.gcount())));
    if (!(more = static_cast<bool>(in))) splitter.finish();
    while (auto p = splitter.next()) {
      scan.piece(*p);
      splitter.set_mode(scan.session.mode());
    }
  }
  if (!scan.head) return std::cerr << "no INSERT into " << scan.table << "\n", 3;
  describe(scan);
  try {
    dump::SqlRowsStream rows(fastload::input::open_stream(argv[1]), scan.ranges, target_of(scan, columns_of(argv[5])),
                             false, max_statement);
    while (std::size_t n = rows.read(buffer.data(), buffer.size())) std::cout.write(buffer.data(), static_cast<std::streamsize>(n));
  } catch (const fastload::Failure& e) {
    std::cerr << "refused " << e.what() << "\n";
    return 3;
  }
  for (const auto& [column, kinds] : scan.kinds) {
    std::cerr << "kinds " << column + 1 << " ";
    for (const std::string& k : kinds) std::cerr << k << (k == *kinds.rbegin() ? "" : ",");
    std::cerr << "\n";
  }
  return 0;
}
