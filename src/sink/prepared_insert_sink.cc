#include "sink/prepared_insert_sink.h"

#include <charconv>
#include <cstring>
#include <fmt/core.h>
#include <mysql.h>

#include "sink/statement_batch.h"

namespace fastload::load {

// A server-side prepared statement (RAII over MYSQL_STMT*).
class PreparedStatement {
 public:
  PreparedStatement(Session& session, const std::string& sql) : session_(session) {
    stmt_ = mysql_stmt_init(session.handle());
    if (!stmt_) throw ServerError(0, "HY000", "out of memory preparing a statement");
    ServerCall waiting = session_.call();
    if (mysql_stmt_prepare(stmt_, sql.data(), sql.size()) != 0) throw_error();
  }
  ~PreparedStatement() { mysql_stmt_close(stmt_); }
  PreparedStatement(const PreparedStatement&) = delete;
  PreparedStatement& operator=(const PreparedStatement&) = delete;

  // array_size > 0: MariaDB array binding, `binds` hold one array per column.
  std::uint64_t execute(MYSQL_BIND* binds, unsigned int array_size) {
#if defined(FASTLOAD_HAVE_ARRAY_BINDING)
    if (array_size > 0 && mysql_stmt_attr_set(stmt_, STMT_ATTR_ARRAY_SIZE, &array_size) != 0) throw_error();
#else
    (void)array_size;
#endif
    ServerCall waiting = session_.call();
    if (mysql_stmt_bind_param(stmt_, binds) != 0 || mysql_stmt_execute(stmt_) != 0) throw_error();
    return mysql_stmt_affected_rows(stmt_);
  }

 private:
  [[noreturn]] void throw_error() {
    throw ServerError(mysql_stmt_errno(stmt_), mysql_stmt_sqlstate(stmt_), mysql_stmt_error(stmt_));
  }
  Session& session_;
  MYSQL_STMT* stmt_ = nullptr;
};

// What the binds point at, kept alive until the execution returns.
struct BindBuffers {
  std::vector<MYSQL_BIND> binds;
  std::vector<long long> integers;
  std::vector<char*> pointers;
  std::vector<unsigned long> lengths;
  std::vector<char> indicators;

  void reset(std::size_t binds_needed, std::size_t values) {
    binds.assign(binds_needed, MYSQL_BIND{});
    integers.resize(values);
    pointers.resize(values);
    lengths.resize(values);
    indicators.resize(values);
  }
};

namespace {

constexpr std::size_t kMaxPlaceholders = 65535;
constexpr std::size_t kValueOverhead = 9;  // length prefix and type bytes a value costs in the packet

// An integer column's text as the binary value, when it is exactly one (else
// it goes as text, and the server judges it as LOAD DATA would).
bool parse_integer(std::string_view text, const Column& column, long long& value) {
  if (text.empty()) return false;
  const char* end = text.data() + text.size();
  if (column.is_unsigned) {
    unsigned long long u = 0;
    auto r = std::from_chars(text.data(), end, u);
    if (r.ec != std::errc() || r.ptr != end || u > static_cast<unsigned long long>(LLONG_MAX)) return false;
    value = static_cast<long long>(u);
    return true;
  }
  auto r = std::from_chars(text.data(), end, value);
  return r.ec == std::errc() && r.ptr == end;
}

// A string goes as the session's charset, or as bytes (BLOB) that the
// statement's CONVERT(? USING charset) reads in the file's, or that a binary
// column stores as they are.
enum_field_types string_type(const InsertShape& shape, const ValueSlot& slot) {
  return shape.converted(slot) || InsertShape::as_bytes(slot) ? MYSQL_TYPE_BLOB : MYSQL_TYPE_STRING;
}

// The most bytes of values an execution carries: max_allowed_packet less room
// for the packet's other parts (the statement id, flags, the types).
std::size_t batch_limit(Session& session) {
  std::size_t packet = std::stoull(session.query_value("SELECT @@max_allowed_packet").value_or("1048576"));
  return packet - std::min<std::size_t>(packet / 2, 4096);
}

}  // namespace

PreparedInsertSink::PreparedInsertSink(Session& session, const Target& target, const Options& options,
                                       const AutoIds* ids)
    : session_(session),
      shape_(make_insert_shape(session, target, options, ids)),
      slots_(shape_.slots().size()),
      // Array binding binds arrays to placeholders: a statement without any has nothing to bind. And
      // MariaDB may evaluate an expression of placeholders once for the whole array (a subquery, the
      // seed of RAND(?), the pattern of REGEXP ?: seen on 10.11), so --set expressions that read the
      // fields get a tuple of their own a row.
      array_binding_(options.array_binding && slots_ > 0 && !shape_.expressions_read_fields() &&
                     session.supports_array_binding()),
      on_duplicate_(options.on_duplicate),
      batch_rows_(max_statement_rows(session, on_duplicate_, options.batch_rows ? options.batch_rows
                                                                                 : kDefaultBatchRows)),
      max_batch_bytes_(batch_limit(session)),
      rows_(shape_.width(), options.dialect),
      binds_(std::make_unique<BindBuffers>()) {
  if (!array_binding_ && options.array_binding && shape_.expressions_read_fields() && session.supports_array_binding())
    no_array_because_ = " (not array binding: --set expressions read the fields)";
  if (!array_binding_) {
    // The statement text holds a tuple a row, and --set expressions may make tuples long.
    std::size_t tuple = shape_.placeholders(1).size() - shape_.head().size() + 1;
    batch_rows_ = std::min<std::uint64_t>({batch_rows_, kMaxPlaceholders / std::max<std::size_t>(slots_, 1),
                                           std::max<std::size_t>(max_batch_bytes_ / 2 / tuple, 1)});
  }
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

// Column-wise arrays, one a placeholder: an integer column goes binary when
// every value of the batch is an integer; a variable's value goes as a string.
std::uint64_t PreparedInsertSink::execute_array() {
  BindBuffers& b = *binds_;
  b.reset(slots_, batch_.size());
  for (std::size_t c = 0; c < slots_; ++c) {
    std::size_t base = c * batched_;
    const Column* column = shape_.slots()[c].column;
    bool binary = column && column->integer;
    for (std::size_t r = 0; r < batched_; ++r) {
      const split::Field& f = batch_[r * slots_ + c];
      b.indicators[base + r] = f.is_null ? STMT_INDICATOR_NULL : STMT_INDICATOR_NONE;
      b.pointers[base + r] = const_cast<char*>(f.value.data());
      b.lengths[base + r] = f.value.size();
      if (binary && !f.is_null) binary = parse_integer(f.value, *column, b.integers[base + r]);
    }
    MYSQL_BIND& bind = b.binds[c];
    bind.buffer_type = binary ? MYSQL_TYPE_LONGLONG : string_type(shape_, shape_.slots()[c]);
    bind.buffer = binary ? static_cast<void*>(&b.integers[base]) : static_cast<void*>(&b.pointers[base]);
    bind.length = binary ? nullptr : &b.lengths[base];
    bind.is_unsigned = binary && column->is_unsigned;
    bind.u.indicator = &b.indicators[base];
  }
  return statement_->execute(b.binds.data(), static_cast<unsigned int>(batched_));
}

// One bind a value, row after row, into a statement of as many `?` tuples.
std::uint64_t PreparedInsertSink::execute_tuples() {
  BindBuffers& b = *binds_;
  b.reset(batch_.size(), batch_.size());
  for (std::size_t i = 0; i < batch_.size(); ++i) {
    const split::Field& f = batch_[i];
    const Column* column = shape_.slots()[i % slots_].column;
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
  return tuples_statement(batched_).execute(b.binds.data(), 0);
}

bool PreparedInsertSink::flush(SinkResult& result) {
  if (batched_ == 0) return true;
  session_.throttle(batch_bytes_);  // --max-rate: the parameters go around the session's own statements
  bool accepted = run_batch(session_, result, first_row_, batched_,
                            [&] { return array_binding_ ? execute_array() : execute_tuples(); });
  batch_.clear();
  ids_.clear();
  batched_ = 0;
  batch_bytes_ = 0;
  rows_.release();
  return accepted;
}

SinkResult PreparedInsertSink::send(const Chunk& chunk, std::string_view file, const RowIds& ids) {
  SinkResult result;
  result.on_duplicate = on_duplicate_;
  batch_.clear();
  ids_.clear();
  batched_ = 0;
  batch_bytes_ = 0;
  bool refused = false;  // a row failed the values' check: the rest are checked, none sent
  bool complete = rows_.for_each(file, chunk, result.problems, [&](const auto& parsed, std::uint64_t row) {
    if (check_ && !check_(parsed, row, result.problems)) refused = true;
    if (refused) return true;
    std::uint64_t made_up_id = 0;  // the id one LOAD DATA makes up for the row's NULL or 0, sent instead
    if (auto made_up = shape_.made_up_id(parsed, row); made_up && !(made_up_id = ids.made_up_id(row))) {
      result.problems.push_back(std::move(*made_up));
      return false;
    }
    const std::vector<split::Field>* fields = &parsed;
    std::size_t bytes = 0;
    for (const ValueSlot& slot : shape_.slots())
      bytes += (slot.field == ValueSlot::kId ? 20 : (*fields)[slot.field].value.size()) + kValueOverhead;
    bool full = batched_ == batch_rows_ || batch_bytes_ + bytes > max_batch_bytes_;
    if (full) {
      if (!flush(result)) return false;
      fields = &rows_.reparse();  // flush released the memory this row's values were in
    }
    if (bytes > max_batch_bytes_) {
      result.problems.push_back(row_too_large(row, bytes, max_batch_bytes_));
      return false;
    }
    if (batched_++ == 0) first_row_ = row;
    for (const ValueSlot& slot : shape_.slots()) {
      if (slot.field == ValueSlot::kId)
        batch_.push_back({ids_.emplace_back(std::to_string(ids.id(row))), false, false});
      else if (made_up_id && shape_.gives_id(slot))
        batch_.push_back({ids_.emplace_back(std::to_string(made_up_id)), false, false});
      else
        batch_.push_back((*fields)[slot.field]);
    }
    batch_bytes_ += bytes;
    return true;
  });
  if (complete && !refused) flush(result);
  return result;
}

}  // namespace fastload::load
