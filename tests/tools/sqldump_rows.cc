// sqldump-rows DUMP TABLE [FEED_BYTES [MAX_STATEMENT [BINARY_COLUMNS]]]
//
// The rows a mariadb-dump (or mysqldump) SQL file INSERTs into TABLE, as fastload's delimited text (LOAD DATA's
// default dialect) on stdout, read through src/sqldump/ as the file is streamed FEED_BYTES at a time, with
// statements longer than MAX_STATEMENT bytes read in parts. On stderr, one line each: "charset NAME" (the
// CHARACTER SET the dump's connection had at the table's INSERTs), "verb insert|insert_ignore|replace",
// "columns a,b" (when the INSERTs list them), "kinds COLUMN_NUMBER KIND,..." (the literal kinds each column's
// values had). A statement the reader refuses, or a value whose bytes LOAD DATA would not read as they are in the
// dump's character set into a column not among BINARY_COLUMNS (numbers from 1, "2,5"): "refused LINE BYTE REASON"
// and exit 3.
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <string>

#include "sqldump/sqldump.h"

namespace sd = fastload::sqldump;

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

struct Rows {
  std::string table;
  sd::Session session;
  std::optional<sd::InsertReader> reader;
  bool wanted = false, described = false;
  std::map<std::size_t, std::set<std::string>> kinds;
  std::set<std::size_t> binary;  // column numbers, from 1
  std::string out;

  // Reads what the reader has; false when it refused the statement.
  bool drain(const sd::Piece& piece) {
    for (;;) {
      switch (reader->next()) {
        case sd::InsertReader::Step::head: head(); break;
        case sd::InsertReader::Step::tuple:
          if (!tuple(piece)) return false;
          break;
        case sd::InsertReader::Step::refused: {
          const sd::Refusal& r = reader->refusal();
          std::cerr << "refused " << piece.line + r.lines << " " << piece.offset + r.offset << " " << r.reason << "\n";
          return false;
        }
        case sd::InsertReader::Step::other: reader.reset(); return true;
        default: return true;
      }
    }
  }
  void head() {
    const sd::InsertHead& h = reader->head();
    wanted = h.table == table;
    if (!wanted || described) return;
    described = true;
    std::cerr << "charset " << session.charset() << "\nverb "
              << (h.kind == sd::InsertKind::replace ? "replace" : h.kind == sd::InsertKind::insert ? "insert" : "insert_ignore") << "\n";
    if (h.columns_listed) {
      std::cerr << "columns ";
      for (std::size_t k = 0; k < h.columns.size(); ++k) std::cerr << (k ? "," : "") << h.columns[k];
      std::cerr << "\n";
    }
  }
  bool tuple(const sd::Piece& piece) {
    if (!wanted) return true;
    const sd::Tuple& t = reader->tuple();
    for (std::size_t k = 0; k < t.values.size(); ++k) {
      const sd::Literal& v = t.values[k];
      kinds[k].insert(kind_name(v.kind));
      if (!binary.contains(k + 1) && !sd::readable_as(v.bytes, session.charset())) {
        std::cerr << "refused " << piece.line + t.lines << " " << piece.offset + v.offset << " column " << k + 1
                  << ": bytes that are not " << session.charset() << "\n";
        return false;
      }
    }
    sd::append_row(t, out);
    if (out.size() > (1 << 20)) std::cout << out, out.clear();
    return true;
  }
  // A statement's first KB, whatever its parts: a SET statement is read whole from it.
  std::string start;
  bool piece(const sd::Piece& p) {
    if (p.first) {  // the reader tells an INSERT (from parts too short to show its first word)
      start.clear();
      reader.emplace(session.mode());
    }
    if (start.size() <= 1024) start += p.text;
    if (p.last && start.size() <= 1024 && session.apply(start)) return true;
    if (!reader) return true;
    reader->feed(p.text);
    if (p.last) reader->finish();
    return drain(p);
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: sqldump-rows DUMP TABLE [FEED_BYTES [MAX_STATEMENT]]\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  const std::size_t feed = argc > 3 ? std::stoul(argv[3]) : 65536;
  sd::Splitter splitter(argc > 4 ? std::stoul(argv[4]) : std::size_t{64} << 20);
  Rows rows;
  rows.table = argv[2];
  for (std::string_view list = argc > 5 ? argv[5] : ""; !list.empty();) {
    const std::size_t comma = std::min(list.find(','), list.size());
    rows.binary.insert(std::stoul(std::string(list.substr(0, comma))));
    list.remove_prefix(std::min(comma + 1, list.size()));
  }
  std::string buffer(feed, '\0');
  bool more = true;
  while (more) {
    in.read(buffer.data(), static_cast<std::streamsize>(feed));
    splitter.feed(std::string_view(buffer.data(), static_cast<std::size_t>(in.gcount())));
    if (!(more = static_cast<bool>(in))) splitter.finish();
    while (auto p = splitter.next()) {
      if (!rows.piece(*p)) return 3;
      splitter.set_mode(rows.session.mode());
    }
  }
  std::cout << rows.out;
  for (const auto& [column, kinds] : rows.kinds) {
    std::cerr << "kinds " << column + 1 << " ";
    for (const std::string& k : kinds) std::cerr << k << (k == *kinds.rbegin() ? "" : ",");
    std::cerr << "\n";
  }
  return 0;
}
