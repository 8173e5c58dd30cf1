// --mode insert: server-side prepared INSERTs over the binary protocol, rows
// parsed on the client, up to --batch-rows rows an execution. With MariaDB's
// array binding (client library and server both) one single-row statement
// runs for a whole batch; elsewhere a multi-row statement of `?` tuples does,
// within 65,535 placeholders. Either way a batch stays under max_allowed_packet.
// --columns and --set shape the statement (sink/insert_shape.h).
#pragma once

#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "plan/plan.h"
#include "sink/bulk_request.h"
#include "sink/interface.h"
#include "text/text.h"
#include "sink/insert_shape.h"
#include "table/table.h"
#include "db/db.h"

namespace fastload::sink {

class PreparedStatement;
struct BindBuffers;

class PreparedInsertSink : public Sink {
 public:
  static constexpr std::uint64_t kDefaultBatchRows = 1000;

  // Takes options.load.batch_rows, array_binding, on_duplicate, dialect, columns, set and charset; `ids` as
  // InsertShape takes it.
  PreparedInsertSink(db::Session& session, const table::Target& target, const plan::TablePlan& options, const table::AutoIds* ids);
  ~PreparedInsertSink() override;
  SinkResult send(const Chunk& chunk, std::string_view file, const table::RowIds& ids) override;
  bool take_row_check(RowCheck check) override {
    check_ = std::move(check);
    return true;
  }
  std::string method() const override;
  std::string statement() const override;

 private:
  // A row of a chunk as the statement takes it: its fields, and the id a made-up or given id column gets.
  struct RowValues {
    const std::vector<text::Field>& fields;
    const table::RowIds& ids;
    std::uint64_t row;
    std::uint64_t made_up_id = 0;
  };

  bool add_to_request(const RowValues& row, SinkResult& result);
  std::uint64_t parse_integers(const std::vector<text::Field>& fields);
  void begin_request();
  bool write_row(const RowValues& row);
  bool add_to_tuples(const RowValues& row, SinkResult& result);
  std::string_view value_of(const RowValues& row, const ValueSlot& slot, char (&digits)[24], bool& is_null) const;
  bool flush(SinkResult& result);
  bool answer_sent(SinkResult& result);
  void forget_sent() noexcept;
  std::uint64_t execute_tuples();
  PreparedStatement& tuples_statement(std::uint64_t rows);

  db::Session& session_;
  InsertShape shape_;
  std::size_t slots_;  // values a row: placeholders of a tuple
  bool array_binding_;
  std::string no_array_because_;  // why array binding is not used although it was asked for and is there
  request::OnDuplicate on_duplicate_;
  std::uint64_t batch_rows_;
  std::size_t max_batch_bytes_;
  text::ChunkRows rows_;
  std::unique_ptr<PreparedStatement> statement_;  // array binding: one row; else batch_rows_ tuples
  std::unique_ptr<PreparedStatement> short_statement_;  // a tuple statement for a shorter batch
  std::unique_ptr<BindBuffers> binds_;  // tuples: what the binds point at
  BulkRequest request_;                 // array binding: the batch's rows, written as they come
  struct Sent {  // array binding: the batch sent whose answer is not read yet
    std::uint64_t first_row = 0;
    std::uint64_t rows = 0;  // 0: none
  } sent_;
  std::vector<std::uint16_t> types_;    // array binding: the batch's type a slot
  std::vector<std::uint8_t> as_text_;   // array binding: binary slots (binary_values.h) sent as text for the rest of the chunk
  bool retype_ = false;                 // array binding: as_text_ changed since the request began
  struct IntegerSlot {
    std::size_t slot, field;
    const table::Column* column;
  };
  std::vector<IntegerSlot> integer_slots_;  // the slots of an integer column that take a field
  std::vector<long long> integers_;     // array binding: the row's values of integer_slots_, as parse_integers read
  RowCheck check_;  // the values' check, when the worker gave one
  std::vector<text::Field> batch_;  // tuples: rows x slots_, row-major
  std::deque<std::string> ids_;      // the batch's ids as text, where batch_ points (a deque does not move them)
  std::uint64_t batched_ = 0;        // rows in batch_
  std::uint64_t first_row_ = 0;      // chunk row of the batch's first row
  std::size_t batch_bytes_ = 0;
};

}  // namespace fastload::sink
