// The INSERT modes' statement, with what --columns and --set ask for said as
// LOAD DATA means it (docs/design.md#columns-and-set):
//
//   INSERT INTO `db`.`t` (`a`,`b`,`c`) VALUES (?,?,UPPER(CAST(? AS CHAR CHARACTER SET utf8mb4))),...
//
// for --columns a,@skip,b,@x --set 'c = UPPER(@x)'. The listed columns come
// first and the --set columns after them, so an expression that names a
// column reads the value stored in it (VALUES sees the columns set before it
// in its row, and the defaults of the others), as LOAD DATA's SET does; each
// @x read from the file becomes its field, a string in the file's charset
// with the derivation of a variable, as LOAD DATA stores it in @x.
// Without --columns: INSERT INTO `db`.`t` VALUES (?,?,...), as ever.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "plan/plan.h"
#include "table/table.h"
#include "text/text.h"
#include "db/db.h"

namespace fastload::sink {

// One value of a row's tuple.
struct ValueSlot {
  static constexpr std::size_t kId = static_cast<std::size_t>(-1);  // `field` of the row's id (table/auto_ids.h)
  std::size_t field = 0;           // the row's field that goes here, or kId
  const table::Column* column = nullptr;  // the column it is stored in; nullptr: a variable's value, always a string
};

class InsertShape {
 public:
  // `target` and its columns must outlive the shape. backslash_escapes:
  // whether a backslash in a literal of an expression escapes the next byte.
  // `ids`: the AUTO_INCREMENT column the fields leave out, given the row's id
  // as its last value.
  InsertShape(const table::Target& target, const plan::TablePlan& options, bool backslash_escapes, const table::AutoIds* ids = nullptr);

  // "INSERT INTO `db`.`t` (`a`,`c`) VALUES " (or INSERT IGNORE, REPLACE).
  const std::string& head() const { return head_; }
  const std::vector<ValueSlot>& slots() const { return slots_; }
  const text::RowWidth& width() const { return width_; }

  // Appends one row's tuple; value(out, slot) appends each slot's value.
  template <class Value>
  void append_tuple(std::string& out, Value&& value) const {
    for (std::size_t i = 0; i < slots_.size(); ++i) {
      out += text_[i];
      value(out, slots_[i]);
    }
    out += text_.back();
  }

  // Refuses a row whose field for the AUTO_INCREMENT column would have the
  // server make up an id (table/auto_ids.h); check_ids turns it on.
  void check_ids(bool zero_is_a_value);
  std::optional<Problem> made_up_id(const std::vector<text::Field>& fields, std::uint64_t row) const {
    if (!given_id_ || !table::makes_up_id(fields[given_id_->field], zero_is_a_value_)) return std::nullopt;
    return table::made_up_id(row, given_id_->column->name, zero_is_a_value_);
  }

  // Whether slot holds the field the file gives the AUTO_INCREMENT column in (when checked).
  bool gives_id(const ValueSlot& slot) const {
    return given_id_ && slot.field == given_id_->field && slot.column == given_id_->column;
  }

  // Whether a --set expression reads a field (a --columns variable): its
  // value is then a placeholder inside an expression.
  bool expressions_read_fields() const { return expressions_read_fields_; }

  // head() and `rows` tuples of '?' placeholders, for a prepared statement;
  // a converted() slot's is CONVERT(? USING charset), bound as bytes (BLOB).
  std::string placeholders(std::uint64_t rows) const;

  // The session speaks utf8mb4 (the names' charset); the values are in the
  // file's --charset. Whether slot's value needs saying so: a string for a
  // column other than an integer or a binary one, when the file is not utf8mb4.
  bool converted(const ValueSlot& slot) const {
    return !introducer_.empty() && !(slot.column && (slot.column->integer || slot.column->binary));
  }
  // Whether slot's value goes as bytes, in no charset: a binary column's
  // (BINARY, VARBINARY, BLOB), which LOAD DATA stores as the file's bytes,
  // whatever --charset says, valid in it or not.
  static bool as_bytes(const ValueSlot& slot) { return slot.column && slot.column->binary; }
  // "_latin1" before a text literal of the file's bytes; "" for a utf8mb4 file.
  const std::string& introducer() const { return introducer_; }

 private:
  void add_slot(const ValueSlot& slot);
  void add_table_columns(const table::Target& target, std::string& names);
  void add_listed_columns(const table::Target& target, const plan::TablePlan& options, std::string& names);
  void add_assignments(const table::Target& target, const plan::TablePlan& options, bool backslash_escapes, std::string& names);
  void add_name(const table::Target& target, std::string_view name, std::string& names);  // a comma before all but the first
  void add_expression(const std::string& expression, const plan::TablePlan& options, bool backslash_escapes);
  void add_id(const table::Target& target, const table::AutoIds& ids, std::string& names);

  std::string head_;
  std::string introducer_;   // "_" + the file's charset, or "" when it is the session's
  std::string file_charset_;
  std::vector<std::string> text_{""};  // text_[i] before slot i; the last one after every slot
  std::vector<ValueSlot> slots_;
  text::RowWidth width_;
  bool expressions_read_fields_ = false;
  std::optional<ValueSlot> given_id_;  // the field the file gives the AUTO_INCREMENT column in, when checked
  bool zero_is_a_value_ = false;
};

// The shape for `session`: --set expressions are read with its sql_mode's
// reading of backslashes in literals (NO_BACKSLASH_ESCAPES or not).
InsertShape make_insert_shape(db::Session& session, const table::Target& target, const plan::TablePlan& options, const table::AutoIds* ids);

}  // namespace fastload::sink
