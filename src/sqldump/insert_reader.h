// An INSERT or REPLACE of a dump read as its target and its rows, one tuple at a time, from the statement's
// bytes fed in parts (as the splitter gives a long statement), so that a statement of any length streams.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sqldump/literal.h"
#include "sqldump/splitter.h"

namespace fastload::sqldump {

enum class InsertKind { insert, insert_ignore, replace };

struct InsertHead {
  InsertKind kind = InsertKind::insert;
  std::string database;              // "" when the name is not qualified
  std::string table;
  std::vector<std::string> columns;  // as listed; empty when none are (or "()")
  bool columns_listed = false;
};

struct Tuple {
  std::vector<Literal> values;  // offsets from the statement's start
  std::uint64_t offset = 0;     // of its '(' from the statement's start
  std::uint64_t lines = 0;      // line ends in the statement before it
};

// Where and why the statement is not one the reader takes.
struct Refusal {
  std::uint64_t offset = 0;  // from the statement's start
  std::uint64_t lines = 0;   // line ends in the statement before it
  std::string reason;
};

// Whether a statement starting `start` is an INSERT or REPLACE (by its first word; comments before it skipped).
bool is_insert(std::string_view start);

// Reads INSERT [LOW_PRIORITY|DELAYED|HIGH_PRIORITY] [IGNORE] [INTO] name [(col, ...)] VALUES|VALUE (...), (...)
// and REPLACE [LOW_PRIORITY|DELAYED] [INTO] ...; any other form (INSERT ... SET or SELECT, PARTITION, ON
// DUPLICATE KEY UPDATE, RETURNING, a value that is no literal) is refused with its offset. Tuple boundaries are found in order, as `),(` may
// stand inside a string; only the tuple being read is held.
class InsertReader {
 public:
  enum class Step { head, tuple, more, end, refused, other };

  explicit InsertReader(SqlMode mode = {}, std::size_t max_tuple = std::size_t{64} << 20);

  void feed(std::string_view bytes);  // the statement's next bytes, copied
  void finish();                      // the statement ends
  // head: head() is read (once, first); tuple: tuple() is the next row; more: feed first; end: the statement is
  // read; refused: refusal() says where and why (and every later call says so again); other: the statement is
  // no INSERT or REPLACE (it may be fed in parts that do not yet show its first word: the reader tells).
  Step next();

  const InsertHead& head() const { return head_; }
  const Tuple& tuple() const { return tuple_; }
  const Refusal& refusal() const { return refusal_; }

 private:
  enum class Phase { head, first, after, done, refused, other };
  Step read_head();
  Step read_tuple();
  Step refuse(std::size_t at, std::string reason);
  Step incomplete(std::string_view what);
  std::uint64_t lines_before(std::size_t at);  // counts forward from the last position asked

  SqlMode mode_;
  std::size_t max_;
  std::string buf_;
  std::size_t pos_ = 0;              // next byte to read
  std::uint64_t base_ = 0;           // statement offset of buf_[0]
  std::size_t counted_at_ = 0;       // lines_before's last position
  std::uint64_t counted_lines_ = 0;  // line ends in the statement before it
  bool finished_ = false;
  Phase phase_ = Phase::head;
  InsertHead head_;
  Tuple tuple_;
  Refusal refusal_;
};

}  // namespace fastload::sqldump
