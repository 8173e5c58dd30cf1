#include "sink/prepared_insert_sink.h"

#include <charconv>
#include <climits>
#include <cstring>
#include <fmt/core.h>
#include <mysql.h>

#include "sink/binary_values.h"
#include "sink/bulk_request.h"
#include "sink/statement_batch.h"

namespace fastload::sink {

// A server-side prepared statement (RAII over MYSQL_STMT*).
class PreparedStatement {
 public:
  PreparedStatement(db::Session& session, const std::string& sql) : session_(session) {
    stmt_ = mysql_stmt_init(session.handle());
    if (!stmt_) throw db::ServerError(0, "HY000", "out of memory preparing a statement");
    db::ServerCall waiting = session_.call();
    if (mysql_stmt_prepare(stmt_, sql.data(), sql.size()) != 0) throw_error();
  }
  ~PreparedStatement() { mysql_stmt_close(stmt_); }
  PreparedStatement(const PreparedStatement&) = delete;
  PreparedStatement& operator=(const PreparedStatement&) = delete;

  // A statement of `?` tuples, one bind a value.
  std::uint64_t execute(MYSQL_BIND* binds) {
    db::ServerCall waiting = session_.call();
    if (mysql_stmt_bind_param(stmt_, binds) != 0 || mysql_stmt_execute(stmt_) != 0) throw_error();
    return mysql_stmt_affected_rows(stmt_);
  }

  // MariaDB array binding: the one-row statement runs once for each row of
  // `request`, sent as mysql_stmt_execute sends it; answer() reads what the
  // server says, so that the client can read the next rows meanwhile.
  void send(BulkRequest& request) {
#if defined(FASTLOAD_HAVE_BULK_REQUEST)
    MYSQL* mysql = connection();
    request.set_statement(static_cast<std::uint32_t>(stmt_->stmt_id));
    db::ServerCall waiting = session_.call();
    std::string_view body = request.bytes();
    if (mysql->methods->db_command(mysql, COM_STMT_BULK_EXECUTE, body.data(), body.size(), 1, stmt_) != 0)
      throw db::ServerError(mysql_errno(mysql), mysql_sqlstate(mysql), mysql_error(mysql));
#else
    (void)request;
    throw db::ServerError(0, "HY000", "array binding is not built in");  // supports_array_binding() says false
#endif
  }
  std::uint64_t answer() {
#if defined(FASTLOAD_HAVE_BULK_REQUEST)
    MYSQL* mysql = connection();
    db::ServerCall waiting = session_.call();
    if (mysql->methods->db_read_execute_response(stmt_) != 0) throw_error();
#endif
    return mysql_stmt_affected_rows(stmt_);
  }

 private:
  MYSQL* connection() {
    if (!stmt_->mysql) throw db::ServerError(2013, "HY000", "Lost connection to server during query");
    return stmt_->mysql;
  }
  [[noreturn]] void throw_error() {
    throw db::ServerError(mysql_stmt_errno(stmt_), mysql_stmt_sqlstate(stmt_), mysql_stmt_error(stmt_));
  }
  db::Session& session_;
  MYSQL_STMT* stmt_ = nullptr;
};

// What the binds point at, kept alive until the execution returns.
struct BindBuffers {
  std::vector<MYSQL_BIND> binds;
  std::vector<long long> integers;
  std::vector<unsigned long> lengths;

  void reset(std::size_t binds_needed, std::size_t values) {
    binds.assign(binds_needed, MYSQL_BIND{});
    integers.resize(values);
    lengths.resize(values);
  }
};

namespace {

constexpr std::size_t kMaxPlaceholders = 65535;
constexpr std::size_t kValueOverhead = 9;  // length prefix and type bytes a value costs in the packet

// A string goes as the session's charset, or as bytes (BLOB) that the
// statement's CONVERT(? USING charset) reads in the file's, or that a binary
// column stores as they are.
enum_field_types string_type(const InsertShape& shape, const ValueSlot& slot) {
  return shape.converted(slot) || InsertShape::as_bytes(slot) ? MYSQL_TYPE_BLOB : MYSQL_TYPE_STRING;
}

// The most bytes of values an execution carries: max_allowed_packet less room
// for the packet's other parts (the statement id, flags, the types).
std::size_t batch_limit(db::Session& session) {
  std::size_t packet = session.max_allowed_packet();
  return packet - std::min<std::size_t>(packet / 2, 4096);
}

}  // namespace

PreparedInsertSink::PreparedInsertSink(db::Session& session, const table::Target& target, const plan::TablePlan& options,
                                       const table::AutoIds* ids)
    : session_(session),
      shape_(make_insert_shape(session, target, options, ids)),
      slots_(shape_.slots().size()),
      // Array binding binds arrays to placeholders: a statement without any has nothing to bind. And
      // MariaDB may evaluate an expression of placeholders once for the whole array (a subquery, the
      // seed of RAND(?), the pattern of REGEXP ?: seen on 10.11), so --set expressions that read the
      // fields get a tuple of their own a row.
      array_binding_(options.load.array_binding && slots_ > 0 && !shape_.expressions_read_fields() &&
                     session.supports_array_binding()),
      on_duplicate_(options.on_duplicate),
      batch_rows_(max_statement_rows(session, on_duplicate_, options.load.batch_rows ? options.load.batch_rows
                                                                                 : kDefaultBatchRows)),
      max_batch_bytes_(batch_limit(session)),
      rows_(shape_.width(), options.source.dialect),
      binds_(std::make_unique<BindBuffers>()) {
  if (!array_binding_ && options.load.array_binding && shape_.expressions_read_fields() && session.supports_array_binding())
    no_array_because_ = " (not array binding: --set expressions read the fields)";
  if (!array_binding_) {
    // The statement text holds a tuple a row, and --set expressions may make tuples long.
    std::size_t tuple = shape_.placeholders(1).size() - shape_.head().size() + 1;
    batch_rows_ = std::min<std::uint64_t>({batch_rows_, kMaxPlaceholders / std::max<std::size_t>(slots_, 1),
                                           std::max<std::size_t>(max_batch_bytes_ / 2 / tuple, 1)});
  }
  for (std::size_t c = 0; c < slots_; ++c)
    if (const ValueSlot& slot = shape_.slots()[c]; slot.column && slot.column->integer && slot.field != ValueSlot::kId)
      integer_slots_.push_back({c, slot.field, slot.column});
  // Array binding runs a one-row statement for the whole batch; tuples need one `?` tuple a row.
  statement_ = std::make_unique<PreparedStatement>(session_, shape_.placeholders(array_binding_ ? 1 : batch_rows_));
}

PreparedInsertSink::~PreparedInsertSink() = default;

std::string PreparedInsertSink::method() const {
  return array_binding_ ? fmt::format("prepared INSERT, MariaDB array binding of up to {} rows an execution",
                                      batch_rows_)
                        : fmt::format("prepared multi-row INSERT of up to {} rows{}", batch_rows_, no_array_because_);
}

std::string PreparedInsertSink::statement() const {
  return array_binding_ ? shape_.placeholders(1) : shape_.placeholders(1) + ", ...";
}

PreparedStatement& PreparedInsertSink::tuples_statement(std::uint64_t rows) {
  if (rows == batch_rows_) return *statement_;
  short_statement_ = std::make_unique<PreparedStatement>(session_, shape_.placeholders(rows));
  return *short_statement_;
}

// One bind a value, row after row, into a statement of as many `?` tuples.
std::uint64_t PreparedInsertSink::execute_tuples() {
  BindBuffers& b = *binds_;
  b.reset(batch_.size(), batch_.size());
  for (std::size_t i = 0; i < batch_.size(); ++i) {
    const text::Field& f = batch_[i];
    const table::Column* column = shape_.slots()[i % slots_].column;
    MYSQL_BIND& bind = b.binds[i];
    b.lengths[i] = f.value.size();
    if (f.is_null) {
      bind.buffer_type = MYSQL_TYPE_NULL;
    } else if (column && column->integer && parse_integer(f.value, *column, b.integers[i])) {
      bind.buffer_type = MYSQL_TYPE_LONGLONG;
      bind.buffer = &b.integers[i];
      bind.is_unsigned = column->is_unsigned;
    } else {
      bind.buffer_type = string_type(shape_, shape_.slots()[i % slots_]);
      bind.buffer = const_cast<char*>(f.value.data());
      bind.buffer_length = f.value.size();
      bind.length = &b.lengths[i];
    }
  }
  return tuples_statement(batched_).execute(b.binds.data());
}

// Sends the batch. Array binding: the request goes, and its answer is read
// when the next request is ready to go, or at the chunk's end; tuples: the
// statement runs and its answer is read now.
bool PreparedInsertSink::flush(SinkResult& result) {
  if (array_binding_ && !answer_sent(result)) return false;
  if (batched_ == 0) return true;
  session_.throttle(batch_bytes_);  // --max-rate: the parameters go around the session's own statements
  bool accepted = true;
  if (array_binding_) {
    statement_->send(request_);  // written out whole: request_ is free again
    sent_ = Sent{first_row_, batched_};
  } else {
    accepted = run_batch(session_, result, first_row_, batched_, [&] { return execute_tuples(); });
  }
  batch_.clear();
  ids_.clear();
  batched_ = 0;
  batch_bytes_ = 0;
  rows_.release();
  return accepted;
}

// Reads the answer to the request sent, if one is; false when it refuses the
// chunk (its problems then replace any found in rows read since).
bool PreparedInsertSink::answer_sent(SinkResult& result) {
  if (sent_.rows == 0) return true;
  Sent sent = std::exchange(sent_, Sent{});
  return run_batch(session_, result, sent.first_row, sent.rows, [&] { return statement_->answer(); });
}

// A request whose answer is not read yet when its chunk ends by an exception:
// its answer is read (and forgotten) so that the connection's next command is
// not out of step.
void PreparedInsertSink::forget_sent() noexcept {
  if (std::exchange(sent_, Sent{}).rows == 0) return;
  try {
    statement_->answer();
  } catch (...) {
    // The connection is lost or the statement failed: either way nothing is left to read.
  }
}

SinkResult PreparedInsertSink::send(const Chunk& chunk, std::string_view file, const table::RowIds& ids) {
  struct Forget {
    PreparedInsertSink& sink;
    ~Forget() { sink.forget_sent(); }
  } forget{*this};
  SinkResult result;
  result.on_duplicate = on_duplicate_;
  batch_.clear();
  ids_.clear();
  batched_ = 0;
  batch_bytes_ = 0;
  as_text_.assign(slots_, 0);
  integers_.resize(slots_);
  retype_ = false;
  bool refused = false;  // a row failed the values' check: the rest are checked, none sent
  bool complete = rows_.for_each(file, chunk, result.problems, [&](const auto& parsed, std::uint64_t row) {
    const std::uint64_t whole = array_binding_ && !refused ? parse_integers(parsed) : 0;
    if (check_ && !check_(parsed, row, result.problems, whole)) {
      // The rows sent before it come first: their answer decides (and its problems replace these).
      if (!refused && !answer_sent(result)) return false;
      refused = true;
    }
    if (refused) return true;
    RowValues values{parsed, ids, row};
    if (auto made_up = shape_.made_up_id(parsed, row); made_up && !(values.made_up_id = ids.made_up_id(row))) {
      result.problems.push_back(std::move(*made_up));
      return false;
    }
    return array_binding_ ? add_to_request(values, result) : add_to_tuples(values, result);
  });
  if (complete && !refused) flush(result);
  // A problem found in rows read after a request was sent yields to its answer's, as with the check's.
  answer_sent(result);
  return result;
}

// The row's value in `slot` as text (an id made up or given goes as its digits into `digits`).
std::string_view PreparedInsertSink::value_of(const RowValues& row, const ValueSlot& slot, char (&digits)[24],
                                              bool& is_null) const {
  // Nearly every value is the field's own: known before any id is looked at.
  if (slot.field != ValueSlot::kId && !(row.made_up_id && shape_.gives_id(slot))) {
    const text::Field& f = row.fields[slot.field];
    is_null = f.is_null;
    return f.value;
  }
  const std::uint64_t id = slot.field == ValueSlot::kId ? row.ids.id(row.row) : row.made_up_id;
  is_null = false;
  return {digits, static_cast<std::size_t>(std::to_chars(digits, digits + sizeof digits, id).ptr - digits)};
}

// Array binding: the row goes into the request; a request full (rows or
// bytes) is sent first. Integer columns go binary while their values are
// integers; a value that is not makes its column text for the rest of the
// chunk (the server then judges it as LOAD DATA would).
bool PreparedInsertSink::add_to_request(const RowValues& row, SinkResult& result) {
  if ((batched_ == batch_rows_ || (retype_ && batched_ > 0)) && !flush(result)) return false;
  for (;;) {
    if (batched_ == 0) begin_request();
    std::size_t mark = request_.size();
    bool typed = write_row(row);
    std::size_t row_bytes = request_.size() - mark;
    if (typed && request_.size() <= max_batch_bytes_) break;
    request_.truncate(mark);
    if (batched_ == 0 && typed) {
      result.problems.push_back(row_too_large(row.row, row_bytes, max_batch_bytes_));
      return false;
    }
    if (batched_ > 0) {
      if (!flush(result)) return false;
      rows_.reparse();  // flush released the memory this row's values were in
    }
  }
  if (batched_++ == 0) first_row_ = row.row;
  batch_bytes_ = request_.size();
  return true;
}

// Array binding: the row's binary integer values, parsed once for both the
// request and the check (a value that is exactly a whole number loses no
// fraction: its bit in the result). A value that is not one makes its slot
// text from the next request on.
std::uint64_t PreparedInsertSink::parse_integers(const std::vector<text::Field>& fields) {
  std::uint64_t whole = 0;
  for (const IntegerSlot& s : integer_slots_) {
    const text::Field& f = fields[s.field];
    if (as_text_[s.slot] || f.is_null) continue;
    if (parse_integer(f.value, *s.column, integers_[s.slot])) {
      if (s.field < 64) whole |= std::uint64_t{1} << s.field;
    } else {
      as_text_[s.slot] = 1;
      retype_ = true;
    }
  }
  return whole;
}

void PreparedInsertSink::begin_request() {
  retype_ = false;
  types_.resize(slots_);
  for (std::size_t c = 0; c < slots_; ++c) {
    const ValueSlot& slot = shape_.slots()[c];
    const table::Column* column = slot.column;
    const BinaryKind kind = column && !as_text_[c] ? binary_kind(*column) : BinaryKind::text;
    switch (kind) {
      case BinaryKind::integer:
        types_[c] = BulkRequest::kLongLong | (column->is_unsigned ? BulkRequest::kUnsigned : 0);
        break;
      case BinaryKind::datetime: types_[c] = BulkRequest::kDateTime; break;
      case BinaryKind::date: types_[c] = BulkRequest::kDate; break;
      case BinaryKind::real: types_[c] = BulkRequest::kDouble; break;
      case BinaryKind::text:
        types_[c] = string_type(shape_, slot) == MYSQL_TYPE_BLOB ? BulkRequest::kBlob : BulkRequest::kString;
    }
  }
  request_.start(types_);
}

// False when a binary column's value is not of its binary type (that column is then text).
bool PreparedInsertSink::write_row(const RowValues& row) {
  std::size_t most = slots_ * 30;  // an indicator, a length and an id's digits (or a date) at most a value
  for (const ValueSlot& slot : shape_.slots())
    if (slot.field != ValueSlot::kId) most += row.fields[slot.field].value.size();
  char* p = request_.reserve(most);
  char digits[24];
  for (std::size_t c = 0; c < slots_; ++c) {
    const ValueSlot& slot = shape_.slots()[c];
    bool is_null = false;
    const std::string_view value = value_of(row, slot, digits, is_null);
    if (is_null) {
      p = BulkRequest::put_null(p);
      continue;
    }
    switch (types_[c] & 0xff) {
      case BulkRequest::kLongLong:
        if (value.data() != digits) {  // a field's value: parse_integers read it
          p = BulkRequest::put_integer(p, integers_[c]);
          continue;
        }
        if (long long n = 0; parse_integer(value, *slot.column, n)) {
          p = BulkRequest::put_integer(p, n);
          continue;
        }
        break;
      case BulkRequest::kDateTime:
      case BulkRequest::kDate:
        // The request's type says which (no per-value look at the column's type name).
        if (Temporal t; parse_temporal(value, types_[c] == BulkRequest::kDate ? BinaryKind::date : BinaryKind::datetime,
                                       slot.column->fraction_digits, t)) {
          p = BulkRequest::put_temporal(p, t, types_[c] == BulkRequest::kDate);
          continue;
        }
        break;
      case BulkRequest::kDouble:
        if (double d; parse_real(value, d)) {
          p = BulkRequest::put_double(p, d);
          continue;
        }
        break;
      default:
        p = BulkRequest::put_text(p, value);
        continue;
    }
    as_text_[c] = 1;
    return false;  // the caller truncates what was written
  }
  request_.advance_to(p);
  return true;
}

// Multi-row statements of `?` tuples: the row's values are kept (as views)
// until the batch is sent.
bool PreparedInsertSink::add_to_tuples(const RowValues& row, SinkResult& result) {
  std::size_t bytes = 0;
  for (const ValueSlot& slot : shape_.slots())
    bytes += (slot.field == ValueSlot::kId ? 20 : row.fields[slot.field].value.size()) + kValueOverhead;
  if (batched_ == batch_rows_ || batch_bytes_ + bytes > max_batch_bytes_) {
    if (!flush(result)) return false;
    rows_.reparse();  // flush released the memory this row's values were in
  }
  if (bytes > max_batch_bytes_) {
    result.problems.push_back(row_too_large(row.row, bytes, max_batch_bytes_));
    return false;
  }
  if (batched_++ == 0) first_row_ = row.row;
  char digits[24];
  for (const ValueSlot& slot : shape_.slots()) {
    bool is_null = false;
    std::string_view value = value_of(row, slot, digits, is_null);
    if (value.data() == digits) value = ids_.emplace_back(value);
    batch_.push_back({value, is_null, false});
  }
  batch_bytes_ += bytes;
  return true;
}

}  // namespace fastload::sink
